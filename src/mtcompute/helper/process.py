"""A helper process that computes blocks of a large corpus beside the caller: two cores at work.

numpy releases the GIL only inside each call, and a block makes hundreds of short calls, so
threads would spend their time handing the GIL over; a process needs none. It is not a
``multiprocessing`` child, which imports the caller's main script again (an unguarded script
would run twice): it is this interpreter running this module's ``main``, which reads tasks (a
function and its arguments) on its stdin and writes their results on its stdout, as pickles
over a ``MessageChannel``, in order. The caller's own thread writes the tasks and reads the
answers: no thread of ours has to win the GIL before a task reaches the helper.

The helper starts in the background the first time it is asked for. ``lease`` gives None until
it said it is ready, while another thread holds it, and after it failed; a task it was given
and did not answer is computed by the caller, and so is one it did not answer within
``ANSWER_WAIT_SECONDS`` (a helper stopped, or starved of a core), which counts as a failure.
A helper that failed (killed, say) is reaped and another started in its place, after a pause
that doubles with each failure in a row (``RESTART_PAUSES``). Either way the caller gets every
result, exactly as if it had computed them all itself.

A lease first wakes the helper, which then stays awake (polls for its next task) for a few
milliseconds after that and after each answer: an idle core can take a millisecond or more to
wake, as long as a block takes to compute.
"""

import atexit
import contextlib
import os
import pickle
import struct
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mtcompute.helper.channel import MessageChannel

# glibc's allocator otherwise hands freed memory back to the system between tasks, and the next
# task pays a page fault for every 4 KiB of it again; other allocators ignore these.
_KEEP_FREED_MEMORY = {"MALLOC_TRIM_THRESHOLD_": str(2**30), "MALLOC_MMAP_THRESHOLD_": str(2**30)}
_READY = b"ready"
_WAKE_UP = b""  # no task: the next one comes soon
_COUNT = struct.Struct("<Q")
# How long the helper polls for its next task after a wake-up or an answer before it sleeps.
AWAKE_SECONDS = 0.005
_BOOTSTRAP = (
    "import sys; sys.path.append(sys.argv[1]); from mtcompute.helper.process import main; main()"
)
# How long the caller waits for one answer before it computes the rest of its tasks itself and
# counts the helper as failed: far longer than any block takes.
ANSWER_WAIT_SECONDS = 10.0
# Pauses before a helper that failed is replaced: the first, and the longest.
RESTART_PAUSES = (1.0, 60.0)
# Errors that say the helper is gone or cannot be talked to (select on a pipe fails outside
# POSIX): the caller then computes everything itself.
_CHANNEL_ERRORS = (EOFError, OSError, ValueError)

Task = tuple[Callable[..., Any], tuple[Any, ...]]


class Helper:
    """The helper process and the channel to it; used by one thread at a time (``lock``)."""

    def __init__(self) -> None:
        self.owner = os.getpid()  # a forked child must not share this process's pipes
        self.lock = threading.Lock()
        self._ready = False
        self._failed = False
        self.stale = 0  # answers of a lane given back, to be dropped before the next is given
        self.process = _started_process()
        if self.process is None:  # no interpreter to run it with: every block is computed here
            self._failed = True
            return
        tasks, answers = self.process.stdin, self.process.stdout
        assert tasks is not None
        assert answers is not None
        self._channel = MessageChannel(answers.fileno(), tasks.fileno())

    @property
    def failed(self) -> bool:
        return self._failed

    def wait_until_ready(self, timeout: float) -> bool:
        """Whether the helper said it is ready, and answered what a lane before left, within
        ``timeout`` seconds (it may be in use)."""
        deadline = time.monotonic() + timeout
        with self.lock:
            if not self.is_ready(timeout):
                return False
            return self.drop_stale(deadline - time.monotonic()) and not self._failed

    def is_ready_unlocked(self) -> bool:
        """Whether it has said it is ready and not failed since, as last seen by a lane."""
        return self._ready and not self._failed

    def is_ready(self, timeout: float = 0.0) -> bool:
        """Whether it is ready and has not failed; the caller holds ``lock``."""
        if not (self._ready or self._failed):
            message = self.receive(timeout)
            self._ready = message == _READY
            self._failed = self._failed or message not in (None, _READY)
        return self._ready and not self._failed

    def drop_stale(self, timeout: float = 0.0) -> bool:
        """Drop the answers a lane before left, waiting up to ``timeout`` seconds for those
        still to come; whether none is left to come (or the helper failed)."""
        deadline = time.monotonic() + timeout
        while self.stale and self.receive(max(deadline - time.monotonic(), 0.0)) is not None:
            self.stale -= 1
        return self.stale == 0 or self._failed

    def send(self, *messages: bytes | memoryview) -> None:
        if self._failed:
            return
        try:
            for message in messages:
                self._channel.send(message)
        except _CHANNEL_ERRORS:
            self._failed = True

    def receive(self, timeout: float | None) -> bytes | None:
        """The next message, or None when none came in time or the helper failed."""
        if self._failed:
            return None
        try:
            return self._channel.receive(timeout)
        except _CHANNEL_ERRORS:
            self._failed = True
            return None

    def give_up(self) -> None:
        """Count the helper as failed (it did not answer in time): nothing more is sent to it
        or read from it, and ``close`` stops it."""
        self._failed = True

    def close(self) -> None:
        """Ask the helper to stop (end of its input), and make sure it does."""
        if self.process is None:
            return
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if self._failed:  # it may be stopped, or never read its input again
            with contextlib.suppress(OSError):
                self.process.kill()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@dataclass
class _Sent:
    task: Task
    taken_back: bool = False  # the caller computes it: the helper's answer is to be dropped


class Lane:
    """One caller's use of the helper: tasks sent and not yet answered, oldest first."""

    def __init__(self, helper: Helper) -> None:
        self._helper = helper
        self._unanswered: deque[_Sent] = deque()

    @property
    def waiting(self) -> int:
        """Tasks sent whose answers the caller still expects from the helper."""
        return sum(not sent.taken_back for sent in self._unanswered)

    @property
    def unanswered(self) -> int:
        """Answers still to come, dropped ones included."""
        return len(self._unanswered)

    def wake(self) -> None:
        """Tell the helper a task is coming, so that it is awake when it does."""
        self._helper.send(_WAKE_UP)

    def send(self, function: Callable[..., Any], *args: Any) -> None:
        self._unanswered.append(_Sent((function, args)))
        self._helper.send(*_task_messages(function, args))

    def take_back(self) -> Task | None:
        """The newest task that waits behind another (the helper is at work on the oldest), for
        the caller to compute instead: a slow helper, on a core other work shares, then keeps
        the caller waiting for one block at most. Its answer, when it comes, is dropped."""
        for sent in reversed(list(self._unanswered)[1:]):
            if not sent.taken_back:
                sent.taken_back = True
                return sent.task
        return None

    def answers(self, *, wait: bool) -> Iterator[Any]:
        """The results of the tasks answered so far, in the order sent; with ``wait``, of all
        that were not taken back. After a failure of the helper, the caller computes the rest
        itself."""
        while self.waiting:
            if self._helper.failed:
                sent = self._unanswered.popleft()
                if not sent.taken_back:
                    yield sent.task[0](*sent.task[1])
                continue
            message = self._helper.receive(ANSWER_WAIT_SECONDS if wait else 0.0)
            if message is None:
                if wait:
                    self._helper.give_up()  # stopped or starved: the caller computes the rest
                if self._helper.failed:
                    continue
                return  # not answered yet
            if not self._unanswered.popleft().taken_back:
                yield pickle.loads(message)  # from the process this one started


# MTCOMPUTE_HELPER=0 in the environment, or use_helper_process(False), keeps every block here.
ENVIRONMENT_SWITCH = "MTCOMPUTE_HELPER"


class _Shared:
    """The one helper of this process, started on first use, and whether it may be used; after
    a failure, when the next may start and how many failed in a row."""

    helper: Helper | None = None
    lock = threading.Lock()
    restart_at = 0.0
    failures = 0
    enabled = os.environ.get(ENVIRONMENT_SWITCH, "1").strip() not in ("0", "false", "no", "off")


def use_helper_process(enabled: bool) -> None:
    """Whether large corpora may be shared with a helper process on a second core (the default,
    unless MTCOMPUTE_HELPER=0). Off, every block is computed in the calling thread and no
    process is started; a helper already running is stopped. Results are the same either way."""
    with _Shared.lock:
        _Shared.enabled = enabled
        stopped = None if enabled else _Shared.helper
        if stopped is not None:
            _Shared.helper = None
    if stopped is not None and stopped.owner == os.getpid():
        with stopped.lock:  # a lane in use keeps it until its tasks are answered
            stopped.close()


def helper_enabled() -> bool:
    return _Shared.enabled


@contextlib.contextmanager
def lease() -> Iterator[Lane | None]:
    """A lane to the helper, woken up, or None when it is not ready or busy (it starts in the
    background on the first call), or when it is switched off. Answers a lane did not read are
    dropped: no lane reads another's."""
    if not _Shared.enabled:
        yield None
        return
    helper = current_helper()
    if not helper.lock.acquire(blocking=False):
        yield None
        return
    try:
        # A helper of this very process, done with the tasks of the lane before (or it is
        # still busy with them, and this caller computes everything itself).
        lane = Lane(helper) if helper.is_ready() and helper.drop_stale() else None
        if lane is not None:
            lane.wake()
        try:
            yield lane
        finally:
            if lane is not None:
                helper.stale += lane.unanswered  # the next lane must not read this one's
    finally:
        helper.lock.release()


def current_helper() -> Helper:
    """This process's helper, started when there is none or it was inherited from a parent. One
    that failed is reaped, and replaced once its pause is over (``RESTART_PAUSES``); until then
    it is given, failed, and blocks are computed here."""
    with _Shared.lock:
        helper = _Shared.helper
        if helper is None or helper.owner != os.getpid():
            helper = _Shared.helper = Helper()
        elif helper.failed:
            helper = _replaced(helper)
        elif helper.is_ready_unlocked():
            _Shared.failures = 0
        return helper


def _replaced(failed: Helper) -> Helper:
    """A new helper in place of ``failed`` once its pause is over, else ``failed``, reaped as
    soon as no lane holds it; the caller holds ``_Shared.lock``."""
    now = time.monotonic()
    if _Shared.restart_at == 0.0:  # the failure is new: its pause starts now
        first, longest = RESTART_PAUSES
        _Shared.restart_at = now + min(first * 2**_Shared.failures, longest)
        _Shared.failures += 1
    running = failed.process is not None and failed.process.returncode is None
    if running and failed.lock.acquire(blocking=False):
        try:
            failed.close()  # no zombie left behind
        finally:
            failed.lock.release()
    if now < _Shared.restart_at:
        return failed
    _Shared.restart_at = 0.0
    _Shared.helper = Helper()
    return _Shared.helper


def _started_process() -> "subprocess.Popen[bytes] | None":
    """This interpreter running this module, or None where it cannot be started."""
    if not sys.executable:  # an embedded interpreter, say
        return None
    try:
        return subprocess.Popen(
            # -P: the working folder is not searched, so nothing there shadows a module.
            [sys.executable, "-P", "-c", _BOOTSTRAP, _package_root()],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **_KEEP_FREED_MEMORY},
        )
    except OSError:
        return None


def _package_root() -> str:
    """The folder this package was imported from: the helper finds it there too, after its own
    search path (which wins, so that nothing shadows the standard library)."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@atexit.register
def _stop_helper() -> None:
    helper = _Shared.helper
    if helper is not None and helper.owner == os.getpid():
        helper.close()


def _task_messages(function: Callable[..., Any], args: tuple[Any, ...]) -> list[memoryview]:
    """A task as messages: the count of its large buffers and its pickle, then each buffer.
    numpy arrays are such buffers (pickle protocol 5): they are written from where they are,
    not copied into the pickle."""
    buffers: list[pickle.PickleBuffer] = []
    pickled = pickle.dumps((function, args), protocol=5, buffer_callback=buffers.append)
    return [memoryview(_COUNT.pack(len(buffers)) + pickled), *(b.raw() for b in buffers)]


def _task(message: bytes, channel: MessageChannel) -> Task:
    """The task of ``_task_messages``, its buffers read from ``channel``."""
    (count,) = _COUNT.unpack_from(message)
    buffers = [channel.receive(None) for _ in range(count)]
    # From the process that started this one: its pickles are trusted as its code is.
    task: Task = pickle.loads(memoryview(message)[_COUNT.size :], buffers=buffers)
    return task


def serve(channel: MessageChannel) -> None:
    """The helper's side: say it is ready, then answer each task until its input ends; awake
    for a moment after a wake-up or an answer, asleep otherwise."""
    channel.send(_READY)
    awake_until = 0.0
    with contextlib.suppress(EOFError):
        while True:
            awake = time.monotonic() < awake_until
            message = channel.receive(0.0 if awake else None)
            if message is None:  # nothing yet, while awake
                continue
            if message != _WAKE_UP:
                function, args = _task(message, channel)
                channel.send(pickle.dumps(function(*args), protocol=pickle.HIGHEST_PROTOCOL))
            awake_until = time.monotonic() + AWAKE_SECONDS


def main() -> None:
    """The helper process's entry point: serve tasks from stdin until it ends."""
    # Answers go out on a private copy of stdout, and stdout itself to stderr: nothing printed
    # by a library can corrupt them.
    answers = os.dup(sys.stdout.fileno())
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(MessageChannel(sys.stdin.fileno(), answers))


if __name__ == "__main__":
    main()
