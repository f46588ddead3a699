"""``tools`` and ``describe`` go remote with ``--base-url`` or ``MTCOMPUTE_URL`` and print what
they print locally; a malformed base URL exits 2 saying how to fix it, before anything is sent."""

import pytest
from click.testing import CliRunner, Result

from mtcompute.cli.group import cli
from tests.http.inputs import TOOL, VERSION


def _invoke(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.mark.parametrize(
    "command",
    [["tools"], ["tools", "--json"], ["describe", TOOL, VERSION], ["describe", TOOL, "latest"]],
)
def test_a_remote_listing_or_contract_prints_what_the_local_one_does(
    base_url: str, command: list[str]
) -> None:
    local = _invoke(*command)
    remote = _invoke(*command, "--base-url", base_url)
    assert (remote.exit_code, remote.stdout) == (local.exit_code, local.stdout) == (0, local.stdout)


def test_the_environment_variable_stands_for_base_url(base_url: str) -> None:
    local = _invoke("describe", TOOL, "no-such-version")
    remote = _invoke("describe", TOOL, "no-such-version", env={"MTCOMPUTE_URL": base_url})
    assert remote.exit_code == local.exit_code == 2
    assert remote.stderr == local.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["tools"],
        ["describe", TOOL, VERSION],
        ["run", TOOL, VERSION, "--input", "-"],
        ["batch", "--input", "-"],
    ],
)
@pytest.mark.parametrize(
    ("url", "fix"),
    [
        ("localhost:8000", "write it as http://localhost:8000"),
        ("http://127.0.0.1:8000/v1", "give the server's root, http://127.0.0.1:8000"),
    ],
)
def test_every_remote_command_refuses_a_malformed_base_url_with_how_to_fix_it(
    command: list[str], url: str, fix: str
) -> None:
    result = _invoke(*command, "--base-url", url)
    assert result.exit_code == 2
    assert fix in result.stderr
    assert "Traceback" not in result.output
