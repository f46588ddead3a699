"""How many bytes a JSON value takes as compact JSON text, counted no further than a budget.

A batch binds earlier results into later inputs without copying them, but the tool that gets
them reads them whole: what a batch may bind in all is capped, and a value is measured only as
far as the cap, so a huge result costs the walk of the budget, not of the result. Strings count
their UTF-8 bytes and two quotes (escapes are not counted: the measure is of the data).
"""

from collections.abc import Mapping, Sequence

_LITERALS = {True: 4, False: 5}  # true, false


def json_size(value: object, budget: int) -> int | None:
    """The size of ``value`` as compact JSON, or None once it is over ``budget``."""
    total = 0
    pending: list[object] = [value]
    while pending:
        item = pending.pop()
        total += _own_size(item, pending)
        if total > budget:
            return None
    return total


def _own_size(item: object, pending: list[object]) -> int:
    """The bytes ``item`` takes itself (brackets, commas, keys, a scalar's text); its members
    go to ``pending``."""
    if isinstance(item, str):
        return len(item.encode("utf-8", "surrogatepass")) + 2
    if isinstance(item, bool):
        return _LITERALS[item]
    if item is None:
        return 4
    if isinstance(item, int | float):
        return len(repr(item))  # a result's numbers: counts and doubles
    if isinstance(item, Mapping):
        pending.extend(item.values())
        keys = sum(len(str(key).encode("utf-8", "surrogatepass")) + 3 for key in item)
        return 2 + keys + max(len(item) - 1, 0)
    if isinstance(item, Sequence):
        pending.extend(item)
        return 2 + max(len(item) - 1, 0)
    return len(repr(item))
