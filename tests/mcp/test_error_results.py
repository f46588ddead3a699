"""What goes wrong comes back as a tool result with ``isError``, whose text is the errors JSON
the HTTP API answers; the SDK's own client in both protocol eras."""

from typing import Any

import pytest

from mtcompute import api
from mtcompute.errors import MtcomputeError, Violation
from tests.mcp.clients import MODES, call, text_of

TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
GOOD = {"hypotheses": [["a", "b"]], "references": [[["a", "b"]]]}


def api_errors(tool_id: str, version: str, document: object) -> list[Violation]:
    """The violations the Python API (and so the HTTP API) reports for the same request."""
    with pytest.raises(MtcomputeError) as raised:
        api.execute(tool_id, version, document)
    return raised.value.errors


BAD_INPUTS: list[tuple[dict[str, Any], list[str]]] = [
    ({"hypotheses": [["a", ""]], "references": [[["a"]]]}, ["/hypotheses/0/1"]),
    ({"hypotheses": [["a"]], "references": [[["a"]]], "max_orders": 4}, ["/max_orders"]),
    ({"hypotheses": [["a"], ["b"]], "references": [[["a"]]]}, ["/references"]),
    ({"hypotheses": [[1]], "references": [[[]]], "decimals": 16}, ["/hypotheses/0/0", "/decimals"]),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(("document", "pointers"), BAD_INPUTS)
def test_an_input_breaking_the_contract_is_an_error_result_pointing_at_each_violation(
    mcp_url: str, mode: str, document: dict[str, Any], pointers: list[str]
) -> None:
    result = call(mcp_url, mode, "execute", {"id": TOOL, "version": VERSION, "input": document})
    assert result.is_error
    assert text_of(result) == {"errors": api_errors(TOOL, VERSION, document)}
    assert [error["pointer"] for error in text_of(result)["errors"]] == pointers


@pytest.mark.parametrize("mode", MODES)
def test_a_tool_called_by_its_id_reports_the_same_errors_as_execute(
    mcp_url: str, mode: str
) -> None:
    document, _ = BAD_INPUTS[-1]
    result = call(mcp_url, mode, TOOL, document)
    assert result.is_error
    assert text_of(result) == {"errors": api_errors(TOOL, VERSION, document)}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("tool_id", "version", "code"),
    [("bleu-sentence-average", "1.0.0", "unknown_tool"), (TOOL, "9.9.9", "unknown_version")],
)
def test_an_unknown_tool_or_version_is_an_error_result_like_the_http_404(
    mcp_url: str, mode: str, tool_id: str, version: str, code: str
) -> None:
    reference: dict[str, Any] = {"id": tool_id, "version": version}
    for name, arguments in [("execute", {**reference, "input": GOOD}), ("describe", reference)]:
        result = call(mcp_url, mode, name, arguments)
        assert result.is_error
        assert text_of(result) == {"errors": api_errors(tool_id, version, GOOD)}
        assert text_of(result)["errors"][0]["code"] == code


@pytest.mark.parametrize("mode", MODES)
def test_a_tool_name_that_is_not_offered_is_an_error_result(mcp_url: str, mode: str) -> None:
    result = call(mcp_url, mode, "bleu-sentence-average", GOOD)
    assert result.is_error
    assert text_of(result)["errors"][0]["code"] == "unknown_tool"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("name", "arguments", "pointers"),
    [
        ("execute", {"id": TOOL, "version": VERSION}, ["/input"]),
        ("execute", {"id": TOOL, "version": 1, "input": GOOD, "mode": "x"}, ["/version", "/mode"]),
        ("describe", {}, ["/id", "/version"]),
        ("search", {"query": "", "limit": 0}, ["/query", "/limit"]),
    ],
)
def test_arguments_breaking_a_meta_tool_schema_are_an_error_result_naming_each(
    mcp_url: str, mode: str, name: str, arguments: dict[str, Any], pointers: list[str]
) -> None:
    result = call(mcp_url, mode, name, arguments)
    assert result.is_error
    assert [error["pointer"] for error in text_of(result)["errors"]] == pointers
