"""The tokens' UTF-8 bytes in one buffer: exact boundaries and sizes, words that tell tokens
apart, and no buffer at all for what it cannot represent."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.fast.bleu.token_bytes import TokenBytes, sentences_of, separates_tokens, utf8_joined
from tests.metrics.partition import same_partition

# Any text but NUL and lone surrogates, from ASCII to four-byte characters.
_token = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=40)
_sentences = st.lists(st.lists(_token, max_size=6), max_size=8)


@given(_sentences)
def test_every_token_is_found_at_its_start_with_its_utf8_size(sentences: list[list[str]]) -> None:
    encoded = TokenBytes.encode(sentences)
    assert encoded is not None
    tokens = [token for sentence in sentences for token in sentence]
    data = bytes(encoded.data)
    found = [
        data[start : start + size].decode("utf-8")
        for start, size in zip(encoded.starts.tolist(), encoded.lengths.tolist(), strict=True)
    ]
    assert found == tokens
    assert encoded.total_bytes == sum(len(token.encode("utf-8")) for token in tokens)
    assert encoded.sentence_lengths.tolist() == [len(sentence) for sentence in sentences]


@given(st.lists(_token, min_size=1, max_size=60))
def test_the_words_of_two_tokens_are_equal_exactly_when_the_tokens_are(tokens: list[str]) -> None:
    encoded = TokenBytes.encode([tokens])
    assert encoded is not None
    rows = list(zip(*(word.tolist() for word in encoded.words()), strict=True))
    assert same_partition(rows, tokens)


def test_tokens_sharing_their_first_eight_bytes_differ_in_a_later_word() -> None:
    encoded = TokenBytes.encode([["abcdefgh", "abcdefghi", "abcdefghij", "abcdefghij"]])
    assert encoded is not None
    first, second = encoded.words()
    assert len(set(first.tolist())) == 1
    assert second.tolist() == [0, ord("i"), ord("i") | ord("j") << 8, ord("i") | ord("j") << 8]


@pytest.mark.parametrize(
    "sentences",
    [
        pytest.param([["a", "b\x00c"]], id="a token with NUL inside"),
        pytest.param([["a", 7]], id="a token that is not a string"),
        pytest.param([["\ud800"]], id="a lone surrogate"),
    ],
)
def test_tokens_it_cannot_represent_get_no_buffer(sentences: list[list[object]]) -> None:
    assert TokenBytes.encode(sentences) is None  # type: ignore[arg-type]


def test_empty_tokens_and_sentences_keep_their_places() -> None:
    encoded = TokenBytes.encode([[], ["", "a"], [], [""]])
    assert encoded is not None
    assert encoded.lengths.tolist() == [0, 1, 0]
    assert encoded.sentence_lengths.tolist() == [0, 2, 0, 1]
    assert len(set(zip(*(w.tolist() for w in encoded.words()), strict=True))) == 2


def test_a_corpus_without_tokens_has_an_empty_buffer() -> None:
    encoded = TokenBytes.encode([[], []])
    assert encoded is not None
    assert (encoded.token_count, encoded.total_bytes) == (0, 0)
    assert encoded.words()[0].tolist() == []


def test_sentences_run_hypotheses_first_then_each_segments_references() -> None:
    hypotheses = [["h0"], ["h1"]]
    references = [[["r00"], ["r01"]], [["r10"]]]
    assert sentences_of(hypotheses, references) == [["h0"], ["h1"], ["r00"], ["r01"], ["r10"]]


@given(_sentences)
def test_joined_bytes_tell_their_tokens_apart_as_the_buffer_does(
    sentences: list[list[str]],
) -> None:
    data = utf8_joined(sentences)
    assert data is not None
    token_count = sum(map(len, sentences))
    assert separates_tokens(data, token_count)
    assert not separates_tokens(data, token_count + 1)


@pytest.mark.parametrize("sentences", [[["a\x00b"]], [["a", "\x00"], []], [["\x00\x00"]]])
def test_joined_bytes_with_a_nul_inside_a_token_do_not_tell_the_tokens_apart(
    sentences: list[list[str]],
) -> None:
    data = utf8_joined(sentences)
    assert data is not None
    assert not separates_tokens(data, sum(map(len, sentences)))
    assert TokenBytes.encode(sentences) is None  # the buffer refuses them too
