"""``mtcompute serve`` as its own process, on a port the OS picks, and the lines it logs."""

import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

COMMAND = str(Path(sys.executable).with_name("mtcompute"))
_STARTED = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")
_READY = re.compile("Application startup complete")
# Generous: a deadline only bounds a failure; a loaded machine can take long to start one.
WAIT_SECONDS = 120.0


@dataclass
class Served:
    """A running ``mtcompute serve`` and the lines it has logged so far."""

    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)
    port: int = 0

    def wait_for_line(self, pattern: re.Pattern[str], count: int = 1) -> re.Match[str]:
        """The first line matching ``pattern`` once ``count`` lines match it."""
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            matches = [m for line in list(self.lines) if (m := pattern.search(line))]
            if len(matches) >= count:
                return matches[0]
            time.sleep(0.02)
        raise AssertionError(f"fewer than {count} lines match {pattern.pattern!r}: {self.lines}")


def _drain(served: Served) -> None:
    assert served.process.stderr is not None
    for line in served.process.stderr:
        served.lines.append(line)


@pytest.fixture
def serve(request: pytest.FixtureRequest) -> Iterator[Served]:
    """``mtcompute serve --port 0`` plus the options in ``request.param``, once every worker
    has started."""
    options: list[str] = getattr(request, "param", [])
    workers = int(options[options.index("--workers") + 1]) if "--workers" in options else 1
    process = subprocess.Popen(
        [COMMAND, "serve", "--port", "0", *options], stderr=subprocess.PIPE, text=True
    )
    served = Served(process)
    reader = threading.Thread(target=_drain, args=(served,), daemon=True)
    reader.start()
    try:
        served.port = int(served.wait_for_line(_STARTED).group(1))
        served.wait_for_line(_READY, count=workers)
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        process.wait(WAIT_SECONDS)
        reader.join(WAIT_SECONDS)
        assert process.stderr is not None
        process.stderr.close()
