"""One segment's BLEU statistics, fast at every size: the compiled counts (``_segment.c``, linear
in the tokens) where the package has them; otherwise strings for a short segment, where numpy's
fixed costs would exceed the whole work, and ``fast.bleu.corpus``'s arrays for a long one.

A short segment is rewritten as strings, one character per distinct hypothesis token, every
other reference token becoming NUL, as does the gap between two references. An n-gram of the
hypothesis is then a substring of n characters, and it occurs in some reference exactly when it
occurs in the references' joined string: C's substring search does the matching. Orders are
taken one after another, and an n-gram is looked up only where both (n-1)-grams inside it
occur in a reference: few survive to order 4. Clipped counts need counting only for the n-grams
the hypothesis repeats; each other n-gram that occurs adds 1.
"""

from collections import Counter
from collections.abc import Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from mtcompute.fast import compiled
from mtcompute.metrics.bleu import BleuStatistics, Tokens, closest_reference_length

if TYPE_CHECKING:  # numpy's, imported where a long segment needs the arrays
    from mtcompute.fast.bleu.token_bytes import TokenBytes

# Up to this many tokens (hypothesis and references), strings beat the arrays: measured.
SHORT_SEGMENT_TOKENS = 1_000
_ELSEWHERE = "\x00"  # a reference token not in the hypothesis, and the gap between references
# One character per distinct hypothesis token: NUL excluded, surrogates out of reach.
_LETTERS = "".join(map(chr, range(1, SHORT_SEGMENT_TOKENS + 1)))


def segment_statistics_fast(
    hypothesis: Tokens,
    references: Sequence[Tokens],
    max_order: int,
    encoded: "TokenBytes | None" = None,
) -> BleuStatistics:
    """``bleu.segment_statistics`` for any size; ``encoded``, when given, holds the tokens of the
    hypothesis then of each reference, as a request's validation makes it."""
    if compiled.segment_statistics is not None:
        counts = compiled.segment_statistics(hypothesis, references, max_order)
        if counts is not None:
            return BleuStatistics(*counts)
    size = len(hypothesis) + sum(map(len, references))
    if size > SHORT_SEGMENT_TOKENS:
        from mtcompute.fast.bleu.corpus import corpus_statistics_fast  # noqa: PLC0415 - numpy's

        return corpus_statistics_fast([hypothesis], [references], max_order, encoded)
    return segment_statistics_by_strings(hypothesis, references, max_order)


def segment_statistics_by_strings(
    hypothesis: Tokens, references: Sequence[Tokens], max_order: int
) -> BleuStatistics:
    """The statistics of a segment of at most ``SHORT_SEGMENT_TOKENS`` tokens, from strings (see
    the module docstring)."""
    c = len(hypothesis)
    letters = dict(zip(dict.fromkeys(hypothesis), _LETTERS, strict=False))
    text = "".join(map(letters.__getitem__, hypothesis))
    texts = ["".join(map(letters.get, reference, repeat(_ELSEWHERE))) for reference in references]
    joined = _ELSEWHERE.join(texts)
    in_a_reference = set(text).intersection(joined)
    found = [i for i, letter in enumerate(text) if letter in in_a_reference]
    repeats = len(found) > len(in_a_reference)  # some matched token occurs twice or more
    matches = [_clipped([text[i] for i in found], texts) if repeats else len(found)]
    for n in range(2, max_order + 1):
        later = set(found)
        found = [i for i in found if i + 1 in later and text[i : i + n] in joined]
        if repeats:
            # Two equal n-grams have equal (n-1)-grams before them, both found: once an order
            # repeats none of its n-grams, no higher order repeats any.
            grams = [text[i : i + n] for i in found]
            repeats = len(set(grams)) < len(grams)
            matches.append(_clipped(grams, texts) if repeats else len(grams))
        else:
            matches.append(len(found))
    if c >= max_order:  # every order has n-grams: c, c - 1, ...
        totals = tuple(range(c, c - max_order, -1))
    else:
        totals = tuple(max(c - n + 1, 0) for n in range(1, max_order + 1))
    lengths = list(map(len, references))
    closest = c if c in lengths else closest_reference_length(c, references)
    return BleuStatistics(tuple(matches), totals, c, closest)


def _clipped(grams: list[str], texts: Sequence[str]) -> int:
    """The clipped matches of the hypothesis n-gram occurrences ``grams``, each of which occurs
    in some reference: an n-gram the hypothesis has once adds 1."""
    found = 0
    for gram, count in Counter(grams).items():
        found += 1 if count == 1 else min(count, max(_occurrences(t, gram) for t in texts))
    return found


def _occurrences(text: str, gram: str) -> int:
    """How often ``gram`` occurs in ``text``, overlaps included (``str.count`` skips them)."""
    if len(gram) == 1:
        return text.count(gram)
    found, start = 0, text.find(gram)
    while start >= 0:
        found += 1
        start = text.find(gram, start + 1)
    return found
