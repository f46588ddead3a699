"""``score`` of several systems read in chunks prints the bytes the whole read prints, for every
resampled metric, both resamplings, every test, several references, tab-split references and
systems on standard input. The whole read is what another encoding than UTF-8 takes:
``--encoding utf-8-sig`` decodes these files (no byte-order mark) as UTF-8 does."""

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mtcompute.cli.group import cli
from tests.fast.resampling.corpora import corpus

_WHOLE = ["--encoding", "utf-8-sig"]
_SEGMENTS = 61


def _score(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["score", *args], input=stdin)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Two reference files, the same two tab-separated in one, and three systems."""
    folder = tmp_path_factory.mktemp("systems")
    hypotheses, streams = corpus(_SEGMENTS, 3, seed=11, references=2)
    hypotheses[1][5] = ""  # an empty segment
    hypotheses[2][9] = "  Über   café  東京 running "
    named = {
        "ref": streams[0],
        "ref2": streams[1],
        # (sacreBLEU strips a line before splitting it: a last reference is never empty)
        "tabs": [f"{a}\t{b or '.'}" for a, b in zip(*streams, strict=True)],
        **{f"sys{k}": lines for k, lines in enumerate(hypotheses)},
    }
    paths = {}
    for name, lines in named.items():
        path = folder / f"{name}.txt"
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths[name] = str(path)
    return paths


def _same_as_whole(args: list[str], stdin: str | None = None) -> str:
    whole = _score(*args, *_WHOLE, stdin=stdin)
    assert whole.exit_code == 0, whole.stderr
    for chunking in (["--chunk-size", "7"], [], ["--chunk-bytes", "300"]):
        chunked = _score(*args, *chunking, stdin=stdin)
        assert chunked.exit_code == 0, chunked.stderr
        assert chunked.stdout_bytes == whole.stdout_bytes, chunking
    return whole.stdout


_TESTS = [
    ["--paired-bs", "--paired-bs-n", "120"],
    ["--paired-ar", "--paired-ar-n", "150", "--confidence", "--confidence-n", "40"],
    ["--paired-ar", "--paired-ar-n", "150"],
    ["--confidence", "--confidence-n", "60"],
    ["--paired-all", "--paired-bs-n", "80"],
    [],
]
_METRICS = [
    ["-m", "bleu", "chrf", "ter"],
    ["-m", "chrf++", "bleu", "--tokenize", "char", "-lc"],
    ["-m", "rouge", "--rouge-stemmer", "--rouge-types", "rouge1,rougeL,rougeLsum"],
    ["-m", "ter", "--ter-normalized", "--ter-case-sensitive"],
]


@pytest.mark.parametrize("mode", ["sacrebleu", "portable"])
@pytest.mark.parametrize("test", _TESTS, ids=lambda args: " ".join(args[:1]) or "none")
@pytest.mark.parametrize("metrics", _METRICS, ids=lambda args: " ".join(args[1:3]))
def test_several_systems_read_in_chunks_print_the_whole_reads_bytes(
    files: dict[str, str], metrics: list[str], test: list[str], mode: str
) -> None:
    args = [files["ref"], files["ref2"], "-i", files["sys0"], files["sys1"], files["sys2"]]
    printed = _same_as_whole([*args, *metrics, *test, "--resampling", mode, "-f", "text"])
    assert "Metric signatures" in printed


@pytest.mark.parametrize("output", ["json", "jsonl", "latex"])
def test_every_format_of_several_systems_is_the_whole_reads(
    files: dict[str, str], output: str
) -> None:
    args = [files["ref"], "-i", files["sys0"], files["sys1"], "-m", "wer", "cer", "bleu"]
    _same_as_whole([*args, "--paired-bs", "--paired-bs-n", "50", "-f", output])


@pytest.mark.parametrize("mode", ["sacrebleu", "portable"])
@pytest.mark.parametrize("output", ["text", "json", "jsonl"])
def test_one_system_with_confidence_read_in_chunks_prints_the_whole_reads_bytes(
    files: dict[str, str], output: str, mode: str
) -> None:
    args = [files["ref"], files["ref2"], "-i", files["sys1"], "-m", "bleu", "chrf", "ter", "rouge"]
    _same_as_whole(
        [*args, "--confidence", "--confidence-n", "30", "--resampling", mode, "-f", output]
    )


def test_tab_split_references_read_in_chunks_are_the_whole_reads(files: dict[str, str]) -> None:
    args = [files["tabs"], "-nr", "2", "-i", files["sys0"], files["sys2"], "-m", "ter", "chrf"]
    _same_as_whole([*args, "--paired-ar", "--paired-ar-n", "100", "--resampling", "portable"])


def test_systems_on_standard_input_read_in_chunks_are_the_whole_reads(
    files: dict[str, str],
) -> None:
    columns = [Path(files[f"sys{k}"]).read_text(encoding="utf-8").splitlines() for k in range(3)]
    rows = zip(*columns, strict=True)  # (a line is stripped first: no last system is empty)
    stdin = "".join("\t".join(row[:-1]) + f"\t{row[-1] or '.'}\n" for row in rows)
    printed = _same_as_whole(
        [files["ref"], "-m", "bleu", "rouge", "--paired-bs", "-f", "text"], stdin
    )
    assert "Baseline" in printed


def test_one_system_on_standard_input_is_scored_as_one_system(files: dict[str, str]) -> None:
    stdin = Path(files["sys0"]).read_text(encoding="utf-8")
    printed = _same_as_whole([files["ref"], "-m", "chrf", "-f", "text"], stdin)
    assert printed.startswith("chrF2|")


def test_a_reference_on_standard_input_is_read_in_chunks_as_whole(files: dict[str, str]) -> None:
    stdin = Path(files["ref"]).read_text(encoding="utf-8")
    args = ["-", "-i", files["sys0"], files["sys1"], "-m", "bleu", "-f", "text"]
    _same_as_whole(args, stdin)


_PROBLEMS: list[tuple[list[str], str]] = [
    (["{ref}", "-i", "{sys0}", "{sys1}", "{sys0}"], "{sys0} is given twice after -i"),
    (["{ref}", "-i", "{sys0}", "{short}"], "{ref} has 61 lines but {short} has 3"),
    (["{short}", "-i", "{sys0}", "{sys1}"], "{short} has 3 lines but Baseline: {sys0} has 61"),
    (["{tabs}", "-nr", "3", "-i", "{sys0}", "{sys1}"], "line 1 has 2 tab-separated references"),
    (["{ref}", "-i", "{sys0}", "missing.txt"], "missing.txt: no such file"),
    (["{ref}", "{bad}", "-i", "{short}", "{sys1}"], "{bad}: line 3 is not utf-8"),
]


@pytest.mark.parametrize(("arguments", "expected"), _PROBLEMS)
def test_file_problems_of_several_systems_are_the_whole_reads(
    files: dict[str, str], tmp_path: Path, arguments: list[str], expected: str
) -> None:
    short, bad = tmp_path / "short.txt", tmp_path / "bad.txt"
    short.write_text("a\nb\nc\n", encoding="utf-8")
    bad.write_bytes(b"a\nb\n\xff\n" * 30)
    named = {**files, "short": str(short), "bad": str(bad)}
    args = [*(word.format(**named) for word in arguments), "--paired-bs"]
    if "twice" in expected:  # a paired test against the baseline skips it named again
        args[-1] = "--paired-all"
    chunked, whole = _score(*args, "--chunk-size", "2"), _score(*args, *_WHOLE)
    assert chunked.exit_code == whole.exit_code == 2
    assert expected.format(**named) in chunked.stderr
    if "not utf-8" not in expected:  # the whole read names its own codec
        assert chunked.stderr == whole.stderr
