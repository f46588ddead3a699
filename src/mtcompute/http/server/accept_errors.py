"""Running out of file descriptors logged once per interval, not once per connection refused.

When every descriptor the process may open is in use, asyncio fails to accept each waiting
connection and logs the failure with its traceback, again at each retry: at a thousand slow
connections that was about 118,000 tracebacks at 3.7 MB/s until deadlines freed descriptors.
Here the loop logs it as one line, at most once every ``INTERVAL_SECONDS``, with how many
failures it left out since. (asyncio also schedules a retry for each failure, up to the listen
backlog's worth a second; a retry that finds the server closed, when it stops, fails on the
closed socket and is not logged either.) Every other error goes to the loop's default handler as
before.
"""

import asyncio
import time
from collections.abc import Callable
from typing import Any

from mtcompute.http.server.log import LOGGER

INTERVAL_SECONDS = 10.0
_ACCEPT_FAILED = "socket.accept() out of system resource"
_RETRY = "_start_serving"  # the loop's method that accepts again after a failure


class AcceptErrorLog:
    """A loop exception handler logging accept failures once per ``interval`` seconds."""

    def __init__(
        self, interval: float = INTERVAL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._interval = interval
        self._clock = clock
        self._next_at = 0.0
        self._left_out = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if _retry_on_a_closed_server(context):
            return
        if context.get("message") != _ACCEPT_FAILED:
            loop.default_exception_handler(context)
            return
        now = self._clock()
        if now < self._next_at:
            self._left_out += 1
            return
        LOGGER.error(
            "cannot accept connections: %s (every file descriptor allowed is open); "
            "%d such failures since the last line, logged at most every %g s",
            context.get("exception"),
            self._left_out,
            self._interval,
        )
        self._next_at = now + self._interval
        self._left_out = 0


def _retry_on_a_closed_server(context: dict[str, Any]) -> bool:
    handle = context.get("handle")
    callback = getattr(getattr(handle, "_callback", None), "__name__", "")
    return callback == _RETRY and isinstance(context.get("exception"), ValueError)


def log_accept_errors_once_per_interval() -> None:
    """Install ``AcceptErrorLog`` on the running loop (the app's lifespan calls it)."""
    asyncio.get_running_loop().set_exception_handler(AcceptErrorLog())
