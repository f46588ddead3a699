"""The progress of a long ``score`` on stderr: segments done, their rate and the time left
(tqdm's bar), when stderr is a terminal and ``--quiet`` was not given."""

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from mtcompute.scale.stream import Advance


def _ignore(count: int) -> None:
    return None


@contextmanager
def progress(total: int | None, *, quiet: bool) -> Iterator[Advance]:
    """A function to call with each chunk's segment count; the bar closes on exit."""
    if quiet or not sys.stderr.isatty():
        yield _ignore
        return
    from tqdm import tqdm  # noqa: PLC0415 (only for a terminal: the import costs a little)

    tqdm.monitor_interval = 0  # no monitor thread: worker processes are forked from this one
    with tqdm(
        total=total,
        unit=" segments",
        file=sys.stderr,
        smoothing=0.1,
    ) as bar:
        yield bar.update
