"""``mtcompute mcp`` fed by a pipe: every line gets an answer, all written before it exits."""

import json
import subprocess
from typing import Any

from tests.mcp.clients import stdio_command

CALLS = 5
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "pipe", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
# Large enough that the calls are still computing when the input ends.
ARGUMENTS = {
    "hypotheses": [[f"w{i % 50}" for i in range(200)]] * 100,
    "references": [[[f"w{i % 40}" for i in range(200)]]] * 100,
}


def _answers(lines: list[str]) -> list[dict[str, Any]]:
    command = stdio_command()
    finished = subprocess.run(
        [command.command, *command.args],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in finished.stdout.splitlines() if line.strip()]


def _call(request_id: int) -> str:
    params = {"name": "bleu-corpus-compute", "arguments": ARGUMENTS}
    call = {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}
    return json.dumps(call)


def test_calls_piped_then_the_input_closed_are_all_answered() -> None:
    lines = [json.dumps(INITIALIZE), json.dumps(INITIALIZED)]
    answers = _answers(lines + [_call(i) for i in range(1, CALLS + 1)])
    calls = [answer for answer in answers if answer["id"] != 0]
    assert sorted(answer["id"] for answer in calls) == list(range(1, CALLS + 1))
    assert all(not answer["result"]["isError"] for answer in calls)


def test_a_line_that_is_not_json_is_a_parse_error_with_id_null() -> None:
    assert _answers(["{not json"]) == [
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32700, "message": "Parse error: the line is not valid JSON"},
        }
    ]


def test_json_that_is_not_a_message_is_an_invalid_request_with_id_null() -> None:
    [answer] = _answers(["[1, 2]"])
    assert answer["id"] is None
    assert answer["error"]["code"] == -32600


def test_the_answers_to_the_lines_before_a_bad_one_still_come() -> None:
    answers = _answers([json.dumps(INITIALIZE), "{not json", json.dumps(INITIALIZED), _call(1)])
    # The parse error is written as soon as it is read, perhaps before earlier answers.
    assert sorted(str(answer["id"]) for answer in answers) == ["0", "1", "None"]
