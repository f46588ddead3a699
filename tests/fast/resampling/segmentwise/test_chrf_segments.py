"""chrF's and chrF++'s descriptions for resampling: the word order is the metric's unless
given, and the name follows it."""

from mtcompute.fast.resampling.segmentwise.chrf_segments import CHRF, CHRF_PLUS_PLUS


def test_chrf_has_no_word_order_and_chrf_plus_plus_has_two() -> None:
    assert CHRF.options({}).chrf.word_order == 0
    assert CHRF_PLUS_PLUS.options({}).chrf.word_order == 2


def test_a_given_word_order_wins() -> None:
    assert CHRF_PLUS_PLUS.options({"word_order": 1}).chrf.word_order == 1


def test_lowercase_scores_the_lowercased_texts() -> None:
    systems, references = [["The Cat", "A DOG"]], [["the cat"], ["a dog"]]
    lowered = CHRF.each_score(CHRF.options({"lowercase": True}), systems, references, "portable")[0]
    as_given = CHRF.each_score(CHRF.options({}), [["the cat", "a dog"]], references, "portable")[0]
    assert (lowered.matrices[0] == as_given.matrices[0]).all()


def test_the_name_is_sacrebleus() -> None:
    systems, references = [["a b"]], [["a b"]]
    options = CHRF_PLUS_PLUS.options({})
    assert CHRF_PLUS_PLUS.each_score(options, systems, references, "portable")[0].name == "chrF2++"
