"""The package's basics: its license, version and changelog agree; `pip install mtcompute`
gives the library and the CLI's scoring without the server stack, which the "server" extra adds;
the README's install commands install what the commands after them need."""

import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import mtcompute
from mtcompute.cli.extras import SERVER_PACKAGES
from mtcompute.cli.group import cli

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXTRAS: dict[str, list[str]] = PROJECT["optional-dependencies"]
# What a command in the README needs, beyond the base install.
NEEDS = {"mtcompute serve": "server", "pytest": "test", "-m bench": "bench"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=;\[ ]", requirement, maxsplit=1)[0].lower()


def _extras_installed(extras: set[str]) -> set[str]:
    """The extras a `pip install .[extras]` brings, following mtcompute[...] inside them."""
    found, todo = set(), list(extras)
    while todo:
        extra = todo.pop()
        found.add(extra)
        for requirement in EXTRAS[extra]:
            inner = re.fullmatch(r"mtcompute\[(.*)\]", requirement)
            todo += [] if inner is None else inner.group(1).split(",")
    return found


def test_the_license_file_is_the_declared_license() -> None:
    assert PROJECT["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")


def test_the_version_is_one_and_the_changelog_has_it() -> None:
    assert mtcompute.__version__ == PROJECT["version"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## {mtcompute.__version__}\n" in changelog


def test_the_server_stack_is_in_the_server_extra_only() -> None:
    base = {_name(requirement) for requirement in PROJECT["dependencies"]}
    assert not base & set(SERVER_PACKAGES)
    assert {_name(requirement) for requirement in EXTRAS["server"]} == set(SERVER_PACKAGES)
    assert "server" in _extras_installed({"test"})


def test_each_readme_install_command_installs_what_its_command_needs() -> None:
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    lines = [line for block in blocks for line in block.splitlines() if "pip install" in line]
    assert len(lines) >= 2
    for line in lines:
        extras = re.search(r"pip install [^&]*?\.(?:\[([a-z,]+)\])?'?(?:\s|$)", line)
        assert extras is not None, line
        installed = _extras_installed(set((extras.group(1) or "").split(",")) - {""})
        needed = {extra for command, extra in NEEDS.items() if command in line}
        assert needed <= installed, line


_BLOCKED = (
    "import sys\n"
    f"for name in {SERVER_PACKAGES!r}: sys.modules[name] = None  # as if not installed\n"
    "from mtcompute.cli.main import main\n"
    "sys.argv = ['mtcompute', *sys.argv[1:]]\n"
    "main()\n"
)


def _without_server_stack(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _BLOCKED, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )


def test_scoring_text_files_needs_no_server_stack_and_prints_the_readmes_lines() -> None:
    command = re.search(r"```sh\n\.venv/bin/mtcompute (score [^\n]*)\n```", README)
    shown = re.search(r"```text\n(.*?)```", README, re.S)
    assert command is not None
    assert shown is not None
    completed = _without_server_stack(*command.group(1).split())
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == shown.group(1)


@pytest.mark.parametrize("command", ["serve", "mcp"])
def test_serving_without_the_server_extra_says_how_to_install_it(command: str) -> None:
    completed = _without_server_stack(command)
    assert completed.returncode == 1
    assert "pip install 'mtcompute[server]'" in completed.stderr
    assert "Traceback" not in completed.stderr


@pytest.mark.parametrize("command", [None, *sorted(cli.list_commands(None))])  # type: ignore[arg-type]
def test_the_help_of_the_command_and_of_each_subcommand_shows_an_example(
    command: str | None,
) -> None:
    result = CliRunner().invoke(cli, [*([command] if command else []), "--help"])
    assert result.exit_code == 0
    assert re.search(r"\n  Examples?( \(.*\))?:\n    (mtcompute |\{)", result.stdout), result.stdout


_PURE_PYTHON_SCORE = """
import mtcompute
from mtcompute.fast import compiled
assert mtcompute.__file__.startswith({wheel!r}), mtcompute.__file__
names = ("segment_statistics", "sentence_score", "token_check", "chrf_matrices",
         "bleu_matrices", "chrf_segment", "tokenize_many", "ter_edits", "edit_statistics")
absent = [getattr(compiled, name) for name in names]
assert absent == [None] * len(names), absent
print(mtcompute.sentence_bleu(["the", "cat", "on"], [["the", "cat", "sat"]]).bleu)
print(mtcompute.wer(["the cat on"], ["the cat sat"]).wer)
"""


_BUILT = (".*", "build", "dist", "*.egg-info", "*.so", "*.pyd", "__pycache__")


def test_without_a_c_compiler_the_package_builds_and_scores_on_its_python_paths(
    tmp_path: Path,
) -> None:
    # A copy without the products of earlier builds, which a build would otherwise reuse.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_BUILT))
    no_compiler = {**os.environ, "CC": "false", "LDSHARED": "false"}  # every compile fails
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    built = subprocess.run(
        [*command, "-w", str(tmp_path), str(source)],
        env=no_compiler,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(tmp_path.glob("mtcompute-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
    assert {"mtcompute/fast/compiled.py", "mtcompute/fast/_segment.pyi"} <= names
    scored = subprocess.run(
        [sys.executable, "-c", _PURE_PYTHON_SCORE.format(wheel=str(wheel))],
        env={**os.environ, "PYTHONPATH": str(wheel)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert scored.returncode == 0, scored.stderr
    # The contract's example, and a WER, as compiled.
    assert scored.stdout == "0.5503212081491045\n0.3333333333333333\n"
