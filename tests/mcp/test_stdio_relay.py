"""``mtcompute mcp`` fed by a pipe: every line gets an answer, all written before it exits."""

import pytest

from tests.mcp.pipe import HANDSHAKE, piped_answers, tools_call

pytestmark = pytest.mark.live

CALLS = 5
# Large enough that the calls are still computing when the input ends.
ARGUMENTS = {
    "hypotheses": [[f"w{i % 50}" for i in range(200)]] * 100,
    "references": [[[f"w{i % 40}" for i in range(200)]]] * 100,
}


def _call(request_id: int) -> str:
    return tools_call(request_id, "bleu-corpus-compute", ARGUMENTS)


def test_calls_piped_then_the_input_closed_are_all_answered() -> None:
    answers = piped_answers(HANDSHAKE + [_call(i) for i in range(1, CALLS + 1)])
    calls = [answer for answer in answers if answer["id"] != 0]
    assert sorted(answer["id"] for answer in calls) == list(range(1, CALLS + 1))
    assert all(not answer["result"]["isError"] for answer in calls)


def test_the_answers_to_the_lines_before_a_bad_one_still_come() -> None:
    answers = piped_answers([HANDSHAKE[0], "{not json", HANDSHAKE[1], _call(1)])
    # The parse error is written as soon as it is read, perhaps before earlier answers.
    assert sorted(str(answer["id"]) for answer in answers) == ["0", "1", "None"]


def test_a_call_before_initialize_is_told_to_initialize_first() -> None:
    lines = [_call(1), *HANDSHAKE, _call(2)]
    answers = {answer["id"]: answer for answer in piped_answers(lines)}
    assert answers[1]["error"] == {
        "code": -32600,
        "message": (
            "Invalid Request: expected an initialize request first (or a request whose _meta "
            "names protocol version 2026-07-28), got tools/call before it"
        ),
    }
    assert not answers[2]["result"]["isError"]
