"""What a hostile body costs to refuse, against what it costs to parse.

    python -m bench.hostile [--mib N] [--rounds N] [--only NAME] [--valid]

Each case is a body of about N MiB (default: the body limit, 8 MiB) built to make the refusal as
costly as can be: unknown properties, arrays far over their maximum, long token lists, many bad
tokens, lone surrogates, huge strings, number forms. Each is refused in this process the way
every adapter refuses it (``jsonio.loads``, then the tool or the batch), and the refusal's wall
time is printed beside ``jsonio.loads`` of the same bytes (orjson's parse, and for a lone
surrogate escape the standard library's after it), both in ms per MiB of body: a refusal
should cost about what the parse costs, whatever the body holds. ``--valid`` measures instead
the worst valid input of each tool (``bench.worst_valid``): its answer, time and memory.
"""

import argparse
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from bench import worst_valid
from mtcompute import jsonio
from mtcompute.errors import InputError, Violation
from mtcompute.meta.batch.run import run_batch
from mtcompute.meta.execute import execute
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

_MIB = 1024 * 1024
_CORPUS = ("bleu-corpus-compute", "1.0.0")
_CHRF = ("chrf-compute", "1.0.0")
_BREVITY = ("bleu-brevity-penalty", "1.0.0")
_SENTENCE = ("bleu-sentence-compute", "1.0.0")
_BATCH = ("execute_batch", "")


@dataclass(frozen=True)
class Case:
    """A hostile body for a tool (or the batch), and what it is made of."""

    name: str
    tool: tuple[str, str]
    what: str
    build: Callable[[int], bytes]


def repeated(prefix: str, unit: Callable[[int], str], suffix: str, size: int) -> bytes:
    """``prefix`` + units joined by commas + ``suffix``, as many units as fit in ``size`` bytes."""
    first = unit(0)
    count = max(1, (size - len(prefix) - len(suffix)) // (len(first) + 1))
    return (prefix + ",".join(unit(i) for i in range(count)) + suffix).encode()


def _valid_corpus(extra: str) -> str:
    return '{"hypotheses":[["a"]],"references":[[["a"]]],' + extra


def _corpus_unknown_keys(size: int) -> bytes:
    return repeated(_valid_corpus(""), lambda i: f'"hypothesez{i:07d}":0', "}", size)


def _chrf_unknown_keys(size: int) -> bytes:
    prefix = '{"hypotheses":["a"],"references":[["a"]],'
    return repeated(prefix, lambda i: f'"referencez{i:07d}":0', "}", size)


def _long_unknown_key(size: int) -> bytes:
    key = "hypothesez" + "x" * (size - 80)
    return (_valid_corpus("") + f'"{key}":0}}').encode()


def _batch_unknown_keys(size: int) -> bytes:
    prefix = '{"operations":[{"id":"bleu-corpus-compute","version":"1.0.0","input":' + (
        _valid_corpus("")
    )
    return repeated(prefix, lambda i: f'"hypothesez{i:07d}":0', "}}]}", size)


def _batch_unknown_operation_keys(size: int) -> bytes:
    prefix = '{"operations":[{"id":"chrf-compute","version":"1.0.0","input":{},'
    return repeated(prefix, lambda i: f'"inputz{i:07d}":0', "}]}", size)


def _many_operations(size: int) -> bytes:
    return repeated('{"operations":[', lambda i: "{}", "]}", size)


def _many_bindings(size: int) -> bytes:
    prefix = '{"operations":[{"id":"chrf-compute","version":"1.0.0","input":{},"bind":{'
    return repeated(prefix, lambda i: f'"k{i:07d}":{{"step":5,"pointer":"x"}}', "}}]}", size)


def _empty_segments(size: int) -> bytes:
    return repeated('{"hypotheses":[', lambda i: "[]", '],"references":[]}', size)


def _many_references(size: int) -> bytes:
    return repeated('{"hypotheses":[[]],"references":[[', lambda i: "[]", "]]}", size)


def _long_token_list(size: int) -> bytes:
    return repeated('{"hypotheses":[[', lambda i: '"a"', ']],"references":[[["a"]]]}', size)


def _many_lists_of_tokens(size: int) -> bytes:
    # Segments of 50 tokens each: over the segment limit and the token limit at once.
    segment = "[" + ",".join(['"a"'] * 50) + "]"
    return repeated('{"hypotheses":[', lambda i: segment, '],"references":[]}', size)


def _empty_tokens(size: int) -> bytes:
    return repeated('{"hypotheses":[[', lambda i: '""', ']],"references":[[["a"]]]}', size)


def _number_tokens(size: int) -> bytes:
    return repeated('{"hypotheses":[[', lambda i: "0", ']],"references":[[["a"]]]}', size)


def _null_segments(size: int) -> bytes:
    return repeated('{"hypotheses":[', lambda i: "0", '],"references":[0]}', size)


def _surrogate_tokens(size: int) -> bytes:
    unit = '"\\ud800"'
    return repeated('{"hypotheses":[[', lambda i: unit, ']],"references":[[["a"]]]}', size)


def _surrogate_texts(size: int) -> bytes:
    unit = '"\\udc00"'
    return repeated('{"hypotheses":[', lambda i: unit, '],"references":[]}', size)


def _huge_token(size: int) -> bytes:
    token = "a" * (size - 60)
    return f'{{"hypotheses":[["{token}"]],"references":[[["a"]]]}}'.encode()


def _huge_text(size: int) -> bytes:
    text = "a " * ((size - 60) // 2)
    return f'{{"hypotheses":["{text}"],"references":[["a"]]}}'.encode()


def _escaped_text(size: int) -> bytes:
    # Six bytes of body per character: the most characters of text a body can hold.
    text = "\\u00e9" * ((size - 60) // 6)
    return f'{{"hypotheses":["{text}"],"references":[["a"]]}}'.encode()


def _negative_lengths(size: int) -> bytes:
    return repeated('{"candidate_lengths":[', lambda i: "-1", '],"reference_lengths":[]}', size)


def _float_lengths(size: int) -> bytes:
    unit = "1.5e300"
    return repeated('{"candidate_lengths":[', lambda i: unit, '],"reference_lengths":[]}', size)


def _sentence_references(size: int) -> bytes:
    return repeated('{"hypothesis":["a"],"references":[', lambda i: "[0]", "]}", size)


def _deep_arrays(size: int) -> bytes:
    # orjson refuses nesting past 1,024 levels: as deep as it parses, side by side.
    nested = "[" * 1000 + "]" * 1000
    return repeated('{"hypotheses":[', lambda i: nested, '],"references":[]}', size)


CASES = (
    Case("unknown keys", _CORPUS, '"hypothesez0000001":0 ...', _corpus_unknown_keys),
    Case("unknown keys, chrF", _CHRF, '"referencez0000001":0 ...', _chrf_unknown_keys),
    Case("one huge unknown key", _CORPUS, '"hypothesezxxx...":0', _long_unknown_key),
    Case("unknown keys in a batch input", _BATCH, "one operation's input", _batch_unknown_keys),
    Case("unknown operation keys", _BATCH, '"inputz0000001":0 ...', _batch_unknown_operation_keys),
    Case("operations", _BATCH, "[{}, {}, ...]", _many_operations),
    Case("bindings", _BATCH, '"k0000001":{"step":5,"pointer":"x"} ...', _many_bindings),
    Case("empty segments", _CORPUS, "hypotheses [], [], ...", _empty_segments),
    Case("references of a segment", _CORPUS, "[[], [], ...]", _many_references),
    Case("one long token list", _CORPUS, '["a", "a", ...]', _long_token_list),
    Case("segments of 50 tokens", _CORPUS, "over segments and tokens", _many_lists_of_tokens),
    Case("empty tokens", _CORPUS, '["", "", ...]', _empty_tokens),
    Case("number tokens", _CORPUS, "[0, 0, ...]", _number_tokens),
    Case("number segments", _CORPUS, "hypotheses [0, 0, ...]", _null_segments),
    Case("lone surrogate tokens", _CORPUS, '["\\ud800", ...]', _surrogate_tokens),
    Case("lone surrogate texts", _CHRF, '["\\udc00", ...]', _surrogate_texts),
    Case("one huge token", _CORPUS, '"aaa..."', _huge_token),
    Case("one huge text", _CHRF, '"a a a ..."', _huge_text),
    Case("one escaped text", _CHRF, '"\\u00e9\\u00e9..."', _escaped_text),
    Case("negative lengths", _BREVITY, "[-1, -1, ...]", _negative_lengths),
    Case("float lengths", _BREVITY, "[1.5e300, ...]", _float_lengths),
    Case("sentence references", _SENTENCE, "[[0], [0], ...]", _sentence_references),
    Case("deep arrays", _CORPUS, "[[[...]]] 1,000 deep", _deep_arrays),
)


def refuse(tool: tuple[str, str], body: bytes) -> list[Violation]:
    """The errors an adapter answers ``body`` with: an ``InputError``'s, or those of a batch's
    first operation; anything else is a bug."""
    try:
        raw = jsonio.loads(body)
        if tool != _BATCH:
            execute(*tool, raw)
        elif (entry := run_batch(raw)["results"][0])["status"] == "error":
            return cast(list[Violation], entry["errors"])
    except InputError as error:
        return error.errors
    raise AssertionError("a hostile body was accepted")


def _parse_seconds(body: bytes) -> float:
    # jsonio's parse: orjson's, and for a lone surrogate escape the standard library's after it.
    start = time.perf_counter()
    jsonio.loads(body)
    return time.perf_counter() - start


def _refuse_seconds(case: Case, body: bytes) -> tuple[float, list[Violation]]:
    start = time.perf_counter()
    error = refuse(case.tool, body)
    return time.perf_counter() - start, error


def measure(case: Case, size: int, rounds: int) -> tuple[float, float, int, str]:
    """Best-of-``rounds`` ms per MiB to parse and to refuse, the errors listed, and the last."""
    body = case.build(size)
    mib = len(body) / _MIB
    parse = min(_parse_seconds(body) for _ in range(rounds))
    refusals = []
    for _ in range(rounds):
        gc.collect()
        refusals.append(_refuse_seconds(case, body))
    seconds, errors = min(refusals, key=lambda pair: pair[0])
    return 1000 * parse / mib, 1000 * seconds / mib, len(errors), errors[-1]["code"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mib", type=float, default=DEFAULT_MAX_BODY_BYTES / _MIB)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", help="run the cases whose name contains this")
    parser.add_argument("--valid", action="store_true", help="the worst valid input of each tool")
    options = parser.parse_args()
    if options.valid:
        worst_valid.report(options.only)
        return
    size = int(options.mib * _MIB)
    print(f"bodies of {size} bytes; ms per MiB, best of {options.rounds}")
    print("| case | body | parse ms/MiB | refuse ms/MiB | x parse | errors | last code |")
    print("|---|---|---:|---:|---:|---:|---|")
    for case in CASES:
        if options.only and options.only not in case.name:
            continue
        parse, refusal, errors, code = measure(case, size, options.rounds)
        ratio = refusal / parse if parse else float("inf")
        row = f"| {case.name} | {case.what} | {parse:.1f} | {refusal:.1f} | {ratio:.1f} |"
        print(f"{row} {errors} | {code} |", flush=True)


if __name__ == "__main__":
    main()
