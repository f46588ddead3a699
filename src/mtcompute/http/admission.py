"""Bounding the request bodies held at once: a slot per body, as many slots as worker threads.

Each request with a body takes a slot before its body is read and keeps it until its answer is
sent, so at most ``slots`` bodies are in memory, being read, parsed or computed on (a body is
handed to a thread; more bodies than threads would only queue there, holding their bytes).
A request that finds every slot taken waits without reading its body, which stays in the kernel's
buffers; once ``waiting`` requests are already waiting, it is answered 503 with ``Retry-After``.
"""

import anyio
import anyio.to_thread
from starlette.types import ASGIApp, Receive, Scope, Send

from mtcompute.http.concurrency import unavailable

# Requests allowed to wait for a slot, per slot.
WAITING_PER_SLOT = 4


def _has_body(scope: Scope) -> bool:
    for name, value in scope["headers"]:
        if name == b"transfer-encoding" or (name == b"content-length" and value.strip(b"0 ")):
            return True
    return False


class BodyAdmission:
    """ASGI middleware giving a slot to each request with a body; ``slots`` defaults to the
    thread pool's size, read when the first such request arrives."""

    def __init__(self, app: ASGIApp, slots: int | None = None) -> None:
        self._app = app
        self._slots = slots
        self._semaphore: anyio.Semaphore | None = None
        self._waiting = 0

    def _semaphore_now(self) -> anyio.Semaphore:
        if self._semaphore is None:
            threads = anyio.to_thread.current_default_thread_limiter().total_tokens
            self._slots = self._slots or int(threads)
            self._semaphore = anyio.Semaphore(self._slots)
        return self._semaphore

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _has_body(scope):
            await self._app(scope, receive, send)
            return
        semaphore = self._semaphore_now()
        slots = self._slots or 1
        if semaphore.value == 0 and self._waiting >= slots * WAITING_PER_SLOT:
            most = slots * (1 + WAITING_PER_SLOT)
            message = f"expected at most {most} requests with a body at once, got more; retry later"
            await unavailable(message)(scope, receive, send)
            return
        self._waiting += 1
        try:
            await semaphore.acquire()
        finally:
            self._waiting -= 1
        try:
            await self._app(scope, receive, send)
        finally:
            semaphore.release()
