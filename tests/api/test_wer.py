"""``mtcompute.wer`` and ``mtcompute.cer``: jiwer's numbers without the tools' limits, every
segment's counts, parts that add with ``+``, ``to_dict`` equal to the tools' answers, and
mistakes refused with a fix."""

import random

import jiwer
import pytest

import mtcompute
from mtcompute import InputError
from tests.metrics.wer.hostile import noisy, sentence


def _texts(count: int, seed: int = 8) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    references = [sentence(rng, rng.randint(0, 25)) for _ in range(count)]
    return [noisy(rng, reference) for reference in references], references


def test_wer_has_jiwers_measures_and_counts() -> None:
    hypotheses, references = _texts(300)
    result = mtcompute.wer(hypotheses, references)
    theirs = jiwer.process_words(references, hypotheses)
    for name in ("wer", "mer", "wil", "wip", "hits", "substitutions", "deletions", "insertions"):
        assert getattr(result, name) == getattr(theirs, name), name
    assert len(result.segments) == 300
    assert result.segments[0].wer == jiwer.wer(references[0], hypotheses[0])


def test_cer_has_jiwers_rate_and_counts() -> None:
    hypotheses, references = _texts(100)
    result = mtcompute.cer(hypotheses, references)
    theirs = jiwer.process_characters(references, hypotheses)
    assert (result.cer, result.hits, result.substitutions) == (
        theirs.cer,
        theirs.hits,
        theirs.substitutions,
    )
    assert (result.deletions, result.insertions) == (theirs.deletions, theirs.insertions)


def test_no_limits_apply_to_the_library() -> None:
    long = "a b " * 5_000  # 10,000 words: over the tool's text limit
    assert mtcompute.wer([long], [long]).wer == 0
    assert mtcompute.cer(["x"] * 20_000, ["x"] * 20_000).cer == 0


def test_parts_add_up_to_the_whole() -> None:
    hypotheses, references = _texts(60)
    whole = mtcompute.wer(hypotheses, references)
    first = mtcompute.wer(hypotheses[:25], references[:25])
    second = mtcompute.wer(hypotheses[25:], references[25:])
    assert first + second == whole
    characters = mtcompute.cer(hypotheses, references)
    halves = mtcompute.cer(hypotheses[:30], references[:30]) + mtcompute.cer(
        hypotheses[30:], references[30:]
    )
    assert halves == characters
    assert whole.statistics == first.statistics + second.statistics


def test_to_dict_is_the_tools_answer() -> None:
    hypotheses, references = _texts(20)
    raw = {"hypotheses": hypotheses, "references": references, "alignments": True, "decimals": 4}
    words = mtcompute.wer(hypotheses, references, alignments=True, decimals=4)
    assert words.to_dict() == mtcompute.execute("wer-compute", "1.0.0", raw)
    characters = mtcompute.cer(hypotheses, references, alignments=True, decimals=4)
    assert characters.to_dict() == mtcompute.execute("cer-compute", "1.0.0", raw)
    assert words.segments[0].alignment is not None


def test_nested_references_are_refused_with_the_fix() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.wer(["a"], [["a"]])  # type: ignore[list-item]
    (error,) = caught.value.errors
    assert error["pointer"] == "/references/0"
    assert "`[refs[0] for refs in references]`" in error["message"]


def test_lists_of_different_lengths_are_refused() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.cer(["a", "b"], ["a"])
    assert [e["code"] for e in caught.value.errors] == ["segment_count_mismatch"]
    assert "score the test set in parts" not in caught.value.errors[0]["message"]
