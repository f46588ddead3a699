"""Tools declared above the contracts: each loader called once, when the tools are first listed."""

from typing import Any

from mtcompute.contracts import declared
from mtcompute.contracts.contract import Tool
from mtcompute.contracts.registry import latest


def test_a_loader_is_called_once_and_its_tools_kept() -> None:
    calls: list[int] = []
    tool = latest("chrf-compute")

    def loader() -> tuple[Tool[Any], ...]:
        calls.append(1)
        return (tool,)

    before = declared.declared_tools()
    declared.declare(loader)
    try:
        assert declared.declared_tools() == (*before, tool)
        assert declared.declared_tools() == (*before, tool)
        assert calls == [1]
    finally:
        declared._LOADED.remove(tool)


def test_the_package_declares_the_scoring_layer_s_tools() -> None:
    ids = {tool.contract.id for tool in declared.declared_tools()}
    assert "score-texts" in ids
