"""A helper process that computes blocks of a large corpus beside the caller: two cores at work.

numpy releases the GIL only inside each call, and a block makes hundreds of short calls, so
threads would spend their time handing the GIL over; a process needs none. It is not a
``multiprocessing`` child, which imports the caller's main script again (an unguarded script
would run twice): it is this interpreter running this module's ``main``, which reads tasks (a
function and its arguments) on its stdin and writes their results on its stdout, as
length-prefixed pickles, in order.

The helper starts in the background the first time it is asked for. ``lease`` gives None until
it says it is ready, while another thread holds it, and after it failed; a task it was given
and did not answer is computed by the caller. Either way the caller gets every result, exactly
as if it had computed them all itself.
"""

import atexit
import contextlib
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from typing import IO, Any

_LENGTH = struct.Struct("<Q")
# glibc's allocator otherwise hands freed memory back to the system between tasks, and the next
# task pays a page fault for every 4 KiB of it again; other allocators ignore these.
_KEEP_FREED_MEMORY = {"MALLOC_TRIM_THRESHOLD_": str(2**30), "MALLOC_MMAP_THRESHOLD_": str(2**30)}
_READY = b"ready"
_BOOTSTRAP = (
    "import sys; sys.path.append(sys.argv[1]); "
    "from mtcompute.metrics.block_helper import main; main()"
)

Task = tuple[Callable[..., Any], tuple[Any, ...]]


class Helper:
    """The helper process, and the two threads that write its tasks and read its answers."""

    def __init__(self) -> None:
        self.owner = os.getpid()  # a forked child must not share this process's pipes
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.failed = threading.Event()
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        self.answers: queue.SimpleQueue[tuple[bool, Any]] = queue.SimpleQueue()
        self.process = _started_process()
        if self.process is None:  # no interpreter to run it with: every block is computed here
            self.failed.set()
            return
        threading.Thread(target=self._write_tasks, daemon=True).start()
        threading.Thread(target=self._read_answers, daemon=True).start()

    @property
    def usable(self) -> bool:
        return self.ready.is_set() and not self.failed.is_set() and self.owner == os.getpid()

    def send(self, task: Task) -> None:
        self._outbox.put(pickle.dumps(task, protocol=pickle.HIGHEST_PROTOCOL))

    def close(self) -> None:
        """Ask the helper to stop (end of its input), and make sure it does."""
        if self.process is None:
            return
        self._outbox.put(None)
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def _write_tasks(self) -> None:
        assert self.process is not None
        stdin = self.process.stdin
        assert stdin is not None
        with contextlib.suppress(OSError):  # the helper is gone: the reader says so
            while (message := self._outbox.get()) is not None:
                _write(stdin, message)
        with contextlib.suppress(OSError):
            stdin.close()

    def _read_answers(self) -> None:
        assert self.process is not None
        stdout = self.process.stdout
        assert stdout is not None
        with contextlib.suppress(OSError, ValueError):  # a closed pipe ends it, as its end does
            if _read(stdout) == _READY:
                self.ready.set()
                while (message := _read(stdout)) is not None:
                    self.answers.put((True, pickle.loads(message)))
        self.failed.set()
        self.answers.put((False, None))  # wakes a caller waiting for an answer


class Lane:
    """One caller's use of the helper: tasks sent and not yet answered, oldest first."""

    def __init__(self, helper: Helper) -> None:
        self._helper = helper
        self._unanswered: deque[Task] = deque()

    @property
    def waiting(self) -> int:
        return len(self._unanswered)

    def send(self, function: Callable[..., Any], *args: Any) -> None:
        self._unanswered.append((function, args))
        self._helper.send((function, args))

    def answers(self, *, wait: bool) -> Iterator[Any]:
        """The results of the tasks answered so far, in the order sent; with ``wait``, of all
        of them. After a failure of the helper, the caller computes the rest itself."""
        while self._unanswered:
            if self._helper.failed.is_set():
                function, args = self._unanswered.popleft()
                yield function(*args)
                continue
            try:
                answered, result = self._helper.answers.get(block=wait)
            except queue.Empty:
                return
            if answered:
                self._unanswered.popleft()
                yield result


class _Shared:
    """The one helper of this process, started on first use."""

    helper: Helper | None = None
    lock = threading.Lock()


@contextlib.contextmanager
def lease() -> Iterator[Lane | None]:
    """A lane to the helper, or None when it is not ready or busy (it starts in the background
    on the first call). Every task sent is answered before the lane is given back."""
    helper = current_helper()
    if not helper.usable or not helper.lock.acquire(blocking=False):
        yield None
        return
    lane = Lane(helper)
    try:
        yield lane
    finally:
        for _ in lane.answers(wait=True):  # the next lane must not read this one's answers
            pass
        helper.lock.release()


def current_helper() -> Helper:
    """This process's helper, started when there is none or it was inherited from a parent. One
    that failed is not replaced: it would likely fail again, and blocks are computed here."""
    with _Shared.lock:
        helper = _Shared.helper
        if helper is None or helper.owner != os.getpid():
            helper = _Shared.helper = Helper()
        return helper


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


def _write(stream: IO[bytes], message: bytes) -> None:
    stream.write(_LENGTH.pack(len(message)))
    stream.write(message)
    stream.flush()


def _read(stream: IO[bytes]) -> bytes | None:
    """One message, or None at the end of the stream (or of a cut one)."""
    header = stream.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        return None
    (length,) = _LENGTH.unpack(header)
    message = stream.read(length)
    return message if len(message) == length else None


def serve(tasks: IO[bytes], answers: IO[bytes]) -> None:
    """The helper's side: say it is ready, then answer each task until its input ends."""
    _write(answers, _READY)
    while (message := _read(tasks)) is not None:
        function, args = pickle.loads(message)  # from the process that started this one
        _write(answers, pickle.dumps(function(*args), protocol=pickle.HIGHEST_PROTOCOL))


def main() -> None:
    """The helper process's entry point: serve tasks from stdin until it ends."""
    # Answers go out on a private copy of stdout, and stdout itself to stderr: nothing printed
    # by a library can corrupt them.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
