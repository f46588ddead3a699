"""score-texts with several systems, confidence intervals and paired tests answers in scores
exactly what `mtcompute score REF -i A B ... --format json` prints for the same lines and
options: every number bit for bit, in both resampling modes."""

import contextlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtcompute import execute, jsonio
from mtcompute.cli.group import cli
from mtcompute.errors import InputError
from mtcompute.scoring.tools.score_texts_1_0_0 import TOOL
from tests.fast.resampling.corpora import corpus

SEGMENTS = 40


def _lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def _printed(
    tmp_path: Path, systems: list[list[str]], streams: list[list[str]], *flags: str
) -> Any:
    """What `mtcompute score` prints as JSON for these lines in files named as the systems (run
    in their folder, as score names each system by its file's name as given)."""
    runner = CliRunner()
    with contextlib.chdir(tmp_path):
        for k, stream in enumerate(streams):
            _lines(Path(f"ref{k}.txt"), stream)
        for k, hypotheses in enumerate(systems):
            _lines(Path(f"sys{k}.txt"), hypotheses)
        references = [f"ref{k}.txt" for k in range(len(streams))]
        hypotheses_files = [f"sys{k}.txt" for k in range(len(systems))]
        command = ["score", *references, "-i", *hypotheses_files, "--jobs", "1", "-f", "json"]
        done = runner.invoke(cli, [*command, *flags], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    printed = jsonio.loads(done.stdout)
    return printed if isinstance(printed, list) else [printed]


def _answered(systems: list[list[str]], streams: list[list[str]], fields: dict[str, Any]) -> Any:
    """score-texts's scores for the same lines, through JSON as every adapter sends them."""
    raw: dict[str, Any] = {"references": [list(refs) for refs in zip(*streams, strict=True)]}
    if len(systems) == 1:
        raw["hypotheses"] = systems[0]
    else:
        raw["systems"] = [{"name": f"sys{k}.txt", "hypotheses": h} for k, h in enumerate(systems)]
    answer = execute("score-texts", "1.0.0", raw | fields)
    return jsonio.loads(jsonio.dumps(answer))["scores"]  # type: ignore[index]


# Each field as `score` spells it: a switch, or a flag and its value.
FLAGS = {
    "width": "-w",
    "paired_bs": "--paired-bs",
    "paired_bs_n": "-pbsn",
    "paired_ar": "--paired-ar",
    "paired_ar_n": "-parn",
    "confidence": "--confidence",
    "confidence_n": "-cin",
    "resampling": "--resampling",
    "seed": "--seed",
    "tokenize": "-tok",
    "lowercase": "-lc",
    "char_order": "-cc",
    "beta": "--chrf-beta",
    "whitespace": "--chrf-whitespace",
    "normalized": "--ter-normalized",
    "case_sensitive": "--ter-case-sensitive",
}


def _flags(fields: dict[str, Any]) -> list[str]:
    """``fields`` (a metric's options inside its object) as ``score``'s flags."""
    flags: list[str] = []
    for name, value in fields.items():
        if isinstance(value, dict):
            flags += _flags(value)
        else:
            flags += [FLAGS[name]] if value is True else [FLAGS[name], str(value)]
    return flags


BS, AR, CI = {"paired_bs": True}, {"paired_ar": True}, {"confidence": True}
PORTABLE = {"resampling": "portable"}
METRIC_OPTIONS = {
    "bleu": {"tokenize": "intl", "lowercase": True},
    "chrf": {"char_order": 4, "beta": 1, "whitespace": True},
    "ter": {"normalized": True, "case_sensitive": True},
}
CASES = [
    pytest.param(3, ["bleu", "chrf", "ter"], {"width": 2}, id="several, no test"),
    pytest.param(3, ["chrf++", "bleu", "rouge"], BS | {"paired_bs_n": 50}, id="bootstrap, ROUGE"),
    pytest.param(
        2, ["bleu", "ter"], BS | {"paired_bs_n": 40, "seed": 7} | PORTABLE, id="bootstrap, portable"
    ),
    pytest.param(3, ["ter", "chrf", "bleu"], AR | {"paired_ar_n": 200}, id="randomization"),
    pytest.param(
        2,
        ["bleu", "chrf"],
        AR | {"paired_ar_n": 150} | CI | {"confidence_n": 30},
        id="randomization with confidence",
    ),
    pytest.param(
        2, ["chrf", "bleu"], AR | {"paired_ar_n": 120} | PORTABLE, id="randomization, portable"
    ),
    pytest.param(1, ["bleu", "chrf", "ter", "rouge"], CI | {"confidence_n": 40}, id="one system"),
    pytest.param(
        1,
        ["chrf++", "bleu"],
        CI | {"confidence_n": 40, "width": 3} | PORTABLE,
        id="one system, portable",
    ),
    pytest.param(3, ["bleu", "chrf"], CI | {"confidence_n": 30}, id="confidence, several"),
    pytest.param(2, ["wer", "cer"], BS | {"paired_bs_n": 30}, id="bootstrap, the edit rates"),
    pytest.param(
        2, ["bleu", "chrf", "ter"], BS | {"paired_bs_n": 30} | METRIC_OPTIONS, id="metric options"
    ),
]


@pytest.mark.parametrize(("count", "metrics", "fields"), CASES)
def test_the_scores_are_what_score_prints_for_the_same_systems_and_options(
    tmp_path: Path, count: int, metrics: list[str], fields: dict[str, Any]
) -> None:
    references = 2 if "wer" not in metrics else 1
    systems, streams = corpus(SEGMENTS, count, seed=count + len(metrics), references=references)
    answered = _answered(systems, streams, {"metrics": metrics, **fields})
    printed = _printed(tmp_path, systems, streams, "-m", *metrics, *_flags(fields))
    assert answered == printed


def test_systems_tested_apart_with_the_baseline_get_the_numbers_they_get_together() -> None:
    systems, streams = corpus(SEGMENTS, 4, seed=5)
    fields = {"metrics": ["bleu", "chrf"], "paired_ar": True, "paired_ar_n": 100}
    together = _answered(systems, streams, fields)
    apart = _answered([systems[0], systems[3]], streams, fields)
    assert apart == [together[0], {**together[3], "system": "sys1.txt"}]


def test_a_metric_tested_alone_gets_the_numbers_it_gets_beside_others() -> None:
    systems, streams = corpus(SEGMENTS, 2, seed=6)
    fields = {"paired_bs": True, "paired_bs_n": 60}
    together = _answered(systems, streams, {"metrics": ["bleu", "chrf"], **fields})
    alone = _answered(systems, streams, {"metrics": ["chrf"], **fields})
    assert [row["chrF2"] for row in alone] == [row["chrF2"] for row in together]


def _refused(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        execute("score-texts", "1.0.0", raw)
    return [(e["code"], e["pointer"]) for e in caught.value.errors]


TWO = [{"name": "a", "hypotheses": ["x y"]}, {"name": "b", "hypotheses": ["x z"]}]
REFERENCES = [["x y"]]


@pytest.mark.parametrize(
    ("fields", "refused"),
    [
        pytest.param({"hypotheses": ["x"], "systems": TWO}, ("conflicting_forms", "/systems")),
        pytest.param({}, ("required", "/hypotheses")),
        pytest.param(
            {"hypotheses": ["x"], "paired_bs": True}, ("needs_systems", "/paired_bs"), id="bs"
        ),
        pytest.param(
            {"systems": TWO, "paired_bs": True, "paired_ar": True},
            ("conflicting_tests", "/paired_ar"),
        ),
        pytest.param({"systems": TWO, "paired_ar_n": 50}, ("not_allowed", "/paired_ar_n")),
        pytest.param(
            {"systems": TWO, "paired_bs": True, "confidence_n": 50},
            ("not_allowed", "/confidence_n"),
        ),
        pytest.param({"systems": TWO, "sentence_level": True}, ("not_allowed", "/sentence_level")),
        pytest.param(
            {"hypotheses": ["x"], "confidence": True, "sentence_level": True},
            ("not_allowed", "/sentence_level"),
        ),
        pytest.param(
            {"systems": [TWO[0], {"name": "a", "hypotheses": ["x"]}]},
            ("duplicate_name", "/systems/1/name"),
        ),
        pytest.param(
            {"systems": [TWO[0], {"name": "c", "hypotheses": ["x", "y"]}]},
            ("segment_count_mismatch", "/systems/1/hypotheses"),
        ),
        pytest.param({"systems": TWO[:1]}, ("too_few_items", "/systems")),
        pytest.param(
            {"systems": TWO, "paired_bs": True, "paired_bs_n": 2001},
            ("above_maximum", "/paired_bs_n"),
        ),
    ],
)
def test_a_request_that_breaks_a_rule_of_systems_or_resampling_is_refused_where_it_breaks(
    fields: dict[str, Any], refused: tuple[str, str]
) -> None:
    assert _refused({"references": REFERENCES, **fields}) == [refused]


def test_resampling_beyond_its_bound_is_refused_naming_the_bound_and_the_remedy() -> None:
    systems = [{"name": f"s{k}", "hypotheses": ["a b"] * 10_000} for k in range(16)]
    raw = {"systems": systems, "references": [["a b"]] * 10_000, "metrics": ["bleu", "chrf"]}
    with pytest.raises(InputError) as caught:
        execute("score-texts", "1.0.0", raw | {"paired_ar": True})
    (error,) = caught.value.errors
    assert (error["code"], error["pointer"]) == ("too_many_resampling_steps", "")
    assert "1600000000, got 3200000000" in error["message"]
    assert "each with the baseline" in error["message"]
    half = execute("score-texts", "1.0.0", raw | {"paired_ar": True, "paired_ar_n": 5000})
    assert len(half["scores"]) == 16


def test_each_metric_s_bound_counts_every_system_s_hypotheses() -> None:
    # ROUGE-Lsum's line pairs: 2,000 lines against 2,000, 4 million a system.
    text = "a\n" * 1999 + "a"
    raw = {"references": [[text]], "metrics": ["rouge"]}
    assert execute("score-texts", "1.0.0", raw | {"hypotheses": [text]})["scores"]
    most = TOOL.contract.limits["max_total_sentence_pairs"]
    systems = [{"name": f"s{k}", "hypotheses": [text]} for k in range(most // 4_000_000 + 1)]
    assert _refused(raw | {"systems": systems}) == [("too_many_sentence_pairs", "")]


def test_the_texts_bound_counts_every_system_s_hypotheses() -> None:
    most = TOOL.contract.limits["max_total_string_bytes"]
    line = "a" * 4000
    segments = most // (8 * 4000)  # 8 texts a segment: 2 references and 6 systems within
    systems = [{"name": f"s{k}", "hypotheses": [line] * segments} for k in range(6)]
    raw = {"systems": systems, "references": [[line, line]] * segments}
    assert execute("score-texts", "1.0.0", raw)["scores"]
    more = [*systems, {"name": "s6", "hypotheses": [line] * segments}]
    assert _refused(raw | {"systems": more}) == [("too_many_string_bytes", "")]
