"""A tool's title as people and agents read it: the metrics spelled as their authors spell them
(BLEU, chrF, chrF++, TER, n-grams). A released contract keeps the title it was published with;
listings, pages, MCP tool titles and search results show this one."""

import re

# Whole words of a released title and how they are written; the longest first.
_SPELLINGS = (
    ("Chrf plus plus", "chrF++"),
    ("Bleu", "BLEU"),
    ("Chrf", "chrF"),
    ("Ter", "TER"),
    ("ngrams", "n-grams"),
)
_WORDS = re.compile("|".join(rf"\b{re.escape(word)}\b" for word, _ in _SPELLINGS))
_AS_WRITTEN = dict(_SPELLINGS)


def display_title(title: str) -> str:
    """``title`` with each metric's name spelled as its authors write it."""
    return _WORDS.sub(lambda found: _AS_WRITTEN[found.group(0)], title)
