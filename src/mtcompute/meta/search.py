"""Find tools by what they do: a small, deterministic keyword score over each contract's text.

A query term scores by the most telling field it appears in (the title says more than the list
of supported operations); a tool's score is the mean over the distinct query terms, so 1 means
every term is in its title and 0 means none appears anywhere. No randomness, no model, no index:
the same query gives the same ranking on every machine.
"""

import re
from dataclasses import dataclass

from mtcompute.contracts.contract import Contract, JsonObject
from mtcompute.contracts.registry import latest, tool_ids

DEFAULT_LIMIT = 10
MAX_LIMIT = 50

# How much a match in each field says about the tool; the best field a term appears in counts.
_FIELD_WEIGHTS = (("title", 1.0), ("use_when", 0.9), ("supported", 0.8), ("summary", 0.7))
# Endings stripped so that "tokens", "tokenized" and "token" are one word; longest first.
_SUFFIXES = ("ization", "izing", "ized", "izes", "ize", "ing", "ed", "es", "s")
_MIN_STEM = 3
# Shorter prefixes match too much ("a" would match everything); 4 lets "scor" match "score".
_MIN_PREFIX = 4
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Match:
    id: str
    version: str
    title: str
    summary: str
    score: float

    def to_json(self) -> JsonObject:
        return {
            "id": self.id,
            "version": self.version,
            "title": self.title,
            "summary": self.summary,
            "score": self.score,
        }


def words(text: str) -> list[str]:
    """Lower-cased word tokens of any script; punctuation and hyphens split words."""
    return _WORD.findall(text.casefold())


def stem(word: str) -> str:
    """``word`` without its first matching ending, if at least 3 letters remain."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= _MIN_STEM:
            return word[: -len(suffix)]
    return word


def search(query: str, limit: int = DEFAULT_LIMIT) -> list[Match]:
    """The latest version of each tool that matches ``query``, best first (ties by id)."""
    terms = sorted({stem(word) for word in words(query)})
    if not terms:
        return []
    matches = [_match(latest(tool_id).contract, terms) for tool_id in tool_ids()]
    found = [m for m in matches if m.score > 0]
    return sorted(found, key=lambda m: (-m.score, m.id))[:limit]


def _match(contract: Contract, terms: list[str]) -> Match:
    fields = _field_words(contract)
    total = sum(_term_weight(term, fields) for term in terms)
    return Match(
        id=contract.id,
        version=contract.version,
        title=contract.title,
        summary=contract.summary,
        score=round(total / len(terms), 4),
    )


def _field_words(contract: Contract) -> dict[str, set[str]]:
    texts = {
        "title": f"{contract.title} {contract.id}",
        "use_when": " ".join(contract.use_when),
        "supported": " ".join(contract.supported),
        "summary": contract.summary,
    }
    return {name: {stem(word) for word in words(text)} for name, text in texts.items()}


def _term_weight(term: str, fields: dict[str, set[str]]) -> float:
    for name, weight in _FIELD_WEIGHTS:
        if any(_same_word(term, word) for word in fields[name]):
            return weight
    return 0.0


def _same_word(term: str, word: str) -> bool:
    if term == word:
        return True
    shorter, longer = sorted((term, word), key=len)
    return len(shorter) >= _MIN_PREFIX and longer.startswith(shorter)
