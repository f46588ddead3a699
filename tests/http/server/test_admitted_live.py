"""The compute gate on a real ``mtcompute serve``: a computation past ``--compute-timeout`` is
answered 503 over HTTP and as a tool error over /mcp, and a costly call that would wait past
``--max-wait`` is refused at once over /mcp, the server answering on afterwards."""

import random
from typing import Any

import anyio
import httpx
import pytest
from mcp import Client
from mcp.types import CallToolResult

from mtcompute import api, jsonio
from tests.http.inputs import JSON_HEADERS
from tests.http.served import Served
from tests.mcp.clients import STATELESS, text_of

pytestmark = pytest.mark.live

TER = "ter-compute"
TER_PATH = f"/v1/tools/{TER}/versions/1.0.0/execute"
SMALL = {"hypotheses": [["a", "b"]], "references": [[["a", "b"]]]}
SMALL_PATH = "/v1/tools/bleu-corpus-compute/versions/1.0.0/execute"
# Far shorter than the dearest ter-compute takes (seconds of CPU), far longer than a small call.
SHORT_DEADLINE = ["--compute-timeout", "0.05"]
# One lane and no wait: a costly call beside another is refused at once.
ONE_LANE = ["--compute-lanes", "1", "--max-wait", "0"]
AT_ONCE = 4


def _dearest_ter() -> dict[str, Any]:
    """ter-compute's dearest valid input: 8 pairs of 4,096 brackets, each a word normalized."""
    rng = random.Random(8)
    texts = ["".join(rng.choices("()", k=4096)) for _ in range(16)]
    return {"hypotheses": texts[:8], "references": [[t] for t in texts[8:]], "normalized": True}


def _codes(result: CallToolResult) -> list[str]:
    assert result.is_error
    return [error["code"] for error in text_of(result)["errors"]]


@pytest.mark.parametrize("serve", [SHORT_DEADLINE], indirect=True)
def test_a_computation_past_the_deadline_is_answered_503_and_the_server_goes_on(
    serve: Served,
) -> None:
    base = f"http://127.0.0.1:{serve.port}"
    with httpx.Client(base_url=base, timeout=60, headers=JSON_HEADERS) as client:
        late = client.post(TER_PATH, content=jsonio.dumps(_dearest_ter()))
        small = client.post(SMALL_PATH, content=jsonio.dumps(SMALL))
    assert late.status_code == 503
    assert late.json()["errors"][0]["code"] == "computation_timeout"
    assert int(late.headers["retry-after"]) >= 0
    assert small.status_code == 200
    assert small.json() == api.execute_answer("bleu-corpus-compute", "1.0.0", SMALL)


@pytest.mark.parametrize("serve", [SHORT_DEADLINE], indirect=True)
def test_a_tool_call_past_the_deadline_over_mcp_is_a_tool_error_that_says_so(
    serve: Served,
) -> None:
    async def scenario() -> tuple[CallToolResult, CallToolResult]:
        async with Client(f"http://127.0.0.1:{serve.port}/mcp", mode=STATELESS) as client:
            late = await client.call_tool(TER, _dearest_ter())
            small = await client.call_tool("bleu-corpus-compute", SMALL)
            return late, small

    late, small = anyio.run(scenario)
    assert _codes(late) == ["computation_timeout"]
    assert not small.is_error
    assert text_of(small) == api.execute_answer("bleu-corpus-compute", "1.0.0", SMALL)["result"]


@pytest.mark.parametrize("serve", [ONE_LANE], indirect=True)
def test_costly_calls_over_mcp_beyond_the_lanes_are_refused_busy_at_once_and_the_rest_answered(
    serve: Served,
) -> None:
    raw = _dearest_ter()
    results: list[CallToolResult] = []

    async def one() -> None:
        async with Client(f"http://127.0.0.1:{serve.port}/mcp", mode=STATELESS) as client:
            results.append(await client.call_tool(TER, raw))

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            for _ in range(AT_ONCE):
                group.start_soon(one)

    anyio.run(scenario)
    expected = api.execute_answer(TER, "1.0.0", raw)["result"]
    answered = [r for r in results if not r.is_error]
    refused = [r for r in results if r.is_error]
    assert answered, [r.is_error for r in results]
    assert refused, [r.is_error for r in results]
    assert all(text_of(r) == expected for r in answered)
    assert [_codes(r) for r in refused] == [["service_busy"]] * len(refused)
