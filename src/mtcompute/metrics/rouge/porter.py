"""The Porter stemmer as rouge-score 0.1.2 calls NLTK's: ``PorterStemmer()``, whose default mode is
``NLTK_EXTENSIONS`` (Porter 1980 with Martin Porter's and NLTK's amendments: a table of irregular
forms, ``ies``/``ied`` of short words, ``y`` to ``i`` only after a consonant, ``bli``, ``fulli``,
``logi``, and the two-letter ``*o``). Written from the published algorithm and those rules; no
dependency on NLTK.

A word is a string of lowercase ASCII letters and digits (all the tokenizer keeps). Every letter
but ``a e i o u`` is a consonant, except ``y``, which is one at the start of a word or after a
vowel; digits are consonants.
"""

_VOWELS = frozenset("aeiou")

# NLTK's irregular forms: a word in this table stems to its value and to nothing else.
_IRREGULAR = {
    "sky": "sky",
    "skies": "sky",
    "dying": "die",
    "lying": "lie",
    "tying": "tie",
    "news": "news",
    "innings": "inning",
    "inning": "inning",
    "outings": "outing",
    "outing": "outing",
    "cannings": "canning",
    "canning": "canning",
    "howe": "howe",
    "proceed": "proceed",
    "exceed": "exceed",
    "succeed": "succeed",
}


def _consonants(word: str) -> list[bool]:
    """Whether each letter of ``word`` is a consonant, in one pass."""
    flags: list[bool] = []
    for i, letter in enumerate(word):
        if letter in _VOWELS:
            flags.append(False)
        elif letter == "y":
            flags.append(i == 0 or not flags[i - 1])
        else:
            flags.append(True)
    return flags


def _measure(stem: str) -> int:
    """m in [C](VC){m}[V]: how many times a vowel is followed by a consonant."""
    flags = _consonants(stem)
    return sum(1 for i in range(1, len(flags)) if flags[i] and not flags[i - 1])


def _has_vowel(stem: str) -> bool:
    return not all(_consonants(stem))


def _ends_double_consonant(word: str) -> bool:
    """*d: the last two letters are the same consonant."""
    return len(word) >= 2 and word[-1] == word[-2] and _consonants(word)[-1]


def _ends_cvc(word: str) -> bool:
    """*o: consonant, vowel, consonant other than w, x or y; or (NLTK) a two-letter word vowel,
    consonant."""
    if len(word) >= 3:
        flags = _consonants(word)
        if flags[-3] and not flags[-2] and flags[-1] and word[-1] not in "wxy":
            return True
    if len(word) == 2:
        flags = _consonants(word)
        return not flags[0] and flags[1]
    return False


def _positive(stem: str) -> bool:
    return _measure(stem) > 0


def _above_one(stem: str) -> bool:
    return _measure(stem) > 1


# (suffix, replacement): in each step the first rule whose suffix ends the word decides, and where
# its condition on what is left fails the word stays as it is.
_STEP2 = (
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("fulli", "ful"),
    ("logi", "log"),
)
_STEP3 = (
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
)
_STEP4 = (
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
)


def _step1a(word: str) -> str:
    if word.endswith("ies") and len(word) == 4:
        return word[:-3] + "ie"
    if word.endswith("sses"):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-2]
    if word.endswith("ss"):
        return word
    if word.endswith("s"):
        return word[:-1]
    return word


def _step1b(word: str) -> str:
    if word.endswith("ied"):
        return word[:-3] + ("ie" if len(word) == 4 else "i")
    if word.endswith("eed"):
        return word[:-1] if _positive(word[:-3]) else word
    if word.endswith("ed") and _has_vowel(word[:-2]):
        stem = word[:-2]
    elif word.endswith("ing") and _has_vowel(word[:-3]):
        stem = word[:-3]
    else:
        return word
    if stem.endswith(("at", "bl", "iz")):
        return stem + "e"
    if _ends_double_consonant(stem):
        return stem if stem[-1] in "lsz" else stem[:-1]
    if _measure(stem) == 1 and _ends_cvc(stem):
        return stem + "e"
    return stem


def _step1c(word: str) -> str:
    if word.endswith("y") and len(word) > 2 and _consonants(word)[-2]:
        return word[:-1] + "i"
    return word


def _step2(word: str) -> str:
    if word.endswith("alli") and _positive(word[:-4]):
        return _step2(word[:-2])
    for suffix, replacement in _STEP2:
        if word.endswith(suffix):
            # NLTK measures logi's stem with its l: what is left of "ogi".
            stem = word[:-3] if suffix == "logi" else word[: -len(suffix)]
            return word[: -len(suffix)] + replacement if _positive(stem) else word
    return word


def _step3(word: str) -> str:
    for suffix, replacement in _STEP3:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            return stem + replacement if _positive(stem) else word
    return word


def _step4(word: str) -> str:
    for suffix in _STEP4:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            kept = _above_one(stem) and (suffix != "ion" or stem[-1] in "st")
            return stem if kept else word
    return word


def _step5a(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        measure = _measure(stem)
        if measure > 1 or (measure == 1 and not _ends_cvc(stem)):
            return stem
    return word


def _step5b(word: str) -> str:
    if word.endswith("ll") and _above_one(word[:-1]):
        return word[:-1]
    return word


def stem(word: str) -> str:
    """The stem of a lowercase ``word``, as NLTK's ``PorterStemmer().stem`` gives it."""
    irregular = _IRREGULAR.get(word)
    if irregular is not None:
        return irregular
    if len(word) <= 2:
        return word
    for step in (_step1a, _step1b, _step1c, _step2, _step3, _step4, _step5a, _step5b):
        word = step(word)
    return word
