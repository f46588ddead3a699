"""chrF's integers and doubles are the ones a JavaScript engine gets from the pages.

``tests/js/chrf.mjs`` evaluates both chrF pages from the texts (code points with ``Array.from``,
the explicit whitespace list, the word rule, F in the pages' order of operations, ``toFixed``).
Every case of a test goes to one node process; doubles come back as bit patterns and are
compared with ``==``, never a tolerance.
"""

import json
import random

import pytest

from mtcompute.metrics.chrf import ChrfResult, chrf
from tests.javascript import run_node, to_hex

# Whitespace of several kinds, look-alikes that are not whitespace, astral characters, a
# combining mark, ASCII punctuation (split off words) and other punctuation (not split off).
_CHARACTERS = "abcdAB \t\n\u00a0\u3000\u2028\u0085\u200b\ufeff\u180e😀🎉\u0301é()'.!,-«»"
_WORDS = ("the", "cat", "(hi)", "«Bonjour»", "'s", "U.S.", "don't", "😀!", "cafe\u0301", "café")


def _text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "".join(rng.choice(_CHARACTERS) for _ in range(rng.choice([0, 3, 12, 40])))
    separators = (" ", " ", "\t", "\u3000", "  ")
    return "".join(rng.choice(_WORDS) + rng.choice(separators) for _ in range(rng.randint(0, 8)))


def _edited(rng: random.Random, text: str) -> str:
    """The text with a few code points changed, dropped or doubled: a reference near it."""
    edited = []
    for character in text:
        roll = rng.random()
        if roll < 0.1:
            continue
        edited.append(rng.choice(_CHARACTERS) if roll < 0.2 else character)
        if roll > 0.95:
            edited.append(character)
    return "".join(edited)


def _case(rng: random.Random) -> dict[str, object]:
    hypotheses = [_text(rng) for _ in range(rng.randint(1, 4))]
    references = [
        [_edited(rng, hypothesis) if rng.random() < 0.7 else _text(rng) for _ in range(k)]
        for hypothesis, k in ((h, rng.randint(1, 4)) for h in hypotheses)
    ]
    return {
        "hypotheses": hypotheses,
        "references": references,
        "char_order": rng.choice([1, 2, 3, 6, 6, 6, 10]),
        "word_order": rng.choice([0, 0, 1, 2, 2]),
        "beta": rng.choice([1, 2, 2, 3, 10]),
        "eps_smoothing": rng.random() < 0.3,
        "include_whitespace": rng.random() < 0.2,
        "decimals": None if rng.random() < 0.7 else rng.randint(0, 15),
    }


def _as_javascript_prints(result: ChrfResult) -> dict[str, object]:
    return {
        "chrf": to_hex(result.chrf),
        "statistics": result.statistics.to_dict(),
        "segments": [
            segment.to_dict() | {"chrf": to_hex(segment.chrf)} for segment in result.segments
        ],
        "words": None if result.words is None else [words.to_dict() for words in result.words],
    }


def _chrf_of(case: dict[str, object]) -> ChrfResult:
    return chrf(**case)  # type: ignore[arg-type]


@pytest.mark.slow
def test_chrf_gives_the_integers_and_doubles_of_javascript_on_generated_corpora() -> None:
    rng = random.Random(1_0000)
    cases = [_case(rng) for _ in range(3_000)]
    results = [_chrf_of(case) for case in cases]
    assert sum(result.chrf > 0.0 for result in results) > len(cases) // 2  # the generator's aim
    assert sum(result.word_order > 0 for result in results) > len(cases) // 3
    answers = run_node("chrf.mjs", [], [json.dumps(case) for case in cases])
    differences = [
        (case, answer)
        for case, result, answer in zip(cases, results, answers, strict=True)
        if json.loads(answer) != _as_javascript_prints(result)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"
