"""Sentence scores of many segments in one call are the oracle's segment scores, to the bit, with
the compiled kernel and without it; both refuse bad input with the same error."""

import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.chrf.sentences import sentence_scores, sentence_statistics
from mtcompute.metrics.chrf import WHITESPACE, ChrfOptions, ChrfSegment, segment_statistics
from tests.metrics.pairwise_cases import CHARACTERS, TOKENS

# Beside the shared characters: every whitespace code point of the pages, characters that look
# like whitespace and are not, every ASCII punctuation mark, astral and 2-byte characters.
_ALPHABET = st.sampled_from(
    CHARACTERS + "".join(sorted(WHITESPACE)) + '\u200b\u180e!"#$%&*+/:;<=>?@[\\]^_`{|}~'
    "🎉\U0001f600\U00010348\u0394ab"
)
_texts = (
    st.text(alphabet=_ALPHABET, max_size=40)
    | st.lists(st.sampled_from(TOKENS), max_size=10).map(" ".join)
    | st.text(max_size=20)  # any code point but a lone surrogate
)


@st.composite
def _segments(draw: st.DrawFn) -> list[tuple[str, list[str]]]:
    """Segments whose texts are drawn from a small pool as well, so that some repeat."""
    pool = draw(st.lists(_texts, min_size=1, max_size=4))
    text = st.sampled_from(pool) | _texts
    references = st.lists(text, min_size=1, max_size=4)
    return draw(st.lists(st.tuples(text, references), max_size=6))


_options = st.builds(
    ChrfOptions,
    char_order=st.integers(0, 12),
    word_order=st.integers(0, 3),
    beta=st.integers(0, 10),
    eps_smoothing=st.booleans(),
    include_whitespace=st.booleans(),
).filter(lambda options: options.order_count > 0)

_CHRF_PLUS_PLUS = ChrfOptions(word_order=2)


def _oracle(segments: Sequence[tuple[str, list[str]]], options: ChrfOptions) -> list[ChrfSegment]:
    return [segment_statistics(hypothesis, refs, options) for hypothesis, refs in segments]


def _bits(scores: list[float]) -> list[str]:
    return [score.hex() for score in scores]


def _split(segments: Sequence[tuple[str, list[str]]]) -> tuple[list[str], list[list[str]]]:
    return [hypothesis for hypothesis, _ in segments], [refs for _, refs in segments]


@pytest.fixture
def without_the_kernel() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compiled, "chrf_sentence_scores", None)
        patch.setattr(compiled, "chrf_sentence_statistics", None)
        yield


@settings(max_examples=400)
@given(_segments(), _options)
def test_each_score_is_the_oracles_segment_score_to_the_bit(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    expected = [segment.score for segment in _oracle(segments, options)]
    assert _bits(sentence_scores(*_split(segments), options)) == _bits(expected)


@settings(max_examples=300)
@given(_segments(), _options)
def test_each_segments_kept_reference_statistics_and_f_are_the_oracles(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    assert sentence_statistics(*_split(segments), options) == _oracle(segments, options)


@settings(max_examples=150)
@given(_segments(), _options)
def test_the_kernel_and_the_python_path_give_the_same_bits(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    hypotheses, references = _split(segments)
    kernel = sentence_scores(hypotheses, references, options)
    kernel_statistics = sentence_statistics(hypotheses, references, options)
    with pytest.MonkeyPatch.context() as patch:
        for name in ("chrf_sentence_scores", "chrf_sentence_statistics", "chrf_segment"):
            patch.setattr(compiled, name, None)
        assert _bits(sentence_scores(hypotheses, references, options)) == _bits(kernel)
        assert sentence_statistics(hypotheses, references, options) == kernel_statistics


@pytest.mark.usefixtures("pure_python")
@settings(max_examples=100)
@given(_segments(), _options)
def test_without_any_compiled_path_the_scores_are_the_oracles(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    expected = [segment.score for segment in _oracle(segments, options)]
    assert _bits(sentence_scores(*_split(segments), options)) == _bits(expected)
    assert sentence_statistics(*_split(segments), options) == _oracle(segments, options)


def test_the_pages_example_scores_as_sacrebleus_sentence_score() -> None:
    hypotheses = ["The cat sat on the mat.", "Hello!"]
    references = [["A cat was on a mat.", "The cat sat on a mat."], ["Hi!"]]
    segments = sentence_statistics(hypotheses, references, ChrfOptions())
    assert [segment.reference_index for segment in segments] == [1, 0]
    assert sentence_scores(hypotheses, references, ChrfOptions()) == [
        100 * 0.7142247563033849,
        100 * 0.18518518518518517,
    ]


def test_the_first_of_equally_scored_references_is_kept() -> None:
    segments = sentence_statistics(
        ["abc", "abc"], [["xyz", "abd", "abd"], ["x", "y"]], ChrfOptions()
    )
    assert [segment.reference_index for segment in segments] == [1, 0]


def test_a_long_segment_among_short_ones_scores_as_the_oracle_scores_it() -> None:
    long_text = " ".join(f"w{i % 997}, (x{i % 13})" for i in range(20_000))
    segments = [
        ("a cat", ["the cat"]),
        (long_text, ["a cat", long_text[::-1], long_text[5:]]),
        ("a cat!", ["a cat."]),
        ("", [""]),
    ]
    for options in (ChrfOptions(), _CHRF_PLUS_PLUS):
        expected = _oracle(segments, options)
        assert sentence_statistics(*_split(segments), options) == expected


def _long_text(rng: random.Random, pieces: Sequence[str], length: int) -> str:
    """About ``length`` code points of pieces that repeat, so that long n-grams repeat too."""
    out: list[str] = []
    size = 0
    while size < length:
        piece = rng.choice(pieces)
        out.append(piece)
        size += len(piece)
    return "".join(out)


@pytest.mark.parametrize("seed", range(6))
def test_long_segments_counted_one_order_at_a_time_are_the_oracles(seed: int) -> None:
    rng = random.Random(seed)
    pieces = [
        *(rng.choice(TOKENS) for _ in range(40)),
        *sorted(WHITESPACE),
        *'!"(),.:;?',
        "\ud800",
        "\U0001f600",
        "ab",
        "ab.",
        "(ab",
    ]
    hypothesis = _long_text(rng, pieces, rng.randrange(20_000, 70_000))
    references = [
        _long_text(rng, pieces, rng.randrange(20_000, 70_000)),
        hypothesis[rng.randrange(100) :],
        "ab ab. (ab",
        "",
    ]
    rng.shuffle(references)
    options = ChrfOptions(
        char_order=rng.randrange(1, 9),
        word_order=rng.randrange(1 if seed % 2 else 0, 4),
        beta=rng.randrange(0, 4),
        eps_smoothing=seed % 3 == 0,
        include_whitespace=seed % 4 == 1,
    )
    segments = [(hypothesis, references), ("ab", [hypothesis])]
    assert sentence_statistics(*_split(segments), options) == _oracle(segments, options)


# The kernel counts a hypothesis one order at a time past this many n-grams in all
# (``LONG_ENTRIES``), its references read from their str as they come.
_LONG_ENTRIES = 1 << 18


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    pieces=st.lists(_texts, min_size=1, max_size=8),
    narrow=st.lists(st.sampled_from(TOKENS), min_size=1, max_size=4),
    seed=st.integers(0, 2**32),
    options=_options.filter(lambda options: options.order_count <= 12),
)
def test_a_long_hypothesis_counted_one_order_at_a_time_is_the_oracles(
    pieces: list[str], narrow: list[str], seed: int, options: ChrfOptions
) -> None:
    """Texts of every string width (a reference narrower than its hypothesis, and wider), a
    reference that shares most of the hypothesis's n-grams, short and empty ones."""
    rng = random.Random(seed)
    length = _LONG_ENTRIES // options.order_count + rng.randrange(1, 2_000)
    words = [*pieces, " ", ". "]
    hypothesis = _long_text(rng, words, length)
    references = [
        _long_text(rng, [*narrow, " "], rng.randrange(0, length)),
        _long_text(rng, [*words, "\U0001f600"], rng.randrange(0, length)),
        hypothesis[rng.randrange(100) :],
        "",
    ]
    rng.shuffle(references)
    segments = [("a cat", ["a cat"]), (hypothesis, references), ("ab", [hypothesis])]
    assert sentence_statistics(*_split(segments), options) == _oracle(segments, options)


def test_a_lone_surrogate_is_a_code_point_as_in_the_oracle() -> None:
    segments = [("a\ud800b c", ["a\ud800b\udfff c", "ab c"]), ("\udc00", ["\udc00 \udc00"])]
    for options in (ChrfOptions(), _CHRF_PLUS_PLUS):
        assert sentence_statistics(*_split(segments), options) == _oracle(segments, options)


def test_many_segments_score_as_one_at_a_time() -> None:
    hypotheses = [f"the cat {i % 7} sat (on) the mat {i % 3}." for i in range(3_000)]
    references = [[f"a cat {i % 5} sat on a mat.", f"the cat {i % 11}!"] for i in range(3_000)]
    for options in (ChrfOptions(), _CHRF_PLUS_PLUS):
        expected = [
            segment.score
            for segment in _oracle(list(zip(hypotheses, references, strict=True)), options)
        ]
        assert _bits(sentence_scores(hypotheses, references, options)) == _bits(expected)


def test_tuples_serve_as_lists() -> None:
    expected = sentence_scores(["a b", "c"], [["a c"], ["c", "d"]], ChrfOptions())
    assert sentence_scores(("a b", "c"), (("a c",), ("c", "d")), ChrfOptions()) == expected


def test_options_beyond_the_kernel_are_scored_by_the_oracle() -> None:
    segments = [("the cat sat", ["the cat sat on the mat"])]
    for options in (ChrfOptions(char_order=40), ChrfOptions(beta=2**40)):
        expected = [segment.score for segment in _oracle(segments, options)]
        assert sentence_scores(*_split(segments), options) == expected


def test_where_the_kernel_declines_the_python_path_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "chrf_sentence_scores", lambda *_: None)
    monkeypatch.setattr(compiled, "chrf_sentence_statistics", lambda *_: None)
    segments = [("the cat", ["a cat"])]
    assert sentence_scores(*_split(segments), ChrfOptions()) == [
        _oracle(segments, ChrfOptions())[0].score
    ]
    assert sentence_statistics(*_split(segments), ChrfOptions()) == _oracle(segments, ChrfOptions())


def test_no_segments_give_no_scores() -> None:
    assert sentence_scores([], [], ChrfOptions()) == []
    assert sentence_statistics([], [], ChrfOptions()) == []


@dataclass(frozen=True)
class _Bad:
    hypotheses: object
    references: object
    error: type[Exception]
    message: str


_BAD_INPUTS = {
    "a hypothesis not a str": _Bad(
        ["a", 1], [["a"], ["b"]], TypeError, "hypotheses[1] must be str, not int"
    ),
    "a reference not a str": _Bad(
        ["a"], [["a", b"b"]], TypeError, "references[0][1] must be str, not bytes"
    ),
    "references not a sequence": _Bad(
        ["a"], [None], TypeError, "references[0] must be a sequence of str, not NoneType"
    ),
    "a text for its references": _Bad(
        ["a"], ["a"], TypeError, "references[0] must be a sequence of str, not str"
    ),
    "no reference": _Bad(["a", "b"], [["a"], []], ValueError, "references[1] is empty"),
    "lists of different lengths": _Bad(
        ["a", "b"], [["a"]], ValueError, "differ in length: 2 and 1"
    ),
    "a text for the hypotheses": _Bad(
        "ab", [["a"], ["b"]], TypeError, "hypotheses must be a sequence, not str"
    ),
    "a number for the references": _Bad(
        ["a"], 7, TypeError, "references must be a sequence, not int"
    ),
    "None for the hypotheses": _Bad(
        None, [], TypeError, "hypotheses must be a sequence, not NoneType"
    ),
}


@pytest.fixture(params=["kernel", "python"])
def either_path(request: pytest.FixtureRequest) -> None:
    if request.param == "python":
        request.getfixturevalue("without_the_kernel")
    elif compiled.chrf_sentence_scores is None:
        pytest.skip("the kernel is not built")


@pytest.mark.usefixtures("either_path")
@pytest.mark.parametrize("bad", _BAD_INPUTS.values(), ids=_BAD_INPUTS.keys())
@pytest.mark.parametrize("function", [sentence_scores, sentence_statistics])
def test_bad_input_raises_an_error_that_names_the_item_on_either_path(
    bad: _Bad, function: Callable[..., object]
) -> None:
    with pytest.raises(bad.error, match=re.escape(bad.message)):
        function(bad.hypotheses, bad.references, ChrfOptions())
