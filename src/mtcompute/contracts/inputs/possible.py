"""Statistics a corpus could give: laws that the per-order counts of every real part obey, so
that a part breaking one (a typing slip, counts of another tool or of other orders) is refused
at the count that breaks it instead of scored.

A text of L items (tokens, characters or words) has max(0, L - n + 1) n-grams of order n.
Added up over a part's texts, the counts of orders 1, 2, ... therefore

- fall from each order to the next while they are above 0, and stay 0 after a 0 (every text
  with n-grams has one (n+1)-gram fewer): ``fewer_each_order``;
- fall from order n to n + 1 by the number of texts of at least n items, which can only shrink
  as n grows (the counts are convex): ``drops_never_grow``.

An n-gram begins with an (n-1)-gram, so it is found in a reference only where that one is: the
matches of an order are 0 after an order without any (``zero_stays_zero``), and at most the
order below's where each text is matched against one reference (``at_most_the_order_below``).
Each law holds of every corpus, as the tests prove on generated ones; a law names each count
that breaks it, and ``PossibleParts`` refuses a part for any, pointing at the lowest order of
each array that breaks one.
"""

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.inputs.parts import MAX_COUNT, integral_counts
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where

Counts = Mapping[str, Sequence[int]]


@dataclass(frozen=True)
class Breach:
    """The count ``name[order]`` of a part breaks a law: it should be ``expected``, ``why``."""

    name: str
    order: int
    expected: str
    why: str


def _pairs(counts: Counts, name: str, orders: range) -> Iterator[tuple[int, int, int]]:
    """Over ``orders``, each order after the first with its count and the one before."""
    values = counts[name][orders.start : orders.stop]
    return zip(range(orders.start + 1, orders.stop), values[:-1], values[1:], strict=True)


def fewer_each_order(counts: Counts, name: str, orders: range) -> Iterator[Breach]:
    """Over ``orders``, each count is below the one before it, or 0 if that one is."""
    for k, below, value in _pairs(counts, name, orders):
        if value >= below and value > 0:
            why = (
                f"below {name}[{k - 1}] = {below}, or 0 after a 0: a text with n-grams of an "
                "order has one fewer of the next"
            )
            yield Breach(name, k, f"at most {max(below - 1, 0)}", why)


def drops_never_grow(counts: Counts, name: str, orders: range) -> Iterator[Breach]:
    """Over ``orders``, each count falls from the one before by no more than that one fell."""
    values = counts[name][orders.start : orders.stop]
    orders_after = range(orders.start + 2, orders.stop)
    triples = zip(orders_after, values[:-2], values[1:-1], values[2:], strict=True)
    for k, before, below, value in triples:
        drop = before - below
        if value < below - drop:
            why = (
                f"{name}[{k - 1}] less the {drop} it fell by from {name}[{k - 2}]: a count falls "
                "by the number of texts with n-grams of the order below, and no more texts "
                "have n-grams of a higher order"
            )
            yield Breach(name, k, f"at least {below - drop}", why)


def zero_stays_zero(counts: Counts, name: str, orders: range) -> Iterator[Breach]:
    """Over ``orders``, a count after a 0 is 0."""
    for k, below, value in _pairs(counts, name, orders):
        if below == 0 and value > 0:
            why = (
                f"as {name}[{k - 1}] is: an n-gram is in a reference only where the (n-1)-gram "
                "it begins with is"
            )
            yield Breach(name, k, "0", why)


def at_most_the_order_below(counts: Counts, name: str, orders: range) -> Iterator[Breach]:
    """Over ``orders``, no count is above the one before it."""
    for k, below, value in _pairs(counts, name, orders):
        if value > below:
            why = (
                f"the part's {name}[{k - 1}]: a text is matched against one reference, where "
                "each matched n-gram begins with a matched (n-1)-gram"
            )
            yield Breach(name, k, f"at most {below}", why)


def counted_where_the_reference_has_some(
    counts: Counts, hypothesis: str, reference: str
) -> Iterator[Breach]:
    """A hypothesis count is 0 at an order where the reference count is 0."""
    for k, (h, r) in enumerate(zip(counts[hypothesis], counts[reference], strict=True)):
        if h > 0 and r == 0:
            why = (
                f"as {reference}[{k}] is: a text's n-grams of an order are counted only against "
                "a reference that has some"
            )
            yield Breach(hypothesis, k, "0", why)


def within(
    counts: Counts, names: Sequence[str], order: int, bound: int, why: str
) -> Iterator[Breach]:
    """Each array of ``names`` holds at ``order`` at most what it holds at ``bound``."""
    for name in names:
        values = counts[name]
        if values[order] > values[bound]:
            yield Breach(name, order, f"at most {values[bound]}, the part's {name}[{bound}]", why)


Laws = Callable[[Mapping[str, Any], Counts], Iterator[Breach]]


@dataclass(frozen=True)
class PossibleParts:
    """Each part's per-order arrays ``arrays`` break none of ``laws(raw, counts)``. A part whose
    arrays are not counts of ``orders(raw)`` orders each (or, without ``orders``, of one length)
    is left to the rules that report that; so are options the schema refuses."""

    arrays: tuple[str, ...]
    laws: Laws
    orders: Callable[[dict[str, Any]], int | None] | None = None
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        # The schema passed: counts are integral numbers (4.0 among them, which compares as 4),
        # read as they are; a part of arrays of other lengths is walked.
        orders = self._orders(raw)
        for part in raw["parts"]:
            counts = {name: part[name] for name in self.arrays}
            lengths = {len(values) for values in counts.values()}
            if len(lengths) != 1 or (orders and lengths != {orders}):
                return FAILED
            if next(self.laws(raw, counts), None) is not None:
                return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts, orders = raw.get("parts"), self._orders(raw)
        if not isinstance(parts, list | tuple) or orders is None:
            return
        for index, part in enumerate(parts):
            counts = self._counts(part, orders)
            if counts is not None:
                _report(self.laws(raw, counts), counts, f"/parts/{index}", found)

    def _orders(self, raw: dict[str, Any]) -> int | None:
        """The number of orders every array has, 0 for any one length, None if unknown."""
        return 0 if self.orders is None else self.orders(raw)

    def _counts(self, part: object, orders: int | None) -> dict[str, list[int]] | None:
        """The part's arrays as integers, if they are counts of the orders due, each within
        the schema's bounds (one out of them is the schema's to report)."""
        if not isinstance(part, dict):
            return None
        counts = {}
        for name in self.arrays:
            values = integral_counts(part.get(name))
            if values is None or not all(0 <= value <= MAX_COUNT for value in values):
                return None
            counts[name] = values
        lengths = {len(values) for values in counts.values()}
        if len(lengths) != 1 or (orders and lengths != {orders}):
            return None
        return counts


def _report(breaches: Iterator[Breach], counts: Counts, pointer: str, found: Violations) -> None:
    """The lowest order of each array that breaks a law (the first law it breaks): the counts
    above it are judged against it, and would only repeat its error."""
    first: dict[str, Breach] = {}
    for breach in breaches:
        if breach.name not in first or breach.order < first[breach.name].order:
            first[breach.name] = breach
    for name in counts:
        if name in first:
            breach = first[name]
            place = f"{pointer}/{name}/{breach.order}"
            got = counts[name][breach.order]
            message = f"expected {breach.expected} ({breach.why}), got {got} {where(place)}"
            found.add("inconsistent_statistics", place, message)
