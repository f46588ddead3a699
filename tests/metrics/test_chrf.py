"""chrF and chrF++: gold tables with the arithmetic of every row, each page's example, the parts.

Expected floats are exact: the doubles that node gives for the formula in the row's comment,
F = (((1 + b) * P) * R) / ((b * P) + R) with b = 4, P and R the precisions and recalls averaged
over the orders with n-grams on both sides (or, with eps_smoothing, the sum s of each order's F,
then s / K). Counts are exact integers.
"""

import unicodedata
from dataclasses import dataclass, field

import pytest

from mtcompute.metrics.chrf import (
    PUNCTUATION,
    WHITESPACE,
    ChrfOptions,
    ChrfStatistics,
    chrf,
    chrf_result,
    corpus_segments,
    f_score,
    kept_reference,
    ngram_counts,
    pair_statistics,
    selection_key,
    summed_statistics,
    without_whitespace,
    words,
)

_CAFE_NFC = unicodedata.normalize("NFC", "café")  # 4 code points, é as U+00E9
_CAFE_NFD = unicodedata.normalize("NFD", "café")  # 5 code points, e then U+0301


@dataclass(frozen=True, slots=True)
class Gold:
    hypothesis: str
    references: list[str]
    reference_index: int
    hypothesis_counts: tuple[int, ...]
    reference_counts: tuple[int, ...]
    matches: tuple[int, ...]
    chrf: float
    options: dict[str, int | bool] = field(default_factory=dict)


GOLD = [
    # "" has no n-grams: h = 0 at every order, so no order counts (k = 0) and F = 0.
    pytest.param(
        Gold("", ["abc"], 0, (0,) * 6, (3, 2, 1, 0, 0, 0), (0,) * 6, 0.0), id="empty-hypothesis"
    ),
    # Orders 1-3: p = e (h = 0), r = 0/r_n = 0, d = 4e > 0, term = (5e * 0) / d = 0; orders 4-6:
    # p = r = e, d = 5e, term = (5e * e) / 5e = e; s = 3e, F = s / 6 = 5e-17.
    pytest.param(
        Gold(
            "",
            ["abc"],
            0,
            (0,) * 6,
            (3, 2, 1, 0, 0, 0),
            (0,) * 6,
            5e-17,
            {"eps_smoothing": True},
        ),
        id="empty-hypothesis-eps",
    ),
    # An empty reference: every r_n = 0, so every h_n is zeroed and F = 0.
    pytest.param(Gold("abc", [""], 0, (0,) * 6, (0,) * 6, (0,) * 6, 0.0), id="empty-reference"),
    # Whitespace only: nothing remains of "  \t\n", so it is "" against "ab".
    pytest.param(
        Gold(" \t\n\u3000", ["a b"], 0, (0,) * 6, (2, 1, 0, 0, 0, 0), (0,) * 6, 0.0),
        id="whitespace-only",
    ),
    # include_whitespace keeps "  \t\n" (4 code points) and "a b" (3): unigram ' ' matches once;
    # h = (4, 3, 2, 0...) as r_4 = 0; P = (1/4 + 0 + 0) / 3, R = (1/3 + 0 + 0) / 3.
    pytest.param(
        Gold(
            "  \t\n",
            ["a b"],
            0,
            (4, 3, 2, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            (1, 0, 0, 0, 0, 0),
            0.10416666666666666,
            {"include_whitespace": True},
        ),
        id="whitespace-included",
    ),
    # A reference shorter than char_order: h_4..h_6 are zeroed; P = (3/7 + 2/6 + 1/5) / 3,
    # R = (3/3 + 2/2 + 1/1) / 3 = 1.
    pytest.param(
        Gold(
            "abcdefg",
            ["abc"],
            0,
            (7, 6, 5, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            0.7023643949930458,
            {"char_order": 6},
        ),
        id="reference-shorter-than-char-order",
    ),
    # Astral characters are one code point each (two UTF-16 units): 2 against 1, h_2 zeroed;
    # P = 1/2, R = 1/1, F = (5 * 0.5 * 1) / (4 * 0.5 + 1) = 2.5 / 3.
    pytest.param(
        Gold(
            "😀😀",
            ["😀"],
            0,
            (2, 0, 0, 0, 0, 0),
            (1, 0, 0, 0, 0, 0),
            (1, 0, 0, 0, 0, 0),
            0.8333333333333334,
        ),
        id="astral-characters",
    ),
    # No normalization: NFD café (c a f e U+0301) against NFC café (c a f é) shares c, a, f, ca,
    # af, caf; h_5 is zeroed. P = (3/5 + 2/4 + 1/3 + 0/2) / 4, R = (3/4 + 2/3 + 1/2 + 0/1) / 4.
    pytest.param(
        Gold(
            _CAFE_NFD,
            [_CAFE_NFC],
            0,
            (5, 4, 3, 2, 0, 0),
            (4, 3, 2, 1, 0, 0),
            (3, 2, 1, 0, 0, 0),
            0.4488925199709513,
        ),
        id="combining-mark",
    ),
    # U+200B is not whitespace: "a\u200bb" keeps 3 code points against "ab";
    # P = (2/3 + 0/2) / 2, R = (2/2 + 0/1) / 2.
    pytest.param(
        Gold(
            "a\u200bb",
            ["ab"],
            0,
            (3, 2, 0, 0, 0, 0),
            (2, 1, 0, 0, 0, 0),
            (2, 0, 0, 0, 0, 0),
            0.45454545454545453,
        ),
        id="zero-width-space-kept",
    ),
    # U+FEFF is not whitespace either: "\ufeffab" against "ab" counts as the row above.
    pytest.param(
        Gold(
            "\ufeffab",
            ["ab"],
            0,
            (3, 2, 0, 0, 0, 0),
            (2, 1, 0, 0, 0, 0),
            (2, 1, 0, 0, 0, 0),
            # P = (2/3 + 1/2) / 2, R = (2/2 + 1/1) / 2 = 1.
            0.8749999999999999,
        ),
        id="byte-order-mark-kept",
    ),
    # U+00A0 and U+2028 are whitespace: removed, the texts are equal, P = R = 1, F = 1.
    pytest.param(
        Gold(
            "a\u00a0b\u2028c",
            ["abc"],
            0,
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            1.0,
        ),
        id="no-break-space-removed",
    ),
    # chrF++: "(hi)" gives words "(hi", ")" against "hi"; characters as usual, "(h", "hi", "i)"
    # against "hi". Word unigrams 0 of 2 match; the hypothesis's word bigram is zeroed (r = 0).
    # P = (2/4 + 1/3 + 0/2) / 3, R = (2/2 + 1/1 + 0/1) / 3.
    pytest.param(
        Gold(
            "(hi)",
            ["hi"],
            0,
            (4, 3, 0, 0, 0, 0, 2, 0),
            (2, 1, 0, 0, 0, 0, 1, 0),
            (2, 1, 0, 0, 0, 0, 0, 0),
            0.5208333333333333,
            {"word_order": 2},
        ),
        id="chrf-plus-plus-parenthesis",
    ),
    # Two equal references give equal keys (F = 1 each): the first is kept.
    pytest.param(
        Gold(
            "ab",
            ["ab", "ab"],
            0,
            (2, 1, 0, 0, 0, 0),
            (2, 1, 0, 0, 0, 0),
            (2, 1, 0, 0, 0, 0),
            1.0,
        ),
        id="equal-references-first-kept",
    ),
    # Different statistics, one key: char_order 1, h = 4; "ax" gives P = 1/4, R = 1/2 and
    # F = 0.4166666666666667; "abcdxxxxxxx" gives P = 4/4, R = 4/11 and F = 0.41666666666666674,
    # one ulp larger, but 100 * F is 41.66666666666667 for both: the first reference is kept.
    pytest.param(
        Gold(
            "abcd",
            ["ax", "abcdxxxxxxx"],
            0,
            (4,),
            (2,),
            (1,),
            0.4166666666666667,
            {"char_order": 1},
        ),
        id="keys-tie-on-the-0-100-scale",
    ),
    # The same references the other way round: the larger F is now the first.
    pytest.param(
        Gold(
            "abcd",
            ["abcdxxxxxxx", "ax"],
            0,
            (4,),
            (11,),
            (4,),
            0.41666666666666674,
            {"char_order": 1},
        ),
        id="keys-tie-other-order",
    ),
    # Every reference scores 0: reference 0 is kept.
    pytest.param(
        Gold(
            "abc",
            ["xyz", "uvw"],
            0,
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            (0,) * 6,
            0.0,
        ),
        id="all-zero-keeps-reference-0",
    ),
    # A later, better reference is kept: "abc" matches all of "abc" (F = 1) after "abd".
    pytest.param(
        Gold(
            "abc",
            ["abd", "abc"],
            1,
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            (3, 2, 1, 0, 0, 0),
            1.0,
        ),
        id="best-reference-kept",
    ),
]


@pytest.mark.parametrize("gold", GOLD)
def test_chrf_gives_the_gold_statistics_reference_and_score(gold: Gold) -> None:
    result = chrf([gold.hypothesis], [gold.references], **gold.options)  # type: ignore[arg-type]
    expected = ChrfStatistics(gold.hypothesis_counts, gold.reference_counts, gold.matches)
    (segment,) = result.segments
    assert (segment.reference_index, segment.statistics) == (gold.reference_index, expected)
    assert result.statistics == expected
    assert segment.chrf == gold.chrf
    assert result.chrf == gold.chrf


CHRF_EXAMPLE_RESPONSE = {
    "chrf": 0.6707265448122703,
    "char_order": 6,
    "beta": 2,
    "eps_smoothing": False,
    "include_whitespace": False,
    "statistics": {
        "hypothesis": [24, 22, 20, 15, 14, 13],
        "reference": [19, 17, 15, 13, 12, 11],
        "matches": [17, 13, 11, 9, 7, 6],
    },
    "segments": [
        {
            "chrf": 0.7142247563033849,
            "reference_index": 1,
            "hypothesis": [18, 17, 16, 15, 14, 13],
            "reference": [16, 15, 14, 13, 12, 11],
            "matches": [15, 13, 11, 9, 7, 6],
        },
        {
            "chrf": 0.18518518518518517,
            "reference_index": 0,
            "hypothesis": [6, 5, 4, 0, 0, 0],
            "reference": [3, 2, 1, 0, 0, 0],
            "matches": [2, 0, 0, 0, 0, 0],
        },
    ],
}
CHRF_EXAMPLE_HYPOTHESES = ["The cat sat on the mat.", "Hello!"]
CHRF_EXAMPLE_REFERENCES = [["A cat was on a mat.", "The cat sat on a mat."], ["Hi!"]]

CHRF_PLUS_PLUS_EXAMPLE_RESPONSE = {
    "chrf": 0.6439480775110737,
    "char_order": 6,
    "word_order": 2,
    "beta": 2,
    "eps_smoothing": False,
    "include_whitespace": False,
    "statistics": {
        "hypothesis": [15, 14, 13, 12, 11, 10, 4, 3],
        "reference": [13, 12, 11, 10, 9, 8, 4, 3],
        "matches": [13, 10, 8, 6, 5, 4, 3, 1],
    },
    "segments": [
        {
            "chrf": 0.6439480775110737,
            "reference_index": 1,
            "hypothesis": [15, 14, 13, 12, 11, 10, 4, 3],
            "reference": [13, 12, 11, 10, 9, 8, 4, 3],
            "matches": [13, 10, 8, 6, 5, 4, 3, 1],
        }
    ],
    "words": [
        {
            "hypothesis": ["Don't", "stop", "(yet)", "!"],
            "references": [["Do", "not", "stop", "yet", "!"], ["Don't", "stop", "yet", "!"]],
        }
    ],
}
CHRF_PLUS_PLUS_EXAMPLE_HYPOTHESES = ["Don't stop (yet)!"]
CHRF_PLUS_PLUS_EXAMPLE_REFERENCES = [["Do not stop yet!", "Don't stop yet!"]]


def test_the_chrf_page_example_gives_the_page_response() -> None:
    result = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES)
    assert result.to_dict() == CHRF_EXAMPLE_RESPONSE
    assert 100 * result.chrf == 67.07265448122703  # the page's sacreBLEU score


def test_the_chrf_plus_plus_page_example_gives_the_page_response() -> None:
    result = chrf(
        CHRF_PLUS_PLUS_EXAMPLE_HYPOTHESES, CHRF_PLUS_PLUS_EXAMPLE_REFERENCES, word_order=2
    )
    assert result.to_dict() == CHRF_PLUS_PLUS_EXAMPLE_RESPONSE
    assert 100 * result.chrf == 64.39480775110738  # the page's sacreBLEU score


def test_chrf_plus_plus_leaves_out_the_words_unless_asked_for() -> None:
    result = chrf(
        CHRF_PLUS_PLUS_EXAMPLE_HYPOTHESES,
        CHRF_PLUS_PLUS_EXAMPLE_REFERENCES,
        word_order=2,
        return_words=False,
    )
    expected = dict(CHRF_PLUS_PLUS_EXAMPLE_RESPONSE)
    del expected["words"]
    assert result.to_dict() == expected


def test_chrf_without_word_orders_has_no_word_fields_even_when_words_are_asked_for() -> None:
    result = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES, return_words=True)
    assert "words" not in result.to_dict()
    assert "word_order" not in result.to_dict()


def test_decimals_round_the_corpus_and_every_segment_score_with_to_fixed() -> None:
    # 0.6707265448122703 -> 0.6707, 0.7142247563033849 -> 0.7142, 0.18518518518518517 -> 0.1852
    result = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES, decimals=4)
    assert (result.chrf, [s.chrf for s in result.segments]) == (0.6707, [0.7142, 0.1852])
    # The choice of reference and the counts do not depend on rounding.
    unrounded = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES)
    assert result.statistics == unrounded.statistics
    assert [s.reference_index for s in result.segments] == [1, 0]


def test_decimals_0_round_half_up_on_the_exact_binary_value() -> None:
    # "ab" against "abc", char_order 1: P = 1, R = 2/3, F = (5 * 2/3) / (4 + 2/3) = 0.714...; 0
    # decimals give 1. "a" against "abc": P = 1, R = 1/3, F = (5/3) / (13/3) = 0.3846... -> 0.
    result = chrf(["ab", "a"], [["abc"], ["abc"]], char_order=1, decimals=0)
    assert [s.chrf for s in result.segments] == [1.0, 0.0]


def test_the_corpus_score_is_f_of_the_summed_statistics_not_the_mean_of_the_segments() -> None:
    result = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES)
    mean = (result.segments[0].chrf + result.segments[1].chrf) / 2
    assert result.chrf == f_score(result.statistics, 2, eps_smoothing=False)
    assert abs(result.chrf - mean) > 0.2


def test_eps_smoothing_averages_the_per_order_f_scores() -> None:
    # s = the sum over the 6 orders of each order's F with e in place of a missing p or r.
    result = chrf(CHRF_EXAMPLE_HYPOTHESES, CHRF_EXAMPLE_REFERENCES, eps_smoothing=True)
    assert result.chrf == 0.6703659886288235
    assert [s.reference_index for s in result.segments] == [1, 0]


def test_the_selection_key_with_eps_smoothing_multiplies_before_dividing_by_k() -> None:
    statistics = ChrfStatistics((0,) * 6, (3, 2, 1, 0, 0, 0), (0,) * 6)
    # s = 3e: (100 * s) / 6 = 5e-15, and F = s / 6 = 5e-17.
    assert selection_key(statistics, 2, eps_smoothing=True) == 5e-15
    assert f_score(statistics, 2, eps_smoothing=True) == 5e-17


def test_beta_weighs_recall() -> None:
    # char_order 1, "ab" against "abcd": P = 1, R = 1/2. beta 1: F = 2 * 1 * 0.5 / 1.5 = 2/3;
    # beta 3 (b = 9): F = (10 * 1 * 0.5) / (9 + 0.5) = 5 / 9.5.
    statistics = ChrfStatistics((2,), (4,), (2,))
    assert f_score(statistics, 1, eps_smoothing=False) == 0.6666666666666666
    assert f_score(statistics, 3, eps_smoothing=False) == 0.5263157894736842


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        pytest.param("(hi)", ["(hi", ")"], id="only-the-last-character-splits"),
        pytest.param("U.S.", ["U.S", "."], id="abbreviation"),
        pytest.param("don't", ["don't"], id="inner-apostrophe"),
        pytest.param("'s", ["'", "s"], id="leading-apostrophe"),
        pytest.param("«Bonjour»", ["«Bonjour»"], id="non-ascii-punctuation-stays"),
        pytest.param("!", ["!"], id="one-character"),
        pytest.param("!!", ["!", "!"], id="two-punctuation-characters"),
        pytest.param("(yet)!", ["(yet)", "!"], id="page-example-word"),
        pytest.param("a\u00a0b\u3000c\u2029d", ["a", "b", "c", "d"], id="all-whitespace-splits"),
        pytest.param("a\u200bb\ufeffc\u180ed", ["a\u200bb\ufeffc\u180ed"], id="not-whitespace"),
        pytest.param(" \t\n", [], id="whitespace-only"),
        pytest.param("", [], id="empty"),
        pytest.param("😀!", ["😀", "!"], id="astral-then-punctuation"),
    ],
)
def test_words_split_off_one_ascii_punctuation_character(text: str, tokens: list[str]) -> None:
    assert words(text) == tokens


def test_whitespace_is_exactly_the_29_code_points_python_calls_space() -> None:
    assert len(WHITESPACE) == 29
    assert {chr(c) for c in range(0x110000) if chr(c).isspace()} == WHITESPACE
    assert without_whitespace("a\u180eb\u200bc\ufeff d\te") == "a\u180eb\u200bc\ufeffde"


def test_punctuation_is_the_32_ascii_punctuation_characters() -> None:
    assert len(PUNCTUATION) == 32
    assert all(ord(c) < 128 and not c.isalnum() and not c.isspace() for c in PUNCTUATION)


def test_statistics_add_order_by_order() -> None:
    left = ChrfStatistics((1, 2), (3, 4), (0, 1))
    right = ChrfStatistics((10, 20), (30, 40), (5, 6))
    assert left + right == ChrfStatistics((11, 22), (33, 44), (5, 7))
    assert ChrfStatistics.zero(2) + left == left


def test_a_corpus_scored_in_parts_gives_the_whole_corpus_result() -> None:
    options = ChrfOptions(word_order=2)
    hypotheses = [*CHRF_EXAMPLE_HYPOTHESES, *CHRF_PLUS_PLUS_EXAMPLE_HYPOTHESES]
    references = [*CHRF_EXAMPLE_REFERENCES, *CHRF_PLUS_PLUS_EXAMPLE_REFERENCES]
    parts = corpus_segments(hypotheses[:1], references[:1], options) + corpus_segments(
        hypotheses[1:], references[1:], options
    )
    whole = chrf(hypotheses, references, word_order=2, return_words=False)
    assert chrf_result(parts, summed_statistics(parts, 8), options) == whole


def test_pair_statistics_zero_the_hypothesis_count_where_the_reference_has_no_ngram() -> None:
    options = ChrfOptions(char_order=3)
    statistics = pair_statistics(ngram_counts("abcd", options), ngram_counts("ab", options))
    assert statistics == ChrfStatistics((4, 3, 0), (2, 1, 0), (2, 1, 0))


def test_the_kept_reference_is_the_first_largest_key() -> None:
    assert kept_reference([0.0, 0.0]) == 0
    assert kept_reference([1.0, 2.0, 2.0]) == 1
    assert kept_reference([3.0]) == 0
