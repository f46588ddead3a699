"""The command loads only what it uses: ``--help`` and a BLEU, chrF or TER ``score`` run load
neither numpy nor the contracts, a ``score`` run not click, and BLEU on a small file none of
the other metrics' modules, the tokenizers' Unicode tables, JSON, the cluster or asyncio (each
in a fresh interpreter, where ``sys.modules`` tells)."""

import subprocess
import sys
from pathlib import Path

import click
import pytest

from mtcompute.cli.group import COMMANDS, cli, short_help

EXAMPLES = Path(__file__).parent.parent.parent / "examples" / "score"
# Run the command as its console script does, in this interpreter, then list the modules it
# loaded.
PROGRAM = """
import sys
from mtcompute.cli import main
sys.argv = ["mtcompute", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
finally:
    print("LOADED:", ",".join(sorted(sys.modules)))
"""
HEAVY = ("numpy", "mtcompute.contracts", "mtcompute.http")
# The package's top declares the scoring layer's tools through a module that imports nothing
# (contracts.declared): no contract is loaded by it.
LIGHT = ("mtcompute.contracts", "mtcompute.contracts.declared")
# What BLEU's corpus score of a small file does without: the other metrics, the rule-based
# tokenizers' modules and their Unicode tables (the compiled pass tokenizes), the oracle's
# sentence BLEU, several systems' reports, the cluster and what it runs on.
NOT_FOR_BLEU = (
    "asyncio",
    "json",
    "orjson",
    "shutil",
    "difflib",
    "mtcompute.fast.chrf",
    "mtcompute.fast.edits",
    "mtcompute.fast.bleu.sentence",
    "mtcompute.fast.bleu.sentence_score",
    "mtcompute.fast.ter",
    "mtcompute.metrics.chrf",
    "mtcompute.metrics.rouge.result",
    "mtcompute.metrics.rouge.score",
    "mtcompute.metrics.sentence",
    "mtcompute.metrics.ter",
    "mtcompute.metrics.tokenizers.intl",
    "mtcompute.metrics.tokenizers.lowercase",
    "mtcompute.metrics.tokenizers.thirteen_a",
    "mtcompute.metrics.tokenizers.unicode_data",
    "mtcompute.metrics.tokenizers.zh",
    "mtcompute.metrics.wer",
    "mtcompute.scale.cluster",
    "mtcompute.scoring.systems",
)


def _among(loaded: list[str], packages: tuple[str, ...]) -> list[str]:
    """The modules of ``loaded`` that are, or are in, one of ``packages``."""
    return [
        name
        for name in loaded
        if any(name == package or name.startswith(f"{package}.") for package in packages)
    ]


def loaded_by(*arguments: str) -> tuple[list[str], str]:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, *arguments],
        capture_output=True,
        text=True,
        check=True,
        cwd=EXAMPLES,
    )
    printed, _, loaded = done.stdout.rpartition("LOADED:")
    return [name for name in loaded.strip().split(",") if name], printed


@pytest.mark.parametrize(
    "arguments",
    [
        pytest.param(("--help",), id="--help"),
        pytest.param(("score", "ref1.txt", "-i", "hyp.txt", "-m", "bleu"), id="bleu"),
        pytest.param(("score", "ref1.txt", "ref2.txt", "-i", "hyp.txt", "-m", "chrf"), id="chrf"),
        pytest.param(
            ("score", "ref1.txt", "-i", "hyp.txt", "-m", "chrf++", "--sentence-level"), id="chrf++"
        ),
        pytest.param(("score", "ref1.txt", "-i", "hyp.txt", "-m", "ter"), id="ter"),
        pytest.param(
            ("score", "ref1.txt", "-i", "hyp.txt", "-m", "bleu", "chrf", "ter"), id="all three"
        ),
    ],
)
def test_help_and_a_score_run_load_neither_numpy_nor_the_contracts(
    arguments: tuple[str, ...],
) -> None:
    loaded, printed = loaded_by(*arguments)
    assert [name for name in _among(loaded, HEAVY) if name not in LIGHT] == []
    if arguments[0] == "score":
        assert _among(loaded, ("click",)) == []
    assert printed.strip()  # it did its work


def test_bleu_on_a_small_file_loads_only_bleu_s_modules() -> None:
    loaded, printed = loaded_by("score", "ref1.txt", "-i", "hyp.txt", "-m", "bleu", "-b")
    assert _among(loaded, NOT_FOR_BLEU) == []
    assert printed.strip() == "48.6"


def test_the_group_help_shows_each_command_s_own_short_help() -> None:
    context = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        for limit in (30, 45, 60, 200):
            assert short_help(name, limit) == command.get_short_help_str(limit), name


def test_an_unknown_command_is_a_usage_error() -> None:
    assert cli.get_command(click.Context(cli), "scroe") is None
