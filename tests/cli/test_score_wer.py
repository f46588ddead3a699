"""``mtcompute score -m wer cer``, run as a user runs it: jiwer's numbers times 100 in sacreBLEU's
line and JSON forms, the same bytes whatever ``--jobs`` and ``--chunk-size``, streamed from
standard input too."""

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import jiwer
import pytest

from tests.scale.corpora import generated_test_set

MTCOMPUTE = [str(Path(sys.executable).with_name("mtcompute"))]


def _write(path: Path, lines: Sequence[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def test_set(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], list[str], list[str]]:
    """REF -i HYP (300 segments), and their lines."""
    folder = tmp_path_factory.mktemp("wer")
    hypotheses, (references,) = generated_test_set(300, references=1, seed=39)
    hypotheses[7] = "  tabs\tand  runs  "  # jiwer's transforms, through the files
    args = [_write(folder / "ref.txt", references), "-i", _write(folder / "hyp.txt", hypotheses)]
    return args, hypotheses, references


def _output(*args: str, stdin: bytes | None = None) -> bytes:
    ran = subprocess.run(
        [*MTCOMPUTE, "score", *args], input=stdin, capture_output=True, timeout=300, check=False
    )
    assert ran.returncode == 0, ran.stderr.decode()
    return ran.stdout


def test_json_names_wer_and_cer_with_jiwers_numbers(
    test_set: tuple[list[str], list[str], list[str]],
) -> None:
    args, hypotheses, references = test_set
    lines = _output(*args, "-m", "wer", "cer", "--format", "jsonl").splitlines()
    named = {item["name"]: item for item in map(json.loads, lines)}
    assert sorted(named) == ["CER", "WER"]  # sacreBLEU's order: by name
    words, characters = named["WER"], named["CER"]
    assert words["score"] == 100 * jiwer.wer(references, hypotheses)
    assert words["result"]["wip"] == jiwer.wip(references, hypotheses)
    assert characters["score"] == 100 * jiwer.cer(references, hypotheses)
    assert characters["signature"].startswith("nrefs:1|tf:jiwer-default|tool:cer-compute@1.0.0|")


def test_the_text_line_is_sacrebleus_form(test_set: tuple[list[str], list[str], list[str]]) -> None:
    args, hypotheses, references = test_set
    line = _output(*args, "-m", "wer", "--format", "text").decode().strip()
    assert line.startswith("WER|nrefs:1|tf:jiwer-default|tool:wer-compute@1.0.0|mtcompute:")
    assert line.endswith(f" = {100 * jiwer.wer(references, hypotheses):.1f}")  # -w 1


@pytest.mark.parametrize("level", [(), ("--sentence-level",)], ids=["corpus", "sentence"])
def test_the_output_is_the_same_bytes_however_the_work_is_split(
    test_set: tuple[list[str], list[str], list[str]], level: tuple[str, ...]
) -> None:
    args = [*test_set[0], "-m", "wer", "cer", *level, "--format", "jsonl"]
    one = _output(*args, "--jobs", "1")
    for split in (("--jobs", "2", "--chunk-size", "7"), ("--jobs", "1", "--chunk-size", "1")):
        assert _output(*args, *split) == one, split


def test_sentence_lines_are_jiwers_per_segment(
    test_set: tuple[list[str], list[str], list[str]],
) -> None:
    args, hypotheses, references = test_set
    lines = _output(*args, "-m", "wer", "--sentence-level", "--format", "jsonl").splitlines()
    scores = [json.loads(line)["score"] for line in lines]
    assert scores == [100 * jiwer.wer(r, h) for h, r in zip(hypotheses, references, strict=True)]


def test_standard_input_streams_like_a_file(
    test_set: tuple[list[str], list[str], list[str]], tmp_path: Path
) -> None:
    (reference, _, _), lines, _ = test_set
    # A tab on standard input separates systems, as in sacreBLEU: one system has none.
    hypotheses = _write(tmp_path / "hyp.txt", [line.replace("\t", " ") for line in lines])
    args = [reference, "-m", "cer", "--sentence-level", "--chunk-size", "13"]
    piped = _output(*args, "-j", "2", stdin=Path(hypotheses).read_bytes())
    assert piped == _output(*args, "-i", hypotheses, "-j", "1")


def test_several_systems_are_compared_on_wer_and_cer(
    test_set: tuple[list[str], list[str], list[str]], tmp_path: Path
) -> None:
    (reference, _, hypotheses), lines, references = test_set
    other = _write(tmp_path / "other.txt", [line.upper() for line in lines])
    args = [reference, "-i", hypotheses, other, "-m", "wer", "cer", "--format", "jsonl"]
    rows = map(json.loads, _output(*args, "--paired-bs", "--paired-bs-n", "100").splitlines())
    # sacreBLEU names the first system "Baseline: NAME".
    scores = {(row["system"].removeprefix("Baseline: "), row["metric"]): row for row in rows}
    assert len(scores) == 4
    baseline = scores[(hypotheses, "wer")]["score"]
    assert baseline == 100 * jiwer.wer(references, lines)
    assert scores[(other, "cer")]["p_value"] is not None
