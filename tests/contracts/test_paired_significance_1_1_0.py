"""paired-significance@1.1.0: the numbers of ``mtcompute score --resampling portable`` and the
library's, 1.0.0's for the same texts, the same from the parts tools' per-segment statistics as
from the texts, a whole test set within its limits, and every input that breaks the contract
refused with a pointer."""

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.cli.group import cli
from mtcompute.contracts.paired_significance_1_1_0 import BODY_LIMIT, LIMITS, MAX_SYSTEMS, PARSER
from mtcompute.errors import InputError
from tests.fast.resampling.corpora import corpus

ID, VERSION = "paired-significance", "1.1.0"
EVERY = ["bleu", "chrf", "chrf++", "ter"]
_SYSTEMS: list[dict[str, Any]] = [
    {"name": "a", "hypotheses": ["x y z"]},
    {"name": "b", "hypotheses": ["x y w"]},
]
TWO: dict[str, Any] = {"systems": _SYSTEMS, "references": [["x y z"]]}
_CHRF = {"hypothesis": [3] * 6, "reference": [3] * 6, "matches": [2] * 6}
STATS: dict[str, Any] = {
    "systems": [
        {"name": "a", "statistics": {"chrf": [_CHRF]}},
        {"name": "b", "statistics": {"chrf": [_CHRF]}},
    ],
    "metrics": ["chrf"],
}


def _errors(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return [(error["code"], error["pointer"]) for error in caught.value.errors]


def _test_set(references: int, seed: int = 6) -> tuple[list[list[str]], list[list[str]]]:
    hypotheses, streams = corpus(40, 3, seed=seed, references=references)
    return hypotheses, [list(pair) for pair in zip(*streams, strict=True)]


def _texts(hypotheses: list[list[str]], references: list[list[str]], **rest: Any) -> Any:
    systems = [{"name": f"s{k}", "hypotheses": h} for k, h in enumerate(hypotheses)]
    return {"systems": systems, "references": references, **rest}


@pytest.mark.parametrize(
    ("test", "samples", "metrics", "references"),
    [
        ("bootstrap", 100, EVERY, 2),
        ("randomization", 300, EVERY, 3),
        ("bootstrap", 50, ["wer", "cer"], 1),
    ],
)
def test_the_numbers_are_the_librarys_portable_ones(
    test: str, samples: int, metrics: list[str], references: int
) -> None:
    hypotheses, refs = _test_set(references)
    raw = _texts(hypotheses, refs, metrics=metrics, test=test, samples=samples, seed=99)
    library = mtcompute.paired_test(
        {f"s{k}": h for k, h in enumerate(hypotheses)},
        refs,
        metrics=metrics,
        test=test,
        samples=samples,
        seed=99,
        resampling="portable",
    )
    expected = [
        {key: row.to_dict()[key] for key in ("system", "metric", "score", "mean", "ci", "p_value")}
        for row in library.results
    ]
    assert execute(ID, VERSION, raw)["results"] == expected


def test_the_numbers_are_those_of_1_0_0_for_the_same_texts() -> None:
    hypotheses, refs = _test_set(2, seed=3)
    raw = _texts(hypotheses, refs, metrics=EVERY, samples=60, seed=5)
    assert execute(ID, VERSION, raw) == execute(ID, "1.0.0", raw)


@pytest.mark.parametrize(
    ("flags", "metrics", "references"),
    [
        (["--paired-bs", "--paired-bs-n", "200"], ["bleu", "chrf", "ter"], 1),
        (["--paired-ar", "--paired-ar-n", "400"], ["chrf++", "bleu"], 1),
        (["--paired-bs", "--paired-bs-n", "100"], ["wer", "cer"], 1),
    ],
)
def test_the_numbers_are_those_mtcompute_score_prints_with_portable_resampling(
    tmp_path: Path, flags: list[str], metrics: list[str], references: int
) -> None:
    hypotheses, refs = _test_set(references, seed=11)
    paths = []
    for name, lines in [("ref.txt", [r[0] for r in refs])] + [
        (f"s{k}", h) for k, h in enumerate(hypotheses)
    ]:
        (tmp_path / name).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(tmp_path / name))
    args = [paths[0], "-i", *paths[1:], "-m", *metrics, *flags]
    printed = CliRunner().invoke(
        cli, ["score", *args, "--resampling", "portable", "--seed", "7", "--format", "jsonl"]
    )
    assert printed.exit_code == 0, printed.stderr
    test = "bootstrap" if "--paired-bs" in flags else "randomization"
    raw = _texts(hypotheses, refs, metrics=metrics, test=test, samples=int(flags[2]), seed=7)
    ours = execute(ID, VERSION, raw)["results"]
    rows: list[Any] = [jsonio.loads(line) for line in printed.stdout.splitlines()]
    keys = ("metric", "score", "mean", "ci", "p_value")
    assert [{key: row[key] for key in keys} for row in ours] == [
        {key: row[key] for key in keys} for row in rows
    ]


def _segments(tool: str, hypotheses: list[str], references: list[list[str]]) -> list[Any]:
    """What the parts tools answer per segment, as a test set scored in parts gets it."""
    if tool == "bleu":
        tokens = execute(
            "bleu-tokenize", "1.1.0", {"hypotheses": hypotheses, "references": references}
        )
        return [
            execute("bleu-sentence-components", "1.0.0", {"hypothesis": h, "references": r})
            for h, r in zip(tokens["hypotheses"], tokens["references"], strict=True)
        ]
    ids = {
        "chrf": "chrf-compute",
        "chrf++": "chrf-plus-plus-compute",
        "ter": "ter-compute",
        "wer": "wer-compute",
        "cer": "cer-compute",
    }
    single = tool in ("wer", "cer")
    segments: list[Any] = []
    for start in range(0, len(hypotheses), 16):  # in parts
        part = {
            "hypotheses": hypotheses[start : start + 16],
            "references": [r[0] if single else r for r in references[start : start + 16]],
        }
        segments += execute(ids[tool], "1.0.0", part)["segments"]
    return segments


@pytest.mark.parametrize(
    ("metrics", "references", "test"),
    [
        (EVERY, 3, "bootstrap"),
        (["ter", "chrf"], 4, "randomization"),
        (["wer", "cer"], 1, "randomization"),
    ],
)
def test_the_parts_tools_segments_give_the_numbers_of_the_texts(
    metrics: list[str], references: int, test: str
) -> None:
    hypotheses, refs = _test_set(references, seed=21)
    texts = _texts(hypotheses, refs, metrics=metrics, test=test, samples=80, seed=3)
    systems = [
        {"name": f"s{k}", "statistics": {m: _segments(m, h, refs) for m in metrics}}
        for k, h in enumerate(hypotheses)
    ]
    given = {"systems": systems, "metrics": metrics, "test": test, "samples": 80, "seed": 3}
    assert execute(ID, VERSION, given) == execute(ID, VERSION, texts)


def test_sixteen_systems_of_a_wmt_sized_test_set_fit_the_limits_and_the_body_limit() -> None:
    line = ("word " * 30).strip()  # 149 bytes, WMT's lines are about 150
    raw = {
        "systems": [
            {"name": f"system {k}", "hypotheses": [line] * 10_000} for k in range(MAX_SYSTEMS)
        ],
        "references": [[line] * 4] * 10_000,
        "metrics": ["chrf"],
    }
    assert len(jsonio.dumps(raw)) < BODY_LIMIT
    assert LIMITS.max_segments == 10_000
    PARSER.parse(raw)  # valid


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
                "systems": [{"name": "a", "hypotheses": ["x"]}, {"name": "a", "hypotheses": ["y"]}],
            },
            [("duplicate_name", "/systems/1/name")],
        ),
        ({**TWO, "systems": [{"name": "a"}, _SYSTEMS[1]]}, [("required", "/systems/0/hypotheses")]),
        ({"systems": _SYSTEMS}, [("required", "/references")]),
        (
            {"systems": [{"name": "a"}, _SYSTEMS[1]]},
            [("required", "/systems/0/hypotheses"), ("required", "/references")],
        ),
        ({**TWO, "references": [["r"] * 9]}, [("too_many_items", "/references/0")]),
        ({**TWO, "metrics": ["bleurt"]}, [("not_allowed", "/metrics/0")]),
        ({**TWO, "metrics": ["ter", "ter"]}, [("duplicate_metric", "/metrics/1")]),
        ({**TWO, "samples": 2001}, [("above_maximum", "/samples")]),
        (
            {**TWO, "references": [["x", "y"]], "metrics": ["wer"]},
            [("one_reference", "/references/0")],
        ),
        ({**TWO, "wer": {}}, [("unknown_property", "/wer")]),
        (
            {**STATS, "references": [["x"]]},
            [("unexpected_references", "/references")],
        ),
        (
            {"systems": [STATS["systems"][0], _SYSTEMS[1]], "metrics": ["chrf"]},
            [("mixed_forms", "/systems/1/hypotheses")],
        ),
        (
            {"systems": [{**_SYSTEMS[0], "statistics": {}}, _SYSTEMS[1]], "references": [["x"]]},
            [("conflicting_forms", "/systems/0")],
        ),
        (
            {**STATS, "metrics": ["chrf", "bleu"]},
            [
                ("required", "/systems/0/statistics/bleu"),
                ("required", "/systems/1/statistics/bleu"),
            ],
        ),
        (
            {**STATS, "metrics": ["bleu"]},
            [
                ("required", "/systems/0/statistics/bleu"),
                ("metric_not_asked", "/systems/0/statistics/chrf"),
                ("required", "/systems/1/statistics/bleu"),
                ("metric_not_asked", "/systems/1/statistics/chrf"),
            ],
        ),
        (
            {
                **STATS,
                "systems": [
                    STATS["systems"][0],
                    {"name": "b", "statistics": {"chrf": [_CHRF] * 2}},
                ],
            },
            [("segment_count_mismatch", "/systems/1/statistics/chrf")],
        ),
        (
            {**STATS, "chrf": {"char_order": 5}},
            [
                ("order_count_mismatch", f"/systems/{k}/statistics/chrf/0/{name}")
                for k in (0, 1)
                for name in ("hypothesis", "reference", "matches")
            ],
        ),
        (
            {
                **STATS,
                "systems": [
                    STATS["systems"][0],
                    {
                        "name": "b",
                        "statistics": {"chrf": [{**_CHRF, "matches": [4, 2, 2, 2, 2, 2]}]},
                    },
                ],
            },
            [("matches_above_count", "/systems/1/statistics/chrf/0/matches/0")],
        ),
        (
            {
                "systems": [
                    {"name": n, "statistics": {"ter": [{"num_edits": 1, "ref_length": 0.1}]}}
                    for n in "ab"
                ],
                "metrics": ["ter"],
            },
            [
                ("not_an_average_length", f"/systems/{k}/statistics/ter/0/ref_length")
                for k in (0, 1)
            ],
        ),
        (
            {
                "systems": [
                    {
                        "name": n,
                        "statistics": {
                            "bleu": [
                                {
                                    "candidate_length": 1,
                                    "reference_length": 1,
                                    "matches": [1],
                                    "totals": [1],
                                }
                            ]
                        },
                    }
                    for n in "ab"
                ],
                "metrics": ["bleu"],
            },
            [
                ("order_count_mismatch", f"/systems/{k}/statistics/bleu/0/{name}")
                for k in (0, 1)
                for name in ("matches", "totals")
            ],
        ),
    ],
)
def test_input_that_breaks_the_contract_is_refused_with_a_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _errors(raw) == expected


def test_statistics_are_bounded_by_systems_times_segments_times_metrics() -> None:
    raw = {
        "systems": [{"name": f"{k}", "statistics": {"chrf": [_CHRF] * 40_001}} for k in range(4)],
        "metrics": ["chrf"],
    }
    assert _errors(raw) == [("too_many_segment_statistics", "")]


def _message(raw: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    first = caught.value.errors[0]
    return first["code"], first["message"]


def test_more_segments_than_texts_take_name_the_statistics_form_and_its_tools() -> None:
    raw = {
        "systems": [{"name": f"{k}", "hypotheses": ["x"] * 10_001} for k in range(2)],
        "references": [["x"]] * 10_001,
        "metrics": ["bleu", "ter"],
    }
    code, message = _message(raw)
    assert code == "too_many_items"
    assert "systems[k].statistics" in message
    assert "bleu-sentence-components" in message
    assert "ter-compute" in message


def test_too_many_segment_scores_say_to_test_one_metric_a_request_or_give_statistics() -> None:
    raw = {
        "systems": [{"name": f"{k}", "hypotheses": ["x"] * 10_000} for k in range(16)],
        "references": [["x"]] * 10_000,
        "metrics": ["bleu", "chrf"],
    }
    code, message = _message(raw)
    assert code == "too_many_segment_scores"
    assert "each metric in a request of its own" in message
    assert "systems[k].statistics" in message
    raw["metrics"] = ["bleu"]
    assert len(execute(ID, VERSION, {**raw, "samples": 2})["results"]) == 16


def test_ter_over_its_pair_bytes_names_ter_compute_in_parts() -> None:
    text = "a " * 1000
    raw = {
        "systems": [{"name": f"{k}", "hypotheses": [text] * 17} for k in range(2)],
        "references": [[text]] * 17,
        "metrics": ["ter"],
    }
    code, message = _message(raw)
    assert code == "too_many_pair_bytes"
    assert "ter: ter-compute" in message


def test_a_valid_request_or_another_mistake_gets_no_remedy() -> None:
    assert "statistics" not in _message({**TWO, "samples": 2001})[1]


def test_ter_from_texts_is_bounded_by_the_pair_bytes_of_every_system() -> None:
    text = "a " * 1000
    raw = {
        "systems": [{"name": f"{k}", "hypotheses": [text] * 17} for k in range(2)],
        "references": [[text]] * 17,
        "metrics": ["ter"],
    }
    assert _errors(raw) == [("too_many_pair_bytes", "")]
