"""The vectorised statistics equal the simple reference implementation, exactly, on every shape.

``bleu.corpus_statistics`` is the oracle: short and obviously right. The numpy path is compared
with it on Hypothesis corpora and on seeded random corpora of many shapes, and the tool's result
object is compared whole.
"""

import random
import string
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import execute
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import LIMITS
from mtcompute.fast import blocks, compiled
from mtcompute.fast.bleu import corpus as bleu_fast
from mtcompute.fast.bleu.corpus import (
    SMALL_INPUT_TOKENS,
    corpus_statistics_arrays,
    corpus_statistics_fast,
    corpus_statistics_vectorised,
)
from mtcompute.fast.bleu.ranks import hashed_ids
from mtcompute.fast.bleu.token_bytes import TokenBytes, sentences_of
from mtcompute.helper import process as block_helper
from mtcompute.metrics.bleu import BleuStatistics, corpus_statistics, score

Tokens = list[str]
Hypotheses = list[Tokens]
References = list[list[Tokens]]

# Few types, so that n-grams repeat and match; plus look-alikes that must stay distinct.
_LOOK_ALIKES = ["a", "A", "a ", "é", "e\u0301", "日本", "🙂", "\u00a0"]
_tokens = st.lists(st.sampled_from(["a", "b", "c", *_LOOK_ALIKES]), max_size=12)
_segments = st.tuples(_tokens, st.lists(_tokens, min_size=1, max_size=8))
_corpora = st.lists(_segments, max_size=10)
_orders = st.integers(min_value=1, max_value=8)


def _split(corpus: list[tuple[Tokens, list[Tokens]]]) -> tuple[Hypotheses, References]:
    return [hypothesis for hypothesis, _ in corpus], [references for _, references in corpus]


def _assert_equal_to_reference(
    hypotheses: Hypotheses, references: References, max_order: int
) -> None:
    expected = corpus_statistics(hypotheses, references, max_order)
    assert corpus_statistics_vectorised(hypotheses, references, max_order) == expected
    assert corpus_statistics_arrays(hypotheses, references, max_order) == expected
    assert corpus_statistics_fast(hypotheses, references, max_order) == expected
    if compiled.corpus_counts is not None:  # the compiled sum, not the arrays after a None
        counts = compiled.corpus_counts(hypotheses, references, max_order)
        assert counts is not None
        assert BleuStatistics(*counts) == expected


@settings(max_examples=200, deadline=None)
@given(corpus=_corpora, max_order=_orders)
def test_vectorised_statistics_equal_the_reference_on_any_corpus(
    corpus: list[tuple[Tokens, list[Tokens]]], max_order: int
) -> None:
    _assert_equal_to_reference(*_split(corpus), max_order)


# Seeded corpora: each maker draws one corpus from a random generator.
Maker = Callable[[random.Random], tuple[Hypotheses, References]]


def _corpus_from(
    rng: random.Random,
    vocabulary: list[str],
    segments: int,
    most_tokens: int,
    references: tuple[int, int] = (1, 8),
) -> tuple[Hypotheses, References]:
    def sentence() -> Tokens:
        return rng.choices(vocabulary, k=rng.randint(0, most_tokens))

    hypotheses = [sentence() for _ in range(segments)]
    refs = [[sentence() for _ in range(rng.randint(*references))] for _ in range(segments)]
    return hypotheses, refs


def _noisy_copies(rng: random.Random) -> tuple[Hypotheses, References]:
    vocabulary = [f"w{i}" for i in range(300)]
    hypotheses, references = [], []
    for _ in range(60):
        base = rng.choices(vocabulary, k=rng.randint(0, 30))
        hypotheses.append([t if rng.random() < 0.7 else rng.choice(vocabulary) for t in base])
        references.append(
            [[t for t in base if rng.random() < 0.8] for _ in range(rng.randint(1, 8))]
        )
    return hypotheses, references


def _repeated_ngrams(rng: random.Random) -> tuple[Hypotheses, References]:
    def periodic() -> Tokens:
        period = rng.choices("xyz", k=rng.randint(1, 3))
        return (period * 20)[: rng.randint(0, 40)]

    hypotheses = [periodic() for _ in range(40)]
    return hypotheses, [[periodic() for _ in range(rng.randint(1, 4))] for _ in hypotheses]


def _unicode_tokens(rng: random.Random) -> tuple[Hypotheses, References]:
    alphabet = "aé日本🙂\u0301\u00a0Ωжא"
    vocabulary = ["".join(rng.choices(alphabet, k=rng.randint(1, 3))) for _ in range(40)]
    return _corpus_from(rng, vocabulary + _LOOK_ALIKES, 50, 20)


def _very_large_vocabulary(rng: random.Random) -> tuple[Hypotheses, References]:
    vocabulary = ["".join(rng.choices(string.ascii_letters, k=12)) for _ in range(20_000)]
    return _corpus_from(rng, vocabulary, 80, 40)


def _all_identical_tokens(rng: random.Random) -> tuple[Hypotheses, References]:
    return _corpus_from(rng, ["the"], 50, 30)


def _shorter_than_the_order(rng: random.Random) -> tuple[Hypotheses, References]:
    return _corpus_from(rng, list("abcd"), 200, 3)


def _empty_sentences_everywhere(rng: random.Random) -> tuple[Hypotheses, References]:
    hypotheses, references = _corpus_from(rng, list("ab"), 60, 6)
    for segment in range(0, 60, 3):
        hypotheses[segment] = []
    for segment in range(0, 60, 2):
        references[segment][0] = []
    return hypotheses, references


def _one_long_segment(rng: random.Random) -> tuple[Hypotheses, References]:
    return _corpus_from(rng, list("abcdef"), 1, 3000, references=(8, 8))


def _long_tokens(rng: random.Random) -> tuple[Hypotheses, References]:
    vocabulary = ["x" * rng.randint(100, 300) + str(i % 7) for i in range(20)]
    return _corpus_from(rng, vocabulary, 30, 20)


def _tokens_with_nul_inside(rng: random.Random) -> tuple[Hypotheses, References]:
    # No byte buffer can hold these: the ids come from the strings.
    return _corpus_from(rng, ["a\x00", "\x00a", "a", "\x00"], 40, 12)


def _empty_tokens(rng: random.Random) -> tuple[Hypotheses, References]:
    # The contract refuses them; the statistics still count them as one more type.
    return _corpus_from(rng, ["", "a", "b"], 40, 12)


def _tokens_alike_in_their_first_bytes(rng: random.Random) -> tuple[Hypotheses, References]:
    vocabulary = ["prefix__" + suffix for suffix in ("", "a", "ab", "b", "é", "abcdefgh", "x" * 9)]
    return _corpus_from(rng, vocabulary, 40, 15)


MAKERS: dict[str, Maker] = {
    "noisy copies of base sentences": _noisy_copies,
    "repeated n-grams": _repeated_ngrams,
    "unicode and look-alike tokens": _unicode_tokens,
    "a very large vocabulary": _very_large_vocabulary,
    "all tokens identical": _all_identical_tokens,
    "hypotheses shorter than the order": _shorter_than_the_order,
    "empty hypotheses and references": _empty_sentences_everywhere,
    "one segment of thousands of tokens": _one_long_segment,
    "tokens hundreds of characters long": _long_tokens,
    "tokens with NUL inside": _tokens_with_nul_inside,
    "empty tokens": _empty_tokens,
    "tokens alike in their first eight bytes": _tokens_alike_in_their_first_bytes,
}


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("max_order", [1, 2, 4, 8])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_vectorised_statistics_equal_the_reference_on_seeded_corpora(
    maker: Maker, max_order: int, seed: int
) -> None:
    _assert_equal_to_reference(*maker(random.Random(seed)), max_order)


@pytest.mark.parametrize("max_order", [2, 4])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_ngram_ids_from_hashed_keys_give_the_same_statistics(
    maker: Maker, max_order: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only blocks of millions of tokens have n-gram keys too wide to order exactly; here the
    # hashed way is taken on small ones.
    monkeypatch.setattr(bleu_fast, "dense_ranks", lambda keys, bound: hashed_ids([keys]))
    _assert_equal_to_reference(*maker(random.Random(11)), max_order)


@pytest.mark.parametrize("tokens_per_block", [1, 50, 400])
@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_statistics_computed_a_block_of_segments_at_a_time_equal_the_reference(
    maker: Maker, tokens_per_block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Real blocks hold thousands of tokens; small ones split these corpora many ways.
    monkeypatch.setattr(blocks, "TOKENS_PER_BLOCK", tokens_per_block)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 1)
    _assert_equal_to_reference(*maker(random.Random(5)), 4)


def _blocks_of_40_tokens_with_a_ready_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> list[tuple[object, ...]]:
    """Small blocks, the shared helper started, and the list of the tasks it is sent."""
    assert block_helper.current_helper().wait_until_ready(60)
    monkeypatch.setattr(blocks, "TOKENS_PER_BLOCK", 40)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 1)
    sent: list[tuple[object, ...]] = []
    send = block_helper.Lane.send

    def counting_send(
        lane: block_helper.Lane, function: Callable[..., object], *args: object
    ) -> None:
        sent.append(args)
        send(lane, function, *args)

    monkeypatch.setattr(block_helper.Lane, "send", counting_send)
    return sent


@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_blocks_shared_with_the_helper_process_give_the_statistics_of_the_reference(
    maker: Maker, monkeypatch: pytest.MonkeyPatch
) -> None:
    _blocks_of_40_tokens_with_a_ready_helper(monkeypatch)
    _assert_equal_to_reference(*maker(random.Random(9)), 4)


def test_the_helper_process_computes_some_blocks_of_a_large_corpus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent = _blocks_of_40_tokens_with_a_ready_helper(monkeypatch)
    _assert_equal_to_reference(*_noisy_copies(random.Random(4)), 4)
    assert sent
    assert not block_helper.current_helper().failed  # it answered, the caller did not


def test_a_corpus_of_a_few_blocks_goes_to_the_helper_as_one_part_and_the_rest_to_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent = _blocks_of_40_tokens_with_a_ready_helper(monkeypatch)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 10**6)  # every corpus is a few blocks
    hypotheses, references = _noisy_copies(random.Random(4))
    _assert_equal_to_reference(hypotheses, references, 4)
    assert len(sent) == 1  # the helper's part; the caller computed the other
    sentence_lengths = sent[0][1]
    assert isinstance(sentence_lengths, np.ndarray)
    assert 0 < int(sentence_lengths.sum()) < sum(map(len, sentences_of(hypotheses, references)))
    assert not block_helper.current_helper().failed  # it answered, the caller did not


def test_a_request_computed_from_its_validated_bytes_never_asks_for_the_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_helper() -> None:
        raise AssertionError("a request asked for the helper process")

    monkeypatch.setattr(block_helper, "lease", no_helper)
    rng = random.Random(6)
    hypotheses = [[rng.choice("abcdefgh") for _ in range(10)] for _ in range(600)]
    references = [[hypothesis[::-1]] * 4 for hypothesis in hypotheses]  # 30,000 tokens in all
    request = {"hypotheses": hypotheses, "references": references}
    expected = score(corpus_statistics(hypotheses, references, 4)).to_dict()
    assert execute("bleu-corpus-compute", "1.0.0", request) == expected


def test_a_request_of_the_contracts_largest_size_is_computed_in_one_pass() -> None:
    # In one pass from the bytes its validation encoded, and without the helper process.
    largest = LIMITS.max_total_tokens
    assert largest is not None
    assert largest <= blocks.BLOCKS_IN_ONE_PASS * blocks.TOKENS_PER_BLOCK


@pytest.mark.parametrize("maker", MAKERS.values(), ids=MAKERS.keys())
def test_a_corpus_larger_than_a_request_is_computed_in_blocks_even_when_encoded(
    maker: Maker, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(blocks, "TOKENS_PER_BLOCK", 30)
    monkeypatch.setattr(blocks, "BLOCKS_IN_ONE_PASS", 1)
    hypotheses, references = maker(random.Random(8))
    encoded = TokenBytes.encode(sentences_of(hypotheses, references))
    expected = corpus_statistics(hypotheses, references, 4)
    assert corpus_statistics_arrays(hypotheses, references, 4, encoded) == expected
    assert corpus_statistics_fast(hypotheses, references, 4, encoded) == expected


def test_the_tool_result_is_the_same_dict_as_from_the_reference_statistics() -> None:
    hypotheses, references = _noisy_copies(random.Random(7))
    request = {"hypotheses": hypotheses, "references": references, "max_order": 4}
    expected = score(corpus_statistics(hypotheses, references, 4)).to_dict()
    assert execute("bleu-corpus-compute", "1.0.0", request) == expected
    assert score(corpus_statistics_fast(hypotheses, references, 4)).to_dict() == expected


def test_a_corpus_without_segments_has_zero_statistics() -> None:
    for statistics in (corpus_statistics_vectorised, corpus_statistics_fast):
        assert statistics([], [], 4) == BleuStatistics.zero(4)


def test_a_small_input_takes_the_simple_path_and_gives_the_same_statistics() -> None:
    hypotheses, references = [["a", "b"]], [[["a", "b"], ["b"]]]
    assert 4 * len(hypotheses[0]) < SMALL_INPUT_TOKENS
    _assert_equal_to_reference(hypotheses, references, 2)


@pytest.mark.parametrize(
    ("hypotheses", "references"),
    [
        pytest.param([["a"] * 200], [[]], id="a segment without references"),
        pytest.param([["a"] * 200], [[["a"]], [["a"]]], id="more reference sets than hypotheses"),
    ],
)
def test_inputs_the_reference_refuses_are_refused_the_same_way(
    hypotheses: Hypotheses, references: References
) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the oracle's own error, whatever its text
        corpus_statistics(hypotheses, references, 4)
    for statistics in (
        corpus_statistics_vectorised,
        corpus_statistics_arrays,
        corpus_statistics_fast,
    ):
        with pytest.raises(ValueError):  # noqa: PT011
            statistics(hypotheses, references, 4)


@settings(max_examples=100, deadline=None)
@given(corpus=_corpora, max_order=_orders)
def test_without_the_compiled_counts_the_arrays_give_the_statistics(
    corpus: list[tuple[Tokens, list[Tokens]]], max_order: int
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled, "corpus_counts", None)
        hypotheses, references = _split(corpus)
        expected = corpus_statistics(hypotheses, references, max_order)
        assert corpus_statistics_fast(hypotheses, references, max_order) == expected


class _Token(str):
    """A str subclass: the compiled counts leave it to the strings."""

    __slots__ = ()


@pytest.mark.parametrize(
    ("hypotheses", "references"),
    [
        pytest.param([[_Token("a"), "b"]], [[["a", "b"]]], id="a token that is not an exact str"),
        pytest.param([("a", "b")], [[iter(["a"])]], id="a reference that is not a list"),
        pytest.param([["a"]], [[]], id="a segment without references"),
        pytest.param([["a"]], [[["a"]], [["a"]]], id="lists of different lengths"),
    ],
)
def test_the_compiled_counts_answer_none_where_the_strings_must_serve(
    hypotheses: list[object], references: list[object]
) -> None:
    if compiled.corpus_counts is None:
        pytest.skip("the compiled counts were not built")
    assert compiled.corpus_counts(hypotheses, references, 4) is None  # type: ignore[arg-type]


def test_orders_beyond_the_compiled_ones_take_the_arrays() -> None:
    hypotheses, references = [["a", "b"] * 40], [[["a", "b"] * 39]]
    for max_order in (65, 80):
        expected = corpus_statistics(hypotheses, references, max_order)
        assert corpus_statistics_fast(hypotheses, references, max_order) == expected
