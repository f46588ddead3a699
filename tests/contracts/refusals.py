"""What every contract's table of refused inputs checks: the codes and pointers reported, that
each message says what was expected and what arrived, and that each pointer names a place in
the input."""

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from mtcompute.errors import Violation


def resolve(document: object, pointer: str) -> object:
    """RFC 6901: the value ``pointer`` names in ``document``."""
    for token in pointer.split("/")[1:]:
        key = token.replace("~1", "/").replace("~0", "~")
        document = document[int(key)] if isinstance(document, list) else _member(document, key)
    return document


def _member(document: object, key: str) -> object:
    assert isinstance(document, dict), f"{key!r} does not name a member of {document!r}"
    return document[key]


def assert_refused(
    errors: Sequence[Violation],
    expected: Sequence[tuple[str, str]],
    says: Sequence[str],
    *,
    any_order: bool = False,
) -> None:
    """The errors are ``expected`` (code, pointer), in order unless ``any_order``; the first
    says every fragment of ``says`` (any error does, with ``any_order``)."""
    found = [(error["code"], error["pointer"]) for error in errors]
    if any_order:
        assert sorted(found) == sorted(expected)
        for fragment in says:
            assert any(fragment in error["message"] for error in errors), fragment
    else:
        assert found == list(expected)
        for fragment in says:
            assert fragment in errors[0]["message"]
    for error in errors:
        assert error["message"].startswith("expected ")
        assert ", got " in error["message"]


def assert_pointers_name_places(raw: object, errors: Sequence[Violation]) -> None:
    """Every pointer but a missing member's resolves in ``raw``."""
    for error in errors:
        if error["code"] != "required":
            resolve(raw, error["pointer"])


def assert_refused_at_places(
    raw: object,
    errors: Sequence[Violation],
    expected: Sequence[tuple[str, str]],
    says: Sequence[str],
) -> None:
    """``assert_refused`` in any order, and every pointer a place in ``raw``."""
    assert_refused(errors, expected, says, any_order=True)
    assert_pointers_name_places(raw, errors)


def refused_case(
    make: Callable[[], Any], expected: list[tuple[str, str]], says: tuple[str, ...], id: str
) -> Any:
    """A row of a refusal table: how to make the input, the (code, pointer) pairs and the
    fragments its messages say, named ``id``."""
    return pytest.param(make, expected, says, id=id)
