"""Where a rule looks in an input: a path of property names, with ``EVERY`` for each item of an
array, such as ``("references", EVERY, EVERY)`` for every reference token list of a corpus.

The same path serves three readers: the bulk check of a valid input (plain lists, no pointers),
the walker of an invalid one (each value with its RFC 6901 pointer, wrong types passed over),
and the schema, whose part at the path a rule may check in bulk in the schema's place.
"""

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from mtcompute.contracts.validation.violations import child_pointer

EVERY = "*"
Path = tuple[str, ...]


def values_at(raw: object, path: Path) -> list[Any]:
    """The values at ``path`` in an input whose shape the schema accepted; a missing optional
    property contributes nothing."""
    values: list[Any] = [raw]
    for step in path:
        if step == EVERY:
            values = list(itertools.chain.from_iterable(values))
        else:
            values = [value[step] for value in values if step in value]
    return values


def reader(path: Path) -> Callable[[Any], list[Any]]:
    """``values_at`` for one path, as a function made once: the common short paths without the
    general loop, which a bulk check would pay on every request."""
    if len(path) == 1 and path[0] != EVERY:
        return functools.partial(_value_of, path[0])
    if len(path) == 2 and path[0] != EVERY and path[1] == EVERY:
        return functools.partial(_items_of, path[0])
    return functools.partial(_values_at_path, path)


def _value_of(name: str, raw: Mapping[str, Any]) -> list[Any]:
    return [raw[name]] if name in raw else []


def _items_of(name: str, raw: Mapping[str, Any]) -> list[Any]:
    return list(raw[name]) if name in raw else []


def _values_at_path(path: Path, raw: object) -> list[Any]:
    return values_at(raw, path)


def pointed_values_at(raw: object, path: Path, pointer: str = "") -> Iterator[tuple[str, object]]:
    """Each value at ``path`` with its pointer, in any input: where a step meets the wrong type
    (the schema's check reports it), that branch yields nothing."""
    if not path:
        yield pointer, raw
        return
    step, rest = path[0], path[1:]
    if step == EVERY:
        if isinstance(raw, list | tuple):
            for index, item in enumerate(raw):
                yield from pointed_values_at(item, rest, f"{pointer}/{index}")
    elif isinstance(raw, dict) and step in raw:
        yield from pointed_values_at(raw[step], rest, child_pointer(pointer, step))


def with_items_at(
    schema: Mapping[str, Any], path: Path, change: Callable[[Mapping[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """``schema`` with ``change`` applied to the ``items`` schema at ``path``: a copy along the
    path, the rest shared."""
    copy = dict(schema)
    if not path:
        if "items" in copy:
            copy["items"] = change(copy["items"])
        return copy
    step, rest = path[0], path[1:]
    if step == EVERY:
        copy["items"] = with_items_at(schema["items"], rest, change)
    else:
        properties = dict(schema["properties"])
        properties[step] = with_items_at(properties[step], rest, change)
        copy["properties"] = properties
    return copy


def without_items_at(schema: Mapping[str, Any], path: Path) -> dict[str, Any]:
    """``schema`` with no ``items`` keyword at ``path``: a copy along the path, the rest shared."""
    copy = dict(schema)
    if not path:
        copy.pop("items", None)
        return copy
    step, rest = path[0], path[1:]
    if step == EVERY:
        copy["items"] = without_items_at(schema["items"], rest)
    else:
        properties = dict(schema["properties"])
        properties[step] = without_items_at(properties[step], rest)
        copy["properties"] = properties
    return copy
