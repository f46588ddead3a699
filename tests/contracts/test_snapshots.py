"""A released version never changes: its published contract (schemas, limits, prose, examples)
is the snapshot taken when it was released, byte for byte."""

import pytest

from mtcompute.contracts.registry import all_tools
from tests.contracts.snapshots import FOLDER, published, snapshot_path

RELEASED = [(tool.contract.id, tool.contract.version) for tool in all_tools()]


@pytest.mark.parametrize(("tool_id", "version"), RELEASED, ids=[f"{i}@{v}" for i, v in RELEASED])
def test_a_released_contract_is_published_exactly_as_its_snapshot(
    tool_id: str, version: str
) -> None:
    path = snapshot_path(tool_id, version)
    assert path.exists(), (
        f"no snapshot of {tool_id}@{version}: write it with python -m tests.contracts.snapshots"
    )
    assert published(tool_id, version) == path.read_bytes()


def test_every_snapshot_is_of_a_released_contract() -> None:
    names = {snapshot_path(tool_id, version).name for tool_id, version in RELEASED}
    assert {path.name for path in FOLDER.glob("*.json")} == names
