"""Bounding the request bodies held at once, by their bytes: a budget sized from the thread pool.

Each request with a body reserves its size (its ``Content-Length``; the body limit for a chunked
body) before the body is read, and keeps the reservation until its answer is sent, so that the
bodies being read, parsed or computed on in threads add up to at most the budget: one MiB per
thread of the pool. A request that does not fit waits, first come first served, without reading
its body, which stays in the kernel's buffers; a body larger than the budget runs alone. Once
``WAITING_PER_THREAD`` times the threads are already waiting, a request is answered 503 with
``Retry-After``, once its body has arrived and been dropped (``concurrency.refuse``). Small
requests reserve little, so many run at once.
"""

from collections import deque

import anyio
import anyio.to_thread
from starlette.types import ASGIApp, Receive, Scope, Send

from mtcompute.http.server.concurrency import refuse

BUDGET_BYTES_PER_THREAD = 1024 * 1024
WAITING_PER_THREAD = 4


def announced_size(scope: Scope, max_body_bytes: int) -> int:
    """The bytes a request's body will take: its Content-Length, or at most ``max_body_bytes``
    if it is chunked; 0 without a body."""
    for name, value in scope["headers"]:
        if name == b"transfer-encoding":
            return max_body_bytes
        if name == b"content-length":
            return min(int(value), max_body_bytes) if value.isdigit() else max_body_bytes
    return 0


class ByteBudget:
    """A semaphore counted in bytes, first come first served."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._used = 0
        self._waiting: deque[tuple[int, anyio.Event]] = deque()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    async def acquire(self, size: int) -> int:
        """Reserve ``size`` bytes (the budget at most); the bytes reserved, for ``release``."""
        size = min(size, self.budget)
        if not self._waiting and self._used + size <= self.budget:
            self._used += size
            return size
        granted = anyio.Event()
        entry = (size, granted)
        self._waiting.append(entry)
        try:
            await granted.wait()
        except BaseException:
            if granted.is_set():
                self.release(size)
            else:
                self._waiting.remove(entry)
            raise
        return size

    def release(self, size: int) -> None:
        self._used -= size
        while self._waiting and self._used + self._waiting[0][0] <= self.budget:
            size, granted = self._waiting.popleft()
            self._used += size
            granted.set()


class BodyAdmission:
    """ASGI middleware reserving each body's bytes in a ``ByteBudget``: by default one MiB per
    thread, and ``WAITING_PER_THREAD`` waiting requests per thread."""

    def __init__(
        self,
        app: ASGIApp,
        max_body_bytes: int,
        budget: ByteBudget | None = None,
        most_waiting: int | None = None,
    ) -> None:
        self._app = app
        self._max_body_bytes = max_body_bytes
        self._budget = budget
        self._most_waiting = most_waiting

    def _budget_now(self) -> tuple[ByteBudget, int]:
        # The thread pool is known only inside the event loop.
        if self._budget is None or self._most_waiting is None:
            threads = int(anyio.to_thread.current_default_thread_limiter().total_tokens)
            self._budget = self._budget or ByteBudget(threads * BUDGET_BYTES_PER_THREAD)
            self._most_waiting = threads * WAITING_PER_THREAD
        return self._budget, self._most_waiting

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        size = announced_size(scope, self._max_body_bytes) if scope["type"] == "http" else 0
        if size == 0:
            await self._app(scope, receive, send)
            return
        budget, most_waiting = self._budget_now()
        if budget.waiting >= most_waiting:
            message = f"expected at most {most_waiting} requests waiting to be read, got more"
            await refuse(f"{message}; retry later", scope, receive, send)
            return
        reserved = await budget.acquire(size)
        try:
            await self._app(scope, receive, send)
        finally:
            budget.release(reserved)
