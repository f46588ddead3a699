"""The stemmer stems every word as NLTK's ``PorterStemmer()`` (rouge-score's call, mode
NLTK_EXTENSIONS) does, on English words and on generated ones built from the suffixes its rules
read."""

import random
import string

import pytest
from nltk.stem.porter import PorterStemmer

from bench.rouge_texts import english_words
from mtcompute.metrics.rouge.porter import stem

NLTK = PorterStemmer()

# Suffixes of the rules, so that generated words reach every branch.
SUFFIXES = [
    "ational",
    "tional",
    "enci",
    "anci",
    "izer",
    "bli",
    "alli",
    "entli",
    "eli",
    "ousli",
    "ization",
    "ation",
    "ator",
    "alism",
    "iveness",
    "fulness",
    "ousness",
    "aliti",
    "iviti",
    "biliti",
    "fulli",
    "logi",
    "icate",
    "ative",
    "alize",
    "iciti",
    "ical",
    "ful",
    "ness",
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
    "ies",
    "sses",
    "ss",
    "s",
    "ied",
    "eed",
    "ed",
    "ing",
    "y",
    "e",
    "ll",
    "at",
    "bl",
    "iz",
]


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("ties", "tie"),  # NLTK: ies of a four-letter word to ie
        ("agreed", "agre"),
        ("hopping", "hop"),
        ("filing", "file"),
        ("happy", "happi"),
        ("enjoy", "enjoy"),
        ("relational", "relat"),
        ("generously", "gener"),
        ("dying", "die"),  # an irregular form
        ("skies", "sky"),
        ("controll", "control"),
        ("yyyy", "yyyi"),
        ("1990s", "1990"),
    ],
)
def test_known_words_stem_as_nltk_does(word: str, expected: str) -> None:
    assert NLTK.stem(word) == expected
    assert stem(word) == expected


def test_every_english_word_of_the_standard_library_stems_as_nltk() -> None:
    words = sorted({word.lower() for word in english_words()})
    assert len(words) > 10_000
    assert [stem(word) for word in words] == [NLTK.stem(word) for word in words]


@pytest.mark.slow
def test_generated_words_stem_as_nltk() -> None:
    rng = random.Random(7)
    letters = "aeiouy" * 3 + string.ascii_lowercase + "0123456789"
    mismatches = []
    for _ in range(200_000):
        word = "".join(rng.choices(letters, k=rng.randint(1, 8)))
        word += "".join(rng.choices(SUFFIXES, k=rng.randint(0, 3)))
        if stem(word) != NLTK.stem(word):
            mismatches.append(word)
    assert mismatches == []


def test_a_long_run_of_y_takes_linear_time() -> None:
    word = "y" * 100_000 + "ing"
    assert stem(word) == NLTK.stem(word)


def test_rouge_score_calls_nltks_default_mode_not_the_original_algorithm() -> None:
    from rouge_score.tokenizers import DefaultTokenizer  # noqa: PLC0415

    stemmer = DefaultTokenizer(use_stemmer=True)._stemmer
    assert stemmer.mode == PorterStemmer.NLTK_EXTENSIONS
    original = PorterStemmer(PorterStemmer.ORIGINAL_ALGORITHM)
    # The modes part on these words; rouge-score's (and ours) is the default's.
    for word, expected in [("dying", "die"), ("skies", "sky"), ("enjoy", "enjoy"), ("ties", "tie")]:
        assert stem(word) == NLTK.stem(word) == expected
        assert original.stem(word) != expected
