"""Schemathesis fuzzes the live server from its own /openapi.json: no check may fail."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

_SCHEMATHESIS = str(Path(sys.executable).with_name("st"))
_CONFIG = Path(__file__).with_name("schemathesis.toml")
# Bounded to about half a minute on two cores: enough for every phase on every operation.
_MAX_EXAMPLES = 60
_TIMEOUT_SECONDS = 400  # about 200 s on a loaded 2-core machine, every tool version fuzzed


def test_schemathesis_finds_no_failure_in_any_operation(base_url: str, tmp_path: Path) -> None:
    command = [_SCHEMATHESIS, "--config-file", str(_CONFIG), "run", f"{base_url}/openapi.json"]
    command += ["--checks", "all", "--max-examples", str(_MAX_EXAMPLES), "--workers", "2"]
    run = subprocess.run(
        command, capture_output=True, text=True, timeout=_TIMEOUT_SECONDS, check=False, cwd=tmp_path
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Test cases:" in run.stdout
