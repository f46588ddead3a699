"""Generated inputs of the pairwise matrices, shared by the oracle's and the fast paths' tests:
texts with every kind of whitespace, ASCII punctuation at word edges, astral and combining
characters, empty and whitespace-only texts, texts shorter than the orders, and repeats."""

from hypothesis import strategies as st

from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.smoothing import SMOOTHING_METHODS, Smoothing

CHARACTERS = "abcab \t\n\u00a0\u3000\u2028\u0085\u200b\ufeff\u180e😀🎉\u0301é()'.!,-«»"
TOKENS = ("the", "cat", "sat", "(hi)", "«a»", "U.S.", "😀", "a", "b", ".")

texts = st.text(alphabet=st.sampled_from(CHARACTERS), max_size=24)
token_lists = st.lists(st.sampled_from(TOKENS), max_size=12)


@st.composite
def text_lists(draw: st.DrawFn, min_size: int = 1, max_size: int = 7) -> list[str]:
    """Texts drawn from a small pool, so that some repeat."""
    pool = draw(st.lists(texts, min_size=1, max_size=4))
    return draw(st.lists(st.sampled_from(pool) | texts, min_size=min_size, max_size=max_size))


@st.composite
def token_list_lists(draw: st.DrawFn, min_size: int = 1, max_size: int = 7) -> list[list[str]]:
    pool = draw(st.lists(token_lists, min_size=1, max_size=4))
    chosen = st.sampled_from(pool) | token_lists
    return draw(st.lists(chosen, min_size=min_size, max_size=max_size))


chrf_options = st.builds(
    ChrfOptions,
    char_order=st.integers(min_value=1, max_value=8),
    word_order=st.integers(min_value=0, max_value=2),
    beta=st.integers(min_value=1, max_value=4),
    eps_smoothing=st.booleans(),
    include_whitespace=st.booleans(),
)


@st.composite
def smoothings(draw: st.DrawFn) -> Smoothing:
    method = draw(st.sampled_from(SMOOTHING_METHODS))
    if method == "floor":
        return Smoothing.of(method, draw(st.floats(min_value=1e-10, max_value=1)))
    if method == "add-k":
        return Smoothing.of(method, draw(st.floats(min_value=1e-10, max_value=100)))
    return Smoothing.of(method)
