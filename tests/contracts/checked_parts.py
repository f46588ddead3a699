"""What every parts tool's 1.1.0 is held to beside its 1.0.0 (``contracts.inputs.checked_parts``):
an input 1.1.0 takes is answered as 1.0.0 answers it, its refusals are 1.0.0's and then only
the two new codes, its quick check agrees with its walk, and its largest sums reach a JavaScript
client as written where 1.0.0's one more would not."""

from typing import Any

from mtcompute import InputError, execute, jsonio
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.validation.parser import RequestParser
from mtcompute.errors import Violation
from tests.javascript import run_node

NEW_CODES = {"inconsistent_statistics", "sum_too_large"}


def outcome(tool: str, version: str, raw: object) -> bytes | list[Violation]:
    """The answer's JSON, or the errors."""
    try:
        return jsonio.dumps(execute(tool, version, raw))
    except InputError as error:
        return error.errors


def assert_checked_as_released(tool: str, parser: RequestParser[Any], raw: object) -> None:
    """``raw`` is answered as 1.0.0 answers it, and checked in bulk as the walk checks it."""
    assert_answered_as_released(tool, raw)
    assert_quick_check_agrees(parser, raw)


def assert_answered_as_released(tool: str, raw: object) -> None:
    """1.1.0's answer is 1.0.0's, or its refusals 1.0.0's first and then only the new codes."""
    new, old = outcome(tool, "1.1.0", raw), outcome(tool, "1.0.0", raw)
    if isinstance(new, bytes):
        assert new == old
        return
    before = old if isinstance(old, list) else []
    assert new[: len(before)] == before
    assert {e["code"] for e in new[len(before) :]} <= NEW_CODES


def assert_quick_check_agrees(parser: RequestParser[Any], raw: object) -> None:
    """The bulk check passes exactly what the walk finds nothing in."""
    assert (parser.parse_in_bulk(raw) is not None) == (not parser.violations(raw).kept)


def assert_sums_read_as_written(tool: str, largest: object, one_more: object) -> None:
    """``largest`` (sums of 2^53 - 1) is read by JavaScript as 1.1.0 writes it; ``one_more``
    (a sum of 2^53 + 1), which 1.0.0 answers, is read as another integer."""
    answer = jsonio.dumps(execute(tool, "1.1.0", largest))
    old = jsonio.dumps(execute(tool, "1.0.0", one_more))
    read = run_node("json_read.mjs", [], [answer.decode(), old.decode()])
    assert read[0].encode() == answer
    assert str(MAX_COUNT + 2) in old.decode()
    assert str(MAX_COUNT + 2) not in read[1]
