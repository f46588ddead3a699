"""Lint, format and type checks as part of the test suite, so that one command runs them all."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

CHECKS = [
    pytest.param(["ruff", "check", "."], id="ruff check"),
    pytest.param(["ruff", "format", "--check", "."], id="ruff format"),
    # mypy reads its files (src, tests, bench) and --strict from pyproject.toml.
    pytest.param(["mypy", "--strict"], id="mypy --strict"),
]


@pytest.mark.parametrize("command", CHECKS)
def test_the_code_passes(command: list[str]) -> None:
    tool, *args = command
    completed = subprocess.run(
        [str(BIN / tool), *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
