"""An agent tests two systems on a whole test set in one call: the SDK's own client against a
real `mtcompute mcp`, a paired bootstrap on 3,004 segments (a WMT news test set's size), with
the numbers `mtcompute score --paired-bs` prints for the same files."""

import contextlib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute.cli.group import cli
from tests.mcp.clients import STATELESS, call, stdio_command
from tests.mcp.wmt_like import write_test_set

pytestmark = pytest.mark.live


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_a_paired_bootstrap_of_two_systems_on_3004_segments_is_score_s_in_one_call(
    tmp_path: Path,
) -> None:
    # Two rewordings of the first reference: the hypotheses and the second reference's lines.
    baseline, reference, candidate = write_test_set(tmp_path, 3004, 2)
    arguments = {
        "systems": [
            {"name": baseline.name, "hypotheses": _lines(baseline)},
            {"name": candidate.name, "hypotheses": _lines(candidate)},
        ],
        "references": [[line] for line in _lines(reference)],
        "paired_bs": True,
    }
    # This interpreter's environment, so that the server runs the code under test.
    server = stdio_command().model_copy(update={"env": dict(os.environ)})
    result = call(server, STATELESS, "score-texts", arguments)
    assert not result.is_error, result.content
    command = ["score", reference.name, "-i", baseline.name, candidate.name, "--paired-bs"]
    with contextlib.chdir(tmp_path):  # score names each system by its file's name, as given
        done = CliRunner().invoke(cli, [*command, "--jobs", "1"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert result.structured_content is not None
    assert result.structured_content["scores"] == json.loads(done.stdout)
