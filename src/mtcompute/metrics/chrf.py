"""chrF and chrF++ (Popović 2015, 2017): statistics per reference, the kept reference, a score.

A segment's hypothesis is compared with each of its references on every order: character
n-grams of orders 1..char_order, then (chrF++) word n-grams of orders 1..word_order. Each
comparison gives three integers per order (hypothesis n-grams, reference n-grams, matches); the
segment keeps its first reference with the largest key. Kept statistics are integers that add up
over segments, and the corpus score is F of their sum, so a corpus can be scored in parts.

Floats appear only in ``f_score`` and ``selection_key``, which evaluate the contract's formulas
in its order of operations, one IEEE-754 operation at a time (no ``sum()``, whose compensated
sum differs from a JavaScript engine's plain one).

Texts are Python strings: indexing and ``len`` count code points, as the contract does.
"""

import operator
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.display import DEFAULT_WIDTH, score_line
from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS
from mtcompute.numerics.tofixed import to_fixed

DEFAULT_CHAR_ORDER = 6
DEFAULT_BETA = 2
# chrF++'s word order; chrF itself has none.
DEFAULT_WORD_ORDER = 2
WHITESPACE = frozenset(map(chr, WHITESPACE_CODE_POINTS))
# The 32 ASCII punctuation characters that a word can lose at its end, or else at its start.
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# What eps_smoothing puts in place of a precision, recall or F that has no n-grams to come from.
EPSILON = 1e-16

_REMOVE_WHITESPACE = dict.fromkeys(WHITESPACE_CODE_POINTS)
_WHITESPACE_TO_SPACE = dict.fromkeys(WHITESPACE_CODE_POINTS, " ")

Ngram = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChrfOptions:
    """What a chrF computation is asked for; word_order 1 or 2 makes it chrF++."""

    char_order: int = DEFAULT_CHAR_ORDER
    word_order: int = 0
    beta: int = DEFAULT_BETA
    eps_smoothing: bool = False
    include_whitespace: bool = False

    @property
    def order_count(self) -> int:
        """K: character orders, then word orders."""
        return self.char_order + self.word_order


@dataclass(frozen=True, slots=True)
class ChrfStatistics:
    """Per order (character orders, then word orders): hypothesis n-grams, reference n-grams
    and matches. They add up over any split of the segments."""

    hypothesis: tuple[int, ...]
    reference: tuple[int, ...]
    matches: tuple[int, ...]

    @classmethod
    def zero(cls, order_count: int) -> "ChrfStatistics":
        return cls((0,) * order_count, (0,) * order_count, (0,) * order_count)

    def __add__(self, other: "ChrfStatistics") -> "ChrfStatistics":
        if len(self.hypothesis) != len(other.hypothesis):
            raise ValueError("statistics of different orders do not add up")
        return ChrfStatistics(
            tuple(map(operator.add, self.hypothesis, other.hypothesis)),
            tuple(map(operator.add, self.reference, other.reference)),
            tuple(map(operator.add, self.matches, other.matches)),
        )

    def per_order(self) -> "zip[tuple[int, int, int]]":
        """(hypothesis, reference, matches) of each order, in array order."""
        return zip(self.hypothesis, self.reference, self.matches, strict=True)

    def to_dict(self) -> dict[str, object]:
        return {
            "hypothesis": list(self.hypothesis),
            "reference": list(self.reference),
            "matches": list(self.matches),
        }


@dataclass(frozen=True, slots=True)
class ChrfSegment:
    """One segment's kept reference, its statistics and its F (0-1 scale).

    Fields: ``chrf`` (0-1), ``reference_index`` (the kept reference, 0-based) and its
    ``statistics``; ``score`` is sacreBLEU's sentence score, 100 * ``chrf``.
    """

    chrf: float
    reference_index: int
    statistics: ChrfStatistics

    @property
    def score(self) -> float:
        """The segment's chrF on sacreBLEU's 0-100 scale: 100 * ``chrf``."""
        return 100.0 * self.chrf

    def __str__(self) -> str:
        return f"chrF = {self.score:.2f} (reference {self.reference_index})"

    def to_dict(self) -> dict[str, object]:
        return {"chrf": self.chrf, "reference_index": self.reference_index} | (
            self.statistics.to_dict()
        )


@dataclass(frozen=True, slots=True)
class ChrfWords:
    """The word tokens of one segment: its hypothesis's, and each of its references'."""

    hypothesis: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "hypothesis": list(self.hypothesis),
            "references": [list(reference) for reference in self.references],
        }


@dataclass(frozen=True, slots=True)
class ChrfResult:
    """A corpus chrF (or chrF++) score, the summed statistics and every segment's result.

    Fields (the contract's result object, ``to_dict()``): ``chrf`` (0-1), the options it was
    computed with (``char_order``, ``word_order`` (0 for chrF), ``beta``, ``eps_smoothing``,
    ``include_whitespace``), the kept ``statistics`` summed over segments (per order: hypothesis
    n-grams, reference n-grams, matches), every segment's result in ``segments``, and
    ``words`` (chrF++ with return_words). As sacreBLEU reports them: ``name`` (``chrF2``,
    ``chrF2++``), ``score`` (0-100) and ``format()``.
    """

    chrf: float
    char_order: int
    word_order: int
    beta: int
    eps_smoothing: bool
    include_whitespace: bool
    statistics: ChrfStatistics
    segments: tuple[ChrfSegment, ...]
    words: tuple[ChrfWords, ...] | None = None  # chrF++ with return_words only

    def to_dict(self) -> dict[str, object]:
        """The contract's result object: chrf-compute's when word_order is 0, else
        chrf-plus-plus-compute's (with ``words`` when they were asked for)."""
        orders: dict[str, object] = {"char_order": self.char_order}
        if self.word_order > 0:
            orders["word_order"] = self.word_order
        result: dict[str, object] = {
            "chrf": self.chrf,
            **orders,
            "beta": self.beta,
            "eps_smoothing": self.eps_smoothing,
            "include_whitespace": self.include_whitespace,
            "statistics": self.statistics.to_dict(),
            "segments": [segment.to_dict() for segment in self.segments],
        }
        if self.words is not None:
            result["words"] = [words.to_dict() for words in self.words]
        return result

    @property
    def name(self) -> str:
        """sacreBLEU's name of the metric: ``chrF`` and beta, a "+" per word order."""
        return f"chrF{self.beta}" + "+" * self.word_order

    @property
    def score(self) -> float:
        """chrF on sacreBLEU's 0-100 scale: 100 * ``chrf``."""
        return 100.0 * self.chrf

    def format(self, width: int = DEFAULT_WIDTH, signature: str = "") -> str:
        """sacreBLEU's line: ``chrF2 = 58.31``; ``signature`` goes after the name and a "|"."""
        return score_line(self.name, self.score, width=width, signature=signature)

    def __str__(self) -> str:
        return self.format()


def without_whitespace(text: str) -> str:
    """The text with every whitespace code point removed, wherever it is."""
    return text.translate(_REMOVE_WHITESPACE)


def words(text: str) -> list[str]:
    """chrF++'s word tokens: whitespace-separated words, each losing one ASCII punctuation
    character at its end, or else at its start (``(hi)`` gives ``(hi`` and ``)``)."""
    tokens: list[str] = []
    for word in text.translate(_WHITESPACE_TO_SPACE).split(" "):
        if len(word) < 2:
            if word:
                tokens.append(word)
        elif word[-1] in PUNCTUATION:
            tokens += (word[:-1], word[-1])
        elif word[0] in PUNCTUATION:
            tokens += (word[0], word[1:])
        else:
            tokens.append(word)
    return tokens


def char_ngram_counts(text: str, n: int) -> Counter[Ngram]:
    """The runs of n consecutive code points, with multiplicity."""
    return Counter(text[i : i + n] for i in range(len(text) - n + 1))


def word_ngram_counts(tokens: Sequence[str], n: int) -> Counter[Ngram]:
    """The runs of n consecutive tokens, with multiplicity."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def ngram_counts(text: str, options: ChrfOptions) -> list[Counter[Ngram]]:
    """The n-gram counts of every order of a text: character orders, then word orders."""
    characters = text if options.include_whitespace else without_whitespace(text)
    counts = [char_ngram_counts(characters, n) for n in range(1, options.char_order + 1)]
    if options.word_order > 0:
        tokens = words(text)  # from the text as given: include_whitespace does not apply
        counts += [word_ngram_counts(tokens, n) for n in range(1, options.word_order + 1)]
    return counts


def pair_statistics(
    hypothesis: Sequence[Counter[Ngram]], reference: Sequence[Counter[Ngram]]
) -> ChrfStatistics:
    """The statistics of a hypothesis against one reference, from their ``ngram_counts``.

    A hypothesis n-gram count is 0 where the reference has no n-gram of that order.
    """
    hypothesis_counts, reference_counts, matches = [], [], []
    for hypothesis_grams, reference_grams in zip(hypothesis, reference, strict=True):
        reference_total = reference_grams.total()
        hypothesis_counts.append(hypothesis_grams.total() if reference_total > 0 else 0)
        reference_counts.append(reference_total)
        matches.append(
            sum(
                min(count, reference_grams[gram])
                for gram, count in hypothesis_grams.items()
                if gram in reference_grams
            )
        )
    return ChrfStatistics(tuple(hypothesis_counts), tuple(reference_counts), tuple(matches))


def _averaged_f(statistics: ChrfStatistics, b: float) -> float:
    """F of the precision and recall averaged over the orders that have n-grams on both sides."""
    precision, recall, orders = 0.0, 0.0, 0
    for h, r, m in statistics.per_order():
        if h > 0 and r > 0:
            precision += float(m) / float(h)
            recall += float(m) / float(r)
            orders += 1
    if orders == 0:
        return 0.0
    precision /= orders
    recall /= orders
    if precision + recall == 0.0:
        return 0.0
    return (((1.0 + b) * precision) * recall) / ((b * precision) + recall)


def _smoothed_f_sum(statistics: ChrfStatistics, b: float) -> float:
    """eps_smoothing's sum over all orders of each order's F, EPSILON standing in for what has
    no n-grams to come from."""
    total = 0.0
    for h, r, m in statistics.per_order():
        precision = float(m) / float(h) if h > 0 else EPSILON
        recall = float(m) / float(r) if r > 0 else EPSILON
        denominator = b * precision + recall
        total += (((1.0 + b) * precision) * recall) / denominator if denominator > 0 else EPSILON
    return total


def f_score(statistics: ChrfStatistics, beta: int, eps_smoothing: bool) -> float:
    """F of statistics, on the 0-1 scale: the segment's or, of summed statistics, the corpus's."""
    b = float(beta * beta)
    if eps_smoothing:
        return _smoothed_f_sum(statistics, b) / len(statistics.matches)
    return _averaged_f(statistics, b)


def selection_key(statistics: ChrfStatistics, beta: int, eps_smoothing: bool) -> float:
    """What the references of a segment are compared by: F on the 0-100 scale, computed as
    sacreBLEU does (with eps_smoothing, 100 * sum before the division by K)."""
    b = float(beta * beta)
    if eps_smoothing:
        return (100.0 * _smoothed_f_sum(statistics, b)) / len(statistics.matches)
    return 100.0 * _averaged_f(statistics, b)


def kept_reference(keys: Sequence[float]) -> int:
    """The index of the first largest key: the first reference wins ties."""
    best = 0
    for index, key in enumerate(keys):
        if key > keys[best]:
            best = index
    return best


def segment_statistics(
    hypothesis: str, references: Sequence[str], options: ChrfOptions
) -> ChrfSegment:
    """One segment's kept reference, its statistics and its (unrounded) F."""
    hypothesis_counts = ngram_counts(hypothesis, options)
    candidates = [
        pair_statistics(hypothesis_counts, ngram_counts(reference, options))
        for reference in references
    ]
    keys = [
        selection_key(statistics, options.beta, options.eps_smoothing) for statistics in candidates
    ]
    index = kept_reference(keys)
    statistics = candidates[index]
    return ChrfSegment(f_score(statistics, options.beta, options.eps_smoothing), index, statistics)


def corpus_segments(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[ChrfSegment]:
    """Every segment's ``segment_statistics``; ``hypotheses`` and ``references`` pair up."""
    return [
        segment_statistics(hypothesis, segment_references, options)
        for hypothesis, segment_references in zip(hypotheses, references, strict=True)
    ]


def summed_statistics(segments: Sequence[ChrfSegment], order_count: int) -> ChrfStatistics:
    """The kept statistics summed over segments: per order, a sum of integers (exact, in any
    order), one column at a time."""
    if len(segments) <= 1:
        return segments[0].statistics if segments else ChrfStatistics.zero(order_count)
    kept = [segment.statistics for segment in segments]
    return ChrfStatistics(
        tuple(map(sum, zip(*(s.hypothesis for s in kept), strict=True))),
        tuple(map(sum, zip(*(s.reference for s in kept), strict=True))),
        tuple(map(sum, zip(*(s.matches for s in kept), strict=True))),
    )


def segment_words(hypothesis: str, references: Sequence[str]) -> ChrfWords:
    return ChrfWords(tuple(words(hypothesis)), tuple(tuple(words(text)) for text in references))


def chrf_result(
    segments: Sequence[ChrfSegment],
    statistics: ChrfStatistics,
    options: ChrfOptions,
    decimals: int | None = None,
    segment_word_lists: Sequence[ChrfWords] | None = None,
) -> ChrfResult:
    """The corpus result from every segment's result and their ``summed_statistics``: F of the
    sum (a micro average), each score rounded with toFixed when ``decimals`` is given."""
    corpus_f = f_score(statistics, options.beta, options.eps_smoothing)
    if decimals is not None:
        corpus_f = to_fixed(corpus_f, decimals)
        segments = [
            ChrfSegment(to_fixed(s.chrf, decimals), s.reference_index, s.statistics)
            for s in segments
        ]
    return ChrfResult(
        chrf=corpus_f,
        char_order=options.char_order,
        word_order=options.word_order,
        beta=options.beta,
        eps_smoothing=options.eps_smoothing,
        include_whitespace=options.include_whitespace,
        statistics=statistics,
        segments=tuple(segments),
        words=None if segment_word_lists is None else tuple(segment_word_lists),
    )


def chrf(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
    decimals: int | None = None,
    return_words: bool = True,
) -> ChrfResult:
    """chrF of a corpus (chrF++ when word_order is 1 or 2), its statistics and its segments.

    ``references[i]`` lists segment i's references (at least one). ``return_words`` adds the
    word tokens of every text to a chrF++ result; chrF has none to add.
    """
    options = ChrfOptions(char_order, word_order, beta, eps_smoothing, include_whitespace)
    segments = corpus_segments(hypotheses, references, options)
    word_lists = None
    if word_order > 0 and return_words:
        word_lists = [
            segment_words(hypothesis, segment_references)
            for hypothesis, segment_references in zip(hypotheses, references, strict=True)
        ]
    statistics = summed_statistics(segments, options.order_count)
    return chrf_result(segments, statistics, options, decimals, word_lists)
