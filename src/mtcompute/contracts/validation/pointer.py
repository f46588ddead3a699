"""RFC 6901 JSON Pointers: which strings are pointers, and the value a pointer names in a document.

A pointer is ``""`` (the whole document) or ``/``-prefixed reference tokens, in which ``~`` is
written only as ``~0`` (for ``~``) or ``~1`` (for ``/``). The pattern is published in the batch
schema and is the very check used here, so the two cannot disagree. Resolution is strict: an
array index is written in canonical decimal (``0``, ``12``, never ``01``), and ``-``, which
RFC 6901 reserves for the element after the last, names no value.
"""

import re
from collections.abc import Mapping, Sequence

from mtcompute.contracts.validation.violations import describe_value, quoted, where

# Tokens start at '/' and cannot contain one, so each match splits the text one way only: the
# nested repetition never backtracks, and a failed match costs one pass over the text.
POINTER_PATTERN = "^(/([^~/]|~[01])*)*$"
_POINTER = re.compile(POINTER_PATTERN)
_INDEX = re.compile("0|[1-9][0-9]*")


class UnresolvedPointerError(Exception):
    """The pointer names no value in the document; the message says what stopped it, and where."""


def is_pointer(text: str) -> bool:
    return _POINTER.fullmatch(text) is not None


def reference_tokens(pointer: str) -> list[str]:
    """The unescaped tokens of a valid pointer: ``~1`` becomes ``/`` first, then ``~0`` ``~``."""
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer.split("/")[1:]]


def resolve(document: object, pointer: str) -> object:
    """The value that ``pointer``, a valid pointer, names in ``document``; else the error."""
    value = document
    for position, token in enumerate(reference_tokens(pointer)):
        try:
            value = _child(value, token)
        except UnresolvedPointerError as error:
            # The place is the pointer's own text up to the value it stopped at, built only here.
            at = "/".join(pointer.split("/")[: position + 1])
            raise UnresolvedPointerError(f"{error} {where(at)}") from None
    return value


def _child(value: object, token: str) -> object:
    if isinstance(value, Mapping):
        if token not in value:
            raise UnresolvedPointerError(f"an object without the member {_shown(token)}")
        return value[token]
    if isinstance(value, list | tuple):
        return value[_index(value, token)]
    raise UnresolvedPointerError(f"the token {_shown(token)} into {describe_value(value)}")


def _shown(token: str) -> str:
    return quoted(token, "'")


def _index(array: Sequence[object], token: str) -> int:
    if token == "-":
        raise UnresolvedPointerError("the token '-', the element after the last, into an array")
    if _INDEX.fullmatch(token) is None:
        message = f"the token {_shown(token)}, not an index in canonical decimal"
        raise UnresolvedPointerError(f"{message}, into an array")
    # A token longer than the length's digits is out of range: no need to read a huge number.
    if len(token) > len(str(len(array))) or int(token) >= len(array):
        raise UnresolvedPointerError(f"the index {token} into {describe_value(array)}")
    return int(token)
