"""chrF's and chrF++'s descriptions for resampling: the word order is the metric's unless
given, and the name follows it."""

from mtcompute.fast.resampling.segmentwise.chrf_segments import CHRF, CHRF_PLUS_PLUS


def test_chrf_has_no_word_order_and_chrf_plus_plus_has_two() -> None:
    assert CHRF.options({}).word_order == 0
    assert CHRF_PLUS_PLUS.options({}).word_order == 2


def test_a_given_word_order_wins() -> None:
    assert CHRF_PLUS_PLUS.options({"word_order": 1}).word_order == 1


def test_the_name_is_sacrebleus() -> None:
    systems, references = [["a b"]], [["a b"]]
    options = CHRF_PLUS_PLUS.options({})
    assert CHRF_PLUS_PLUS.statistics(options, systems, references, "portable").name == "chrF2++"
