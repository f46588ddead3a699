"""``plain_error_body``: the SDK's parser exception text never reaches a client."""

import json

from mtcompute.mcp.transport import plain_error_body


def error_body(code: int, message: str) -> bytes:
    document = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    return json.dumps(document).encode("utf-8")


def test_a_parse_error_loses_the_parser_text() -> None:
    body = plain_error_body(error_body(-32700, "Parse error: EOF while parsing at line 1 column 9"))
    assert json.loads(body)["error"] == {
        "code": -32700,
        "message": "Parse error: the body is not valid JSON",
    }


def test_a_validation_error_becomes_an_invalid_request_without_the_validation_text() -> None:
    body = plain_error_body(error_body(-32602, "Validation error: 11 validation errors for union"))
    assert json.loads(body)["error"] == {
        "code": -32600,
        "message": "Invalid Request: expected one JSON-RPC 2.0 message",
    }


def test_any_other_error_body_passes_unchanged() -> None:
    for body in [error_body(-32601, "Method not found"), b"Invalid Host header", b"[1]", b"{}"]:
        assert plain_error_body(body) == body
