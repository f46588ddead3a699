"""What every contract's table of refused inputs checks: the codes and pointers reported, that
each message says what was expected and what arrived, and that each pointer names a place in
the input."""

from collections.abc import Sequence

from mtcompute.errors import Violation
from tests.contracts.test_bleu_corpus_compute_1_0_0 import resolve


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
