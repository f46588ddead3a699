"""Admitting computations by their estimated cost (``contracts.costs``): a few costly ones at
once, a lane of their own for the small ones, a bounded wait, and a deadline.

Kernels release the GIL, so a pool of 40 threads would run 40 costly computations at once on a
machine of a few cores, and a request that costs a millisecond would wait behind them all. Here
a computation estimated at most ``small_seconds`` of CPU and ``SMALL_MEMORY`` bytes runs at once,
in the small lane: it never waits for a costly one. A costly one takes one of ``lanes`` and its
estimated working memory from ``memory_bytes`` (one that needs more than the whole budget runs
alone); the others wait first come first served. A request whose expected wait (the estimated
seconds left of those running and waiting, shared by the lanes) passes ``max_wait`` seconds is
answered 503 with ``Retry-After`` at once, and so is one whose wait passes it after all.

A computation still running ``deadline`` seconds after it started is answered 503. Its thread
cannot be stopped (a compiled kernel is not interruptible, and killing a thread would leave the
process in an unknown state): it is abandoned and runs to its end, and keeps its lane and memory
until then, so that what is admitted never exceeds the budget.

A batch is admitted by what its operations cost as written; an operation whose input is bound
from an earlier result then charges what it costs beyond that, from its thread, before it runs
(``grow``), waiting for room as long as a request would.
"""

import math
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, fields

import anyio

from mtcompute.contracts.costs import Cost

SMALL_MEMORY = 8 * 1024 * 1024
_ENV_PREFIX = "MTCOMPUTE_COMPUTE_"


@dataclass(frozen=True)
class ComputeSettings:
    """How much costly work one worker process admits at once, and how long it waits: the
    defaults suit a 2-core machine (the dearest valid request, chrF pairwise, holds about
    430 MiB)."""

    lanes: int = 2
    memory_bytes: int = 1024 * 1024 * 1024
    max_wait: float = 5.0
    deadline: float = 60.0
    small_seconds: float = 0.05

    def to_environ(self) -> dict[str, str]:
        """The settings as environment variables, for ``from_environ`` in each worker."""
        return {_ENV_PREFIX + f.name.upper(): repr(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "ComputeSettings":
        values: dict[str, float] = {}
        for f in fields(cls):
            raw = environ.get(_ENV_PREFIX + f.name.upper())
            if raw:
                values[f.name] = int(raw) if f.type in (int, "int") else float(raw)
        return cls(**values)  # type: ignore[arg-type]


class BusyError(Exception):
    """Admitting the computation would take longer than a client should wait."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


@dataclass(eq=False)
class Ticket:
    """One admitted computation: its estimated cost, and whether it holds a lane."""

    cost: Cost
    costly: bool = False
    started: float = 0.0
    _granted: anyio.Event | None = field(default=None, repr=False)


class ComputeGate:
    """The lanes and memory of one worker process, shared by its computations."""

    def __init__(self, settings: ComputeSettings) -> None:
        self.settings = settings
        self._running: dict[Ticket, None] = {}
        self._waiting: deque[Ticket] = deque()
        self._memory = 0
        self._released: anyio.Event | None = None  # made in the event loop, when first awaited
        self._preparing: anyio.CapacityLimiter | None = None

    @property
    def memory(self) -> int:
        """The estimated working bytes of the costly computations running."""
        return self._memory

    @property
    def preparing(self) -> anyio.CapacityLimiter:
        """The threads that parse and estimate large bodies: as many as the lanes, so that a
        flood of them holds the GIL in few threads, and small requests get it soon."""
        if self._preparing is None:
            self._preparing = anyio.CapacityLimiter(self.settings.lanes)
        return self._preparing

    def is_small(self, cost: Cost) -> bool:
        return cost.seconds <= self.settings.small_seconds and cost.memory <= SMALL_MEMORY

    async def admit(self, cost: Cost) -> Ticket:
        """A ticket for a computation of ``cost``, once it may run; ``BusyError`` if it would
        wait past ``max_wait``."""
        ticket = Ticket(cost)
        if self.is_small(cost):
            return ticket
        await self._take_lane(ticket)
        return ticket

    async def grow(self, ticket: Ticket, extra: Cost) -> None:
        """Add ``extra`` to a running ticket's cost, once its memory fits; ``BusyError`` if that
        would wait past ``max_wait``."""
        ticket.cost += extra
        if not ticket.costly:
            if not self.is_small(ticket.cost):
                await self._take_lane(ticket)
            return
        with anyio.move_on_after(self.settings.max_wait):
            while not self._fits_beside(ticket, extra.memory):
                self._released = self._released or anyio.Event()
                await self._released.wait()
            self._memory += extra.memory
            return
        ticket.cost = Cost(ticket.cost.seconds, ticket.cost.memory - extra.memory)
        raise BusyError(self._over_memory(extra.memory), self.settings.max_wait)

    def release(self, ticket: Ticket) -> None:
        """Give back the lane and memory ``ticket`` holds, and start the waiting that fit."""
        if ticket in self._waiting:
            self._waiting.remove(ticket)
        if ticket in self._running:
            del self._running[ticket]
            self._memory -= ticket.cost.memory
        ticket.costly = False
        if self._released is not None:
            self._released.set()
            self._released = None
        self._start_waiting()

    def expected_wait(self, cost: Cost) -> float:
        """Seconds a computation of ``cost`` arriving now may expect to wait: the estimated
        seconds left of those running and waiting, shared by as many lanes as computations of
        its memory fit in the budget."""
        now = time.monotonic()
        left = sum(max(t.cost.seconds - (now - t.started), 0.0) for t in self._running)
        left += sum(t.cost.seconds for t in self._waiting)
        fitting = self.settings.memory_bytes // max(cost.memory, 1)
        return left / max(1, min(self.settings.lanes, fitting))

    async def _take_lane(self, ticket: Ticket) -> None:
        if not self._waiting and self._fits(ticket):
            self._start(ticket)
            return
        wait = self.expected_wait(ticket.cost)
        if wait > self.settings.max_wait:
            message = (
                f"expected a computation to wait at most {self.settings.max_wait:g} s, got about "
                f"{wait:.1f} s behind the costly ones running and waiting; retry later"
            )
            raise BusyError(message, wait)
        ticket._granted = anyio.Event()
        self._waiting.append(ticket)
        try:
            with anyio.fail_after(self.settings.max_wait):
                await ticket._granted.wait()
        except TimeoutError:
            self.release(ticket)
            message = (
                f"expected a computation to wait at most {self.settings.max_wait:g} s, got more"
            )
            raise BusyError(f"{message}; retry later", self.expected_wait(ticket.cost)) from None
        except BaseException:
            self.release(ticket)
            raise

    def _fits(self, ticket: Ticket) -> bool:
        if not self._running:
            return True  # alone, whatever it needs
        if len(self._running) >= self.settings.lanes:
            return False
        return self._memory + ticket.cost.memory <= self.settings.memory_bytes

    def _fits_beside(self, ticket: Ticket, extra: int) -> bool:
        alone = len(self._running) == 1 and ticket in self._running
        return alone or self._memory + extra <= self.settings.memory_bytes

    def _over_memory(self, extra: int) -> str:
        return (
            f"expected the computations running to need at most {self.settings.memory_bytes} "
            f"bytes of memory, got {self._memory + extra} with this one; retry later"
        )

    def _start(self, ticket: Ticket) -> None:
        ticket.costly = True
        ticket.started = time.monotonic()
        self._running[ticket] = None
        self._memory += ticket.cost.memory

    def _start_waiting(self) -> None:
        while self._waiting and self._fits(self._waiting[0]):
            ticket = self._waiting.popleft()
            self._start(ticket)
            if ticket._granted is not None:
                ticket._granted.set()
