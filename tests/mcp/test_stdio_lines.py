"""Each line of stdin: read here into the message the server gets or the error that answers it,
then through ``mtcompute mcp`` fed by a pipe."""

import json
from typing import Any

import pytest
from mcp import types
from mcp.shared.message import ServerMessageMetadata, SessionMessage

from mtcompute import api, jsonio
from mtcompute.mcp.stdio_lines import read_line
from mtcompute.mcp.surrogates import ArrivedCall
from tests.mcp.pipe import HANDSHAKE, STATELESS_META, piped_answers, tools_call

pytestmark = pytest.mark.live

TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
INPUT = {"hypotheses": [["a", "small", "test"]], "references": [[["a", "small", "test"]]]}
SURROGATE_INPUT = {"hypotheses": [["a", "\ud800"]], "references": [[["a"]]]}
INVALID_IDS: list[object] = [None, {}, [], 1.5, True, False]
INVALID_ID = {
    "code": -32600,
    "message": "Invalid Request: expected an id that is a string or an integer",
}


def ping(request_id: object) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"})


def refusal(line: str | bytes) -> dict[str, Any]:
    refused = read_line(line.encode() if isinstance(line, str) else line)
    assert isinstance(refused, types.JSONRPCError)
    assert refused.id is None
    return refused.error.model_dump(exclude_none=True)


def errors_of(answer: dict[str, Any]) -> list[tuple[str, str]]:
    assert answer["result"]["isError"] is True
    errors: Any = jsonio.loads(answer["result"]["content"][0]["text"])
    return [(error["code"], error["pointer"]) for error in errors["errors"]]


@pytest.mark.parametrize("request_id", INVALID_IDS)
def test_an_id_neither_string_nor_integer_is_refused_as_an_invalid_request(
    request_id: object,
) -> None:
    assert refusal(ping(request_id)) == INVALID_ID


@pytest.mark.parametrize("request_id", [7, "seven"])
def test_a_string_or_integer_id_reaches_the_server_as_it_came(request_id: int | str) -> None:
    message = read_line(ping(request_id).encode())
    request = types.JSONRPCRequest(jsonrpc="2.0", id=request_id, method="ping")
    assert message == SessionMessage(request)


def test_a_line_of_invalid_utf8_is_a_parse_error() -> None:
    line = b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "\xff"}}'
    assert refusal(line) == {"code": -32700, "message": "Parse error: the line is not valid JSON"}


def test_a_lone_surrogate_outside_a_tool_call_is_a_parse_error() -> None:
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "\ud800"}})
    assert refusal(line)["code"] == -32700


def test_an_invalid_id_beside_a_lone_surrogate_is_still_an_invalid_request() -> None:
    assert refusal(tools_call(None, TOOL, SURROGATE_INPUT)) == INVALID_ID


def test_a_lone_surrogate_call_reaches_the_server_replaced_carrying_the_call_as_it_arrived() -> (
    None
):
    message = read_line(tools_call(3, TOOL, SURROGATE_INPUT).encode())
    assert isinstance(message, SessionMessage)
    assert isinstance(message.message, types.JSONRPCRequest)
    assert message.message.params == {
        "name": TOOL,
        "arguments": {"hypotheses": [["a", "\ufffd"]], "references": [[["a"]]]},
    }
    assert message.metadata == ServerMessageMetadata(
        request_context=ArrivedCall(TOOL, SURROGATE_INPUT)
    )


def test_every_kind_of_invalid_id_is_answered_and_the_next_line_is_still_served() -> None:
    lines = [line for i, bad in enumerate(INVALID_IDS, 1) for line in (ping(bad), ping(i))]
    answers = piped_answers(HANDSHAKE + lines)
    refused = [answer for answer in answers if answer["id"] is None]
    assert refused == [{"jsonrpc": "2.0", "id": None, "error": INVALID_ID}] * len(INVALID_IDS)
    served = sorted(answer["id"] for answer in answers if answer["id"] not in (None, 0))
    assert served == list(range(1, len(INVALID_IDS) + 1))


@pytest.mark.parametrize(("opening", "meta"), [(HANDSHAKE, None), ([], STATELESS_META)])
def test_a_lone_surrogate_in_a_token_is_an_error_result_pointing_at_it_and_valid_calls_unchanged(
    opening: list[str], meta: object
) -> None:
    through_execute = {
        "id": "chrf-compute",
        "version": "1.0.0",
        "input": {"hypotheses": ["a"], "references": [["b \udc00"]]},
    }
    lines = [
        tools_call(1, TOOL, SURROGATE_INPUT, meta),
        tools_call(2, "execute", through_execute, meta),
        tools_call(3, TOOL, INPUT, meta),
    ]
    answers = {answer["id"]: answer for answer in piped_answers(opening + lines)}
    assert errors_of(answers[1]) == [("invalid_unicode", "/hypotheses/0/1")]
    assert errors_of(answers[2]) == [("invalid_unicode", "/references/0/0")]
    assert answers[3]["result"]["isError"] is False
    assert answers[3]["result"]["structuredContent"] == api.execute(TOOL, VERSION, INPUT)


def test_a_line_of_invalid_utf8_is_answered_and_the_next_line_is_still_served() -> None:
    line = b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "\xff"}}'
    answers = piped_answers([*HANDSHAKE, line, ping(2)])
    assert sorted(str(answer["id"]) for answer in answers) == ["0", "2", "None"]
    assert [answer["error"]["code"] for answer in answers if answer["id"] is None] == [-32700]


def test_a_line_that_is_not_json_is_a_parse_error_with_id_null() -> None:
    assert piped_answers(["{not json"]) == [
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32700, "message": "Parse error: the line is not valid JSON"},
        }
    ]


def test_json_that_is_not_a_message_is_an_invalid_request_with_id_null() -> None:
    [answer] = piped_answers(["[1, 2]"])
    assert answer["id"] is None
    assert answer["error"]["code"] == -32600
