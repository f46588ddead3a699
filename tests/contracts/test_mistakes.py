"""The commonest mistakes, each made through the library, get a message that says how to fix
it; the codes and pointers stay those of the contract's violations."""

from typing import Any

import pytest

import mtcompute
from mtcompute import InputError
from mtcompute.contracts.mistakes import token_corpus_hints


def _raised(function: Any, *args: Any) -> InputError:
    with pytest.raises(InputError) as caught:
        function(*args)
    return caught.value


def test_a_string_where_a_token_list_is_due_says_to_split_it() -> None:
    error = _raised(mtcompute.corpus_bleu, ["the cat sat"], [[["the", "cat", "sat"]]])
    assert error.errors[0]["code"] == "type"
    assert error.errors[0]["pointer"] == "/hypotheses/0"
    assert "split it, `.split()`" in str(error)


def test_texts_on_both_sides_say_to_split_both() -> None:
    error = _raised(mtcompute.corpus_bleu, ["the cat sat"], [["the cat sat down"]])
    messages = [e["message"] for e in error.errors]
    assert "`[h.split() for h in hypotheses]`" in messages[0]
    assert "`[[r.split() for r in refs] for refs in references]`" in messages[1]


def test_a_sentence_given_as_a_string_says_to_split_it() -> None:
    error = _raised(mtcompute.sentence_bleu, "the cat sat", ["the cat sat"])
    assert "`hypothesis.split()`" in error.errors[0]["message"]
    assert "`[r.split() for r in references]`" in error.errors[1]["message"]


def test_references_not_nested_per_segment_say_to_wrap_each() -> None:
    error = _raised(mtcompute.corpus_bleu, [["a", "b"], ["c"]], [["a", "b"], ["c"]])
    assert "nested per segment" in str(error)
    assert "`[[reference] for reference in references]`" in str(error)


def test_chrf_references_not_nested_per_segment_say_to_wrap_each() -> None:
    error = _raised(mtcompute.chrf, ["the cat"], ["the cat"])
    assert error.errors[0]["pointer"] == "/references/0"
    assert "`[[reference] for reference in references]`" in str(error)


def test_one_sentence_reference_not_in_a_list_says_to_wrap_it() -> None:
    error = _raised(mtcompute.sentence_bleu, ["a", "b"], ["a", "b"])
    assert "wrap it: `[reference]`" in str(error)


def test_nltks_argument_order_says_to_swap_the_arguments() -> None:
    # NLTK: corpus_bleu(list_of_references, hypotheses).
    references = [[["the", "cat"]], [["a", "dog"]]]
    hypotheses = [["the", "cat"], ["a", "dog"]]
    error = _raised(mtcompute.corpus_bleu, references, hypotheses)
    assert "look swapped" in str(error)
    assert "corpus_bleu(hypotheses, references)" in str(error)


def test_nltks_sentence_argument_order_says_to_swap_the_arguments() -> None:
    error = _raised(mtcompute.sentence_bleu, [["the", "cat"]], ["the", "cat"])
    assert "sentence_bleu(hypothesis, references)" in str(error)


def test_sacrebleus_reference_streams_say_to_transpose_them() -> None:
    # sacreBLEU: refs[k][i], two references for each of three segments.
    hypotheses = ["a b", "c d", "e f"]
    streams = [["a b", "c d", "e f"], ["a x", "c y", "e z"]]
    error = _raised(mtcompute.chrf, hypotheses, streams)
    assert error.errors[0]["code"] == "segment_count_mismatch"
    assert "sacreBLEU's layout, 2 lists of 3" in str(error)
    assert "`[list(refs) for refs in zip(*streams)]`" in str(error)
    fixed = [list(refs) for refs in zip(*streams, strict=True)]
    assert mtcompute.chrf(hypotheses, fixed).score > 0


def test_one_sacrebleu_reference_stream_of_token_lists_is_detected() -> None:
    error = _raised(mtcompute.corpus_bleu, [["a"], ["b"]], [[["a"], ["b"]]])
    assert "sacreBLEU's layout, 1 list of 2" in str(error)


def test_a_square_transposed_layout_is_valid_input_and_cannot_be_detected() -> None:
    # As many references as segments: the streams are a valid input of another meaning.
    result = mtcompute.chrf(["a", "b"], [["a", "b"], ["x", "y"]])
    assert len(result.segments) == 2


def test_a_valid_call_is_not_looked_at() -> None:
    assert mtcompute.corpus_bleu([["a"]], [[["a"]]], max_order=1).bleu == 1.0


def test_an_input_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="split it"):
        mtcompute.sentence_bleu("a b", [["a", "b"]])  # type: ignore[arg-type]


class _CountedList(list[Any]):
    """A list that counts how many times it is walked."""

    walks = 0

    def __iter__(self) -> Any:
        type(self).walks += 1
        return super().__iter__()


@pytest.mark.parametrize(
    ("hypotheses", "references"),
    [
        ([["a"]] * 50, [[["a"]]] * 50),  # every question asked, none answered: the worst case
        ([["a"]] * 50, [["a"]] * 50),
        (["a b"] * 50, ["a"] * 50),
    ],
)
def test_the_hints_walk_each_array_of_a_failed_call_once(
    hypotheses: list[Any], references: list[Any]
) -> None:
    _CountedList.walks = 0
    token_corpus_hints(_CountedList(hypotheses), references)
    assert _CountedList.walks == 1
    _CountedList.walks = 0
    token_corpus_hints(hypotheses, _CountedList(references))
    assert _CountedList.walks <= 2  # once, and the reference streams' lengths if as many
