"""Length-prefixed messages over a pair of pipe ends, read by the thread that needs them.

Each message is its length (8 bytes, little-endian) and its bytes. Reading can wait, give up
after a timeout (0: take only what has arrived), or raise ``EOFError`` once the other end has
closed. There are no threads: a thread that only moves bytes would have to win the GIL from a
caller busy with numpy before it could pass a message on, and that cost milliseconds.
"""

import contextlib
import os
import select
import struct

try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]

_LENGTH = struct.Struct("<Q")
_READ_SIZE = 1 << 20
# Smaller messages are joined to their header and written at once; larger ones are written from
# where they are, as a copy would cost more than a second write.
_COPY_BELOW = 1 << 16
# Room in the pipe for a few tasks, so that sending one does not wait for the reader to wake
# and drain it (Linux; elsewhere, or above the system's limit, the default stays).
_PIPE_BYTES = 1 << 20
_SET_PIPE_SIZE: int | None = getattr(fcntl, "F_SETPIPE_SZ", None)


class MessageChannel:
    """Messages in from one file descriptor and out to another."""

    def __init__(self, incoming: int, outgoing: int) -> None:
        self._incoming = incoming
        self._outgoing = outgoing
        self._received = bytearray()
        if fcntl is not None and _SET_PIPE_SIZE is not None:
            # Not a pipe, or above the limit: writes then wait for the reader a little.
            with contextlib.suppress(OSError):
                fcntl.fcntl(outgoing, _SET_PIPE_SIZE, _PIPE_BYTES)

    def send(self, message: bytes | memoryview) -> None:
        """Write one message whole (``OSError`` when the other end is gone)."""
        header = _LENGTH.pack(len(message))
        if len(message) < _COPY_BELOW:  # one write
            self._write_all(memoryview(header + message))
        else:  # no copy of a large message
            self._write_all(memoryview(header))
            self._write_all(memoryview(message))

    def _write_all(self, pending: memoryview) -> None:
        while pending:
            pending = pending[os.write(self._outgoing, pending) :]

    def receive(self, timeout: float | None) -> bytes | None:
        """The next message; None when it has not arrived whole within ``timeout`` seconds (None:
        wait for it). ``EOFError`` when the other end closed first."""
        while (message := self._next_buffered()) is None:
            if not self._read_more(timeout):
                return None
        return message

    def _read_more(self, timeout: float | None) -> bool:
        if timeout is not None:
            readable, _, _ = select.select([self._incoming], [], [], timeout)
            if not readable:
                return False
        data = os.read(self._incoming, _READ_SIZE)
        if not data:
            raise EOFError("the other end of the channel closed")
        self._received += data
        return True

    def _next_buffered(self) -> bytes | None:
        if len(self._received) < _LENGTH.size:
            return None
        (length,) = _LENGTH.unpack_from(self._received)
        end = _LENGTH.size + length
        if len(self._received) < end:
            return None
        message = bytes(self._received[_LENGTH.size : end])
        del self._received[:end]
        return message
