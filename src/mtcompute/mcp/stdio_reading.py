"""The lines of stdin, each at most the body limit: a longer one is never held whole.

``bounded_lines`` reads stdin a block at a time and yields each line; of a line longer than
``max_bytes`` it keeps nothing past the limit, drops the rest up to its newline, and yields
``TOO_LONG`` in its place, which ``stdio_lines`` answers ``-32600`` with id null, as HTTP
answers a body over the limit 413: a 100 MB line costs a block of memory, not 100 MB parsed.
"""

import os
from collections.abc import AsyncIterator
from typing import BinaryIO, Final

import anyio.to_thread

from mtcompute.meta.bodies import largest_body_limit
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_ENV

BLOCK_BYTES = 64 * 1024


class _TooLong:
    def __repr__(self) -> str:
        return "TOO_LONG"


TOO_LONG: Final = _TooLong()
StdinLine = bytes | _TooLong


def max_line_bytes() -> int:
    """The body limit over stdio: ``MTCOMPUTE_MAX_BODY_BYTES``, as ``serve`` takes it, or the
    largest body a tool takes by default (8 MiB, 64 MiB for score-texts)."""
    raw = os.environ.get(MAX_BODY_BYTES_ENV, "")
    configured = int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_MAX_BODY_BYTES
    return largest_body_limit(configured)


async def bounded_lines(stream: BinaryIO, max_bytes: int) -> AsyncIterator[StdinLine]:
    """Each line of ``stream`` (its newline included, as a file gives it), or ``TOO_LONG`` for
    one of more than ``max_bytes`` before its newline; read only as the lines are asked for."""
    pending = bytearray()
    dropping = False  # inside a line already found too long
    while True:
        block: bytes = await anyio.to_thread.run_sync(_read_block, stream)
        start = 0
        while (newline := block.find(b"\n", start)) != -1:
            if dropping:
                dropping = False
            elif len(pending) + newline - start > max_bytes:
                yield TOO_LONG
            else:
                pending += block[start : newline + 1]
                yield bytes(pending)
            pending.clear()
            start = newline + 1
        if not block:
            if pending and not dropping:
                yield bytes(pending)
            return
        if not dropping:
            pending += block[start:]
            if len(pending) > max_bytes:
                pending.clear()
                dropping = True
                yield TOO_LONG


def _read_block(stream: BinaryIO) -> bytes:
    read1 = getattr(stream, "read1", None)
    return bytes(read1(BLOCK_BYTES) if read1 is not None else stream.read(BLOCK_BYTES))
