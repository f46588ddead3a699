"""``mtcompute score ARGS`` prints what ``sacrebleu ARGS`` (2.6.0) prints, on generated files:
a table of sacreBLEU command lines, each run through the real ``sacrebleu`` command and through
``score``, whose standard outputs are equal once each signature's version part is set aside
(sacreBLEU's ``version:2.6.0`` or ``v:2.6.0``, mtcompute's ``tool:...|mtcompute:...``).

Text lines of several metrics are right-aligned on their " = " by the longest signature, and
the version parts differ in length, so those lines are compared without their leading
spaces; everything else byte for byte. The sacreBLEU processes run a few at a time.
"""

import os
import random
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute.cli.group import cli
from mtcompute.metrics.tokenizers import ALL_TOKENIZER_NAMES

_WORDS = (
    "the", "cat", "sat", "on", "a", "mat", "(hi)", "don't", "U.S.", "é", "naïve", "!",
    "Über", "3,000.5", "5-4", "«oui»", "中文", "&amp;", "İstanbul", "—", "Straße", "dog",
)  # fmt: skip

# The sacreBLEU command lines (without the program's name), in the generated files' names.
COMMAND_LINES = (
    "ref.txt -i hyp.txt",
    "ref.txt -i hyp.txt -f text",
    "ref.txt -i hyp.txt -b",
    "ref.txt -i hyp.txt -b -f text",
    "ref.txt -i hyp.txt -w 0",
    "ref.txt -i hyp.txt -w 4 -f text",
    "ref.txt -i hyp.txt -sh -f text",
    "ref.txt -i hyp.txt -sh",
    "ref.txt -i hyp.txt -m bleu chrf ter",
    "ref.txt -i hyp.txt -m bleu chrf ter -f text",
    "ref.txt -i hyp.txt -m ter chrf -b",
    "ref.txt -i hyp.txt -m bleu chrf ter -f latex",
    "ref.txt -i hyp.txt -m chrf",
    "ref.txt -i hyp.txt -m chrf -cw 2 -f text",
    "ref.txt -i hyp.txt -m chrf --chrf-word-order 2 --chrf-lowercase",
    "ref.txt -i hyp.txt -m chrf -cc 4 --chrf-beta 3 -f text",
    "ref.txt -i hyp.txt -m chrf --chrf-whitespace --chrf-eps-smoothing -f text",
    "ref.txt -i hyp.txt -m ter --ter-case-sensitive --ter-no-punct -f text",
    "ref.txt -i hyp.txt -m ter --ter-normalized --ter-asian-support",
    "ref.txt -i hyp.txt -tok intl -lc -f text",
    "ref.txt -i hyp.txt -tok char -s floor -sv 0.2 -f text",
    "ref.txt -i hyp.txt -tok none -s add-k",
    "ref.txt -i hyp.txt -s none --force -f text",
    "ref.txt -i hyp.txt -l de-en -f text",
    "ref.txt -i hyp.txt -l en-zh",
    "ref.txt ref2.txt -i hyp.txt",
    "ref.txt ref2.txt -i hyp.txt -m bleu chrf -f text",
    "refs.tsv -nr 2 -i hyp.txt -f text",
    "ref.latin1 -i hyp.latin1 -e latin-1 -m bleu chrf",
    "ref.txt -i hyp.txt -sl",
    "ref.txt -i hyp.txt -sl -b",
    "ref.txt -i hyp.txt -sl -m chrf -sh",
    "ref.txt -i hyp.txt -sl -m ter -w 3",
    "ref.txt -i hyp.txt -sl -m chrf -cw 2 -f json",
    "ref.txt -i hyp.txt -ci -cin 30",
    "ref.txt -i hyp.txt -m bleu chrf -ci -cin 20 -f text",
    "ref.txt -i hyp.txt -d",
    "ref.txt -i hyp.txt hyp2.txt",
    "ref.txt -i hyp.txt hyp2.txt hyp3.txt -m bleu chrf ter -f text",
    "ref.txt -i hyp.txt hyp2.txt -m bleu chrf -f latex -w 2",
    "ref.txt -i hyp.txt hyp2.txt -m bleu chrf -f text -sh",
    "ref.txt -i hyp.txt hyp2.txt hyp3.txt -pbs -pbsn 30 -m bleu",
    "ref.txt -i hyp.txt hyp2.txt -pbs -pbsn 30 -m bleu chrf -f text",
    "ref.txt -i hyp.txt hyp2.txt -par -parn 40 -m bleu ter",
    "ref.txt -i hyp.txt hyp2.txt hyp3.txt -par -parn 40 -m bleu chrf -f text",
    "ref.txt -i hyp.txt hyp2.txt -pbs -pbsn 30 -f latex -j 2",
    "ref.txt -i hyp.txt hyp2.txt -par -parn 30 -m ter bleu -f text -w 3",
    "ref.txt -i hyp.txt hyp2.txt hyp.txt -pbs -pbsn 20 -f text",
    "ref.txt < hyp.txt",
    "ref.txt -f text -m chrf < systems.tsv",
    "ref.txt -pbs -pbsn 20 -f text < systems.tsv",
)

_VERSION = re.compile(r"(?:version|v):2\.6\.0")
_OURS = re.compile(r"tool:[^|\s\"]+\|mtcompute:[^|\s\"]+")
_JSON_VERSION = re.compile(r'\s*"version": "2\.6\.0"\n')
_JSON_OURS = re.compile(r'\s*"tool": "[^"]*",\n(\s*)"mtcompute": "[^"]*"\n')


def _line(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 12)))


def _edited(rng: random.Random, line: str) -> str:
    words = [w for w in line.split(" ") if rng.random() > 0.2] or ["the"]
    text = " ".join(rng.choice(_WORDS) if rng.random() < 0.2 else w for w in words)
    return text + (" " if rng.random() < 0.1 else "")  # sacreBLEU strips a trailing space


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("dropin")
    rng = random.Random(36)
    refs = [_line(rng) for _ in range(60)]
    refs2 = [_edited(rng, line) for line in refs]
    systems = [[_edited(rng, line) for line in refs] for _ in range(3)]

    def write(name: str, lines: list[str], encoding: str = "utf-8") -> None:
        (where / name).write_bytes("".join(f"{line}\n" for line in lines).encode(encoding))

    write("ref.txt", refs)
    write("ref2.txt", refs2)
    write("refs.tsv", [f"{a}\t{b}" for a, b in zip(refs, refs2, strict=True)])
    for k, system in enumerate(systems):
        write(f"hyp{k + 1 if k else ''}.txt", system)
    write("systems.tsv", ["\t".join(column) for column in zip(*systems, strict=True)])
    latin = [_latin(line) for line in refs]
    write("ref.latin1", latin, "latin-1")
    write("hyp.latin1", [_latin(_edited(rng, line)) for line in latin], "latin-1")
    return where


def _latin(line: str) -> str:
    """The line with what Latin-1 cannot encode replaced."""
    return line.encode("latin-1", errors="replace").decode("latin-1")


def _split(command: str) -> tuple[list[str], str | None]:
    words = command.split()
    if "<" in words:
        at = words.index("<")
        return words[:at], words[at + 1]
    return words, None


def _theirs(where: Path, command: str) -> tuple[int, str]:
    args, stdin = _split(command)
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    environment = {**os.environ, "NO_COLOR": "1"}
    environment.pop("SACREBLEU_FORMAT", None)
    with open(where / stdin, "rb") if stdin else open(os.devnull, "rb") as given:
        done = subprocess.run(
            [str(sacrebleu), *args, "-q"],
            cwd=where,
            stdin=given,
            capture_output=True,
            env=environment,
            check=False,
        )
    output = done.stdout if not done.returncode else done.stdout + done.stderr
    return done.returncode, output.decode("utf-8")


def _ours(where: Path, command: str) -> tuple[int, str]:
    args, stdin = _split(command)
    data = (where / stdin).read_bytes() if stdin else b""
    previous = Path.cwd()
    os.chdir(where)
    try:
        result = CliRunner().invoke(cli, ["score", *args, "-q", "--jobs", "1"], input=data)
    finally:
        os.chdir(previous)
    return result.exit_code, result.stdout


def _normalized(text: str) -> str:
    text = _JSON_VERSION.sub("\n", text)
    text = _JSON_OURS.sub("\n", text)
    text = _VERSION.sub("VERSION", _OURS.sub("VERSION", text))
    # A JSON object's last key went: the one before it lost its comma's need.
    text = re.sub(r",\n(\s*)\n", r"\n\1", text).replace("\n\n", "\n")
    return "\n".join(line.lstrip(" ") if " = " in line else line for line in text.split("\n"))


@pytest.fixture(scope="module")
def theirs(files: Path) -> dict[str, tuple[int, str]]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        outputs = pool.map(lambda command: _theirs(files, command), COMMAND_LINES)
        return dict(zip(COMMAND_LINES, outputs, strict=True))


def test_the_table_holds_forty_command_lines_or_more() -> None:
    assert len(set(COMMAND_LINES)) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMAND_LINES)
def test_score_prints_what_sacrebleu_prints(
    command: str, files: Path, theirs: dict[str, tuple[int, str]]
) -> None:
    their_code, their_output = theirs[command]
    assert their_code == 0, f"sacrebleu {command} failed: {their_output}"
    code, output = _ours(files, command)
    assert code == 0, output
    assert _normalized(output) == _normalized(their_output)
    assert "version:" not in output  # the version part is mtcompute's


@pytest.mark.slow
def test_the_paired_bootstrap_json_that_sacrebleu_cannot_write_is_written(files: Path) -> None:
    command = "ref.txt -i hyp.txt hyp2.txt -pbs -pbsn 20 -m chrf"
    their_code, _ = _theirs(files, command)
    assert their_code != 0  # sacreBLEU 2.6.0 raises on its float32 means
    code, output = _ours(files, command)
    assert code == 0
    assert '"chrF2": {' in output
    assert '"mean": ' in output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["ref.txt", "-i", "hyp.txt", "-tok", "nope"], "tokenizer 'nope'"),
        (["ref.txt", "-i", "missing.txt"], "missing.txt: no such file"),
        (["refs.tsv", "-nr", "3", "-i", "hyp.txt"], "expected 3 (--num-refs 3)"),
        (["-i", "hyp.txt", "-t", "wmt17", "-l", "en-de"], "sacrebleu -t wmt17 -l en-de"),
        (["ref.txt", "-i", "hyp.txt", "--list"], "sacrebleu --list"),
        (["ref.txt", "-i", "hyp.latin1"], "not utf-8"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_on_stdout(
    files: Path, args: list[str], says: str
) -> None:
    previous = Path.cwd()
    os.chdir(files)
    try:
        empty_cache = {"SACREBLEU": str(files / "no-cache")}
        result = CliRunner().invoke(cli, ["score", *args, "-q", "--jobs", "1"], env=empty_cache)
    finally:
        os.chdir(previous)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert says.lower() in result.stderr.lower()


@pytest.mark.parametrize(
    ("pair", "tokenizer"),
    [("de-zh", "zh"), ("en-ja", "ja-mecab"), ("en-ko", "ko-mecab"), ("ja-en", "13a")],
)
def test_l_picks_sacrebleus_tokenizer_for_the_target_or_refuses_one_not_here(
    files: Path, pair: str, tokenizer: str
) -> None:
    previous = Path.cwd()
    os.chdir(files)
    try:
        result = CliRunner().invoke(cli, ["score", "ref.txt", "-i", "hyp.txt", "-l", pair, "-q"])
    finally:
        os.chdir(previous)
    if tokenizer in ALL_TOKENIZER_NAMES:
        assert result.exit_code == 0, result.stderr
        assert f'"tok": "{tokenizer}' in result.stdout
    else:
        assert result.exit_code == 2
        assert result.stdout == ""
        assert f"-l {pair} asks for tokenizer '{tokenizer}'" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("variable", ["text", "LaTeX", "json", "yaml"])
def test_sacrebleu_format_overrides_f_as_sacrebleu_reads_it(files: Path, variable: str) -> None:
    command = ["ref.txt", "-i", "hyp.txt", "hyp2.txt", "-m", "bleu", "chrf", "-f", "json"]
    sacrebleu = Path(sys.executable).with_name("sacrebleu")
    environment = {**os.environ, "NO_COLOR": "1", "SACREBLEU_FORMAT": variable}
    theirs = subprocess.run(
        [str(sacrebleu), *command, "-q"],
        cwd=files,
        capture_output=True,
        env=environment,
        check=True,
    )
    previous = Path.cwd()
    os.chdir(files)
    try:
        ours = CliRunner().invoke(
            cli, ["score", *command, "-q"], env={"SACREBLEU_FORMAT": variable}
        )
    finally:
        os.chdir(previous)
    assert ours.exit_code == 0, ours.stderr
    assert _normalized(ours.stdout) == _normalized(theirs.stdout.decode("utf-8"))
