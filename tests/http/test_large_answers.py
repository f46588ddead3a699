"""Requests whose answers are far larger than their bodies are charged for their answers: a
burst of them holds a bounded share of the server's memory."""

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

import mtcompute
from mtcompute import jsonio
from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.bleu_ngrams_count_1_0_0 import table_bytes
from mtcompute.contracts.chrf_plus_plus_compute_1_0_0 import words_bytes
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.http.server.compute import ComputeSettings
from tests.http.inputs import JSON_HEADERS
from tests.http.served import Served

NGRAMS_PATH = "/v1/tools/bleu-ngrams-count/versions/1.0.0/execute"
# 49,999 distinct hypothesis tokens and a one-token reference: a 4.5 MiB answer from 0.47 MiB.
TABLES = {
    "hypotheses": [[f"t{i}" for i in range(49_999)]],
    "references": [[["t0"]]],
    "max_order": 8,
    "clipping_table": "all",
}
CONCURRENT = 16
# Uncharged, sixteen at once grew the server by about 1,240 MiB; charged, by about 450.
MOST_GROWTH_MIB = 800


def _kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/{pid}/status")


def test_the_estimate_bounds_the_clipping_tables_answer() -> None:
    answer = jsonio.dumps(mtcompute.execute("bleu-ngrams-count", "1.0.0", TABLES))
    assert len(answer) <= table_bytes(TABLES) + len(jsonio.dumps(TABLES))
    assert table_bytes({**TABLES, "clipping_table": "none"}) == 0
    assert table_bytes({"hypotheses": "not a list", "clipping_table": "all"}) == 0


@pytest.mark.slow
def test_many_requests_with_large_answers_at_once_hold_a_bounded_share_of_memory(
    serve: Served,
) -> None:
    url = f"http://127.0.0.1:{serve.port}{NGRAMS_PATH}"
    body = jsonio.dumps(TABLES)
    assert httpx.post(url, content=body, headers=JSON_HEADERS, timeout=120).status_code == 200
    before = _kib(serve.process.pid, "VmRSS")
    Path(f"/proc/{serve.process.pid}/clear_refs").write_text("5")  # VmHWM back to VmRSS

    def post(_: int) -> int:
        return httpx.post(url, content=body, headers=JSON_HEADERS, timeout=300).status_code

    with ThreadPoolExecutor(CONCURRENT) as pool:
        statuses = list(pool.map(post, range(CONCURRENT)))
    # Each is answered, or refused at once as the server's admission refuses costly work it
    # cannot start soon (503, Retry-After); none is lost, at least one is computed.
    assert set(statuses) <= {200, 503}
    assert 200 in statuses
    growth_mib = (_kib(serve.process.pid, "VmHWM") - before) // 1024
    assert growth_mib < MOST_GROWTH_MIB


def _short_name(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = ""
    while True:
        number, digit = divmod(number, len(digits))
        name = digits[digit] + name
        if number == 0:
            return name


# Twenty operations at the largest tables, in less than the 8 MiB body limit.
COMPACT_TABLES = {**TABLES, "hypotheses": [[_short_name(i) for i in range(49_999)]]}
TWENTY = {
    "operations": [
        {"id": "bleu-ngrams-count", "version": "1.0.0", "input": COMPACT_TABLES} for _ in range(20)
    ]
}


@pytest.fixture
def patient_client() -> Iterator[TestClient]:
    """The app in this process with an hour's compute deadline: twenty tables take a minute of
    CPU on a loaded machine, past the default deadline, which this test is not about."""
    settings = HttpSettings(compute=ComputeSettings(deadline=3600.0))
    with TestClient(create_app(settings), base_url="http://testserver") as test_client:
        yield test_client


@pytest.mark.slow
def test_a_batch_answers_up_to_its_answer_allowance_and_errors_past_it(
    patient_client: TestClient,
) -> None:
    body = jsonio.dumps(TWENTY)
    answer = patient_client.post("/v1/batch", content=body, headers=JSON_HEADERS)
    assert answer.status_code == 200
    results = answer.json()["results"]
    fit = BATCH_ANSWER_BYTES // table_bytes(COMPACT_TABLES)
    assert [result["status"] for result in results] == ["ok"] * fit + ["error"] * (20 - fit)
    for index, refused in enumerate(results[fit:], start=fit):
        [error] = refused["errors"]
        assert error["code"] == "answer_too_large"
        assert error["pointer"] == f"/operations/{index}/input"
    assert len(answer.content) <= BATCH_ANSWER_BYTES + len(body)


@pytest.mark.slow
def test_a_batch_over_mcp_has_the_same_answer_allowance(live_client: httpx.Client) -> None:
    call = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "execute_batch", "arguments": {"operations": TWENTY["operations"][:6]}},
    }
    headers = {**JSON_HEADERS, "accept": "application/json"}
    answer = live_client.post("/mcp", content=jsonio.dumps(call), headers=headers, timeout=300)
    results = answer.json()["result"]["structuredContent"]["results"]
    fit = BATCH_ANSWER_BYTES // table_bytes(COMPACT_TABLES)
    assert [result["status"] for result in results] == ["ok"] * fit + ["error"] * (6 - fit)
    assert results[-1]["errors"][0]["code"] == "answer_too_large"


@pytest.mark.parametrize(
    "texts",
    [
        {"hypotheses": ["a b c"], "references": [["a", "x y"]]},
        {"hypotheses": ["é ü ß"], "references": [["a"]]},
        {"hypotheses": ["a " * 4096], "references": [["a " * 4096]] * 1},
    ],
)
def test_the_estimate_bounds_the_words_chrf_plus_plus_returns(texts: dict[str, object]) -> None:
    raw = {**texts, "word_order": 2, "return_words": True}
    result = mtcompute.execute("chrf-plus-plus-compute", "1.0.0", raw)
    assert len(jsonio.dumps(result["words"])) <= words_bytes(raw)
    assert words_bytes({**raw, "return_words": False}) == 0


@pytest.mark.parametrize("tool_id", ["bleu-ngrams-count", "chrf-plus-plus-compute"])
def test_the_page_of_a_tool_whose_answer_can_grow_states_its_bound(
    client: httpx.Client, tool_id: str
) -> None:
    page = client.get(f"/tools/{tool_id}").text
    assert "A server charges a request for that bound before it computes" in page
    assert "32 MiB in all" in page


def test_the_page_of_a_tool_whose_answer_stays_small_states_no_bound(
    client: httpx.Client,
) -> None:
    assert "charges a request for that bound" not in client.get("/tools/chrf-compute").text
