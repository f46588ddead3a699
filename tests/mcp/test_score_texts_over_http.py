"""An agent scores a whole test set in one call: the SDK's own client against a live server,
10,000 segments with 4 references (a body over the server's default 8 MiB), BLEU, chrF and TER,
with the numbers `mtcompute score` prints for the same files."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.mcp.clients import MODES, call
from tests.mcp.wmt_like import write_test_set

pytestmark = pytest.mark.slow


def _printed(paths: list[Path], *metrics: str) -> object:
    hypotheses, *references = map(str, paths)
    command = ["score", *references, "-i", hypotheses, "-m", *metrics, "--jobs", "1"]
    done = CliRunner().invoke(cli, command, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


@pytest.mark.parametrize("mode", MODES[1:])
def test_a_10000_segment_4_reference_set_is_scored_in_one_call_as_score_prints_it(
    mcp_url: str, mode: str, tmp_path: Path
) -> None:
    paths = write_test_set(tmp_path, 10_000, 4)
    lines = [path.read_text(encoding="utf-8").splitlines() for path in paths]
    arguments = {
        "hypotheses": lines[0],
        "references": [list(refs) for refs in zip(*lines[1:], strict=True)],
        "metrics": ["bleu", "chrf", "ter"],
    }
    assert len(jsonio.dumps(arguments)) > DEFAULT_MAX_BODY_BYTES  # raised for this tool
    result = call(mcp_url, mode, "score-texts", arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    assert result.structured_content["scores"] == _printed(paths, "bleu", "chrf", "ter")
