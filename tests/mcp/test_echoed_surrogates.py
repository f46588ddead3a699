"""A lone surrogate in a string an answer would echo (a system's name, a tool id or version) is
refused where it is, over stdio and ``/mcp``; the process goes on serving. An answer that still
held one would be answered -32603, never end the server."""

import json
from typing import Any

import httpx
import pytest
from mcp import types
from mcp.shared.exceptions import MCPError

from mtcompute import jsonio
from mtcompute.mcp.server import UNWRITABLE_ANSWER, _text_result
from tests.mcp.pipe import HANDSHAKE, piped_answers, tools_call

SYSTEMS_INPUT = {
    "metrics": ["bleu"],
    "references": [["a b c"]],
    "systems": [
        {"name": "base", "hypotheses": ["a b c"]},
        {"name": "a\ud800", "hypotheses": ["a"]},
    ],
}
# (tool, arguments, the pointer of the refused string)
ECHOED: list[tuple[str, dict[str, Any], str]] = [
    ("paired-significance", SYSTEMS_INPUT, "/systems/1/name"),
    (
        "execute",
        {"id": "paired-significance", "version": "1.0.0", "input": SYSTEMS_INPUT},
        "/systems/1/name",
    ),
    (
        "execute_batch",
        {"operations": [{"id": "x\ud800", "version": "1", "input": {}}]},
        "/operations/0/id",
    ),
    (
        "execute_batch",
        {"operations": [{"id": "ter-compute", "version": "\udc00", "input": {}}]},
        "/operations/0/version",
    ),
    ("execute", {"id": "x\udc00", "version": "1.0.0", "input": {}}, "/id"),
    ("execute", {"id": "chrf-compute", "version": "1.0\udc00", "input": {}}, "/version"),
    ("describe", {"id": "chrf-compute", "version": "\ud800"}, "/version"),
    ("search", {"query": "bleu \ud800"}, "/query"),
]


def _refused(answer: dict[str, Any]) -> list[tuple[str, str]]:
    assert answer["result"]["isError"] is True
    errors = jsonio.loads(answer["result"]["content"][0]["text"])["errors"]  # type: ignore[index]
    return [(error["code"], error["pointer"]) for error in errors]


@pytest.mark.live
def test_every_echoed_lone_surrogate_is_refused_over_stdio_and_the_process_goes_on() -> None:
    lines = [tools_call(i, name, arguments) for i, (name, arguments, _) in enumerate(ECHOED, 1)]
    after = json.dumps({"jsonrpc": "2.0", "id": 99, "method": "tools/list"})
    answers = {answer["id"]: answer for answer in piped_answers([*HANDSHAKE, *lines, after])}
    for i, (_, _, pointer) in enumerate(ECHOED, 1):
        assert _refused(answers[i]) == [("invalid_unicode", pointer)], ECHOED[i - 1]
    assert answers[99]["result"]["tools"]


@pytest.mark.parametrize("case", ECHOED)
def test_every_echoed_lone_surrogate_is_refused_over_http_mcp(
    mcp_url: str, case: tuple[str, dict[str, Any], str]
) -> None:
    name, arguments, pointer = case
    body = tools_call(7, name, arguments)
    headers = {"content-type": "application/json", "accept": "application/json"}
    response = httpx.post(mcp_url, content=body, headers=headers, timeout=60)
    assert response.status_code == 200
    assert response.json()["id"] == 7
    assert _refused(response.json()) == [("invalid_unicode", pointer)]


def test_an_answer_holding_a_lone_surrogate_is_an_internal_error_of_that_call() -> None:
    with pytest.raises(MCPError) as raised:
        _text_result({"result": {"name": "a\ud800"}})
    assert raised.value.error.code == types.INTERNAL_ERROR
    assert raised.value.error.message == UNWRITABLE_ANSWER


def test_an_error_result_echoing_a_lone_surrogate_carries_its_escape() -> None:
    result = _text_result({"errors": [{"message": "a\ud800"}]}, is_error=True)
    text = result.content[0]
    assert isinstance(text, types.TextContent)
    assert text.text == '{"errors":[{"message":"a\\ud800"}]}'
    assert result.model_dump_json()  # writable
