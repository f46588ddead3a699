"""A tool call whose arguments hold a lone surrogate escape, posted to ``/mcp`` on a live server:
an ``isError`` result pointing at the string, as for any other input error. (Over stdio:
``test_stdio_lines``.)"""

from typing import Any

import httpx
import pytest

from mtcompute import jsonio
from mtcompute.mcp.surrogates import ArrivedCall, arguments_as_arrived

HEADERS = {"content-type": "application/json", "accept": "application/json"}
INPUT = b'{"hypotheses":[["a","\\ud800"]],"references":[[["a"]]]}'


def call(name: str, arguments: bytes) -> bytes:
    return (
        b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"'
        + name.encode()
        + b'","arguments":'
        + arguments
        + b"}}"
    )


def post(url: str, body: bytes, **headers: str) -> httpx.Response:
    return httpx.post(url, content=body, headers={**HEADERS, **headers}, timeout=60)


def errors_of(response: httpx.Response) -> list[tuple[str, str]]:
    answer: Any = response.json()
    assert answer["id"] == 7
    assert answer["result"]["isError"] is True
    errors = jsonio.loads(answer["result"]["content"][0]["text"])["errors"]  # type: ignore[index]
    return [(error["code"], error["pointer"]) for error in errors]


def test_a_lone_surrogate_in_a_direct_tool_call_is_an_error_result_pointing_at_its_token(
    mcp_url: str,
) -> None:
    response = post(mcp_url, call("bleu-corpus-compute", INPUT))
    assert response.status_code == 200
    assert errors_of(response) == [("invalid_unicode", "/hypotheses/0/1")]


def test_a_lone_surrogate_through_execute_is_an_error_result_pointing_at_its_token(
    mcp_url: str,
) -> None:
    arguments = b'{"id":"chrf-compute","version":"1.0.0","input":'
    arguments += b'{"hypotheses":["a"],"references":[["b \\udc00"]]}}'
    response = post(mcp_url, call("execute", arguments))
    assert response.status_code == 200
    assert errors_of(response) == [("invalid_unicode", "/references/0/0")]


def test_a_lone_surrogate_call_passes_the_same_host_check_as_any_other(mcp_url: str) -> None:
    response = post(mcp_url, call("bleu-corpus-compute", INPUT), host="evil.example")
    assert response.status_code == 421


def test_a_lone_surrogate_outside_a_tool_call_is_the_sdks_parse_error(mcp_url: str) -> None:
    body = b'{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"\\ud800"}}'
    response = post(mcp_url, body)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700


# Past the depth orjson writes, and past the depth Python's recursion reaches.
@pytest.mark.parametrize("depth", [300, 990])
def test_a_lone_surrogate_call_nested_too_deep_to_rewrite_is_refused_not_failed(
    mcp_url: str, depth: int
) -> None:
    deep = b"[" * depth + b'"\\ud800"' + b"]" * depth
    body = call("bleu-corpus-compute", b'{"hypotheses":' + deep + b',"references":[]}')
    response = post(mcp_url, body)
    assert response.status_code in (200, 400)
    assert "Traceback" not in response.text


def test_a_call_carried_as_the_request_context_gives_its_arguments_to_its_own_tool_only() -> None:
    arrived = ArrivedCall("bleu-corpus-compute", {"hypotheses": [["\ud800"]]})
    given = {"hypotheses": [["\ufffd"]]}
    assert arguments_as_arrived(arrived, "bleu-corpus-compute", given) is arrived.arguments
    assert arguments_as_arrived(arrived, "chrf-compute", given) is given
    assert arguments_as_arrived(None, "bleu-corpus-compute", given) is given
