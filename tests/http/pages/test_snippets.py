"""The copy-ready calls on the pages run as shown, whatever the input holds."""

import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mtcompute import execute, jsonio
from mtcompute.http.pages.snippets import cli_command, curl_command, pretty, python_call

# A token for every quoting trap of a shell and of Python.
AWKWARD = ["it's", '"quoted"', "$HOME", "`x`", "a\\b", "\\n", "%s", "\u00e9", "\U0001f600"]
BODY = {"hypotheses": [AWKWARD], "references": [[AWKWARD]]}
TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
BIN = Path(sys.executable).parent


def _shell(command: str) -> bytes:
    """``command`` as a person pastes it, run by a real POSIX shell."""
    env = {"PATH": f"{BIN}:/usr/bin:/bin", "HOME": "/nonexistent"}
    answer = subprocess.run(
        ["sh", "-c", command], capture_output=True, check=True, timeout=60, env=env
    )
    return answer.stdout


def test_the_curl_command_is_quoted_for_the_shell_whatever_the_input_holds(
    base_url: str,
) -> None:
    url = f"{base_url}/v1/tools/{TOOL}/versions/{VERSION}/execute"
    command = curl_command(url, BODY)
    assert shlex.split(command)[-1] == jsonio.dumps(BODY).decode()
    answer = _shell(command + " --silent")
    assert jsonio.loads(answer) == {"result": execute(TOOL, VERSION, BODY)}


def test_the_cli_command_feeds_the_input_unchanged_whatever_it_holds() -> None:
    answer = _shell(cli_command(f"run {TOOL} {VERSION}", BODY))
    assert jsonio.loads(answer) == {"result": execute(TOOL, VERSION, BODY)}


def test_the_python_call_runs_and_gets_the_result() -> None:
    session: dict[str, Any] = {}
    exec(python_call("execute", [TOOL, VERSION, BODY]), session)
    assert session["result"] == execute(TOOL, VERSION, BODY)


@pytest.mark.parametrize(
    "value",
    [{}, [], {"a": []}, {"a": [1, 2.5, None, True]}, {"nested": {"deep": [[1] * 40]}}, BODY],
)
def test_pretty_json_is_the_same_json(value: object) -> None:
    assert jsonio.loads(pretty(value).encode()) == value


def test_pretty_json_keeps_short_lists_on_one_line_and_breaks_long_ones() -> None:
    assert pretty({"matches": [4, 3, 2, 1]}) == '{\n  "matches": [4, 3, 2, 1]\n}'
    long = pretty({"counts": list(range(40))})
    assert long.count("\n") == 43
    assert pretty({"bleu": 1.0}) == '{\n  "bleu": 1\n}'  # JavaScript's number form
