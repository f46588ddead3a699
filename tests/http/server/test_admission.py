"""Request bodies held at once are bounded by a byte budget; past the queue, 503 Retry-After."""

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtcompute.http.server.admission import BodyAdmission, ByteBudget, announced_size
from tests.live_server import serving

BODY = b"x" * 100
WAIT_SECONDS = 30.0


class Gate:
    """An app whose requests read their body, then wait until the test opens the gate."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.entered = threading.Semaphore(0)

    async def endpoint(self, request: Request) -> Response:
        body = await request.body()
        if request.method == "GET":
            return Response("0")
        self.entered.release()
        await anyio.to_thread.run_sync(self.opened.wait, WAIT_SECONDS)
        return Response(str(len(body)))


@pytest.fixture
def gate() -> Gate:
    return Gate()


@pytest.fixture
def budget() -> ByteBudget:
    return ByteBudget(len(BODY))


@pytest.fixture
def gated_url(gate: Gate, budget: ByteBudget) -> Iterator[str]:
    """A live server whose budget holds one body of ``BODY``'s size, with one more waiting."""
    app = Starlette(routes=[Route("/", gate.endpoint, methods=["POST", "GET"])])
    limited = BodyAdmission(app, max_body_bytes=1000, budget=budget, most_waiting=1)
    with serving(limited) as url:
        yield url


def _until_waiting(budget: ByteBudget, count: int) -> None:
    for _ in range(3000):
        if budget.waiting == count:
            return
        time.sleep(0.01)
    raise AssertionError(f"expected {count} requests waiting, got {budget.waiting}")


def test_a_body_past_the_budget_waits_and_one_past_the_queue_is_told_to_retry(
    gate: Gate, gated_url: str, budget: ByteBudget
) -> None:
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(httpx.post, gated_url, content=BODY, timeout=60)
        assert gate.entered.acquire(timeout=WAIT_SECONDS)
        second = pool.submit(httpx.post, gated_url, content=BODY, timeout=60)
        _until_waiting(budget, 1)
        refused = httpx.post(gated_url, content=BODY, timeout=60)
        gate.opened.set()
        assert first.result().text == second.result().text == str(len(BODY))
    assert refused.status_code == 503
    assert refused.headers["retry-after"] == "1"
    assert refused.json()["errors"][0]["code"] == "service_unavailable"


def test_a_request_without_a_body_is_never_held(gate: Gate, gated_url: str) -> None:
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(httpx.post, gated_url, content=BODY, timeout=60)
        assert gate.entered.acquire(timeout=WAIT_SECONDS)
        try:  # the budget is full, and a GET does not wait for it
            assert httpx.get(gated_url, timeout=60).text == "0"
        finally:
            gate.opened.set()
        assert first.result().status_code == 200


def test_the_announced_size_is_the_content_length_or_the_limit_when_chunked() -> None:
    def scope(*headers: tuple[bytes, bytes]) -> dict[str, object]:
        return {"type": "http", "headers": list(headers)}

    assert announced_size(scope((b"content-length", b"50")), 1000) == 50
    assert announced_size(scope((b"content-length", b"5000")), 1000) == 1000
    assert announced_size(scope((b"transfer-encoding", b"chunked")), 1000) == 1000
    assert announced_size(scope(), 1000) == 0


def test_the_budget_serves_the_waiting_in_order_and_a_large_body_alone() -> None:
    async def scenario() -> list[str]:
        budget = ByteBudget(10)
        order: list[str] = []
        first = await budget.acquire(8)

        async def take(name: str, size: int) -> None:
            reserved = await budget.acquire(size)
            order.append(name)
            budget.release(reserved)

        async with anyio.create_task_group() as group:
            group.start_soon(take, "large", 50)  # more than the budget: waits for it whole
            await anyio.wait_all_tasks_blocked()
            group.start_soon(take, "small", 1)  # fits now, but comes after
            await anyio.wait_all_tasks_blocked()
            assert order == []
            budget.release(first)
        return order

    assert anyio.run(scenario) == ["large", "small"]
