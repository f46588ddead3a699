"""The contract of ``bleu-corpus-from-statistics@1.1.0``: 1.0.0's, refusing what 1.0.0 took and
no corpus could give (totals that do not fall from order to order as a corpus's do, matches
after an order without any) and sums of the parts past 2^53 - 1, which a JavaScript client
would read as other integers.

Only refusals are new (``inputs.checked_parts``): an input both versions take is answered bit
for bit alike.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Iterator, Mapping
from typing import Any

from mtcompute.contracts import bleu_corpus_from_statistics_1_0_0 as released
from mtcompute.contracts.contract import Example
from mtcompute.contracts.inputs.checked_parts import checked_parser, checked_tool, same_numbers
from mtcompute.contracts.inputs.part_sums import PartSums
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.inputs.possible import (
    Breach,
    Counts,
    PossibleParts,
    drops_never_grow,
    fewer_each_order,
    zero_stays_zero,
)

LIMITS = released.LIMITS
score_request = released.score_request


def _laws(raw: Mapping[str, Any], counts: Counts) -> Iterator[Breach]:
    """What every corpus's BLEU statistics obey: a hypothesis of L tokens has max(0, L - n + 1)
    n-grams of order n, and an n-gram matches only where the (n-1)-gram it begins with does.
    (With several references, matches may grow from one order to the next.)"""
    orders = range(len(counts["totals"]))
    yield from fewer_each_order(counts, "totals", orders)
    yield from drops_never_grow(counts, "totals", orders)
    yield from zero_stays_zero(counts, "matches", orders)


POSSIBLE = PossibleParts(("matches", "totals"), _laws)
SUMS = PartSums(("matches", "totals", "candidate_length", "reference_length"))


parser = checked_parser(released.parser, POSSIBLE, SUMS)
PARSER = parser(LIMITS)

_RULES = (
    "The statistics must be ones a corpus could give, or the part is refused "
    "(inconsistent_statistics) at the lowest count of each array that breaks one of these: a "
    "hypothesis of L tokens has max(0, L - n + 1) n-grams of order n, so totals fall from each "
    "order to the next while they are above 0 and stay 0 after a 0 (totals[k] <= totals[k-1] - 1, "
    "or 0), and never fall by more than they fell from the order before (totals[k-1] - totals[k] "
    "is the number of hypotheses of at least k tokens, which shrinks as k grows: totals[k] >= 2 * "
    "totals[k-1] - totals[k-2]); an n-gram is in a reference only where the (n-1)-gram it begins "
    "with is, so matches are 0 after an order without any. Matches may grow from one order to the "
    "next: against several references a hypothesis can match more bigrams than unigrams."
)
_SUMS = (
    "Each count added over the parts (candidate_length, reference_length, and matches and "
    "totals order by order) is at most 2^53 - 1, so that every integer answered is exact as "
    "a double, as a JavaScript client reads it: a sum past it is refused (sum_too_large) at "
    "the count that takes it past, in the first part where it does."
)
_BEHAVIOR = released.CONTRACT.behavior

_HALF = 2**52  # two parts of 2^52 and 2^52 - 1 tokens: 2^53 - 1 in all
EXAMPLES = (
    same_numbers(released.EXAMPLES[0]),
    Example(
        title=(
            "The largest sums taken: a hypothesis of 2^52 tokens and one of 2^52 - 1, each all "
            "matched, add up to 2^53 - 1 = 9007199254740991 tokens, the largest integer a "
            "JavaScript number holds exactly; a token more in either part is refused."
        ),
        input={
            "parts": [
                {
                    "matches": [_HALF, _HALF - 1],
                    "totals": [_HALF, _HALF - 1],
                    "candidate_length": _HALF,
                    "reference_length": _HALF,
                },
                {
                    "matches": [_HALF - 1, _HALF - 2],
                    "totals": [_HALF - 1, _HALF - 2],
                    "candidate_length": _HALF - 1,
                    "reference_length": _HALF - 1,
                },
            ]
        },
        result={
            "bleu": 1,
            "brevity_penalty": 1,
            "candidate_length": MAX_COUNT,
            "reference_length": MAX_COUNT,
            "max_order": 2,
            "matches": [MAX_COUNT, MAX_COUNT - 2],
            "totals": [MAX_COUNT, MAX_COUNT - 2],
        },
    ),
)

BEHAVIOR = (*_BEHAVIOR[:2], _RULES, *_BEHAVIOR[2:5], _SUMS, *_BEHAVIOR[5:])
TOOL = checked_tool(released.CONTRACT, PARSER, released.run, BEHAVIOR, EXAMPLES)
CONTRACT = TOOL.contract
