"""``search``: a deterministic 0-1 keyword score over each contract's text."""

import pytest

from mtcompute.meta.search import DEFAULT_LIMIT, search, stem, words

TOOL = "bleu-corpus-compute"


def test_words_are_lower_cased_and_split_at_punctuation_and_hyphens() -> None:
    assert words("Corpus-BLEU, sacreBLEU's 13a!") == ["corpus", "bleu", "sacrebleu", "s", "13a"]


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("character n-gram F-score", "chrf-compute"),
        ("chrF++ with word n-grams", "chrf-plus-plus-compute"),
        ("corpus BLEU of a test set", TOOL),
    ],
)
def test_a_query_in_a_researchers_words_finds_its_tool_first(query: str, first: str) -> None:
    assert search(query)[0].id == first


def test_a_query_made_only_of_title_words_scores_1() -> None:
    match = search("Bleu corpus compute")[0]
    assert (match.id, match.version, match.score) == (TOOL, "1.0.0", 1.0)


@pytest.mark.parametrize(
    ("query", "score"),
    [
        ("bleu", 1.0),  # in the title
        ("system-level", 0.9),  # in "use when"
        ("Papineni", 0.8),  # among the supported operations
        ("clipped", 0.7),  # only in the summary
        ("bleu weather", 0.5),  # half the terms match, in the title
    ],
)
def test_a_term_counts_by_the_most_telling_field_it_appears_in(query: str, score: float) -> None:
    assert {match.id: match.score for match in search(query)}[TOOL] == score


@pytest.mark.parametrize(
    ("word", "stemmed"),
    [("tokens", "token"), ("tokenized", "token"), ("matches", "match"), ("is", "is")],
)
def test_a_word_is_stemmed_by_dropping_a_common_ending(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


WORDS = ("tokens", "tokenizing")


def test_a_word_matches_its_other_forms_and_its_prefixes_from_four_letters() -> None:
    scores = [{m.id: m.score for m in search(word)}["bleu-corpus-compute"] for word in WORDS]
    assert scores == [0.9, 0.9]
    assert search("segm")[0].score > 0
    assert search("seg") == []


def test_the_same_query_always_gives_the_same_answer_whatever_its_case_or_order() -> None:
    assert search("corpus BLEU test set") == search("set test bleu CORPUS")


@pytest.mark.parametrize("query", ["weather forecast", "", "?!"])
def test_a_query_with_nothing_in_common_finds_nothing(query: str) -> None:
    assert search(query) == []


def test_a_query_in_any_script_matches_the_contract_text() -> None:
    assert [match.id for match in search("תרגום")] == [TOOL]


def test_a_limit_caps_the_matches() -> None:
    assert search("bleu", limit=0) == []
    assert len(search("bleu")) <= DEFAULT_LIMIT


def test_a_match_is_json_ready_with_id_version_title_summary_and_score() -> None:
    match = search("bleu")[0]
    assert set(match.to_json()) == {"id", "version", "title", "summary", "score"}


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("sentence BLEU with smoothing", "bleu-sentence-compute"),
        ("BLEU statistics of one segment", "bleu-sentence-components"),
    ],
)
def test_a_query_for_sentence_bleu_finds_its_tool_first(query: str, first: str) -> None:
    assert search(query)[0].id == first


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("minimum Bayes risk", "chrf-pairwise-compute"),
        ("pairwise chrF", "chrf-pairwise-compute"),
        ("pairwise BLEU", "bleu-pairwise-compute"),
    ],
)
def test_a_query_for_a_pairwise_matrix_finds_its_tool_first(query: str, first: str) -> None:
    assert search(query)[0].id == first
