"""``{"type": "array"}`` with ``items``, ``minItems`` and ``maxItems``.

Arrays of strings, and arrays of those at any depth (token lists, references), are checked in
bulk: C loops over each level flattened, not a Python call per item. An array far over its
maxItems (more than twice) is a flood rather than an input a little too large: its count is
reported and its items are walked no further than maxItems.
"""

import itertools
import math
from collections.abc import Callable, Sequence
from typing import cast

from mtcompute.contracts.validation.schema.compiled import (
    Compile,
    CompiledSchema,
    ItemsValid,
    Schema,
    compiled,
    type_error,
)
from mtcompute.contracts.validation.violations import Violations, where

# An array longer than this many times its maxItems is walked no further than maxItems: the walk
# of any array costs at most twice that of the longest valid one.
FAR_OVER_MAX_ITEMS = 2

# The Python types of a JSON array, as a tuple: isinstance reads it faster than list | tuple.
_ARRAYS = (list, tuple)


def array_schema(schema: Schema, compile_schema: Compile) -> CompiledSchema:
    min_items = schema.get("minItems", 0)
    max_items = schema.get("maxItems", math.inf)
    items = compile_schema(schema["items"]) if "items" in schema else None
    items_valid = _items_valid(schema, items)
    items_count = _items_count(schema, items)
    # Far over maxItems, the count is reported and the items are walked no further than that.
    walked = None if max_items == math.inf else int(max_items)
    far_over = FAR_OVER_MAX_ITEMS * max_items

    def valid(value: object) -> bool:
        if not isinstance(value, _ARRAYS) or not min_items <= len(value) <= max_items:
            return False
        return items_valid(value)

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, list | tuple):
            type_error("an array", value, pointer, found)
            return
        _check_item_count(len(value), min_items, max_items, pointer, found)
        if len(value) > far_over:
            found.cut_short = True
            value = value[:walked]
        if items is None or items_valid(value):
            return
        # Pointers are built for the items that break the schema only: a valid item costs a call.
        item_valid, item_check = items.valid, items.check
        for index, item in enumerate(value):
            if not item_valid(item):
                if found.full:
                    found.count_unreported(items_count(value[index:]))
                    return
                item_check(item, f"{pointer}/{index}", found)

    def count(value: object) -> int:
        if not isinstance(value, list | tuple):
            return 1
        broken = int(len(value) < min_items) + int(len(value) > max_items)
        if len(value) > far_over:
            value = value[:walked]
        if items is None or items_valid(value):
            return broken
        return broken + items_count(value)

    return compiled(valid, check, count)


def _items_count(schema: Schema, items: CompiledSchema | None) -> Callable[[Sequence[object]], int]:
    """How many violations the items of an array hold: strings in bulk (a C loop each for their
    types and lengths, as in a list of a million bad tokens), anything else item by item."""
    item: Schema = schema.get("items", {})
    if items is None:
        return lambda values: 0
    if item.get("type") != "string" or "enum" in item or "const" in item:
        return lambda values: sum(map(items.count, values))
    min_length: int = item.get("minLength", 0)
    max_length: float = item.get("maxLength", math.inf)

    def strings_count(values: Sequence[object]) -> int:
        # An invalid string breaks exactly one keyword: its type, or one of its lengths.
        strings = strings_of(values)
        lengths = list(map(len, strings))
        if not lengths:
            return len(values)
        short = 0 if min(lengths) >= min_length else _shorter(lengths, min_length)
        long = 0 if max(lengths) <= max_length else sum(map(max_length.__lt__, lengths))
        return len(values) - len(strings) + short + long

    return strings_count


def _shorter(lengths: list[int], min_length: int) -> int:
    # Empty strings, the common case (tokens), are counted by a comparison each, not a call.
    return lengths.count(0) if min_length == 1 else sum(map(min_length.__gt__, lengths))


def strings_of(values: Sequence[object]) -> list[str]:
    """The strings among ``values``, in order; one C loop when they are all, or none, strings."""
    types = set(map(type, values))
    if str not in types:
        return []
    if types == {str}:
        return cast(list[str], list(values))
    are_strings = map(isinstance, values, itertools.repeat(str))
    return list(itertools.compress(cast(Sequence[str], values), are_strings))


def _items_valid(schema: Schema, items: CompiledSchema | None) -> ItemsValid:
    """Whether all items of an array are valid. Arrays of strings, and arrays of those at any
    depth (token lists, references), are checked in bulk: C loops over each level flattened, not
    a Python call per item."""
    bulk = _bulk_items_valid(schema)
    if bulk is not None:
        return bulk

    def each_valid(values: Sequence[object]) -> bool:
        return items is None or all(map(items.valid, values))

    return each_valid


def _bulk_items_valid(schema: Schema) -> ItemsValid | None:
    item: Schema = schema.get("items", {})
    if item.get("type") == "string" and "enum" not in item and "const" not in item:
        return _strings_valid(item)  # the bulk check knows lengths only: enums go item by item
    if item.get("type") != "array":
        return None
    if "items" not in item:
        return _lists_valid(item, None)
    inner = _bulk_items_valid(item)
    return None if inner is None else _lists_valid(item, inner)


def _lists_valid(schema: Schema, inner: ItemsValid | None) -> ItemsValid:
    """Arrays of arrays; ``inner`` checks all their items at once, None when any item goes."""
    min_items: int = schema.get("minItems", 0)
    max_items: float = schema.get("maxItems", math.inf)
    bounded = min_items > 0 or max_items < math.inf  # else any length goes: none is measured

    def lists_valid(values: Sequence[object]) -> bool:
        if not all(map(isinstance, values, itertools.repeat(_ARRAYS))):
            return False
        lists = cast(Sequence[Sequence[object]], values)
        if (
            bounded
            and lists
            and not min_items <= min(map(len, lists)) <= max(map(len, lists)) <= max_items
        ):
            return False
        return inner is None or inner(list(itertools.chain.from_iterable(lists)))

    return lists_valid


def _strings_valid(schema: Schema) -> ItemsValid:
    """A join refuses anything but strings, and the lengths are measured only when a bound could
    be broken: a join no longer than the maximum keeps every item within it."""
    min_length: int = schema.get("minLength", 0)
    max_length: float = schema.get("maxLength", math.inf)

    def strings_valid(values: Sequence[object]) -> bool:
        strings = cast(Sequence[str], values)
        try:
            joined = "".join(strings)
        except TypeError:
            return False
        if min_length == 1 and "" in strings:
            return False  # a C scan, where measuring every string is a call each
        if min_length <= 1 and len(joined) <= max_length:
            return True
        return _lengths_within(strings, min_length, max_length)

    return strings_valid


def _lengths_within(strings: Sequence[str], min_length: int, max_length: float) -> bool:
    # One set of the few distinct lengths: a C loop that does not compare every length, as
    # min(map(len, ...)) and max(map(len, ...)) would, twice.
    lengths = set(map(len, strings))
    return not lengths or (min_length <= min(lengths) and max(lengths) <= max_length)


def _check_item_count(
    count: int, min_items: int, max_items: float, pointer: str, found: Violations
) -> None:
    if count < min_items:
        if count == 0:
            expected = "a non-empty array" if min_items == 1 else f"at least {min_items} items"
            message = f"expected {expected}, got an empty array {where(pointer)}"
        else:
            message = f"expected at least {min_items} items, got {_items(count)} {where(pointer)}"
        found.add("too_few_items", pointer, message)
    if count > max_items:
        message = f"expected at most {max_items} items, got {_items(count)} {where(pointer)}"
        found.add("too_many_items", pointer, message)


def _items(count: int) -> str:
    return f"an array of {count} item{'' if count == 1 else 's'}"
