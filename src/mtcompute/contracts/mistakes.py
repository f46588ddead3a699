"""The commonest ways of calling a tool wrong, recognised after validation has failed, with a
message that says how to fix each: a string where a token list is due, references not nested
per segment, NLTK's argument order (references first), and sacreBLEU's reference layout (one list
per reference stream, ``refs[k][i]``, where mtcompute takes ``refs[i][k]``).

A tool declares its hints (``Tool.hints``), so every interface that runs it (``execute``, a
batch, HTTP, MCP, the web form) adds them to its errors; the typed Python functions add the
same hints, naming themselves where the tool names its input's keys (``function`` None).

Only a failed call is looked at, so a valid call costs nothing. The stream layout can be told
apart only where the number of references differs from the number of segments: with as many
references as segments, a transposed list is a valid input of another meaning.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.errors import InputError, Violation

_STREAMS_FIX = "transpose it: `[list(refs) for refs in zip(*streams)]`"


@dataclass(frozen=True, slots=True)
class Hint:
    """How to fix what went wrong at ``pointer`` (or at or under it)."""

    pointer: str
    fix: str


def _items(value: object) -> Sequence[object] | None:
    """``value`` if it is a list-like sequence (not a string), else None."""
    if type(value) is list or type(value) is tuple:  # what JSON gives: no ABC check
        return value
    if type(value) is str:
        return None
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return value
    return None


def _first(values: object, test: Callable[[object], bool]) -> int | None:
    """The index of the first item of ``values`` that passes ``test``, if it is a list."""
    items = _items(values)
    if items is None:
        return None
    return next((i for i, value in enumerate(items) if test(value)), None)


def _is_string(value: object) -> bool:
    return isinstance(value, str)


def _is_token_list(value: object) -> bool:
    items = _items(value)
    return items is not None and all(map(_is_string, items))


def _is_split_token_list(value: object) -> bool:
    """A non-empty list of strings none of which holds a space: tokens, not texts."""
    items = _items(value)
    return bool(items) and _is_token_list(items) and not any(" " in str(t) for t in items or ())


def _is_list_of_token_lists(value: object) -> bool:
    items = _items(value)
    return items is not None and len(items) > 0 and all(map(_is_token_list, items))


def _streams(hypotheses: object, references: object) -> Hint | None:
    """References laid out as sacreBLEU's streams: a list per reference, each segment long."""
    segments, streams = _items(hypotheses), _items(references)
    if segments is None or streams is None or len(streams) in (0, len(segments)):
        return None
    for stream in streams:
        items = _items(stream)
        if items is None or len(items) != len(segments):
            return None
    message = (
        f"references look like sacreBLEU's layout, {_lists(len(streams))} of {len(segments)}"
        " (one list per reference, references[k][i]); mtcompute takes one list per segment,"
        f" references[i][k]: {_STREAMS_FIX}"
    )
    return Hint("/references", message)


def _lists(count: int) -> str:
    return "1 list" if count == 1 else f"{count} lists"


def token_corpus_hints(
    hypotheses: object, references: object, function: str | None = None
) -> list[Hint]:
    """Hints for ``function(hypotheses, references)`` taking token lists per segment."""
    hyps, refs = _HypothesesSurvey.of(hypotheses), _ReferencesSurvey.of(references)
    if hyps.first_nested is not None and refs.first_token_list is not None:
        return [_nltk_order(function, "/hypotheses")]
    hints = []
    if hyps.first_string is not None:
        hints.append(_split("hypotheses", hyps.first_string, "[h.split() for h in hypotheses]"))
    hints += _reference_sets(refs)
    stream = _streams(hypotheses, references)
    return hints + ([stream] if stream else [])


@dataclass(slots=True)
class _HypothesesSurvey:
    """Where the hypotheses first hold a string, and a list of token lists: one pass, ending
    once both are found (a huge invalid array is walked once, not once per question)."""

    first_string: int | None = None
    first_nested: int | None = None

    @classmethod
    def of(cls, hypotheses: object) -> "_HypothesesSurvey":
        survey = cls()
        for i, value in enumerate(_items(hypotheses) or ()):
            if isinstance(value, str):
                survey.first_string = i if survey.first_string is None else survey.first_string
            elif survey.first_nested is None and _is_list_of_token_lists(value):
                survey.first_nested = i
            if survey.first_string is not None and survey.first_nested is not None:
                break
        return survey


@dataclass(slots=True)
class _ReferencesSurvey:
    """Where the references first hold a string in place of a segment's list, a token list
    (one of tokens without spaces too), and a string inside a segment's list: one pass."""

    first_string: int | None = None
    first_token_list: int | None = None
    first_split_token_list: int | None = None
    first_inner_string: tuple[int, int] | None = None

    @classmethod
    def of(cls, references: object) -> "_ReferencesSurvey":
        survey = cls()
        inside_found = False  # then only a string in place of a segment's list is looked for
        for i, refs in enumerate(_items(references) or ()):
            if isinstance(refs, str):
                if survey.first_string is None:
                    survey.first_string = i
                    if inside_found:
                        break
            elif not inside_found:
                survey._look_into(i, refs)
                inside_found = survey._inside_found()
                if inside_found and survey.first_string is not None:
                    break
        return survey

    def _look_into(self, i: int, refs: object) -> None:
        items = _items(refs)
        if items is None:
            return
        first_inner = next((k for k, item in enumerate(items) if isinstance(item, str)), None)
        if first_inner is None:
            if not items and self.first_token_list is None:
                self.first_token_list = i  # an empty list is a token list too
            return
        if self.first_inner_string is None:
            self.first_inner_string = (i, first_inner)
        if all(map(_is_string, items)):
            self.first_token_list = i if self.first_token_list is None else self.first_token_list
            if self.first_split_token_list is None and not any(" " in t for t in items):  # type: ignore[operator]
                self.first_split_token_list = i

    def _inside_found(self) -> bool:
        return None not in (
            self.first_token_list,
            self.first_split_token_list,
            self.first_inner_string,
        )


def _reference_sets(refs: _ReferencesSurvey) -> list[Hint]:
    if refs.first_string is not None:
        message = (
            "each segment's references are a list of token lists: split and wrap each,"
            " `[[r.split()] for r in references]`"
        )
        return [Hint(f"/references/{refs.first_string}", message)]
    where = refs.first_split_token_list
    if where is not None:
        message = (
            f"references[{where}] is one token list, but references are nested per segment (a"
            " list of reference token lists for each hypothesis); with one reference a segment,"
            " wrap each: `[[reference] for reference in references]`"
        )
        return [Hint(f"/references/{where}", message)]
    if refs.first_inner_string is not None:
        i, k = refs.first_inner_string
        fix = "[[r.split() for r in refs] for refs in references]"
        return [_split(f"references[{i}]", k, fix, pointer=f"/references/{i}/{k}")]
    return []


def _split(name: str, index: int, fix: str, *, pointer: str | None = None) -> Hint:
    where = pointer or f"/{name}/{index}"  # name is the Python expression, e.g. references[3]
    message = f"a token list is due: split it, `.split()` (for every one: `{fix}`)"
    return Hint(where, message)


def _nltk_order(function: str | None, pointer: str) -> Hint:
    first = pointer.strip("/")
    if function is None:
        message = (
            f"the values look swapped: {first} holds what look like references and references"
            f" what look like {first}; mtcompute takes the {first} in {first} and the references"
            f" in references, where NLTK takes the references first, so swap them"
        )
        return Hint(pointer, message)
    message = (
        f"the arguments look swapped: mtcompute's {function} takes the {first} first and the"
        f" references second, {function}({first}, references); NLTK's takes the references"
        " first, so swap them"
    )
    return Hint(pointer, message)


def token_sentence_hints(
    hypothesis: object, references: object, function: str | None = None
) -> list[Hint]:
    """Hints for ``function(hypothesis, references)`` of one segment's token lists."""
    if _is_list_of_token_lists(hypothesis) and _is_token_list(references):
        return [_nltk_order(function, "/hypothesis")]
    hints = []
    if isinstance(hypothesis, str):
        message = "a token list is due: split it, `hypothesis.split()`"
        hints.append(Hint("/hypothesis", message))
    texts = _items(references)
    if texts and _is_token_list(texts) and (_is_string(hypothesis) or _is_token_list(hypothesis)):
        if any(" " in str(reference) for reference in texts):
            fix = "split each: `[r.split() for r in references]`"
        else:
            fix = "wrap it: `[reference]`"
        message = f"references are a list of token lists: {fix}"
        hints.append(Hint("/references", message))
    return hints


def text_corpus_hints(hypotheses: object, references: object) -> list[Hint]:
    """Hints for ``chrf(hypotheses, references)`` of texts."""
    if isinstance(hypotheses, str):
        message = "hypotheses are a list of texts, one a segment: `[text]`"
        return [Hint("/hypotheses", message)]
    where = _first(references, _is_string)
    if where is not None:
        message = (
            "references are nested per segment (a list of reference texts for each"
            " hypothesis); with one reference a segment, wrap each:"
            " `[[reference] for reference in references]`"
        )
        return [Hint(f"/references/{where}", message)]
    stream = _streams(hypotheses, references)
    return [stream] if stream else []


def token_corpus_input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """``token_corpus_hints`` of a tool input of token lists per segment."""
    return token_corpus_hints(raw.get("hypotheses"), raw.get("references"))


def token_sentence_input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """``token_sentence_hints`` of a tool input of one segment's token lists."""
    return token_sentence_hints(raw.get("hypothesis"), raw.get("references"))


def text_corpus_input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """``text_corpus_hints`` of a tool input of texts per segment."""
    return text_corpus_hints(raw.get("hypotheses"), raw.get("references"))


def with_hints(error: InputError, hints: list[Hint]) -> InputError:
    """``error`` with each hint's fix added to the message of the violation it explains (the
    first at or under its pointer, else the first): codes and pointers stay as they were."""
    errors = error.errors
    for hint in hints:
        index = next((i for i, e in enumerate(errors) if _under(e["pointer"], hint.pointer)), 0)
        found = errors[index]
        message = f"{found['message']}; {hint.fix}"
        errors[index] = Violation(code=found["code"], pointer=found["pointer"], message=message)
    return InputError(errors) if hints else error


def _under(pointer: str, prefix: str) -> bool:
    return pointer == prefix or pointer.startswith(prefix + "/")
