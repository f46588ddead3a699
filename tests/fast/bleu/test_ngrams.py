"""The vectorised n-gram counts and tables equal the oracle's, exactly, on every shape of input.

``ngrams.corpus_ngram_counts`` is the oracle. The numpy path is compared with it on Hypothesis
corpora, on the seeded corpora of the BLEU kernel's tests, in blocks, with the helper process,
and on the hostile inputs a request can hold.
"""

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import execute
from mtcompute.fast import blocks
from mtcompute.fast.bleu import ngrams as ngrams_fast
from mtcompute.fast.bleu.corpus import SMALL_INPUT_TOKENS
from mtcompute.fast.bleu.ngrams import ngram_counts_fast
from mtcompute.fast.bleu.ranks import hashed_ids
from mtcompute.fast.bleu.token_bytes import TokenBytes, sentences_of
from mtcompute.helper import process as block_helper
from mtcompute.metrics.ngrams import CLIPPING_TABLES, ClippingTable, corpus_ngram_counts
from tests.fast.bleu.test_corpus import MAKERS, Hypotheses, Maker, References, Tokens

_LOOK_ALIKES = ["a", "A", "a ", "é", "e\u0301", "日本", "🙂", "\u00a0", "a\x00"]
_tokens = st.lists(st.sampled_from(["a", "b", "c", *_LOOK_ALIKES]), max_size=14)
_segments = st.tuples(_tokens, st.lists(_tokens, min_size=1, max_size=8))
_corpora = st.lists(_segments, min_size=1, max_size=12)
_tables = st.sampled_from(CLIPPING_TABLES)


def _assert_equal_to_the_oracle(
    hypotheses: Hypotheses, references: References, max_order: int, table: ClippingTable
) -> None:
    expected = corpus_ngram_counts(hypotheses, references, max_order, table)
    assert ngram_counts_fast(hypotheses, references, max_order, table) == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(corpus=_corpora, max_order=st.integers(1, 8), table=_tables)
def test_vectorised_counts_equal_the_oracle_on_any_corpus(
    corpus: list[tuple[Tokens, list[Tokens]]], max_order: int, table: ClippingTable
) -> None:
    # Repeated so that even small corpora pass the size below which the oracle answers.
    corpus = corpus * (1 + SMALL_INPUT_TOKENS // 4 // max(1, sum(len(h) for h, _ in corpus)))
    _assert_equal_to_the_oracle([h for h, _ in corpus], [r for _, r in corpus], max_order, table)


@pytest.mark.parametrize("table", CLIPPING_TABLES)
@pytest.mark.parametrize("max_order", [1, 4, 8])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_vectorised_counts_equal_the_oracle_on_seeded_corpora(
    maker: Maker, max_order: int, table: ClippingTable
) -> None:
    _assert_equal_to_the_oracle(*maker(random.Random(max_order)), max_order, table)


@pytest.mark.parametrize("table", ["none", "all"])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_ngram_ids_from_hashed_keys_give_the_same_counts(
    maker: Maker, table: ClippingTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ngrams_fast, "dense_ranks", lambda keys, bound: hashed_ids([keys]))
    _assert_equal_to_the_oracle(*maker(random.Random(11)), 4, table)


@pytest.mark.parametrize("tokens_per_block", [1, 50, 400])
@pytest.mark.parametrize("table", ["none", "clipped", "all"])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_counts_computed_a_block_of_segments_at_a_time_equal_the_oracle(
    maker: Maker, table: ClippingTable, tokens_per_block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(blocks, "TOKENS_PER_BLOCK", tokens_per_block)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 1)
    _assert_equal_to_the_oracle(*maker(random.Random(5)), 4, table)


def _with_a_ready_helper(monkeypatch: pytest.MonkeyPatch) -> list[Callable[..., object]]:
    """Blocks of 40 tokens, the helper started, and the list of the functions it is sent."""
    assert block_helper.current_helper().wait_until_ready(60)
    monkeypatch.setattr(blocks, "TOKENS_PER_BLOCK", 40)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 1)
    sent: list[Callable[..., object]] = []
    send = block_helper.Lane.send

    def counting_send(
        lane: block_helper.Lane, function: Callable[..., object], *args: object
    ) -> None:
        sent.append(function)
        send(lane, function, *args)

    monkeypatch.setattr(block_helper.Lane, "send", counting_send)
    return sent


@pytest.mark.parametrize("table", CLIPPING_TABLES)
def test_blocks_shared_with_the_helper_come_back_in_segment_order(
    table: ClippingTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent = _with_a_ready_helper(monkeypatch)
    hypotheses, references = MAKERS["noisy copies of base sentences"](random.Random(4))
    _assert_equal_to_the_oracle(hypotheses, references, 4, table)
    assert sent
    assert set(sent) == {ngrams_fast.counts_of_utf8}
    assert not block_helper.current_helper().failed  # it answered, the caller did not


def test_a_block_of_tokens_with_nul_inside_is_computed_by_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _with_a_ready_helper(monkeypatch)
    hypotheses, references = MAKERS["tokens with NUL inside"](random.Random(4))
    _assert_equal_to_the_oracle(hypotheses, references, 4, "all")


def test_counts_from_the_bytes_a_request_encoded_equal_the_oracle() -> None:
    hypotheses, references = MAKERS["unicode and look-alike tokens"](random.Random(3))
    encoded = TokenBytes.encode(sentences_of(hypotheses, references))
    assert encoded is not None
    expected = corpus_ngram_counts(hypotheses, references, 4, "all")
    assert ngram_counts_fast(hypotheses, references, 4, "all", encoded) == expected


def test_a_request_at_the_largest_table_gives_199994_rows_at_order_4() -> None:
    # One hypothesis of 50,000 distinct-in-place tokens (the token limit) and an empty reference:
    # each order n has 50001 - n rows, 199,994 in all, and nothing matches.
    hypothesis = [f"t{i}" for i in range(50_000)]
    result = execute(
        "bleu-ngrams-count",
        "1.0.0",
        {"hypotheses": [hypothesis], "references": [[[]]], "clipping_table": "all"},
    )
    (segment,) = result["segments"]
    assert [len(rows) for rows in segment["clipping"]] == [50_000, 49_999, 49_998, 49_997]
    assert result["matches"] == [0, 0, 0, 0]


def test_one_repeated_token_at_the_token_limit_gives_one_row_per_order() -> None:
    # The worst case for clipping by pairs would be quadratic; here every order is one id.
    hypothesis, reference = ["the"] * 25_000, ["the"] * 25_000
    result = ngram_counts_fast([hypothesis], [[reference]], 8, "all")
    (segment,) = result.segments
    assert segment.clipping == tuple(((0, 25_001 - n, 25_001 - n),) for n in range(1, 9))
    assert result.matches == result.totals == tuple(25_001 - n for n in range(1, 9))
