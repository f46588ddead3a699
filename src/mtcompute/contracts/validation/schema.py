"""A compiled checker for the subset of JSON Schema (draft 2020-12) that contracts use.

The published input schema is the object this module compiles, so what the contract says and what
is enforced cannot drift apart. A keyword outside the subset is refused when compiling rather than
silently ignored. Each schema compiles to a fast predicate and a checker that always agree: a valid
value, by far the common case, is answered by the predicate without building a pointer or a message,
and the checker walks only into the parts the predicate refuses. Past the violations cap the
checker only counts, with a third function that agrees with both: no pointer, no message. An array
far over its maxItems (more than twice) is a flood rather than an input a little too large: its
count is reported and its items are walked no further than maxItems.
"""

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, cast

from mtcompute.contracts.validation.violations import (
    Violations,
    child_pointer,
    describe_value,
    did_you_mean,
    number_text,
    quoted,
    where,
)

Check = Callable[[object, str, Violations], None]
Count = Callable[[object], int]
Valid = Callable[[object], bool]
ItemsValid = Callable[[Sequence[object]], bool]
Schema = Mapping[str, Any]

# An array longer than this many times its maxItems is walked no further than maxItems: the walk
# of any array costs at most twice that of the longest valid one.
FAR_OVER_MAX_ITEMS = 2

SUPPORTED_KEYWORDS = frozenset(
    {
        "$schema", "$id", "title", "description", "examples", "default",
        "type", "properties", "required", "additionalProperties", "items",
        "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "enum", "const",
    }
)  # fmt: skip

# The Python types of a JSON array, as a tuple: isinstance reads it faster than list | tuple.
_ARRAYS = (list, tuple)


class CompiledSchema(NamedTuple):
    """A schema as three functions that always agree: ``valid`` answers fast, without pointers
    or messages; ``check`` adds every violation to a ``Violations``; ``count`` says how many
    ``check`` would add, which is all that is left to do past the cap."""

    valid: Valid
    check: Check
    count: Count

    def __call__(self, value: object, pointer: str, found: Violations) -> None:
        """The same as ``check``: a compiled schema is itself a ``Check``."""
        self.check(value, pointer, found)


def compile_schema(schema: Schema) -> CompiledSchema:
    """Compile ``schema``; ``ValueError`` for a keyword or type outside the supported subset."""
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise ValueError(f"schema keywords not supported: {sorted(unknown)}")
    compiled = _typed_schema(schema)
    if "enum" in schema or "const" in schema:
        return _one_of_values(schema, compiled)
    return compiled


def _compiled(valid: Valid, check: Check, count: Count) -> CompiledSchema:
    """The three functions, ``check`` only counting once ``found`` is full."""

    def check_or_count(value: object, pointer: str, found: Violations) -> None:
        if found.full:
            found.count_unreported(count(value))
        else:
            check(value, pointer, found)

    return CompiledSchema(valid, check_or_count, count)


def _typed_schema(schema: Schema) -> CompiledSchema:
    kind = schema.get("type")
    if kind == "object":
        return _object_schema(schema)
    if kind == "array":
        return _array_schema(schema)
    if kind == "string":
        return _string_schema(schema)
    if kind in ("integer", "number"):
        return _number_schema(schema)
    if kind == "boolean":
        return _boolean_schema()
    raise ValueError(f"schema type not supported: {kind!r}")


def is_integral(value: object) -> bool:
    """JSON Schema's integer: any number with an integral value (4 and 4.0), never a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value) and value.is_integer()


def _type_error(expected: str, value: object, pointer: str, found: Violations) -> None:
    message = f"expected {expected}, got {describe_value(value)} {where(pointer)}"
    found.add("type", pointer, message)


def _object_schema(schema: Schema) -> CompiledSchema:
    properties = {name: compile_schema(sub) for name, sub in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    additional = schema.get("additionalProperties", True)
    if not isinstance(additional, bool):
        raise ValueError("schema keyword additionalProperties is supported as true or false only")
    closed = not additional
    required_names = frozenset(required)
    valid_by_name = {name: rule.valid for name, rule in properties.items()}

    def valid(value: object) -> bool:
        if not isinstance(value, dict) or not required_names <= value.keys():
            return False
        for name, item in value.items():
            item_valid = valid_by_name.get(name)
            if item_valid is None:
                if closed:
                    return False
            elif not item_valid(item):
                return False
        return True

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, dict):
            _type_error("an object", value, pointer, found)
            return
        for name in required:
            if name not in value:
                message = f"expected the required property '{name}', got an object without it "
                found.add("required", child_pointer(pointer, name), message + where(pointer))
        for name, item in value.items():
            rule = properties.get(name)
            if rule is not None:
                rule.check(item, child_pointer(pointer, name), found)
            elif closed:
                _unknown(name, properties, pointer, found)

    def count(value: object) -> int:
        if not isinstance(value, dict):
            return 1
        missing = sum(name not in value for name in required)
        unknown = len(value.keys() - properties.keys()) if closed else 0
        known = (rule.count(value[name]) for name, rule in properties.items() if name in value)
        return missing + unknown + sum(known)

    return _compiled(valid, check, count)


def _unknown(
    name: object, properties: Mapping[str, object], pointer: str, found: Violations
) -> None:
    if found.full:  # an input of a million unknown keys: each is only counted
        found.count_unreported()
        return
    allowed = ", ".join(f"'{p}'" for p in properties)
    shown = quoted(name, "'") if isinstance(name, str) else describe_value(name)
    message = f"expected one of the properties {allowed}, got the unknown property {shown} "
    close = did_you_mean(name, properties.keys(), found) if isinstance(name, str) else ""
    found.add("unknown_property", child_pointer(pointer, name), message + where(pointer) + close)


def _array_schema(schema: Schema) -> CompiledSchema:
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
            _type_error("an array", value, pointer, found)
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

    return _compiled(valid, check, count)


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
    if item.get("type") == "string":
        return _strings_valid(item)
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


def _string_schema(schema: Schema) -> CompiledSchema:
    min_length = schema.get("minLength", 0)
    max_length = schema.get("maxLength", math.inf)

    def valid(value: object) -> bool:
        return isinstance(value, str) and min_length <= len(value) <= max_length

    def check(value: object, pointer: str, found: Violations) -> None:
        if valid(value):
            return
        if not isinstance(value, str):
            _type_error("a string", value, pointer, found)
        elif len(value) < min_length:
            expected = _chars("a string of at least", min_length)
            expected = "a non-empty string" if min_length == 1 else expected
            got = _chars("a string of", len(value)) if value else "an empty string"
            found.add("too_short", pointer, f"expected {expected}, got {got} {where(pointer)}")
        else:
            expected = _chars("a string of at most", max_length)
            got = _chars("a string of", len(value))
            found.add("too_long", pointer, f"expected {expected}, got {got} {where(pointer)}")

    def count(value: object) -> int:
        return 0 if valid(value) else 1  # an invalid string breaks exactly one keyword

    return _compiled(valid, check, count)


def _chars(prefix: str, count: float) -> str:
    return f"{prefix} {count} character{'' if count == 1 else 's'}"


class _Bound(NamedTuple):
    """One bound of a number: the value must not be ``below`` it (or above, for a maximum)."""

    limit: float
    exclusive: bool
    code: str
    words: str

    def broken_by(self, number: float, *, minimum: bool) -> bool:
        if minimum:
            return number <= self.limit if self.exclusive else number < self.limit
        return number >= self.limit if self.exclusive else number > self.limit


def _bounds(schema: Schema) -> tuple[tuple[_Bound, bool], ...]:
    """The number's bounds present in ``schema``, each with whether it is a minimum."""
    found = []
    if "minimum" in schema:
        found.append((_Bound(schema["minimum"], False, "below_minimum", "of at least"), True))
    if "exclusiveMinimum" in schema:
        bound = _Bound(schema["exclusiveMinimum"], True, "below_minimum", "greater than")
        found.append((bound, True))
    if "maximum" in schema:
        found.append((_Bound(schema["maximum"], False, "above_maximum", "of at most"), False))
    if "exclusiveMaximum" in schema:
        bound = _Bound(schema["exclusiveMaximum"], True, "above_maximum", "less than")
        found.append((bound, False))
    return tuple(found)


def _range_test(bounds: tuple[tuple[_Bound, bool], ...]) -> Callable[[float], bool]:
    """Whether a number keeps every bound, as two comparisons: the tightest bound on each side
    (an exclusive one wins a tie with an inclusive one at the same limit)."""
    low, low_open, high, high_open = -math.inf, False, math.inf, False
    for bound, minimum in bounds:
        if minimum and (bound.limit, bound.exclusive) > (low, low_open):
            low, low_open = bound.limit, bound.exclusive
        if not minimum and (-bound.limit, bound.exclusive) > (-high, high_open):
            high, high_open = bound.limit, bound.exclusive

    def within(number: float) -> bool:
        if number < low or number > high:
            return False
        return not ((low_open and number == low) or (high_open and number == high))

    return within


def _number_schema(schema: Schema) -> CompiledSchema:
    integral = schema["type"] == "integer"
    bounds = _bounds(schema)
    expected = "an integer" if integral else "a number"

    def right_type(value: object) -> bool:
        if integral:
            return type(value) is int or is_integral(value)
        return isinstance(value, int | float) and not isinstance(value, bool) and _finite(value)

    within = _range_test(bounds)

    def valid(value: object) -> bool:
        return right_type(value) and within(cast(float, value))

    def check(value: object, pointer: str, found: Violations) -> None:
        if not right_type(value):
            _type_error(expected, value, pointer, found)
            return
        number = cast(float, value)
        for bound, low in bounds:
            if bound.broken_by(number, minimum=low):
                message = (
                    f"expected {expected} {bound.words} {bound.limit}, "
                    f"got {number_text(number)} {where(pointer)}"
                )
                found.add(bound.code, pointer, message)

    def count(value: object) -> int:
        if not right_type(value):
            return 1
        number = cast(float, value)
        return sum(bound.broken_by(number, minimum=low) for bound, low in bounds)

    return _compiled(valid, check, count)


def _boolean_schema() -> CompiledSchema:
    def valid(value: object) -> bool:
        return isinstance(value, bool)

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, bool):
            _type_error("a boolean", value, pointer, found)

    def count(value: object) -> int:
        return 0 if isinstance(value, bool) else 1

    return _compiled(valid, check, count)


def _one_of_values(schema: Schema, typed: CompiledSchema) -> CompiledSchema:
    """``enum`` and ``const``: a value of the right type must also equal one of the values."""
    allowed = tuple(schema["enum"]) if "enum" in schema else (schema["const"],)
    if "enum" in schema and "const" in schema:
        allowed = tuple(v for v in allowed if json_equal(v, schema["const"]))
    shown = ", ".join(jsonio_text(v) for v in allowed)
    expected = f"one of {shown}" if len(allowed) != 1 else shown

    allowed_value = _equals_one_of(allowed)

    def valid(value: object) -> bool:
        return typed.valid(value) and allowed_value(value)

    def check(value: object, pointer: str, found: Violations) -> None:
        if not typed.valid(value):
            typed.check(value, pointer, found)
        elif not allowed_value(value):
            message = f"expected {expected}, got {describe_value(value)} {where(pointer)}"
            found.add("not_allowed", pointer, message)

    def count(value: object) -> int:
        if not typed.valid(value):
            return typed.count(value)
        return 0 if allowed_value(value) else 1

    return _compiled(valid, check, count)


def _equals_one_of(allowed: tuple[object, ...]) -> Valid:
    """Whether a value of the schema's type equals one of ``allowed``, by JSON's equality; for
    strings only (a value of the type is a string then), a set lookup."""
    if all(type(choice) is str for choice in allowed):
        return frozenset(allowed).__contains__

    def equals_one(value: object) -> bool:
        return any(json_equal(value, choice) for choice in allowed)

    return equals_one


def json_equal(a: object, b: object) -> bool:
    """JSON's equality: a boolean equals only a boolean, 1 equals 1.0, arrays and objects by
    their items."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(map(json_equal, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and a == b


def jsonio_text(value: object) -> str:
    """A value as JSON text, for messages: strings in double quotes."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool) or value is None:
        return describe_value(value)
    return number_text(cast(float, value))


def _finite(value: float) -> bool:
    # JSON has no NaN or Infinity; from Python they are refused as not being JSON numbers.
    return isinstance(value, int) or math.isfinite(value)
