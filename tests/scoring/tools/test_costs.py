"""The costs beyond the texts' bytes: counted as the metric sees the texts, for it alone."""

from mtcompute.scoring.tools.costs import character_pairs, line_pairs, ter_word_matches


def test_ter_word_matches_count_equal_word_pairs_under_ter_s_own_splitting() -> None:
    raw = {"hypotheses": ["A a b"], "references": [["a c", "b b"]]}
    assert ter_word_matches(raw) == 2 + 2  # TER lowercases: A and a match a; b matches b twice
    assert ter_word_matches(raw | {"ter": {"case_sensitive": True}}) == 1 + 2


def test_character_pairs_multiply_code_points_after_trailing_whitespace_goes() -> None:
    assert character_pairs({"hypotheses": ["abc  "], "references": [["é"]]}) == 3


def test_line_pairs_count_rouge_s_lines_and_its_separator() -> None:
    raw = {"hypotheses": ["a\nb"], "references": [["c<n>d<n>e"]]}
    assert line_pairs(raw) == 2
    assert line_pairs(raw | {"rouge": {"sentence_separator": "<n>"}}) == 2 * 3


def test_a_shape_the_schema_refuses_counts_nothing() -> None:
    assert ter_word_matches({"hypotheses": "a", "references": [["a"]]}) == 0
    assert character_pairs({"hypotheses": [1], "references": [["a"]]}) == 0
