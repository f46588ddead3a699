"""``mtcompute score -m ter`` on files of generated segments of every script and kind of
whitespace (a line break excepted: it ends a line), with every option: sacreBLEU 2.6's TER of
the same files bit for bit, corpus and per segment."""

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.metrics.ter.options import TerOptions
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION, sacrebleu_ter


def _write(path: Path, lines: list[str]) -> str:
    path.write_bytes("".join(line + "\n" for line in lines).encode("utf-8"))
    return str(path)


def _read_as_sacrebleu_does(name: str) -> list[str]:
    # sacreBLEU's command reads a file with newline="\n" (a carriage return inside a line
    # stays) and strips each line at its end.
    with open(name, encoding="utf-8", newline="\n") as lines:
        return [line.rstrip() for line in lines]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("ter")
    corpus = tricky_texts.corpus(39, 60)

    def line(text: str) -> str:
        return text.replace("\n", " ")

    hypotheses = [line(hypothesis) for hypothesis, _ in corpus]
    streams = [[line(refs[k % len(refs)]) for _, refs in corpus] for k in range(2)]
    return [
        _write(folder / "hyp.txt", hypotheses),
        *(_write(folder / f"ref{k}.txt", stream) for k, stream in enumerate(streams)),
    ]


def _flags(options: TerOptions) -> list[str]:
    names = ("normalized", "no_punct", "asian_support", "case_sensitive")
    return ["--ter-" + n.replace("_", "-") for n in names if getattr(options, n)]


def _score(*args: str) -> list[dict[str, Any]]:
    """mtcompute's own objects (``--format jsonl``), one a line."""
    result = CliRunner().invoke(cli, ["score", *args, "--format", "jsonl"])
    assert result.exit_code == 0, result.stderr
    return [jsonio.loads(line) for line in result.stdout.splitlines()]  # type: ignore[misc]


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_score_m_ter_is_sacrebleus_on_the_same_files(files: list[str], options: TerOptions) -> None:
    hypothesis_file, *reference_files = files
    args = ["-i", hypothesis_file, "-r", reference_files[0], "-r", reference_files[1]]
    (ours,) = _score(*args, "-m", "ter", *_flags(options))
    hypotheses = _read_as_sacrebleu_does(hypothesis_file)
    streams = [_read_as_sacrebleu_does(name) for name in reference_files]
    theirs = sacrebleu_ter(options).corpus_score(hypotheses, streams)
    assert ours["score"] == theirs.score
    assert (ours["result"]["num_edits"], ours["result"]["ref_length"]) == (
        theirs.num_edits,
        theirs.ref_length,
    )
    sentences = _score(*args, "-m", "ter", "--sentence-level", *_flags(options))
    metric = sacrebleu_ter(options)
    their_sentences = [
        metric.sentence_score(hypothesis, list(references))
        for hypothesis, *references in zip(hypotheses, *streams, strict=True)
    ]
    assert [
        (s["score"], s["result"]["num_edits"], s["result"]["ref_length"])
        for s in sentences
        if "line" in s
    ] == [(s.score, s.num_edits, s.ref_length) for s in their_sentences]


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [o for o in EVERY_OPTION_COMBINATION if o.normalized and o.no_punct != o.case_sensitive],
    ids=str,
)
def test_score_m_ter_prints_what_sacrebleus_command_prints(
    files: list[str], options: TerOptions
) -> None:
    hypothesis_file, *reference_files = files
    args = [*reference_files, "-i", hypothesis_file, "-m", "ter", *_flags(options), "-b"]
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    theirs = subprocess.run([str(sacrebleu), *args, "-w", "16"], capture_output=True, check=True)
    ours = CliRunner().invoke(cli, ["score", *args, "-w", "16"])
    assert ours.exit_code == 0, ours.stderr
    assert ours.stdout == theirs.stdout.decode()
