"""wer-from-statistics@1.0.0 and cer-from-statistics@1.0.0: the counts of any split add up to the
whole's, the rates are wer-compute's and cer-compute's formulas on the sums, any four counts are
a corpus's (so that no part is impossible, and no later version has one to refuse), and bad
counts are refused with their pointer."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import execute
from mtcompute.contracts.inputs.edits import COUNTS
from mtcompute.errors import InputError
from mtcompute.metrics.wer.rates import error_rate, word_rates
from mtcompute.metrics.wer.statistics import EditStatistics
from tests.contracts.refusals import assert_pointers_name_places, assert_refused

VERSION = "1.0.0"
_part = st.fixed_dictionaries(
    {name: st.integers(0, 10**6) for name in ("hits", "substitutions", "deletions", "insertions")}
)


@given(st.lists(_part, min_size=1, max_size=8))
def test_the_rates_are_the_formulas_on_the_summed_counts(parts: list[dict[str, int]]) -> None:
    total = EditStatistics(*(sum(p[n] for p in parts) for n in COUNTS))
    words = execute("wer-from-statistics", VERSION, {"parts": parts})
    rates = word_rates(total)
    assert words == {
        "wer": rates.wer,
        "mer": rates.mer,
        "wil": rates.wil,
        "wip": rates.wip,
        **total.to_dict(),
    }
    characters = execute("cer-from-statistics", VERSION, {"parts": parts})
    assert characters == {"cer": error_rate(total), **total.to_dict()}


# One segment of one item a count: a hit, a substitution, a deletion (nothing hypothesised) or
# an insertion (nothing to match), each the only alignment of its pair.
_ONE_EACH = {"hits": ("a", "a"), "substitutions": ("b", "a"), "deletions": ("", "a")}
_ONE_EACH["insertions"] = ("a", "")


@settings(max_examples=40, deadline=None)
@given(st.tuples(*[st.integers(0, 4)] * 4), st.sampled_from(["wer", "cer"]))
def test_any_four_counts_are_those_of_a_corpus(counts: tuple[int, ...], metric: str) -> None:
    given_counts = dict(zip(COUNTS, counts, strict=True))
    pairs = [_ONE_EACH[name] for name, count in given_counts.items() for _ in range(count)]
    hypotheses, references = [h for h, _ in pairs] or [""], [r for _, r in pairs] or [""]
    texts = {"hypotheses": hypotheses, "references": references}
    answer = execute(f"{metric}-compute", VERSION, texts)
    assert {name: answer[name] for name in COUNTS} == given_counts


def test_a_whole_compute_answer_is_a_part() -> None:
    answer = execute("cer-compute", VERSION, {"hypotheses": ["abc"], "references": ["abd"]})
    combined = execute("cer-from-statistics", VERSION, {"parts": [answer, answer]})
    assert combined["substitutions"] == 2 * answer["substitutions"]


@pytest.mark.parametrize(
    ("tool", "raw", "expected", "says"),
    [
        (
            "wer-from-statistics",
            {"parts": [[{"hits": 1, "substitutions": 0, "deletions": 0, "insertions": 0}]]},
            [("type", "/parts/0")],
            ["not the array of its segments"],
        ),
        (
            "wer-from-statistics",
            {
                "parts": [{"hits": 2**53 - 1, "substitutions": 0, "deletions": 0, "insertions": 0}]
                * 2
            },
            [("too_many_counts", "/parts")],
            ["9007199254740991 hits"],
        ),
        (
            "cer-from-statistics",
            {"parts": [{"hits": -1, "substitutions": 0, "deletions": 0, "insertions": 0}]},
            [("below_minimum", "/parts/0/hits")],
            ["at least 0"],
        ),
        ("cer-from-statistics", {"parts": []}, [("too_few_items", "/parts")], ["non-empty"]),
        (
            "cer-from-statistics",
            {"parts": [{"hits": 1, "substitutions": 0, "deletions": 0, "insertions": 0, "wer": 1}]},
            [("unknown_property", "/parts/0/wer")],
            ["'wer'"],
        ),
    ],
)
def test_bad_counts_are_refused_with_their_pointer(
    tool: str, raw: dict[str, Any], expected: list[tuple[str, str]], says: list[str]
) -> None:
    with pytest.raises(InputError) as caught:
        execute(tool, VERSION, raw)
    assert_refused(caught.value.errors, expected, says)
    assert_pointers_name_places(raw, caught.value.errors)
