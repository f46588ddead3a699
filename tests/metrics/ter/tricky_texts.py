"""Generated TER segments built from everything tercom's normalizer and sacreBLEU's ``TER``
react to: every kind of whitespace ``str.split`` knows, XML entities, every ASCII punctuation
character and ``--``, possessives, numbers, CJK ideographs and their blocks, CJK and full-width
punctuation, kana, hangul, combining marks, case pairs whose lowercase is longer or contextual.

A text is fragments joined by separators; a segment's references are its hypothesis edited
(fragments dropped, replaced, moved) or fresh texts, so that edits and shifts both occur.
"""

import random
import string
from collections.abc import Iterator

# Every character str.split() splits at (str.isspace), the newline included.
WHITESPACE = tuple(chr(c) for c in range(0x110000) if chr(c).isspace())

ENTITIES = (
    "&lt;",
    "&gt;",
    "&amp;",
    "&quot;",
    "&apos;",
    "&amp;lt;",
    "&amp;quot;",
    "&LT;",
    "&Amp;",
    "&lt",
    "&;",
    "a&lt;b",
    "&quot;x&quot;",
)
PUNCTUATION = (*string.punctuation, "--", "---", "'s", "'S", "''", "...", "-'s", "s'")
WORDS = (
    "a",
    "b",
    "The",
    "cat",
    "Straße",
    "naïve",
    "it's",
    "John's",
    "IT'S",
    "dogs'",
    "x.y",
    "e.g.",
    "U.S.",
    "co-op",
    "A-",
    "-b",
    "İstanbul",
    "ΣΑΣ",
    "ΌΣ",
    "ﬁ",
    "“Hallo”",
    "\u2018q\u2019",
    "«a»",
    "¿qué?",
    "—",
    "\u2013",
    "…",
    "€5",
    "😀",
)
NUMBERS = ("1", "1,000", "1.5", ".5", "5.", "3-4", "3--4", "1,", ",2", "0.-1", "12-", "1'000")
CJK = (
    "中文",
    "字",
    "日本語",
    "㐀",
    "㇀",
    "⺀",
    "㍻",
    "豈",
    "\ufe30",
    "㈠",
    "\u3f22",
    "\u3f23",
    "𠀀",
    "ﾊﾝｶｸ",
)
# CJK and full-width punctuation: U+3001-U+3002, U+3008-U+301F, U+FF61-U+FF65, U+30FB, and
# the full-width . , ? : ; ! " ( ).
CJK_PUNCTUATION = tuple(
    "\u3001\u3002\u3008\u3009\u300a\u300b\u300c\u300d\u300e\u300f\u3010\u3011\u3014\u3015"
    "\u3016\u3017\u3018\u3019\u301a\u301b\u301c\u301d\u301e\u301f\uff61\uff62\uff63\uff64"
    "\uff65\u30fb\uff0c\uff0e\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09"
)
KANA = (
    "ひらがな",
    "カタカナ",
    "ㇰㇱ",
    "ー",
    "ゝ",
    "ヽ",
    "は",
    "カ",
    "ひらカタ",
    "かな\u3002",
    "中かな",
)
HANGUL = ("한국어", "한", "ᄀ", "ㄱ")
COMBINING = ("e\u0301", "\u0301", "a\u0308", "\u20dd", "ק\u05b8")
CONTROL = ("\x00", "\x07", "\u200b", "\ufeff", "\u00ad", "\u200d")

# Possessives, which the normalizer splits only before a space: what sets them apart from
# what follows them decides how a text and its words differ.
POSSESSIVES = ("it's", "John's", "'s", "IT'S", "x's", "1's", "a's.", "b's,", "c's!")

FRAGMENT_KINDS: tuple[tuple[str, ...], ...] = (
    WORDS,
    WORDS,
    POSSESSIVES,
    POSSESSIVES,
    ENTITIES,
    PUNCTUATION,
    PUNCTUATION,
    NUMBERS,
    CJK,
    CJK_PUNCTUATION,
    KANA,
    HANGUL,
    COMBINING,
    CONTROL,
)


def _separator(rng: random.Random) -> str:
    draw = rng.random()
    if draw < 0.55:
        return " "
    if draw < 0.75:
        return ""  # glued: the normalizer's rules see the fragments side by side
    if draw < 0.8:
        return "\n"
    return "".join(rng.choices(WHITESPACE, k=rng.randint(1, 2)))


def _fragment(rng: random.Random) -> str:
    return rng.choice(rng.choice(FRAGMENT_KINDS))


def text(rng: random.Random, fragments: list[str]) -> str:
    """The fragments joined by generated separators, with whitespace at either end at times."""
    parts = [_separator(rng) if rng.random() < 0.15 else ""]
    for index, fragment in enumerate(fragments):
        if index:
            parts.append(_separator(rng))
        parts.append(fragment)
    if rng.random() < 0.2:
        parts.append(_separator(rng))
    return "".join(parts)


def _edited(rng: random.Random, fragments: list[str]) -> list[str]:
    edited = list(fragments)
    for _ in range(rng.randint(0, 3)):
        action = rng.random()
        if edited and action < 0.3:
            del edited[rng.randrange(len(edited))]
        elif edited and action < 0.6:
            edited[rng.randrange(len(edited))] = _fragment(rng)
        elif len(edited) > 2 and action < 0.85:
            start = rng.randrange(len(edited) - 1)
            block = edited[start : start + rng.randint(1, 3)]
            del edited[start : start + len(block)]
            at = rng.randint(0, len(edited))
            edited[at:at] = block
        else:
            edited.insert(rng.randint(0, len(edited)), _fragment(rng))
    return edited


def segment(rng: random.Random, longest: int = 10) -> tuple[str, list[str]]:
    """A hypothesis and its 1 to 4 references."""
    fragments = [_fragment(rng) for _ in range(rng.randint(0, longest))]
    references = []
    for _ in range(rng.randint(1, 4)):
        source = _edited(rng, fragments) if rng.random() < 0.8 else [_fragment(rng)]
        references.append(text(rng, source))
    return text(rng, fragments), references


def segments(seed: int, count: int, longest: int = 10) -> Iterator[tuple[str, list[str]]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield segment(rng, longest)


def corpus(seed: int, count: int, longest: int = 10) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``count`` generated segments as hashable data (see ``sacrebleu_peer.Corpus``)."""
    return tuple((h, tuple(refs)) for h, refs in segments(seed, count, longest))
