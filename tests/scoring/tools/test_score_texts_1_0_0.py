"""score-texts answers, for lines sent inline, the objects `mtcompute score --format json`
prints for the same lines in files, bit for bit; per-segment scores as `score -sl -f jsonl`."""

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtcompute import execute
from mtcompute.cli.group import cli
from mtcompute.errors import InputError, Violation
from mtcompute.scoring.tools.costs import ter_word_pairs
from mtcompute.scoring.tools.score_texts_1_0_0 import MAX_BODY_BYTES, TOOL

WORDS = (
    "the",
    "a",
    "cat",
    "dog",
    "sat",
    "ran",
    "on",
    "under",
    "mat",
    "rug",
    ",",
    ".",
    "!",
    "Hello",
    "there",
    "Élan",
    "naïve",
    "猫",
    "が",
)


def _line(rng: random.Random) -> str:
    return " ".join(rng.choices(WORDS, k=rng.randint(0, 14))) + rng.choice(["", " ", "  \t"])


def _texts(segments: int, references: int, seed: int) -> tuple[list[str], list[list[str]]]:
    rng = random.Random(seed)
    hypotheses = [_line(rng) for _ in range(segments)]
    return hypotheses, [[_line(rng) for _ in range(references)] for _ in range(segments)]


def _score(tmp_path: Path, hypotheses: list[str], references: list[list[str]], *args: str) -> Any:
    """What `mtcompute score` prints as JSON for these lines written to files."""
    (tmp_path / "hyp.txt").write_text("".join(f"{h}\n" for h in hypotheses), encoding="utf-8")
    names = []
    for k in range(len(references[0])):
        name = tmp_path / f"ref{k}.txt"
        name.write_text("".join(f"{refs[k]}\n" for refs in references), encoding="utf-8")
        names.append(str(name))
    command = ["score", *names, "-i", str(tmp_path / "hyp.txt"), "--jobs", "1", *args]
    done = CliRunner().invoke(cli, command, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return done.output


CASES = [
    pytest.param(["bleu", "chrf", "ter"], {}, [], id="defaults"),
    pytest.param(["chrf++", "rouge", "bleu"], {}, ["-w", "3"], id="chrf++ rouge width 3"),
    pytest.param(
        ["bleu", "chrf", "ter"],
        {
            "bleu": {"tokenize": "intl", "lowercase": True, "smooth_method": "floor"},
            "chrf": {"char_order": 4, "beta": 1, "whitespace": True, "lowercase": True},
            "ter": {"normalized": True, "asian_support": True, "case_sensitive": True},
        },
        [
            *("-tok", "intl", "-lc", "-s", "floor", "-cc", "4", "--chrf-beta", "1"),
            *("--chrf-whitespace", "--chrf-lowercase"),
            *("--ter-normalized", "--ter-asian-support", "--ter-case-sensitive"),
        ],
        id="options",
    ),
]


@pytest.mark.parametrize(("metrics", "options", "flags"), CASES)
@pytest.mark.parametrize("references", [1, 4])
def test_the_scores_are_the_objects_score_prints_for_the_same_lines(
    tmp_path: Path, metrics: list[str], options: dict[str, Any], flags: list[str], references: int
) -> None:
    hypotheses, refs = _texts(60, references, seed=references)
    width = int(flags[flags.index("-w") + 1]) if "-w" in flags else 1
    raw = {"hypotheses": hypotheses, "references": refs, "metrics": metrics, **options}
    result = execute("score-texts", "1.0.0", raw | {"width": width})
    printed = json.loads(_score(tmp_path, hypotheses, refs, "-m", *metrics, *flags))
    assert result["scores"] == (printed if isinstance(printed, list) else [printed])


def test_wer_and_cer_with_one_reference_are_score_s(tmp_path: Path) -> None:
    hypotheses, refs = _texts(40, 1, seed=7)
    result = execute(
        "score-texts",
        "1.0.0",
        {"hypotheses": hypotheses, "references": refs, "metrics": ["wer", "cer"]},
    )
    assert result["scores"] == json.loads(_score(tmp_path, hypotheses, refs, "-m", "wer", "cer"))


def test_sentence_level_scores_are_score_s_jsonl_lines(tmp_path: Path) -> None:
    hypotheses, refs = _texts(30, 2, seed=3)
    metrics = ["bleu", "chrf", "ter", "rouge"]
    raw = {"hypotheses": hypotheses, "references": refs, "metrics": metrics}
    result = execute("score-texts", "1.0.0", raw | {"sentence_level": True})
    assert result["scores"] == execute("score-texts", "1.0.0", raw)["scores"]
    lines = _score(tmp_path, hypotheses, refs, "-m", *metrics, "-sl", "-f", "jsonl")
    printed = [json.loads(line) for line in lines.splitlines()]
    for entry in result["sentences"]:
        mine = [p for p in printed if p["name"] == entry["name"]]
        assert entry["scores"] == [p["score"] for p in mine]
        assert {p["signature"] for p in mine} == {entry["signature"]}
    assert {p["name"] for p in printed} == {e["name"] for e in result["sentences"]}


def _refused(raw: dict[str, Any]) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        execute("score-texts", "1.0.0", raw)
    return caught.value.errors


def test_an_edit_rate_with_several_references_is_refused_at_its_name() -> None:
    errors = _refused({"hypotheses": ["a"], "references": [["a", "b"]], "metrics": ["ter", "cer"]})
    assert [(e["code"], e["pointer"]) for e in errors] == [("one_reference", "/metrics/1")]


def test_a_refusal_of_a_metric_s_options_points_at_its_object() -> None:
    raw = {
        "hypotheses": ["a"],
        "references": [["a"]],
        "rouge": {"rouge_types": ["rouge1", "rouge1"]},
    }
    errors = _refused(raw | {"metrics": ["rouge"]})
    assert errors[0]["pointer"] == "/rouge"


def test_ter_s_word_pairs_are_bounded_only_when_ter_is_asked_for() -> None:
    # 21 pairs of 2,000 words: 2,000 x 1,000 word pairs each, 42 million in all.
    text = " ".join(["a"] * 2000)
    raw = {"hypotheses": [text] * 21, "references": [[text]] * 21}
    assert execute("score-texts", "1.0.0", raw | {"metrics": ["bleu"]})["scores"]
    errors = _refused(raw | {"metrics": ["ter"]})
    assert [e["code"] for e in errors] == ["too_many_word_pairs"]
    assert "42000000" in errors[0]["message"]


def test_a_translation_test_set_of_wmt_size_is_within_ter_s_bound_with_room() -> None:
    # 10,000 segments x 4 references of 25 words (about 150 bytes): 25 million word pairs.
    words = " ".join(f"w{i}" for i in range(25))
    raw = {"hypotheses": [words] * 10_000, "references": [[words] * 4] * 10_000}
    limit = TOOL.contract.limits["max_total_word_pairs"]
    assert ter_word_pairs(raw) == 40_000 * 25 * 25
    assert 1.5 * ter_word_pairs(raw) < limit


def test_the_body_limit_it_declares_fits_its_largest_input_escaped() -> None:
    most = TOOL.contract.limits["max_total_string_bytes"]
    texts = TOOL.contract.limits["max_segments"] * 9
    assert 6 * most + 3 * texts + 100_000 < MAX_BODY_BYTES
