"""JSON in and out, the same for every adapter.

Output is what a JavaScript engine's ``JSON.stringify`` writes: integral doubles without a
fraction (``"bleu": 1``) and every other double in its shortest round-trip form, with the
engine's choice between plain and exponent notation. Input is strict RFC 8259 JSON in UTF-8:
no NaN or Infinity, no lone surrogates.
"""

from decimal import Decimal

import orjson

from mtcompute.errors import MalformedJsonError

# JavaScript writes numbers from 1e21 up in exponent form, so integral doubles there stay floats.
_EXPONENT_FORM_FROM = 1e21
# Below 2**53 an integral double's exact digits are its shortest digits; above, JavaScript writes
# the shortest digits padded with zeros (2**63 is "9223372036854776000"), and so does this module.
_EXACT_INTEGERS_TO = 2.0**53
# JavaScript writes 1e-6 <= |x| < 1e-5 in plain notation ("0.0000015"); orjson writes "1.5e-6".
_PLAIN_SMALL_FROM, _PLAIN_SMALL_TO = 1e-6, 1e-5
# orjson writes integers of at most 64 bits; larger ones are written here.
_INT64_MIN, _UINT64_END = -(2**63), 2**64


def loads(data: bytes | str) -> object:
    """Parse one JSON document, or raise ``MalformedJsonError`` saying where it went wrong."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as error:
        raise MalformedJsonError(f"expected a JSON document, got invalid JSON: {error}") from None


def dumps(value: object, *, indent: bool = False) -> bytes:
    """Serialise ``value`` as compact (or 2-space indented) JSON, without a trailing newline."""
    option = orjson.OPT_INDENT_2 if indent else 0
    return orjson.dumps(_plain_numbers(value), option=option)


def _plain_numbers(value: object) -> object:
    if isinstance(value, float):
        return _double(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return _integer(value)
    if isinstance(value, dict):
        return {key: _plain_numbers(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_numbers(item) for item in value]
    return value


def _double(value: float) -> object:
    if value.is_integer() and abs(value) < _EXACT_INTEGERS_TO:
        return int(value)
    if value.is_integer() and abs(value) < _EXPONENT_FORM_FROM:
        return orjson.Fragment(str(int(_shortest(value))))
    if _PLAIN_SMALL_FROM <= abs(value) < _PLAIN_SMALL_TO:
        return orjson.Fragment(format(_shortest(value), "f"))
    return value


def _integer(value: int) -> object:
    return value if _INT64_MIN <= value < _UINT64_END else orjson.Fragment(str(value))


def _shortest(value: float) -> Decimal:
    """``value`` rounded to its shortest round-trip digits, the digits ``repr`` and JavaScript
    both write."""
    return Decimal(repr(value))
