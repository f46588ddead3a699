"""A helper that dies is reaped and replaced, after a pause; one that stops answering keeps its
caller waiting for a bounded time, then the caller computes the rest itself."""

import math
import signal
from collections.abc import Iterator

import pytest

from mtcompute.helper import process as block_helper
from mtcompute.helper.process import Helper, Lane

pytestmark = pytest.mark.live

_STARTUP_SECONDS = 60


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[Helper]:
    """This process's helper started anew and ready, with no failure before it."""
    monkeypatch.setattr(block_helper._Shared, "helper", None)
    monkeypatch.setattr(block_helper._Shared, "restart_at", 0.0)
    monkeypatch.setattr(block_helper._Shared, "failures", 0)
    helper = block_helper.current_helper()
    assert helper.wait_until_ready(_STARTUP_SECONDS)
    yield helper
    current = block_helper._Shared.helper
    for started in {helper, current} - {None}:
        assert started is not None
        started.close()


def _killed(helper: Helper) -> None:
    assert helper.process is not None
    helper.process.kill()
    lane = Lane(helper)
    lane.send(math.factorial, 5)
    assert list(lane.answers(wait=True)) == [120]  # computed by the caller
    assert helper.failed


def test_a_killed_helper_is_reaped_and_replaced_by_one_that_answers(
    fresh: Helper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(block_helper, "RESTART_PAUSES", (0.0, 0.0))
    _killed(fresh)
    replacement = block_helper.current_helper()
    assert fresh.process is not None
    assert fresh.process.returncode is not None  # waited for: no zombie
    assert replacement is not fresh
    assert replacement.wait_until_ready(_STARTUP_SECONDS)
    lane = Lane(replacement)
    lane.send(math.factorial, 6)
    assert list(lane.answers(wait=True)) == [720]
    assert not replacement.failed


def test_a_failed_helper_is_replaced_only_after_its_pause(
    fresh: Helper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(block_helper, "RESTART_PAUSES", (60.0, 60.0))
    _killed(fresh)
    assert block_helper.current_helper() is fresh  # reaped, not yet replaced
    assert fresh.process is not None
    assert fresh.process.returncode is not None
    with block_helper.lease() as lane:
        assert lane is None  # meanwhile every block is computed here


def test_a_stopped_helper_holds_its_caller_for_a_bounded_time_then_is_replaced(
    fresh: Helper, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(block_helper, "ANSWER_WAIT_SECONDS", 0.5)
    monkeypatch.setattr(block_helper, "RESTART_PAUSES", (0.0, 0.0))
    assert fresh.process is not None
    fresh.process.send_signal(signal.SIGSTOP)
    lane = Lane(fresh)
    for value in range(1, 4):
        lane.send(math.factorial, value)
    assert list(lane.answers(wait=True)) == [1, 2, 6]
    assert fresh.failed
    replacement = block_helper.current_helper()
    assert fresh.process.returncode is not None  # killed, stopped as it was
    assert replacement is not fresh
