"""The fast ROUGE path (the compiled kernel ``_rouge.c`` where built) gives the oracle's
``score_multi`` doubles: generated texts over a small alphabet (so that tokens, n-grams and LCS
ties repeat), texts with newlines, uppercase, non-ASCII letters that lower to ASCII ones, several
references, every type, both tokenizers, with and without the stemmer; and its stemmer is the
oracle's."""

import itertools
import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.rouge_texts import english_words, summary_pairs
from mtcompute.fast import compiled
from mtcompute.fast.rouge import scores as rouge_scores
from mtcompute.fast.rouge.scores import (
    kinds,
    rouge_fast,
    score_array,
    segments_in_python,
    segments_of,
)
from mtcompute.metrics.rouge.porter import stem
from mtcompute.metrics.rouge.result import rouge
from mtcompute.metrics.rouge.score import score_multi
from mtcompute.metrics.rouge.scores import Score
from tests.metrics.rouge.peer import HOSTILE

TYPES = ("rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum")

# Pieces texts are made of: short words that repeat, words the stemmer changes, separators,
# newlines, capitals, and characters outside ASCII (some lower to ASCII letters).
_PIECES = st.sampled_from(
    [
        "a",
        "b",
        "ab",
        "the",
        "cats",
        "running",
        "Runs",
        "AB",
        "1",
        "x9",
        " ",
        " ",
        " ",
        "\n",
        ", ",
        ".",
        "\u212a",
        "İ",
        "é",
        "中",
        "\t",
        "\r\n",
        "yyyy",
        "agreed",
        "relational",
    ]
)
_TEXT = st.lists(_PIECES, max_size=40).map("".join)


def _oracle(
    hypotheses: list[str],
    references: list[list[str]],
    rouge_types: tuple[str, ...],
    use_stemmer: bool,
    tokenizer: str,
) -> np.ndarray:
    out = np.zeros((len(hypotheses), len(rouge_types), 3))
    for s, (hypothesis, texts) in enumerate(zip(hypotheses, references, strict=True)):
        best = score_multi(texts, hypothesis, rouge_types, use_stemmer, tokenizer)
        for t, rouge_type in enumerate(rouge_types):
            kept = best[rouge_type]
            out[s, t] = (kept.precision, kept.recall, kept.fmeasure)
    return out


def _same(actual: np.ndarray, expected: np.ndarray) -> bool:
    return actual.tobytes() == expected.tobytes()


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(_TEXT, st.lists(_TEXT, min_size=1, max_size=3)), max_size=6),
    st.booleans(),
    st.sampled_from(["rouge-score", "unicode"]),
)
def test_the_fast_path_gives_the_oracles_doubles(
    segments: list[tuple[str, list[str]]], use_stemmer: bool, tokenizer: str
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [texts for _, texts in segments]
    expected = _oracle(hypotheses, references, TYPES, use_stemmer, tokenizer)
    assert _same(score_array(hypotheses, references, TYPES, use_stemmer, tokenizer), expected)


@pytest.mark.parametrize("use_stemmer", [False, True])
@pytest.mark.parametrize("tokenizer", ["rouge-score", "unicode"])
def test_real_length_summaries_and_hostile_texts_score_as_the_oracle(
    use_stemmer: bool, tokenizer: str
) -> None:
    pairs = summary_pairs(300, seed=2)
    hypotheses = [hypothesis for hypothesis, _ in pairs] + list(HOSTILE)
    references = [[reference, pairs[i - 1][1]] for i, (_, reference) in enumerate(pairs)]
    references += [[text, HOSTILE[0]] for text in reversed(HOSTILE)]
    expected = _oracle(hypotheses, references, TYPES, use_stemmer, tokenizer)
    assert _same(score_array(hypotheses, references, TYPES, use_stemmer, tokenizer), expected)


def test_long_sentences_cross_the_64_token_words_of_the_bit_vectors() -> None:
    rng = random.Random(4)
    words = ["a", "b", "c", "d", "e"]
    hypotheses, references = [], []
    for _ in range(60):
        hypotheses.append(" ".join(rng.choices(words, k=rng.randint(60, 200))))
        references.append(
            ["\n".join(" ".join(rng.choices(words, k=rng.randint(1, 150))) for _ in range(3))]
        )
    expected = _oracle(hypotheses, references, TYPES, False, "rouge-score")
    assert _same(score_array(hypotheses, references, TYPES), expected)


# Texts of one to three sentences longer than 16 tokens (the fewest rows the kernel keeps), of
# a small vocabulary, so that LCS ties and repeats abound.
_SENTENCE = st.lists(
    st.sampled_from(["a", "b", "ab", "Cats", "the", "running", "x.y"]), min_size=17, max_size=200
).map(" ".join)
_LONG_TEXT = st.lists(_SENTENCE, min_size=1, max_size=3).map("\n".join)


@pytest.fixture(params=[0, 1 << 10, 1 << 13])
def lcs_within(request: pytest.FixtureRequest) -> Iterator[None]:
    """The LCS kernel's limits lowered: positions for every pattern's masks, and a table of
    16 rows (the least), of 1 KiB or of 8 KiB for each ROUGE-Lsum pair."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rouge_scores, "DENSE_MASK_WORDS", 0)
        patch.setattr(rouge_scores, "LCS_TRACE_BYTES", request.param)
        patch.setattr(rouge_scores, "LCS_TRACE_ROWS", 0)
        yield


@pytest.mark.usefixtures("lcs_within")
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(_LONG_TEXT, st.lists(_LONG_TEXT, min_size=1, max_size=3)), max_size=4),
    st.booleans(),
    st.sampled_from(["rouge-score", "unicode"]),
)
def test_long_pairs_in_linear_memory_give_the_oracles_doubles(
    segments: list[tuple[str, list[str]]], use_stemmer: bool, tokenizer: str
) -> None:
    """Masks from positions, and ROUGE-Lsum's walk back through rows recomputed from the few
    kept (up to five levels of them), as every row kept gives them: the oracle's doubles."""
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [texts for _, texts in segments]
    types = ("rougeL", "rougeLsum")
    expected = _oracle(hypotheses, references, types, use_stemmer, tokenizer)
    assert _same(score_array(hypotheses, references, types, use_stemmer, tokenizer), expected)


def test_each_type_is_a_kind_of_the_kernel() -> None:
    assert kinds(["rouge1", "rouge9", "rougeL", "rougeLsum"]) == [1, 9, 0, -1]
    with pytest.raises(ValueError, match="rouge10"):
        kinds(["rouge10"])


def test_segments_and_references_must_match_in_number() -> None:
    with pytest.raises(ValueError, match="2 hypotheses but references for 1 segments"):
        score_array(["a", "b"], [["a"]], TYPES)


if compiled.rouge_stem is not None:
    rouge_stem = compiled.rouge_stem

    def test_the_compiled_stemmer_stems_every_english_word_as_the_oracle() -> None:
        words = sorted({word.lower() for word in english_words()})
        assert [rouge_stem(word) for word in words] == [stem(word) for word in words]

    @settings(max_examples=2000)
    @given(st.text(alphabet="aeiouybcdlmnrstwxz019", max_size=14))
    def test_the_compiled_stemmer_is_the_oracles(word: str) -> None:
        assert rouge_stem(word) == stem(word)

    def test_the_compiled_stemmer_refuses_what_is_not_a_token() -> None:
        with pytest.raises(ValueError, match="lowercase ASCII"):
            rouge_stem("Abc")


@pytest.mark.parametrize("tokenizer", ["rouge-score", "unicode"])
def test_without_the_compiled_kernel_the_oracle_fills_the_same_array(
    tokenizer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pairs = summary_pairs(40, seed=9)
    hypotheses = [hypothesis for hypothesis, _ in pairs]
    references = [[reference, HOSTILE[6]] for _, reference in pairs]
    fast = score_array(hypotheses, references, TYPES, True, tokenizer)
    monkeypatch.setattr(compiled, "rouge_scores", None)
    monkeypatch.setattr(compiled, "rouge_token_scores", None)
    assert _same(score_array(hypotheses, references, TYPES, True, tokenizer), fast)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_TEXT, st.lists(_TEXT, min_size=1, max_size=2)), min_size=1, max_size=30))
def test_the_fast_result_is_the_oracles_segments_and_means(
    segments: list[tuple[str, list[str]]],
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [texts for _, texts in segments]
    assert rouge_fast(hypotheses, references, rouge_types=TYPES) == rouge(
        hypotheses, references, TYPES
    )


def test_the_means_are_sums_left_to_right_not_pairwise() -> None:
    # Over 1000 segments numpy's pairwise sum (np.sum) can differ from the oracle's sum in the
    # last bits; the fast path's accumulate must not.
    pairs = summary_pairs(1000, seed=6)
    hypotheses = [hypothesis for hypothesis, _ in pairs]
    references = [[reference] for _, reference in pairs]
    fast = rouge_fast(hypotheses, references, rouge_types=TYPES)
    assert fast.means == rouge(hypotheses, references, TYPES).means


@pytest.mark.slow
def test_many_sentences_of_many_words_build_each_pairs_masks_as_the_oracle_counts() -> None:
    # 600 distinct words on 600 lines: the shared masks would take 600 x 600 words, more than
    # the kernel allows, so each sentence pair builds its own.
    rng = random.Random(3)
    words = [f"w{i}" for i in range(600)]
    hypothesis = "\n".join(words)
    shuffled = words[:]
    rng.shuffle(shuffled)
    references = [["\n".join(f"{a} {b}" for a, b in itertools.pairwise(shuffled))]]
    expected = _oracle([hypothesis], references, ("rougeLsum",), False, "rouge-score")
    assert _same(score_array([hypothesis], references, ("rougeLsum",)), expected)


def test_the_segments_are_named_tuples_compiled_or_not() -> None:
    pairs = summary_pairs(50, seed=14)
    array = score_array([h for h, _ in pairs], [[r] for _, r in pairs], TYPES)
    made = segments_of(array, TYPES)
    assert made == segments_in_python(array, TYPES)
    first = made[0]["rougeL"]
    assert type(first) is Score
    assert (first.precision, first.recall, first.fmeasure) == tuple(array[0, 3])
    assert repr(first).startswith("Score(precision=")


if compiled.rouge_score_dicts is not None:
    score_dicts = compiled.rouge_score_dicts

    def test_the_compiled_segments_refuse_a_class_that_is_not_a_tuple() -> None:
        with pytest.raises(TypeError, match="tuple subclass"):
            score_dicts(np.zeros((1, 1, 3)), ("rouge1",), dict)
        with pytest.raises(ValueError, match="segments x types x 3"):
            score_dicts(np.zeros(4), ("rouge1",), Score)
