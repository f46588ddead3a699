"""``/mcp`` spoken with plain HTTP, no SDK: what a curl user, a browser or a proxy would send."""

import http.client
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from mtcompute import api, jsonio
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.mcp.transport import McpSettings
from mtcompute.meta.bodies import largest_body_limit
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES as MAX_BODY_BYTES
from tests.http.inputs import escape_every_character, maximum_input
from tests.live_server import serving

TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
INPUT = {"hypotheses": [["this", "is", "a", "test"]], "references": [[["this", "is", "a", "test"]]]}
HEADERS = {"content-type": "application/json", "accept": "application/json"}
SDK_DEFAULT_BODY_LIMIT = 4 * 1024 * 1024
STATELESS_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def tools_call(name: str, arguments: object, **params: object) -> dict[str, Any]:
    call = {"name": name, "arguments": arguments, **params}
    return {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}


def post(url: str, body: bytes, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.post(url, content=body, headers={**HEADERS, **(headers or {})}, timeout=60)


def test_a_tools_call_posted_as_plain_json_rpc_answers_without_any_handshake(mcp_url: str) -> None:
    arguments = {"id": TOOL, "version": VERSION, "input": INPUT}
    response = post(mcp_url, jsonio.dumps(tools_call("execute", arguments)))
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"  # JSON, not an event stream
    answer = response.json()
    assert answer["id"] == 1
    assert answer["result"]["structuredContent"] == {"result": api.execute(TOOL, VERSION, INPUT)}
    assert answer["result"]["content"][0]["text"] == '{"result":{"bleu":1,' + (
        '"brevity_penalty":1,"candidate_length":4,"reference_length":4,"max_order":4,'
        '"matches":[4,3,2,1],"totals":[4,3,2,1]}}'
    )


def test_a_plain_tools_call_in_the_stateless_protocol_carries_its_version_itself(
    mcp_url: str,
) -> None:
    body = tools_call(TOOL, INPUT, _meta=STATELESS_META)
    # This protocol routes by headers that repeat the body: version, method and tool name.
    routing = {"mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": TOOL}
    response = post(mcp_url, jsonio.dumps(body), routing)
    assert response.status_code == 200
    assert response.json()["result"]["structuredContent"] == api.execute(TOOL, VERSION, INPUT)


def test_mcp_is_answered_at_exactly_slash_mcp_not_redirected(mcp_url: str) -> None:
    response = post(mcp_url, jsonio.dumps(tools_call(TOOL, INPUT)))
    assert response.status_code == 200
    assert "location" not in response.headers


def test_the_server_is_stateless_so_an_initialize_opens_no_session(mcp_url: str) -> None:
    params = {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "curl", "version": "8"},
    }
    body = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params}
    response = post(mcp_url, jsonio.dumps(body))
    assert response.json()["result"]["protocolVersion"] == "2025-11-25"
    assert "mcp-session-id" not in response.headers


def test_a_get_is_refused_with_405_at_once_instead_of_hanging(mcp_url: str) -> None:
    response = httpx.get(mcp_url, headers={"accept": "text/event-stream"}, timeout=5)
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"


@pytest.mark.parametrize("protocol", [{}, {"mcp-protocol-version": "2026-07-28"}])
def test_a_body_that_is_not_json_gets_a_json_rpc_parse_error(
    mcp_url: str, protocol: dict[str, str]
) -> None:
    response = post(mcp_url, b'{"jsonrpc": "2.0", "id": 1, "method": ', protocol)
    assert response.status_code == 400
    assert response.json()["id"] is None
    assert response.json()["error"]["code"] == -32700


@pytest.mark.parametrize("body", [b'{"hello": "world"}', b"[]", b'{"jsonrpc": "1.0", "id": 1}'])
def test_json_that_is_not_a_json_rpc_message_gets_an_invalid_request_error(
    mcp_url: str, body: bytes
) -> None:
    response = post(mcp_url, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error == {
        "code": -32600,
        "message": "Invalid Request: expected one JSON-RPC 2.0 message",
    }


def test_an_unknown_method_gets_a_method_not_found_error(mcp_url: str) -> None:
    body = {"jsonrpc": "2.0", "id": 3, "method": "tools/compute"}
    assert post(mcp_url, jsonio.dumps(body)).json()["error"]["code"] == -32601


def test_a_foreign_origin_is_refused(mcp_url: str) -> None:
    response = post(
        mcp_url, jsonio.dumps(tools_call(TOOL, INPUT)), {"origin": "https://evil.example"}
    )
    assert response.status_code == 403


def test_a_foreign_host_is_refused_as_dns_rebinding(mcp_url: str) -> None:
    response = post(mcp_url, jsonio.dumps(tools_call(TOOL, INPUT)), {"host": "evil.example"})
    assert response.status_code == 421


def test_a_loopback_origin_is_let_through(mcp_url: str) -> None:
    origin = {"origin": "http://localhost:5173"}
    assert post(mcp_url, jsonio.dumps(tools_call(TOOL, INPUT)), origin).status_code == 200


def test_a_maximum_size_input_with_every_character_escaped_is_accepted(mcp_url: str) -> None:
    document = maximum_input()
    prefix = b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"%s","arguments":'
    body = prefix % TOOL.encode() + escape_every_character(document) + b"}}"
    assert SDK_DEFAULT_BODY_LIMIT < len(body) <= MAX_BODY_BYTES
    answer = post(mcp_url, body).json()
    assert answer["result"]["structuredContent"] == api.execute(TOOL, VERSION, document)


def test_a_body_over_the_limit_is_refused_before_it_is_read(mcp_url: str) -> None:
    parts = urlsplit(mcp_url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest("POST", parts.path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader(
            "Content-Length", str(largest_body_limit(MAX_BODY_BYTES) + 1)
        )  # any tool's largest
        connection.endheaders()  # and not one byte of the announced body
        assert connection.getresponse().status == 413
    finally:
        connection.close()


@pytest.fixture(scope="module")
def deployed_url() -> Iterator[str]:
    """A server configured for a proxy at mcp.example.org used from agents.example.org."""
    mcp = McpSettings(
        allowed_hosts=("mcp.example.org",), allowed_origins=("https://agents.example.org",)
    )
    with serving(create_app(HttpSettings(mcp=mcp))) as base_url:
        yield f"{base_url}/mcp"


@pytest.mark.parametrize("host", ["mcp.example.org", "mcp.example.org:443", "127.0.0.1"])
def test_a_deployment_lets_through_the_hosts_it_allows(deployed_url: str, host: str) -> None:
    headers = {"host": host, "origin": "https://agents.example.org"}
    assert post(deployed_url, jsonio.dumps(tools_call(TOOL, INPUT)), headers).status_code == 200


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"host": "other.example.org"}, 421),
        ({"host": "mcp.example.org", "origin": "https://other.example.org"}, 403),
    ],
)
def test_a_deployment_still_refuses_other_hosts_and_origins(
    deployed_url: str, headers: dict[str, str], status: int
) -> None:
    assert post(deployed_url, jsonio.dumps(tools_call(TOOL, INPUT)), headers).status_code == status
