"""The contract of ``chrf-from-statistics@1.1.0``: 1.0.0's, refusing what 1.0.0 took and no
corpus could give (n-gram counts that do not fall from order to order as a corpus's do, matches
that grow, words without characters) and sums of the parts past 2^53 - 1, which a JavaScript
client would read as other integers.

Only refusals are new (``inputs.checked_parts``): an input both versions take is answered bit
for bit alike.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Iterator, Mapping
from typing import Any

from mtcompute.contracts import chrf_from_statistics_1_0_0 as released
from mtcompute.contracts.inputs.checked_parts import checked_parser, checked_tool, same_numbers
from mtcompute.contracts.inputs.part_sums import PartSums
from mtcompute.contracts.inputs.possible import (
    Breach,
    Counts,
    PossibleParts,
    at_most_the_order_below,
    counted_where_the_reference_has_some,
    drops_never_grow,
    fewer_each_order,
    within,
)
from mtcompute.metrics.chrf import DEFAULT_CHAR_ORDER

LIMITS = released.LIMITS
combined = released.combined
_ARRAYS = ("hypothesis", "reference", "matches")


def _laws(raw: Mapping[str, Any], counts: Counts) -> Iterator[Breach]:
    """What every corpus's chrF statistics obey, the character orders and the word orders
    apart: a text of L items has max(0, L - n + 1) n-grams of order n, and each segment's
    statistics are against the one reference it keeps, whose n-grams of an order it counts only
    if the reference has some (so a hypothesis count may fall to 0 at once)."""
    char_order = int(raw.get("char_order", DEFAULT_CHAR_ORDER))
    every = len(counts["matches"])
    for orders in (range(char_order), range(char_order, every)):
        yield from fewer_each_order(counts, "reference", orders)
        yield from drops_never_grow(counts, "reference", orders)
        yield from fewer_each_order(counts, "hypothesis", orders)
        yield from at_most_the_order_below(counts, "matches", orders)
    yield from counted_where_the_reference_has_some(counts, "hypothesis", "reference")
    if every > char_order:
        why = "each word is one character or more"
        yield from within(counts, _ARRAYS, char_order, 0, why)


POSSIBLE = PossibleParts(_ARRAYS, _laws, released.ORDERS.orders)
SUMS = PartSums(_ARRAYS)


parser = checked_parser(released.parser, POSSIBLE, SUMS)
PARSER = parser(LIMITS)

_RULES = (
    "The statistics must be ones a corpus could give, or the part is refused "
    "(inconsistent_statistics) at the lowest count of each array that breaks one of these, which "
    "hold for the character orders and for the word orders apart. A text of L characters (or "
    "words) has max(0, L - n + 1) n-grams of order n, and a segment's statistics are against the "
    "one reference it keeps, whose n-grams of an order it counts only if that reference has some: "
    "so reference falls from each order to the next while it is above 0 and stays 0 after a 0 "
    "(reference[k] <= reference[k-1] - 1, or 0), never by more than it fell from the order before "
    "(reference[k] >= 2 * reference[k-1] - reference[k-2]); hypothesis falls likewise while above "
    "0, and is 0 where reference is; matches never grow from one order to the next (each matched "
    "n-gram begins with a matched (n-1)-gram); and with word orders, each array's word unigrams "
    "are at most its character unigrams (each word is one character or more)."
)
_SUMS = (
    "Each count added over the parts (hypothesis, reference and matches, order by order) is "
    "at most 2^53 - 1, so that every integer answered is exact as a double, as a JavaScript "
    "client reads it: a sum past it is refused (sum_too_large) at the count that takes it "
    "past, in the first part where it does."
)
_BEHAVIOR = released.CONTRACT.behavior

EXAMPLES = (same_numbers(released.EXAMPLES[0]),)

BEHAVIOR = (*_BEHAVIOR[:2], _RULES, *_BEHAVIOR[2:4], _SUMS, *_BEHAVIOR[4:])
TOOL = checked_tool(released.CONTRACT, PARSER, released.run, BEHAVIOR, EXAMPLES)
CONTRACT = TOOL.contract
