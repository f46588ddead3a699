"""The command loads only what it uses: ``--help`` and a BLEU, chrF or TER ``score`` run load
neither numpy nor the contracts (each in a fresh interpreter, where ``sys.modules`` tells)."""

import subprocess
import sys
from pathlib import Path

import click
import pytest

from mtcompute.cli.main import COMMANDS, cli, short_help

EXAMPLES = Path(__file__).parent.parent.parent / "examples" / "score"
# Run the command in this interpreter, then list the heavy modules it loaded.
PROGRAM = """
import sys
from mtcompute.cli.main import cli
try:
    cli(sys.argv[1:], standalone_mode=False)
finally:
    # The package's top declares the scoring layer's tools through a module that imports
    # nothing (contracts.declared): no contract is loaded by it.
    light = ("mtcompute.contracts", "mtcompute.contracts.declared")
    heavy = sorted(
        name for name in sys.modules
        if name == "numpy" or name.startswith(("mtcompute.contracts", "mtcompute.http"))
        and name not in light
    )
    print("LOADED:", ",".join(heavy))
"""


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
    assert loaded == []
    assert printed.strip()  # it did its work


def test_the_group_help_shows_each_command_s_own_short_help() -> None:
    context = click.Context(cli)
    for name in COMMANDS:
        command = cli.get_command(context, name)
        assert command is not None
        for limit in (30, 45, 60, 200):
            assert short_help(name, limit) == command.get_short_help_str(limit), name


def test_an_unknown_command_is_a_usage_error() -> None:
    assert cli.get_command(click.Context(cli), "scroe") is None
