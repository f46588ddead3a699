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

from mtcompute.http.server.admission import BodyAdmission, has_body
from mtcompute.http.server.budget import Account, ByteBudget
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
    limited = BodyAdmission(app, budget=budget, most_waiting=1, small_body_bytes=0)
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


def test_a_request_has_a_body_when_it_announces_one() -> None:
    def scope(*headers: tuple[bytes, bytes]) -> dict[str, object]:
        return {"type": "http", "headers": list(headers)}

    assert has_body(scope((b"content-length", b"50")))
    assert has_body(scope((b"transfer-encoding", b"chunked")))
    assert not has_body(scope((b"content-length", b"0")))
    assert not has_body(scope())


def test_the_budget_serves_the_waiting_in_order_and_a_large_charge_alone() -> None:
    async def scenario() -> list[str]:
        budget = ByteBudget(10)
        order: list[str] = []
        first = Account()
        await budget.charge(first, 8)

        async def take(name: str, size: int) -> None:
            account = Account()
            await budget.charge(account, size)
            order.append(name)
            budget.release(account)

        async with anyio.create_task_group() as group:
            group.start_soon(take, "large", 50)  # more than the budget: waits for it whole
            await anyio.wait_all_tasks_blocked()
            group.start_soon(take, "small", 1)  # fits now, but comes after
            await anyio.wait_all_tasks_blocked()
            assert order == []
            budget.release(first)
        return order

    assert anyio.run(scenario) == ["large", "small"]


def test_the_oldest_request_is_never_kept_waiting_by_younger_ones() -> None:
    async def scenario() -> list[str]:
        budget = ByteBudget(10)
        order: list[str] = []
        oldest, younger = Account(), Account()
        await budget.charge(oldest, 4)
        await budget.charge(younger, 6)  # the budget is spent, half by each

        async def more(name: str, account: Account) -> None:
            await budget.charge(account, 5)
            order.append(name)

        async with anyio.create_task_group() as group:
            group.start_soon(more, "younger", younger)  # waits for room
            await anyio.wait_all_tasks_blocked()
            group.start_soon(more, "oldest", oldest)  # overdraws at once
            await anyio.wait_all_tasks_blocked()
            assert order == ["oldest"]
            budget.release(oldest)  # the younger is now the oldest: it goes on
        assert budget.used == 11
        return order

    assert anyio.run(scenario) == ["oldest", "younger"]
