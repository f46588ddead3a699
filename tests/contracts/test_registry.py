"""The registry: tools found by id and version, the catalog, and the latest version."""

from typing import Any

import pytest

from mtcompute.contracts import bleu_corpus_compute_1_0_0, registry
from mtcompute.contracts.contract import Contract, Tool
from mtcompute.contracts.registry import (
    LATEST,
    all_tools,
    catalog,
    get_tool,
    latest,
    tool_ids,
    versions_of,
)
from mtcompute.errors import UnknownToolError

BLEU = "bleu-corpus-compute"


def test_a_released_tool_is_found_by_id_and_version() -> None:
    tool = get_tool(BLEU, "1.0.0")
    assert tool is bleu_corpus_compute_1_0_0.TOOL
    assert (tool.contract.id, tool.contract.version) == (BLEU, "1.0.0")


def test_an_unknown_tool_is_an_error_naming_the_tools_that_exist() -> None:
    with pytest.raises(UnknownToolError) as caught:
        get_tool("bleu-corpus", "1.0.0")
    error = caught.value
    assert error.code == "unknown_tool"
    assert error.exit_code == 2
    assert error.errors == [
        {
            "code": "unknown_tool",
            "pointer": "",
            "message": f"no tool named 'bleu-corpus'; the tools are: {', '.join(tool_ids())}",
        }
    ]


@pytest.mark.parametrize("version", ["1.0", "1.0.1", "2.0.0", "Latest", ""])
def test_an_unknown_version_is_an_error_naming_the_versions_that_exist(version: str) -> None:
    with pytest.raises(UnknownToolError) as caught:
        get_tool(BLEU, version)
    assert caught.value.code == "unknown_version"
    assert caught.value.errors[0]["code"] == "unknown_version"
    assert str(caught.value) == (
        f"tool '{BLEU}' has no version '{version}'; its versions are: 1.0.0"
    )


def test_the_versions_of_an_unknown_tool_are_an_unknown_tool_error() -> None:
    with pytest.raises(UnknownToolError) as caught:
        versions_of("chrf")
    assert caught.value.code == "unknown_tool"


def test_the_catalog_lists_each_tool_once_with_its_versions_and_latest() -> None:
    entries = {entry["id"]: entry for entry in catalog()}
    assert entries[BLEU] == (
        {
            "id": BLEU,
            "versions": ["1.0.0"],
            "latest": "1.0.0",
            "title": "BLEU corpus compute",  # as published: "Bleu corpus compute"
            "summary": "Compute canonical corpus BLEU from pre-tokenized segments: score, "
            "brevity penalty, lengths, clipped n-gram counts.",
        }
    )
    assert [entry["id"] for entry in catalog()] == tool_ids() == sorted(set(tool_ids()))
    assert latest(BLEU) is get_tool(BLEU, "1.0.0")


def _tool(tool_id: str, version: str) -> Tool[Any]:
    base = bleu_corpus_compute_1_0_0.CONTRACT
    fields = {name: getattr(base, name) for name in Contract.__dataclass_fields__}
    contract = Contract(**{**fields, "id": tool_id, "version": version, "title": f"v{version}"})
    return Tool(contract, bleu_corpus_compute_1_0_0.PARSER, bleu_corpus_compute_1_0_0.run)


def test_versions_are_ordered_by_number_not_by_text(monkeypatch: pytest.MonkeyPatch) -> None:
    released = (_tool("b", "1.10.0"), _tool("b", "1.9.0"), _tool("a", "2.0.0"), _tool("b", "1.2.3"))
    monkeypatch.setattr(registry, "_RELEASED", released)
    monkeypatch.setattr(registry, "declared_tools", tuple)
    assert versions_of("b") == ["1.2.3", "1.9.0", "1.10.0"]
    assert latest("b").contract.version == "1.10.0"
    assert [(t.contract.id, t.contract.version) for t in all_tools()] == [
        ("a", "2.0.0"),
        ("b", "1.2.3"),
        ("b", "1.9.0"),
        ("b", "1.10.0"),
    ]
    assert [(entry["id"], entry["latest"], entry["title"]) for entry in catalog()] == [
        ("a", "2.0.0", "v2.0.0"),
        ("b", "1.10.0", "v1.10.0"),
    ]


def test_latest_names_the_newest_version_of_each_tool() -> None:
    for tool_id in tool_ids():
        assert get_tool(tool_id, LATEST) is latest(tool_id)


def test_a_tool_declared_above_the_contracts_is_listed_and_found_like_the_others() -> None:
    from mtcompute.scoring.tools import TOOLS  # noqa: PLC0415 - the layer above, as the top hands it

    assert TOOLS[0] in all_tools()
    assert registry.get_tool("score-texts", "1.0.0") is TOOLS[0]
    assert registry.latest("score-texts") is TOOLS[0]
