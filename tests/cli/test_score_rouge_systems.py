"""``mtcompute score -m rouge`` with several systems: each ROUGE type a row of sacreBLEU's table
(a JSON object, a LaTeX column) named as one system's lines name it, with its signature, its
paired tests and intervals in both resamplings, and its score what one system's line gives."""

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from bench.rouge_texts import summary_pairs
from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.scoring.score import score_corpus

PAIRS = summary_pairs(40, seed=3)
TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def score(*args: str) -> Result:
    return CliRunner().invoke(cli, ["score", *args])


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    """The reference file, then two systems' (the second a shuffled copy of the first)."""
    references = [reference.replace("\n", " <n> ") for _, reference in PAIRS]
    first = [hypothesis.replace("\n", " <n> ") for hypothesis, _ in PAIRS]
    second = [" ".join(reversed(text.split())) for text in first]
    paths = []
    for name, lines in [("ref.txt", references), ("a.txt", first), ("b.txt", second)]:
        path = tmp_path / name
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    return paths


def _rows(*args: str) -> list[dict[str, Any]]:
    result = score(*args, "--format", "jsonl")
    assert result.exit_code == 0, result.output
    return [jsonio.loads(line) for line in result.stdout.splitlines()]  # type: ignore[misc]


def _one_system(hypotheses: str, reference: str, *options: str) -> dict[str, float]:
    lines = Path(hypotheses).read_text(encoding="utf-8").splitlines()
    streams = [Path(reference).read_text(encoding="utf-8").splitlines()]
    settings: dict[str, Any] = {"rouge_sentence_separator": "<n>"}
    if options:
        settings["rouge_types"] = options[0]
    return {
        scored.name: scored.score for scored in score_corpus(lines, streams, ["rouge"], settings)
    }


@pytest.mark.parametrize("test", ["--paired-bs", "--paired-ar"])
def test_each_type_is_a_row_whose_score_is_one_systems_with_a_p_value(
    files: list[str], test: str
) -> None:
    ref, one, two = files
    args = [ref, "-i", one, two, "-m", "rouge", "--rouge-sentence-separator", "<n>", test]
    rows = _rows(*args, f"{test}-n", "200")
    assert [(row["system"].removeprefix("Baseline: "), row["metric"]) for row in rows] == [
        (system, name) for system in (one, two) for name in TYPES
    ]
    for system, wanted in ((one, _one_system(one, ref)), (two, _one_system(two, ref))):
        got = {row["name"]: row["score"] for row in rows if row["system"].endswith(system)}
        assert got == wanted  # bit for bit
    assert all(0 < row["p_value"] <= 1 for row in rows[4:])
    assert all(f"|{test[-2:]}:200|seed:12345|types:" in row["signature"] for row in rows)


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
def test_intervals_repeat_with_the_seed_in_either_resampling(
    files: list[str], resampling: str
) -> None:
    ref, one, two = files
    args = [ref, "-i", one, two, "-m", "rouge", "--confidence", "-cin", "100"]
    args += ["--resampling", resampling, "--rouge-types", "rouge2,rougeL"]
    args += ["--rouge-sentence-separator", "<n>"]
    rows = _rows(*args)
    assert rows == _rows(*args)
    assert [row["metric"] for row in rows] == ["rouge2", "rougeL"] * 2
    assert all(row["mean"] > 0 and row["ci"] > 0 for row in rows)
    portable = "|resample:portable|" in rows[0]["signature"]
    assert portable == (resampling == "portable")
    if resampling == "portable":  # the exact mean, rounded once: at most an ulp or so apart
        wanted = _one_system(one, ref, "rouge2,rougeL")
        assert rows[0]["score"] == pytest.approx(wanted["rouge2"], rel=1e-15)


def test_the_table_has_a_column_and_a_signature_per_type(files: list[str]) -> None:
    ref, one, two = files
    result = score(ref, "-i", one, two, "-m", "rouge", "bleu", "--paired-bs", "-f", "text")
    assert result.exit_code == 0, result.output
    header = result.stdout.splitlines()[1]
    assert [name in header for name in [*TYPES, "BLEU"]] == [True] * 5
    signatures = result.stdout.split("Metric signatures")[1]
    assert [f" - {name:<10} nrefs:1|bs:1000|" in signatures for name in TYPES] == [True] * 4


def test_sacrebleus_json_and_latex_name_each_type(files: list[str]) -> None:
    ref, one, two = files
    args = [ref, "-i", one, two, "-m", "rouge", "--rouge-types", "rouge1,rougeLsum"]
    result = score(*args, "-f", "json")
    assert result.exit_code == 0, result.output
    systems = jsonio.loads(result.stdout.encode())
    assert isinstance(systems, list)
    assert [sorted(system) for system in systems] == [["rouge1", "rougeLsum", "system"]] * 2
    latex = score(*args, "--paired-ar", "--paired-ar-n", "100", "-f", "latex")
    assert latex.exit_code == 0, latex.output
    assert "rouge1" in latex.stdout
    assert "rougeLsum" in latex.stdout


def test_one_systems_confidence_gives_a_line_per_type(files: list[str]) -> None:
    ref, one, _ = files
    result = score(ref, "-i", one, "-m", "rouge", "--confidence", "-cin", "100", "-f", "text")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.strip().split("|")[0] for line in lines] == TYPES
    assert all("(μ = " in line for line in lines)
