"""The files in examples/: one per released tool, its contract's first example, and the batch
page's example; each gives the contract's answer through the command line."""

from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from mtcompute.cli.group import cli
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.meta.batch.doc import RESEARCH_BATCH, RESEARCH_RESPONSE

EXAMPLES = Path(__file__).parents[1] / "examples"


def test_every_file_in_examples_is_a_tools_example_or_the_batch_example() -> None:
    expected = {f"{tool_id}-{latest(tool_id).contract.version}.json" for tool_id in tool_ids()}
    assert {path.name for path in EXAMPLES.glob("*.json")} == {*expected, "execute-batch.json"}


@pytest.mark.parametrize("tool_id", tool_ids())
def test_a_tools_example_file_runs_to_the_contracts_example_result(tool_id: str) -> None:
    contract = latest(tool_id).contract
    path = EXAMPLES / f"{tool_id}-{contract.version}.json"
    (example, *_) = contract.examples
    assert orjson.loads(path.read_bytes()) == example.input
    ran = CliRunner().invoke(cli, ["run", tool_id, contract.version, "--input", str(path)])
    assert ran.exit_code == 0, ran.output
    assert orjson.loads(ran.stdout) == {"result": example.result}


def test_the_batch_example_file_runs_to_the_pages_response() -> None:
    path = EXAMPLES / "execute-batch.json"
    assert orjson.loads(path.read_bytes()) == RESEARCH_BATCH
    ran = CliRunner().invoke(cli, ["batch", "--input", str(path)])
    assert ran.exit_code == 0, ran.output
    assert orjson.loads(ran.stdout) == RESEARCH_RESPONSE
