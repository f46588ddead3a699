"""What the home page and the docs show a researcher is what ``mtcompute score`` prints for the
repository's example files, and both pages show it."""

import os
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from markupsafe import escape

from mtcompute.cli.group import cli
from mtcompute.http.pages.researchers import SCORE_COMMAND, SCORE_OUTPUT

EXAMPLES = Path(__file__).parents[3] / "examples" / "score"


def test_the_command_shown_prints_the_output_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(EXAMPLES)
    command = SCORE_COMMAND.splitlines()[0].split()
    assert command[:2] == ["mtcompute", "score"]
    ran = CliRunner().invoke(cli, command[1:])
    assert ran.exit_code == 0, ran.output
    assert ran.stdout == SCORE_OUTPUT + "\n"
    assert os.getcwd() == str(EXAMPLES)


@pytest.mark.parametrize("path", ["/", "/docs"])
def test_home_and_docs_show_the_command_and_its_output(client: httpx.Client, path: str) -> None:
    page = client.get(path, headers={"accept": "text/html"}).text
    assert str(escape(SCORE_COMMAND)) in page
    assert str(escape(SCORE_OUTPUT)) in page


def test_the_docs_show_the_recipe_for_a_test_set_over_the_limits(client: httpx.Client) -> None:
    page = client.get("/docs", headers={"accept": "text/html"}).text
    assert 'id="parts"' in page
    assert "bleu-corpus-from-statistics" in page
    assert "chrf-from-statistics" in page
    assert "ter-from-statistics" in page
