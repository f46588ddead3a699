"""The meta-tools over the registry that every adapter offers: run a tool, read its contract,
list the catalogue."""

from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.registry import LATEST, catalog, get_tool
from mtcompute.contracts.served import served


def execute(tool_id: str, version: str, input: object) -> JsonObject:
    """The tool's result object for ``input``, JSON-ready; ``InputError`` if the input breaks
    the contract, ``UnknownToolError`` if there is no such tool or version."""
    return get_tool(tool_id, version).execute(input)


def execute_answer(tool_id: str, version: str, input: object) -> JsonObject:
    """What the adapters answer: ``{"result": ...}``, and for version ``latest`` the version it
    resolved to beside it, ``{"result": ..., "version": "1.0.0"}``."""
    tool = get_tool(tool_id, version)
    answer: JsonObject = {"result": tool.execute(input)}
    if version == LATEST:
        answer["version"] = tool.contract.version
    return answer


def resolve_version(tool_id: str, version: str) -> str:
    """The released version that ``version`` names (``latest``: the newest), or
    ``UnknownToolError``."""
    return get_tool(tool_id, version).contract.version


def describe(tool_id: str, version: str) -> JsonObject:
    """The machine-readable contract of the tool at ``version``, as released: the same on every
    machine."""
    return get_tool(tool_id, version).contract.to_json()


def describe_served(tool_id: str, version: str) -> JsonObject:
    """The contract as this installation serves it (``contracts.served``): each tokenizer enum
    lists the tokenizers it runs, the others under ``x-unavailable``."""
    return served(get_tool(tool_id, version).contract).to_json()


def tools() -> list[JsonObject]:
    """Every tool: id, versions, latest version, title and summary."""
    return catalog()
