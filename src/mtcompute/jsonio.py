"""JSON in and out, the same for every adapter.

Output is what a JavaScript engine's ``JSON.stringify`` writes: integral doubles without a
fraction (``"bleu": 1``) and every other double in its shortest round-trip form, with the
engine's choice between plain and exponent notation. Input is strict RFC 8259 JSON in UTF-8,
no NaN or Infinity. A lone surrogate escape (``"\ud800"``) is JSON that names no character: orjson
refuses the whole document for it, so such a document is read again by the standard library,
which keeps the surrogate, and the contract's rules refuse it where it is, with its pointer. A
string that holds one is written as its escape.
"""

import gc
import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
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


# orjson reads integers of up to 64 bits as integers and longer ones as doubles; so does the
# second reading, which then never converts more digits than this to an int.
_INT64_DIGITS = 20


def loads(data: bytes | str) -> object:
    """Parse one JSON document, or raise ``MalformedJsonError`` saying where it went wrong."""
    with _collector_paused():
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError as error:
            if "surrogate" in str(error):
                return _loads_keeping_surrogates(data)
            raise _invalid(str(error)) from None


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused for a parse. A parser builds a tree, in which nothing
    can be part of a cycle, yet the collector would run again and again over the growing
    document: for 8 MiB of empty arrays, three quarters of the parse. Both parsers hold the GIL
    throughout, so no other thread runs meanwhile; a collector someone else paused stays so."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _invalid(reason: str) -> MalformedJsonError:
    return MalformedJsonError(f"expected a JSON document, got invalid JSON: {reason}")


def _loads_keeping_surrogates(data: bytes | str) -> object:
    """The document orjson refused for a lone surrogate, read as orjson reads every other."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else _unicode(data)
        return json.loads(
            text, parse_constant=_no_constant, parse_float=_double_of, parse_int=_integer_of
        )
    except (UnicodeDecodeError, UnicodeEncodeError) as error:
        raise _invalid(f"not UTF-8: {error.reason} at {error.start}") from None
    except json.JSONDecodeError as error:
        raise _invalid(str(error)) from None
    except RecursionError:
        raise _invalid("nested too deeply") from None


def _unicode(text: str) -> str:
    """``text`` when it is Unicode: a surrogate may be escaped in JSON, never written as is."""
    text.encode("utf-8")  # UnicodeEncodeError, a UnicodeError, for a surrogate character
    return text


def _no_constant(name: str) -> object:
    raise _invalid(f"{name} is not a JSON number")


def _double_of(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        shown = text if len(text) <= _INT64_DIGITS else text[:_INT64_DIGITS] + "..."
        raise _invalid(f"number {shown} is infinity when parsed as double")
    return number


def _integer_of(text: str) -> int | float:
    if len(text) <= _INT64_DIGITS:
        number = int(text)
        if _INT64_MIN <= number < _UINT64_END:
            return number
    return _double_of(text)


def dumps(value: object, *, indent: bool = False) -> bytes:
    """Serialise ``value`` as compact (or 2-space indented) JSON, without a trailing newline."""
    option = orjson.OPT_INDENT_2 if indent else 0
    plain = _plain_numbers(value)
    try:
        return orjson.dumps(plain, option=option)
    except orjson.JSONEncodeError:
        # orjson writes no lone surrogate (in a pointer to a key that holds one, say).
        return orjson.dumps(_escaped_surrogates(plain), option=option)


def _escaped_surrogates(value: object) -> object:
    if isinstance(value, str):
        return value if has_utf8_form(value) else orjson.Fragment(json.dumps(value))
    if isinstance(value, dict):
        return {key: _escaped_surrogates(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_escaped_surrogates(item) for item in value]
    return value


def has_utf8_form(text: str) -> bool:
    """Whether ``text`` holds no lone surrogate, the one thing a str can hold that UTF-8 cannot."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


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
