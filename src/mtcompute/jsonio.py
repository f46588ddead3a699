"""JSON in and out, the same for every adapter.

Output is what a JavaScript engine's ``JSON.stringify`` writes: integral doubles without a
fraction (``"bleu": 1``) and every other double in its shortest round-trip form. Input is strict
RFC 8259 JSON in UTF-8: no NaN or Infinity, no lone surrogates.
"""

import orjson

from mtcompute.errors import MalformedJsonError

# Doubles this large print in exponent form in JavaScript too, so they stay floats.
_EXPONENT_FORM_FROM = 1e21


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
        if value.is_integer() and abs(value) < _EXPONENT_FORM_FROM:
            return int(value)
        return value
    if isinstance(value, dict):
        return {key: _plain_numbers(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_numbers(item) for item in value]
    return value
