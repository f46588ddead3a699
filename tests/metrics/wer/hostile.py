"""Generated text that is hard on jiwer's default transforms and on the alignment: runs of
spaces, tabs, no-break spaces and newlines, CJK, combining marks, emoji, one-word and
whitespace-only texts, over a small alphabet so that words repeat and paths tie."""

import random

from hypothesis import strategies as st

PIECES = (
    "a", "b", "ab", "the", "cat", " ", " ", " ", "  ", "\t", " \t", "\u00a0", "\n", "\r\n",
    "\u3000", "\u2009", "日本", "語", "e\u0301", "\u0301", "😀", "👍🏽", "\x1c", ".", ",",
)  # fmt: skip

texts = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
"""A hostile text of up to 30 pieces."""


def hostile_text(rng: random.Random, pieces: int) -> str:
    """A seeded hostile text: ``pieces`` pieces, a third of them whitespace of some kind."""
    return "".join(rng.choice(PIECES) for _ in range(pieces))


def sentence(rng: random.Random, words: int, vocabulary: int = 40) -> str:
    """A seeded sentence of ``words`` words over a small vocabulary."""
    return " ".join(f"w{rng.randrange(vocabulary)}" for _ in range(words))


def noisy(rng: random.Random, text: str, keep: float = 0.7) -> str:
    """A copy of ``text`` with words dropped, replaced and inserted."""
    out = []
    for word in text.split(" "):
        roll = rng.random()
        if roll < keep:
            out.append(word)
        elif roll < keep + (1 - keep) / 2:
            out.append(f"w{rng.randrange(40)}")
        if rng.random() < 0.1:
            out.append(f"w{rng.randrange(40)}")
    return " ".join(out)
