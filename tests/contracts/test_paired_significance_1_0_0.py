"""paired-significance@1.0.0: the library's portable numbers, its limits, and every input that
breaks the contract refused with a pointer."""

from typing import Any

import pytest

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.contracts.paired_significance_1_0_0 import LIMITS, MAX_SYSTEMS
from mtcompute.errors import InputError
from tests.fast.resampling.corpora import corpus

ID, VERSION = "paired-significance", "1.0.0"
_SYSTEMS: list[dict[str, Any]] = [
    {"name": "a", "hypotheses": ["x y z"]},
    {"name": "b", "hypotheses": ["x y w"]},
]
TWO: dict[str, Any] = {
    "systems": _SYSTEMS,
    "references": [["x y z"]],
}
BODY_LIMIT = 8 * 1024 * 1024


def _errors(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return [(error["code"], error["pointer"]) for error in caught.value.errors]


@pytest.mark.parametrize(("test", "samples"), [("bootstrap", 100), ("randomization", 300)])
def test_the_numbers_are_the_librarys_portable_ones(test: str, samples: int) -> None:
    hypotheses, streams = corpus(40, 3, seed=6, references=2)
    references = [list(pair) for pair in zip(*streams, strict=True)]
    raw = {
        "systems": [{"name": f"s{k}", "hypotheses": h} for k, h in enumerate(hypotheses)],
        "references": references,
        "metrics": ["bleu", "chrf", "chrf++", "ter"],
        "test": test,
        "samples": samples,
        "seed": 99,
    }
    ours = execute(ID, VERSION, raw)["results"]
    library = mtcompute.paired_test(
        {f"s{k}": h for k, h in enumerate(hypotheses)},
        references,
        metrics=["bleu", "chrf", "chrf++", "ter"],
        test=test,
        samples=samples,
        seed=99,
        resampling="portable",
    )
    expected = [
        {key: row.to_dict()[key] for key in ("system", "metric", "score", "mean", "ci", "p_value")}
        for row in library.results
    ]
    assert ours == expected


def test_the_score_is_within_1e_12_of_the_corpus_tools() -> None:
    hypotheses, streams = corpus(30, 2, seed=2)
    references = [[text] for text in streams[0]]
    raw = {
        "systems": [{"name": f"s{k}", "hypotheses": h} for k, h in enumerate(hypotheses)],
        "references": references,
        "metrics": ["chrf", "ter"],
        "samples": 10,
    }
    rows = execute(ID, VERSION, raw)["results"]
    assert rows[0]["score"] == mtcompute.chrf(hypotheses[0], references).score
    assert rows[1]["score"] == pytest.approx(mtcompute.ter(hypotheses[0], references).score, 1e-12)


def test_sixteen_systems_of_the_largest_test_set_fit_the_default_body_limit() -> None:
    per_text = (LIMITS.max_total_string_bytes or 0) // ((MAX_SYSTEMS + 1) * 3000)
    text = "a" * per_text
    raw = {
        "systems": [{"name": f"system {k}", "hypotheses": [text] * 3000} for k in range(16)],
        "references": [[text]] * 3000,
    }
    assert len(jsonio.dumps(raw)) < BODY_LIMIT


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({**TWO, "systems": TWO["systems"][:1]}, [("too_few_items", "/systems")]),
        (
            {**TWO, "systems": [{"name": f"{k}", "hypotheses": ["x"]} for k in range(17)]},
            [("too_many_items", "/systems")],
        ),
        (
            {
                **TWO,
                "systems": [{"name": "a", "hypotheses": ["x"]}, {"name": "a", "hypotheses": []}],
            },
            [
                ("too_few_items", "/systems/1/hypotheses"),
                ("segment_count_mismatch", "/systems/1/hypotheses"),
                ("duplicate_name", "/systems/1/name"),
            ],
        ),
        (
            {
                **TWO,
                "systems": [{"name": "a", "hypotheses": ["x"]}, {"name": "a", "hypotheses": ["y"]}],
            },
            [("duplicate_name", "/systems/1/name")],
        ),
        (
            {
                **TWO,
                "systems": [
                    {"name": "a", "hypotheses": ["x"]},
                    {"name": "b", "hypotheses": ["y", "z"]},
                ],
            },
            [("segment_count_mismatch", "/systems/1/hypotheses")],
        ),
        (
            {**TWO, "systems": [{"name": "a"}, TWO["systems"][1]]},
            [("required", "/systems/0/hypotheses")],
        ),
        ({**TWO, "references": [[]]}, [("too_few_items", "/references/0")]),
        ({**TWO, "references": [["r"] * 9]}, [("too_many_items", "/references/0")]),
        ({**TWO, "metrics": []}, [("too_few_items", "/metrics")]),
        ({**TWO, "metrics": ["bleurt"]}, [("not_allowed", "/metrics/0")]),
        ({**TWO, "metrics": ["ter", "ter"]}, [("duplicate_metric", "/metrics/1")]),
        ({**TWO, "test": "t-test"}, [("not_allowed", "/test")]),
        ({**TWO, "samples": 0}, [("below_minimum", "/samples")]),
        ({**TWO, "samples": 2001}, [("above_maximum", "/samples")]),
        ({**TWO, "test": "randomization", "samples": 10001}, [("above_maximum", "/samples")]),
        ({**TWO, "samples": 1.5}, [("type", "/samples")]),
        ({**TWO, "seed": -1}, [("below_minimum", "/seed")]),
        ({**TWO, "seed": 2**53}, [("above_maximum", "/seed")]),
        ({**TWO, "bleu": {"tokenizer": "moses"}}, [("not_allowed", "/bleu/tokenizer")]),
        ({**TWO, "chrf++": {"word_order": 3}}, [("above_maximum", "/chrf++/word_order")]),
        ({**TWO, "ter": {"normalised": True}}, [("unknown_property", "/ter/normalised")]),
        ({**TWO, "resampling": "sacrebleu"}, [("unknown_property", "/resampling")]),
        (
            {**TWO, "references": [["\ud800"]]},
            [("invalid_unicode", "/references/0/0")],
        ),
    ],
)
def test_input_that_breaks_the_contract_is_refused_with_a_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _errors(raw) == expected


def test_ter_is_bounded_by_the_pair_bytes_of_every_system() -> None:
    text = "a " * 1000
    raw = {
        "systems": [{"name": f"{k}", "hypotheses": [text] * 33} for k in range(2)],
        "references": [[text]] * 33,
        "metrics": ["ter"],
    }
    assert _errors(raw) == [("too_many_pair_bytes", "")]
    raw["metrics"] = ["bleu"]
    assert len(execute(ID, VERSION, {**raw, "samples": 5})["results"]) == 2


def test_systems_times_segments_times_metrics_is_bounded() -> None:
    raw: dict[str, Any] = {
        "systems": [{"name": f"{k}", "hypotheses": ["x"] * 3000} for k in range(16)],
        "references": [["x"]] * 3000,
        "metrics": ["bleu", "chrf", "ter"],
    }
    assert _errors(raw) == [("too_much_work", "")]
    raw["metrics"] = ["bleu", "chrf"]
    assert len(execute(ID, VERSION, {**raw, "samples": 2})["results"]) == 32
