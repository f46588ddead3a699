"""Reading the request log of the server that runs in the test process."""

import time

import pytest

from mtcompute.http.server.log import LOGGER

# Generous: a deadline only bounds a failure; a loaded machine can be slow to log.
_WAIT_SECONDS = 120.0
_SETTLE_SECONDS = 0.05


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == LOGGER.name]


def request_log_lines(caplog: pytest.LogCaptureFixture, count: int) -> list[str]:
    """The request log lines once there are ``count`` of them. The server thread logs a line
    just after its answer has left, so the client can be a moment ahead of the log."""
    deadline = time.monotonic() + _WAIT_SECONDS
    while len(_logged(caplog)) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(_SETTLE_SECONDS)  # a line too many would show up by now
    return _logged(caplog)
