"""A call's cost is estimated from its raw input, above what the dearest inputs were measured
to take, and little for an input its tool refuses."""

import random
from typing import Any

import pytest

from mtcompute.contracts.costs import Cost, batch_estimate, estimate

MIB = 1024 * 1024


def _brackets(count: int, length: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices("()", k=length)) for _ in range(count)]


def _ter(length: int) -> dict[str, Any]:
    texts = _brackets(16, length, 8)
    return {"hypotheses": texts[:8], "references": [[t] for t in texts[8:]], "normalized": True}


def test_a_tiny_request_is_estimated_a_millisecond_and_a_mebibyte_at_most() -> None:
    small = {"hypotheses": [["a", "b"]], "references": [[["a", "b"]]]}
    cost = estimate("bleu-corpus-compute", "1.0.0", small)
    assert cost.seconds < 0.001
    assert cost.memory < 2 * MIB


def test_ter_is_charged_by_its_words_normalized_brackets_each_a_word() -> None:
    # Measured: 3.5 s of CPU for 8 pairs of 4,096 brackets on a busy 2-core machine.
    assert estimate("ter-compute", "1.0.0", _ter(4096)).seconds > 3.5
    plain = {**_ter(4096), "normalized": False}
    assert estimate("ter-compute", "1.0.0", plain).seconds < 0.01  # one word per text


def test_ter_grows_with_the_words_not_their_square() -> None:
    short, long = (estimate("ter-compute", "1.0.0", _ter(n)).seconds for n in (1024, 4096))
    assert long == pytest.approx(4 * short, rel=0.05)


def test_score_texts_charges_ter_its_word_pairs_and_twice_with_every_segment_scored() -> None:
    # Measured: 4.3 s of CPU at the bound (40 million word pairs) on a busy 2-core machine.
    rng = random.Random(33)
    texts = [" ".join(rng.choices("abcde", k=33)) for _ in range(5 * 9_180)]
    raw = {
        "hypotheses": texts[:9_180],
        "references": [texts[9_180 + 4 * i : 9_180 + 4 * i + 4] for i in range(9_180)],
        "metrics": ["ter"],
    }
    once = estimate("score-texts", "1.0.0", raw).seconds
    assert once > 4.3
    twice = estimate("score-texts", "1.0.0", raw | {"sentence_level": True}).seconds
    assert twice == pytest.approx(2 * once, rel=0.01)


def test_score_texts_charges_cer_a_split_pair_four_times_its_cells() -> None:
    # Measured: 1.3 s of CPU for 7 pairs of 4,096 letters, each split before it is aligned.
    pair = {"hypotheses": ["a" * 4096], "references": [["b" * 4096]], "metrics": ["cer"]}
    shorter = {"hypotheses": ["a" * 2047], "references": [["b" * 2048]], "metrics": ["cer"]}
    assert 7 * estimate("score-texts", "1.0.0", pair).seconds > 1.3
    split = estimate("score-texts", "1.0.0", pair).seconds / 4096**2
    whole = estimate("score-texts", "1.0.0", shorter).seconds / (2047 * 2048)
    assert split == pytest.approx(4 * whole, rel=0.05)


def test_chrf_pairwise_is_charged_its_matrix_and_the_memory_its_ngrams_hold() -> None:
    texts = ["a b c d " * 128] * 512  # 512 texts of 1 KiB
    raw = {"hypotheses": texts, "references": texts, "char_order": 10, "word_order": 2}
    cost = estimate("chrf-pairwise-compute", "1.0.0", raw)
    # Measured: 3.1 s of CPU and 423 MiB for 512 x 512 texts of 1 KiB at orders 10 + 2.
    assert cost.seconds > 3.1
    assert cost.memory > 423 * MIB


def test_paired_significance_on_ter_is_charged_each_systems_pairs() -> None:
    references = _brackets(16, 2048, 1)
    systems = [{"name": k, "hypotheses": _brackets(16, 2048, n)} for n, k in enumerate("ab")]
    raw = {
        "systems": systems,
        "references": [[t] for t in references],
        "metrics": ["ter"],
        "ter": {"normalized": True},
    }
    # Measured: 4.8 to 7.4 s of CPU.
    assert estimate("paired-significance", "1.0.0", raw).seconds > 7.4


def _tested_systems(segments: int, trials: int, metrics: list[str]) -> dict[str, Any]:
    systems = [{"name": f"s{k}", "hypotheses": ["a b c d e f"] * segments} for k in range(16)]
    references = [["a b c d e g"]] * segments
    asked = {"paired_ar": True, "paired_ar_n": trials}
    return {"systems": systems, "references": references, "metrics": metrics, **asked}


def test_score_texts_charges_its_resampling_at_the_rate_measured_and_the_draws_it_holds() -> None:
    # Measured at the bound of 1.6 billion steps, under load: 1.5 s of CPU for chrF++ by
    # 10,000 trials, 3.8 s for rougeLsum by 625 (each type weighed 16).
    chrf = estimate("score-texts", "1.0.0", _tested_systems(10_000, 10_000, ["chrf++"]))
    rouge = _tested_systems(10_000, 625, ["rouge"]) | {"rouge": {"rouge_types": ["rougeLsum"]}}
    assert chrf.seconds > 1.5
    assert estimate("score-texts", "1.0.0", rouge).seconds > 3.8
    fewer = estimate("score-texts", "1.0.0", _tested_systems(10_000, 1000, ["chrf++"]))
    assert chrf.seconds - fewer.seconds == pytest.approx(16 * 10_000 * 9000 * 4e-9)
    # A bit a trial for every segment: 12.5 MB of coins for 10,000 x 10,000.
    assert chrf.memory - fewer.memory == 10_000 * 9000


def test_score_texts_charges_each_system_s_hypotheses_and_the_references_once() -> None:
    def seconds(count: int, reference: str = "a b c") -> float:
        systems = [{"name": f"s{k}", "hypotheses": ["a b c d e f"] * 1000} for k in range(count)]
        raw = {"systems": systems, "references": [[reference]] * 1000, "metrics": ["chrf"]}
        return estimate("score-texts", "1.0.0", raw).seconds

    assert seconds(8) - seconds(4) == pytest.approx(2 * (seconds(4) - seconds(2)))
    longer = "a b c " * 20
    assert seconds(8, longer) - seconds(8) == pytest.approx(seconds(2, longer) - seconds(2))


@pytest.mark.parametrize(
    ("tool_id", "version", "raw"),
    [
        ("no-such-tool", "1.0.0", {}),
        ("ter-compute", "9.9.9", {}),
        ("ter-compute", "1.0.0", [1, 2]),
        ("ter-compute", "1.0.0", {"hypotheses": 3, "references": "x"}),
        (None, None, None),
    ],
)
def test_an_input_its_tool_refuses_costs_little(tool_id: Any, version: Any, raw: Any) -> None:
    assert estimate(tool_id, version, raw).seconds < 0.01


def test_a_batch_costs_the_sum_of_its_operations_as_written() -> None:
    operation = {"id": "ter-compute", "version": "1.0.0", "input": _ter(1024)}
    one = estimate("ter-compute", "1.0.0", _ter(1024))
    total = batch_estimate({"operations": [operation, operation]})
    assert total.seconds >= 2 * one.seconds
    assert batch_estimate({"operations": 3}) == batch_estimate(None)


def test_costs_add_up() -> None:
    assert Cost(1.0, 2) + Cost(0.5, 3) == Cost(1.5, 5)
