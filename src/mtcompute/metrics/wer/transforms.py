"""jiwer 4.0's default transforms, which decide what a word and a character are.

``wer_default`` is: every run of two or more whitespace characters becomes one space
(``re.sub(r"\\s\\s+", " ", s)``), the text is stripped of whitespace at both ends
(``str.strip()``), then split on the space character ``" "`` alone, empty words dropped. So a
single tab, newline or no-break space between two words does not split them: ``"a\\tb"`` is one
word, while ``"a \\tb"`` (a run of two) is two. Python's regular expression ``\\s`` and
``str.strip`` agree on what whitespace is (``str.isspace``).

``cer_default`` strips the text the same way and takes its code points, spaces inside included.
"""

import re

_RUNS = re.compile(r"\s\s+")


def words(text: str) -> list[str]:
    """The words of ``text`` under ``wer_default``."""
    return [word for word in _RUNS.sub(" ", text).strip().split(" ") if word]


def characters(text: str) -> list[str]:
    """The characters (code points) of ``text`` under ``cer_default``."""
    return list(text.strip())
