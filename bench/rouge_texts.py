"""English-like texts for ROUGE: words taken from the English of the Python standard library's
sources (its comments and docstrings: real inflected English, which exercises the stemmer), put
together into seeded sentences and summaries of real lengths, with capitals, punctuation, digits
and newlines between sentences; the hypothesis a noisy copy of its reference."""

import functools
import itertools
import keyword
import random
import re
import sysconfig
from pathlib import Path

_WORD = re.compile(r"[A-Za-z]{2,}")
_CODE = frozenset(keyword.kwlist) | {"self", "cls", "str", "len", "int", "args", "kwargs", "def"}
_PUNCTUATION = (",", ",", ";", ":", " -", "'s", "!", "?", ")")


@functools.cache
def english_words(files: int = 300) -> tuple[str, ...]:
    """Distinct words (as written, capitals kept) of the first ``files`` standard library
    modules, in sorted file order, most frequent first."""
    counts: dict[str, int] = {}
    root = Path(sysconfig.get_paths()["stdlib"])
    for path in sorted(root.glob("*.py"))[:files]:
        for word in _WORD.findall(path.read_text(encoding="utf-8", errors="replace")):
            counts[word] = counts.get(word, 0) + 1
    kept = [word for word in counts if word.lower() not in _CODE]
    return tuple(sorted(kept, key=lambda word: (-counts[word], word)))


@functools.cache
def _weights() -> list[float]:
    """Zipf-like cumulative weights over ``english_words``' ranks."""
    return list(itertools.accumulate(1.0 / (rank + 2) for rank in range(len(english_words()))))


def _words(rng: random.Random, count: int) -> list[str]:
    return rng.choices(english_words(), cum_weights=_weights(), k=count)


def _sentence(rng: random.Random, length: int) -> list[str]:
    chosen = _words(rng, length)
    if rng.random() < 0.3:
        chosen[rng.randrange(length)] = str(rng.randint(0, 3000))
    chosen[0] = chosen[0].capitalize()
    for i in range(length - 1):
        if rng.random() < 0.08:
            chosen[i] += rng.choice(_PUNCTUATION)
    chosen[-1] += "."
    return chosen


def _noisy(rng: random.Random, tokens: list[str]) -> list[str]:
    copy: list[str] = []
    for token in tokens:
        draw = rng.random()
        if draw < 0.6:
            copy.append(token)
        elif draw < 0.85:
            copy.extend(_words(rng, 1))
    return copy or tokens[:1]


def summary_pairs(pairs: int, seed: int = 0) -> list[tuple[str, str]]:
    """``pairs`` (hypothesis, reference) summaries: 1 to 5 sentences of 5 to 40 words (median
    about 20), one a line; the hypothesis keeps about 60 % of each reference sentence's words."""
    rng = random.Random(seed)
    result: list[tuple[str, str]] = []
    for _ in range(pairs):
        reference = [
            _sentence(rng, max(5, min(40, int(rng.lognormvariate(3.0, 0.4)))))
            for _ in range(rng.randint(1, 5))
        ]
        hypothesis = [_noisy(rng, sentence) for sentence in reference]
        result.append(
            (
                "\n".join(" ".join(sentence) for sentence in hypothesis),
                "\n".join(" ".join(sentence) for sentence in reference),
            )
        )
    return result
