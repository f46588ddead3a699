"""wer-compute@1.0.0 and cer-compute@1.0.0: jiwer 4.0's numbers, counts that add up to what the
from-statistics tools combine, alignments as jiwer chunks them, limits where rapidfuzz keeps its
whole matrix, and every input that breaks the contract refused with a pointer and a fix."""

import random
from typing import Any

import jiwer
import pytest

from mtcompute import execute
from mtcompute.contracts.cer_compute_1_0_0 import LIMITS as CER_LIMITS
from mtcompute.contracts.inputs.edits import character_answer_bytes, word_answer_bytes
from mtcompute.contracts.wer_compute_1_0_0 import LIMITS as WER_LIMITS
from mtcompute.errors import InputError
from tests.contracts.refusals import assert_pointers_name_places, assert_refused
from tests.metrics.wer.hostile import hostile_text, noisy, sentence

VERSION = "1.0.0"


def _errors(tool: str, raw: dict[str, Any]) -> list[Any]:
    with pytest.raises(InputError) as caught:
        execute(tool, VERSION, raw)
    return caught.value.errors


def _texts(seed: int, count: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    references = [sentence(rng, rng.randint(1, 30)) for _ in range(count)]
    hypotheses = [noisy(rng, r) if rng.random() < 0.8 else hostile_text(rng, 9) for r in references]
    return hypotheses, references


def test_wer_and_its_measures_are_jiwers_corpus_and_per_segment() -> None:
    hypotheses, references = _texts(1, 200)
    answer = execute("wer-compute", VERSION, {"hypotheses": hypotheses, "references": references})
    theirs = jiwer.process_words(references, hypotheses)
    for name in ("wer", "mer", "wil", "wip", "hits", "substitutions", "deletions", "insertions"):
        assert answer[name] == getattr(theirs, name), name
    for segment, h, r in zip(answer["segments"][:50], hypotheses, references, strict=False):
        one = jiwer.process_words(r, h)
        assert (segment["wer"], segment["mer"], segment["wil"], segment["wip"]) == (
            one.wer,
            one.mer,
            one.wil,
            one.wip,
        )


def test_cer_is_jiwers_corpus_and_per_segment() -> None:
    hypotheses, references = _texts(2, 200)
    answer = execute("cer-compute", VERSION, {"hypotheses": hypotheses, "references": references})
    assert answer["cer"] == jiwer.cer(references, hypotheses)
    for segment, h, r in zip(answer["segments"][:50], hypotheses, references, strict=False):
        assert segment["cer"] == jiwer.cer(r, h)


@pytest.mark.parametrize(
    ("tool", "process"),
    [("wer-compute", jiwer.process_words), ("cer-compute", jiwer.process_characters)],
)
def test_alignments_are_jiwers_chunks(tool: str, process: Any) -> None:
    hypotheses, references = _texts(3, 60)
    raw = {"hypotheses": hypotheses, "references": references, "alignments": True}
    answer = execute(tool, VERSION, raw)
    theirs = process(references, hypotheses).alignments
    for segment, chunks in zip(answer["segments"], theirs, strict=True):
        assert segment["alignment"] == [
            {
                "type": c.type,
                "reference_start": c.ref_start_idx,
                "reference_end": c.ref_end_idx,
                "hypothesis_start": c.hyp_start_idx,
                "hypothesis_end": c.hyp_end_idx,
            }
            for c in chunks
        ]


@pytest.mark.parametrize("tool", ["wer-compute", "cer-compute"])
def test_the_parts_counts_given_to_from_statistics_make_the_wholes_answer(tool: str) -> None:
    hypotheses, references = _texts(4, 90)
    whole = execute(tool, VERSION, {"hypotheses": hypotheses, "references": references})
    parts = [
        execute(
            tool,
            VERSION,
            {"hypotheses": hypotheses[i : i + 30], "references": references[i : i + 30]},
        )
        for i in range(0, 90, 30)
    ]
    combined = execute(tool.replace("-compute", "-from-statistics"), VERSION, {"parts": parts})
    assert combined == {name: value for name, value in whole.items() if name != "segments"}


def test_the_longest_texts_are_within_the_sizes_where_rapidfuzz_keeps_its_matrix() -> None:
    # 2,000 items a side at most: band * length stays under the 4 Mi cells of a split.
    assert 2 * 2_000 * 2_000 // 8 < 1024 * 1024
    assert (WER_LIMITS.max_string_bytes or 0) // 2 <= 2_000
    assert (CER_LIMITS.max_string_bytes or 0) <= 2_000
    text = "ab" * 1_000  # 2,000 characters, as unlike the other side as can be
    raw = {"hypotheses": [text], "references": ["ba" * 1_000]}
    assert execute("cer-compute", VERSION, raw)["cer"] == jiwer.cer("ba" * 1_000, text)


def test_an_answer_with_alignments_is_charged_a_chunk_per_item() -> None:
    raw = {"hypotheses": ["abc"], "references": ["abd"]}
    for bound in (word_answer_bytes, character_answer_bytes):
        assert bound(raw) < bound({**raw, "alignments": True})
        assert bound("nonsense") == 0
    words = {"hypotheses": ["a b c"], "references": ["a b d"], "alignments": True}
    answer = execute("wer-compute", VERSION, words)
    assert len(str(answer["segments"][0]["alignment"])) < word_answer_bytes(words)


@pytest.mark.parametrize(
    ("tool", "raw", "expected", "says"),
    [
        (
            "wer-compute",
            {"hypotheses": ["a", "b"], "references": ["a"]},
            [("segment_count_mismatch", "/references")],
            ["expected 2 references"],
        ),
        (
            "wer-compute",
            {"hypotheses": ["a"], "references": [["a"]]},
            [("type", "/references/0")],
            ["`[refs[0] for refs in references]`"],
        ),
        (
            "wer-compute",
            {"hypotheses": "a b", "references": ["a b"]},
            [("type", "/hypotheses")],
            ["`[text]`"],
        ),
        (
            "wer-compute",
            {"hypotheses": ["a"] * 10_001, "references": ["a"] * 10_001},
            [("too_many_items", "/hypotheses"), ("too_many_items", "/references")],
            ["wer-from-statistics"],
        ),
        (
            "cer-compute",
            {"hypotheses": ["a" * 2_001], "references": ["a"]},
            [("string_too_long", "/hypotheses/0")],
            ["2000 UTF-8 bytes"],
        ),
        (
            "cer-compute",
            {"hypotheses": ["a" * 2_000] * 132, "references": ["a"] * 132},
            [("too_many_string_bytes", "")],
            ["cer-from-statistics"],
        ),
        (
            "cer-compute",
            {"hypotheses": ["\ud800"], "references": ["a"]},
            [("invalid_unicode", "/hypotheses/0")],
            ["lone surrogate"],
        ),
        (
            "cer-compute",
            {"hypotheses": ["a"], "references": ["a"], "alignments": 1},
            [("type", "/alignments")],
            ["boolean"],
        ),
        (
            "cer-compute",
            {"hypotheses": ["a"], "references": ["a"], "decimals": 16},
            [("above_maximum", "/decimals")],
            ["15"],
        ),
        (
            "wer-compute",
            {"hypotheses": [], "references": []},
            [("too_few_items", "/hypotheses"), ("too_few_items", "/references")],
            ["non-empty"],
        ),
    ],
)
def test_an_input_that_breaks_the_contract_is_refused_with_its_pointer_and_fix(
    tool: str, raw: dict[str, Any], expected: list[tuple[str, str]], says: list[str]
) -> None:
    errors = _errors(tool, raw)
    assert_refused(errors, expected, says)
    assert_pointers_name_places(raw, errors)
