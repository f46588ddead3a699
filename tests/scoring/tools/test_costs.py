"""The costs beyond the texts' bytes: counted as the metric sees the texts, for it alone."""

from mtcompute.scoring.tools.costs import character_pairs, line_pairs, ter_word_pairs


def test_ter_word_pairs_square_each_pair_s_longer_text_s_words() -> None:
    raw = {"hypotheses": ["A a b"], "references": [["a c", "b b b b"]]}
    assert ter_word_pairs(raw) == 3 * 3 + 4 * 4


def test_ter_word_pairs_grow_with_the_words_alone_past_the_candidate_budget() -> None:
    text = " ".join(["a"] * 1500)
    assert ter_word_pairs({"hypotheses": [text], "references": [["a"]]}) == 1500 * 1000


def test_ter_word_pairs_count_punctuation_and_non_ascii_as_words_when_normalized() -> None:
    raw = {"hypotheses": ["a,b 中文"], "references": [["a"]]}
    assert ter_word_pairs(raw) == 2 * 2
    assert ter_word_pairs(raw | {"ter": {"normalized": True}}) == 5 * 5  # words + "," + 2 CJK


def test_ter_word_pairs_count_once_when_every_segment_is_scored_too() -> None:
    raw = {"hypotheses": ["a b"], "references": [["a"]], "sentence_level": True}
    assert ter_word_pairs(raw) == 2 * 2


def test_character_pairs_multiply_code_points_after_trailing_whitespace_goes() -> None:
    assert character_pairs({"hypotheses": ["abc  "], "references": [["é"]]}) == 3


def test_character_pairs_of_a_pair_the_alignment_splits_count_four_times() -> None:
    # 2,048 x 2,048 = 4,194,304 cells: rapidfuzz aligns the halves; one fewer it does not.
    assert character_pairs({"hypotheses": ["a" * 2048], "references": [["b" * 2048]]}) == (
        4 * 2048 * 2048
    )
    assert character_pairs({"hypotheses": ["a" * 2047], "references": [["b" * 2048]]}) == (
        2047 * 2048
    )


def test_line_pairs_count_rouge_s_lines_and_its_separator() -> None:
    raw = {"hypotheses": ["a\nb"], "references": [["c<n>d<n>e"]]}
    assert line_pairs(raw) == 2
    assert line_pairs(raw | {"rouge": {"sentence_separator": "<n>"}}) == 2 * 3


def test_a_shape_the_schema_refuses_counts_nothing() -> None:
    assert ter_word_pairs({"hypotheses": "a", "references": [["a"]]}) == 0
    assert character_pairs({"hypotheses": [1], "references": [["a"]]}) == 0
