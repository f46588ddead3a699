"""Deterministic benchmark corpora: noisy copies of base sentences over a Zipf-like vocabulary.

Every hypothesis and reference is a noisy copy of one base sentence, so that BLEU lands around
0.3 as it does for real systems. Tokens are lowercase ASCII words, so that peers which take
whitespace-joined strings (and tokenize them with 13a) see the very same tokens.
"""

import itertools
import random
import string
from dataclasses import dataclass

Segment = tuple[list[str], list[list[str]]]

VOCABULARY_SIZE = 20_000
ZIPF_EXPONENT = 1.1
MIN_LENGTH, MAX_LENGTH = 5, 60
SUBSTITUTE_SHARE = 0.75  # of the tokens not kept; the others are dropped
INSERT = 0.05


@dataclass(frozen=True)
class CorpusShape:
    """How many segments, how many references each, and the median sentence length."""

    name: str
    segments: int
    min_references: int
    max_references: int
    median_length: float
    keep: float  # chance that a copy keeps a token of its base: sets BLEU near 0.3
    max_total_tokens: int | None = None


SHAPES = {
    "S": CorpusShape("S", 1_000, 1, 4, 13.0, keep=0.72, max_total_tokens=50_000),
    "M": CorpusShape("M", 3_000, 4, 4, 21.0, keep=0.67),
    "L": CorpusShape("L", 100_000, 1, 1, 20.3, keep=0.82),
    # A few segments for the quick mode that CI runs.
    "tiny": CorpusShape("tiny", 40, 1, 4, 13.0, keep=0.72),
}


def vocabulary(rng: random.Random) -> list[str]:
    words: dict[str, None] = {}
    while len(words) < VOCABULARY_SIZE:
        size = rng.randint(2, 10)
        words["".join(rng.choices(string.ascii_lowercase, k=size))] = None
    return list(words)


class _Sampler:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.words = vocabulary(self.rng)
        weights = [1.0 / (rank**ZIPF_EXPONENT) for rank in range(1, VOCABULARY_SIZE + 1)]
        self.cumulative = list(itertools.accumulate(weights))

    def tokens(self, count: int) -> list[str]:
        return self.rng.choices(self.words, cum_weights=self.cumulative, k=count)

    def length(self, median: float) -> int:
        drawn = round(self.rng.lognormvariate(0.0, 0.5) * median)
        return min(max(drawn, MIN_LENGTH), MAX_LENGTH)

    def noisy_copy(self, base: list[str], keep: float) -> list[str]:
        substitute = keep + (1.0 - keep) * SUBSTITUTE_SHARE
        copy: list[str] = []
        for token in base:
            roll = self.rng.random()
            if roll < keep:
                copy.append(token)
            elif roll < substitute:
                copy.extend(self.tokens(1))
            if self.rng.random() < INSERT:
                copy.extend(self.tokens(1))
        return copy or base[:1]


def generate(shape: CorpusShape, seed: int = 2026) -> list[Segment]:
    """The corpus of ``shape``: the same segments for the same seed on every machine."""
    sampler = _Sampler(seed)
    corpus: list[Segment] = []
    for _ in range(shape.segments):
        base = sampler.tokens(sampler.length(shape.median_length))
        count = sampler.rng.randint(shape.min_references, shape.max_references)
        references = [sampler.noisy_copy(base, shape.keep) for _ in range(count)]
        corpus.append((sampler.noisy_copy(base, shape.keep), references))
    if shape.max_total_tokens is not None:
        _trim_to(corpus, shape.max_total_tokens)
    return corpus


def total_tokens(corpus: list[Segment]) -> int:
    return sum(len(h) + sum(map(len, refs)) for h, refs in corpus)


def _trim_to(corpus: list[Segment], budget: int) -> None:
    """Shorten the longest sentences by one token at a time until the corpus fits ``budget``."""
    excess = total_tokens(corpus) - budget
    sentences = [s for h, refs in corpus for s in (h, *refs)]
    while excess > 0:
        longest = max(sentences, key=len)
        longest.pop()
        excess -= 1


def as_request(corpus: list[Segment]) -> dict[str, object]:
    """The tool's input object for ``corpus``."""
    return {"hypotheses": [h for h, _ in corpus], "references": [refs for _, refs in corpus]}


# A test set of real sentence lengths, as raw text: what sacreBLEU's default command scores.
REAL_SEGMENTS = 3_000
REAL_MEDIAN_WORDS = 20.0
REAL_MIN_WORDS, REAL_MAX_WORDS = 3, 80
REAL_KEEP = 0.7


def real_length_texts(
    segments: int = REAL_SEGMENTS, references: int = 1, seed: int = 2026
) -> tuple[list[str], list[list[str]]]:
    """Raw English-like hypotheses and reference streams (``streams[k][i]``, as sacreBLEU takes
    them) of real sentence lengths (a median of about 20 words, 18 to 25 for most): each a noisy
    copy of a base sentence over the Zipf vocabulary, written with a capital, commas, numbers
    (decimals, thousands, ranges), parentheses, quotes, a possessive and final punctuation, so
    that 13a has its work to do. The same texts for the same seed on every machine."""
    sampler = _Sampler(seed)
    hypotheses: list[str] = []
    streams: list[list[str]] = [[] for _ in range(references)]
    for _ in range(segments):
        drawn = round(sampler.rng.lognormvariate(0.0, 0.25) * REAL_MEDIAN_WORDS)
        base = _decorated(sampler, min(max(drawn, REAL_MIN_WORDS), REAL_MAX_WORDS))
        hypotheses.append(_written(sampler.noisy_copy(base, REAL_KEEP)))
        for stream in streams:
            stream.append(_written(sampler.noisy_copy(base, REAL_KEEP)))
    return hypotheses, streams


def _decorated(sampler: _Sampler, count: int) -> list[str]:
    """``count`` words, some of them numbers or with punctuation attached."""
    rng = sampler.rng
    words: list[str] = []
    for drawn in sampler.tokens(count):
        word, roll = drawn, rng.random()
        if roll < 0.03:
            word = str(rng.randint(0, 9999))
        elif roll < 0.045:
            word = f"{rng.randint(0, 99)}.{rng.randint(0, 99)}"
        elif roll < 0.055:
            word = f"{rng.randint(1, 99)},{rng.randint(100, 999)}"
        elif roll < 0.06:
            word = f"{rng.randint(1, 20)}-{rng.randint(21, 40)}"
        elif roll < 0.14:
            word += rng.choice([",", ",", ",", ";", ":", "'s"])
        elif roll < 0.17:
            word = word.capitalize()
        elif roll < 0.18:
            word = f"({word})"
        elif roll < 0.19:
            word = f'"{word}"'
        words.append(word)
    return words


def _written(words: list[str]) -> str:
    """A sentence from its words: a capital first, a full stop (or ? or !) last."""
    text = " ".join(words)
    ending = "?" if len(text) % 11 == 0 else "!" if len(text) % 17 == 0 else "."
    return text[:1].upper() + text[1:] + ending


# WMT17-like lines: the news test sets' sentence lengths in the languages they pair with English,
# most lines holding something beyond ASCII (German's umlauts and quotes, Cyrillic, dashes).
_LATIN_EXTRA = "äöüßéèáčřšžýíů"
_CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
WMT_QUOTES = (("„", "“"), ("«", "»"), ('"', '"'))


def wmt_like_lines(count: int, seed: int = 2017) -> list[str]:
    """``count`` raw lines of news-test length (about 20 words, 160 characters): alternately a
    German/Czech-like line (Latin letters, one in eight accented) and a Russian-like one
    (Cyrillic), with capitals, numbers, commas, typographic quotes and dashes, as 13a and intl
    meet them in WMT17's test sets. The same lines for the same seed on every machine."""
    rng = random.Random(seed)
    latin = _words(rng, string.ascii_lowercase * 8 + _LATIN_EXTRA)
    cyrillic = _words(rng, _CYRILLIC)
    cumulative = list(
        itertools.accumulate(1.0 / rank**ZIPF_EXPONENT for rank in range(1, VOCABULARY_SIZE + 1))
    )
    lines = []
    for index in range(count):
        words = latin if index % 2 == 0 else cyrillic
        drawn = round(rng.lognormvariate(0.0, 0.35) * 20.0)
        length = min(max(drawn, REAL_MIN_WORDS), REAL_MAX_WORDS)
        chosen = rng.choices(words, cum_weights=cumulative, k=length)
        lines.append(_written([_wmt_word(rng, word) for word in chosen]))
    return lines


def _words(rng: random.Random, letters: str) -> list[str]:
    words: dict[str, None] = {}
    while len(words) < VOCABULARY_SIZE:
        words["".join(rng.choices(letters, k=rng.randint(2, 11)))] = None
    return list(words)


def _wmt_word(rng: random.Random, word: str) -> str:
    roll = rng.random()
    if roll < 0.03:
        return str(rng.randint(0, 9999))
    if roll < 0.04:
        return f"{rng.randint(0, 99)},{rng.randint(0, 99)}"
    if roll < 0.12:
        return word + rng.choice([",", ",", ",", ".", ":", ";"])
    if roll < 0.2:
        return word.capitalize()
    if roll < 0.21:
        opening, closing = rng.choice(WMT_QUOTES)
        return f"{opening}{word}{closing}"
    if roll < 0.22:
        return "\u2013"  # an en dash
    if roll < 0.23:
        return f"({word})"
    return word
