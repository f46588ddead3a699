"""TER's pair rule: the bytes of every (hypothesis, reference) pair, both texts counted, are
bounded; the bulk check and the walker agree."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.inputs.pairs import PairBytes
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.violations import Violations

RULE = PairBytes("hypotheses", "references", 10)


def walked(rule: PairBytes, raw: dict[str, Any]) -> Violations:
    found = Violations()
    rule.walk(raw, found)
    return found


def test_a_hypothesis_counts_once_for_each_of_its_references() -> None:
    raw = {"hypotheses": ["ab"], "references": [["c", "d", "e"]]}  # 3 pairs: 3 x 2 + 3 bytes
    assert RULE.bulk(raw) is None
    raw = {"hypotheses": ["abc"], "references": [["c", "d", "e"]]}  # 3 x 3 + 3 = 12 bytes
    assert RULE.bulk(raw) is FAILED
    assert walked(RULE, raw).kept == [
        {
            "code": "too_many_pair_bytes",
            "pointer": "",
            "message": "expected at most 10 UTF-8 bytes in all over the (hypothesis, reference) "
            "pairs, each pair counting both its texts, got 12 in the whole input",
        }
    ]


def test_bytes_are_utf8_bytes() -> None:
    assert RULE.bulk({"hypotheses": ["ß"], "references": [["ééééé"]]}) is FAILED
    assert walked(RULE, {"hypotheses": ["ß"], "references": [["é"]]}).count == 0


def test_shapes_the_schema_refuses_are_left_to_it() -> None:
    assert walked(RULE, {"hypotheses": "x", "references": [["y"]]}).count == 0
    assert walked(RULE, {"hypotheses": [3], "references": [[None, "y"]]}).count == 0


@given(
    st.lists(st.tuples(st.text(max_size=6), st.lists(st.text(max_size=6), max_size=3))),
)
def test_the_bulk_check_and_the_walker_agree(segments: list[tuple[str, list[str]]]) -> None:
    raw = {"hypotheses": [h for h, _ in segments], "references": [r for _, r in segments]}
    assert (RULE.bulk(raw) is FAILED) == (walked(RULE, raw).count == 1)
