"""The sums of the parts' counts: at most 2^53 - 1 each, refused at the count that takes a sum
past it, once a count; the bulk check and the walker agree."""

from typing import Any

from mtcompute.contracts.inputs.part_sums import PartSums
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.violations import Violations

RULE = PartSums(("length", "totals"))


def walked(raw: dict[str, Any]) -> list[tuple[str, str, str]]:
    found = Violations()
    RULE.walk(raw, found)
    return [(v["code"], v["pointer"], v["message"]) for v in found.kept]


def test_sums_of_exactly_2_53_minus_1_pass() -> None:
    raw = {
        "parts": [
            {"length": MAX_COUNT - 1, "totals": [1, MAX_COUNT]},
            {"length": 1, "totals": [0, 0]},
        ]
    }
    assert RULE.bulk(raw) is None
    assert walked(raw) == []


def test_a_sum_past_2_53_minus_1_is_refused_at_the_count_that_takes_it_past_once() -> None:
    parts = [
        {"length": MAX_COUNT, "totals": [0, MAX_COUNT]},
        *[{"length": 1, "totals": [1, 1]}] * 3,
    ]
    raw = {"parts": parts}
    assert RULE.bulk(raw) is FAILED
    (length, totals) = walked(raw)
    assert length[:2] == ("sum_too_large", "/parts/1/length")
    assert length[2].startswith(f"expected the parts' length to add up to at most {MAX_COUNT}")
    assert length[2].endswith(f"got {MAX_COUNT + 1} up to this part at /parts/1/length")
    assert totals[:2] == ("sum_too_large", "/parts/1/totals/1")
    assert "the parts' totals[1]" in totals[2]


def test_a_count_the_schema_refuses_adds_nothing() -> None:
    raw = {"parts": [{"length": MAX_COUNT + 1}, {"length": "9"}, {"length": True}, "part", {}]}
    assert walked(raw) == []
    assert walked({"parts": [{"length": float(MAX_COUNT)}, {"length": 1.0}]})[0][1] == (
        "/parts/1/length"
    )
