"""A pause of the cyclic garbage collector while many small result objects are made.

Tuples of ints and frozen dataclasses of them can be in no reference cycle, yet every
collection that their creation triggers walks all the objects made so far: a quarter or more of
the time it takes to make a table's rows or a corpus's per-segment results.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """No cyclic collection inside; the collector as it was after (off stays off)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
