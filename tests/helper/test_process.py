"""The helper process answers every task as the caller would, in order, and when it cannot, the
caller computes the rest itself."""

import math
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import numpy as np
import pytest

from mtcompute.helper import process as block_helper
from mtcompute.helper.process import Helper, Lane

pytestmark = pytest.mark.live

_STARTUP_SECONDS = 60  # a loaded machine may take a while to start an interpreter


@pytest.fixture
def helper() -> Iterator[Helper]:
    started = Helper()
    assert started.wait_until_ready(_STARTUP_SECONDS)
    yield started
    started.close()


def test_a_lane_answers_every_task_in_the_helper_with_the_callers_result_in_order(
    helper: Helper,
) -> None:
    # Tasks are named by module, so the helper runs library functions, not this file's.
    lane = Lane(helper)
    for value in range(1, 6):
        lane.send(math.factorial, value)
    lane.send(print, "printed")  # to the helper's stderr: its answers have a stream of their own
    lane.send(divmod, 17, 5)
    assert list(lane.answers(wait=True)) == [1, 2, 6, 24, 120, None, (3, 2)]
    assert lane.waiting == 0
    assert not helper.failed  # the helper answered them all, the caller none


def test_tasks_the_helper_did_not_answer_are_computed_by_the_caller(helper: Helper) -> None:
    lane = Lane(helper)
    assert helper.process is not None
    helper.process.kill()
    helper.process.wait()
    for value in range(1, 4):
        lane.send(math.factorial, value)
    assert list(lane.answers(wait=True)) == [1, 2, 6]
    assert helper.failed


def test_answers_without_waiting_give_only_what_has_arrived(helper: Helper) -> None:
    lane = Lane(helper)
    lane.send(time.sleep, 0.5)
    lane.send(math.factorial, 3)
    assert list(lane.answers(wait=False)) == []  # the helper is still asleep
    assert lane.waiting == 2
    assert list(lane.answers(wait=True)) == [None, 6]
    assert not helper.failed


def test_one_lease_at_a_time() -> None:
    shared = block_helper.current_helper()
    assert shared.wait_until_ready(_STARTUP_SECONDS)
    with block_helper.lease() as first:
        assert first is not None
        with block_helper.lease() as second:
            assert second is None  # busy: that caller computes by itself
        first.send(math.factorial, 4)
        assert list(first.answers(wait=True)) == [24]


def _next_lease_given(deadline_seconds: float = _STARTUP_SECONDS) -> Iterator[Lane]:
    """Leases until one is given (none is while the lane before's answers are still to come)."""
    deadline = time.monotonic() + deadline_seconds
    while time.monotonic() < deadline:
        with block_helper.lease() as lane:
            if lane is not None:
                yield lane
                return
        time.sleep(0.01)
    raise AssertionError("no lease was given")


def test_without_an_interpreter_to_start_no_lease_is_given_and_nothing_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(block_helper._Shared, "helper", None)  # as in a process just started
    monkeypatch.setattr("sys.executable", "/nonexistent/python")
    with block_helper.lease() as lane:
        assert lane is None
    helper = block_helper.current_helper()
    assert helper.failed
    helper.close()  # nothing to stop


def test_a_lane_given_back_by_an_error_leaves_no_answers_for_the_next() -> None:
    shared = block_helper.current_helper()
    assert shared.wait_until_ready(_STARTUP_SECONDS)

    def give_up_with_tasks_unanswered() -> None:
        with block_helper.lease() as first:
            assert first is not None
            first.send(time.sleep, 0.2)
            first.send(math.factorial, 5)
            raise KeyError("the caller gave up")

    with pytest.raises(KeyError):
        give_up_with_tasks_unanswered()
    with block_helper.lease() as busy:
        assert busy is None  # still sleeping: this caller computes by itself, without waiting
    for second in _next_lease_given():
        second.send(divmod, 7, 2)
        assert list(second.answers(wait=True)) == [(3, 1)]
    assert not shared.failed


def test_a_task_taken_back_is_the_callers_and_its_answer_is_dropped(helper: Helper) -> None:
    lane = Lane(helper)
    lane.send(time.sleep, 0.3)  # the helper is at this one
    lane.send(math.factorial, 3)
    lane.send(math.factorial, 4)
    assert lane.take_back() == (math.factorial, (4,))
    assert lane.take_back() == (math.factorial, (3,))
    assert lane.take_back() is None  # not the one the helper is at
    assert lane.waiting == 1
    assert list(lane.answers(wait=True)) == [None]
    assert lane.unanswered == 2  # the dropped answers, still to come


def test_the_next_lease_drops_the_answers_of_tasks_taken_back() -> None:
    shared = block_helper.current_helper()
    assert shared.wait_until_ready(_STARTUP_SECONDS)
    with block_helper.lease() as first:
        assert first is not None
        first.send(math.factorial, 5)
        first.send(math.factorial, 6)
        assert first.take_back() == (math.factorial, (6,))
        assert list(first.answers(wait=True)) == [120]
    for second in _next_lease_given():
        second.send(math.factorial, 3)
        assert list(second.answers(wait=True)) == [6]
    assert not shared.failed


def test_a_woken_helper_answers_as_one_asleep(helper: Helper) -> None:
    lane = Lane(helper)
    lane.wake()
    lane.send(math.factorial, 6)
    time.sleep(2 * block_helper.AWAKE_SECONDS)  # asleep again when this one comes
    lane.send(math.factorial, 7)
    assert list(lane.answers(wait=True)) == [720, 5040]
    assert not helper.failed


def test_large_arrays_reach_the_helper_whole_beside_the_task(helper: Helper) -> None:
    lane = Lane(helper)
    numbers = np.arange(2_000_000, dtype=np.int64)  # 16 MB: more than the pipe holds
    lane.send(np.sum, numbers)
    lane.send(np.array_equal, numbers[::-1], numbers[::-1].copy())  # a strided view too
    assert list(lane.answers(wait=True)) == [numbers.sum(), True]
    assert not helper.failed


def test_switched_off_no_lane_is_given_and_no_process_is_started() -> None:
    block_helper.use_helper_process(False)
    try:
        assert not block_helper.helper_enabled()
        with block_helper.lease() as lane:
            assert lane is None
        assert block_helper._Shared.helper is None
    finally:
        block_helper.use_helper_process(True)
    assert block_helper.helper_enabled()


def test_the_environment_switches_the_helper_off_in_a_new_process() -> None:
    code = "from mtcompute.helper import process; print(process.helper_enabled())"
    for value, expected in (("0", "False"), ("off", "False"), ("1", "True")):
        env = {**os.environ, block_helper.ENVIRONMENT_SWITCH: value}
        completed = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert completed.stdout.strip() == expected
