"""Find tools by what they do: a small, deterministic keyword score over each contract's text.

A query term scores by the most telling field it appears in: the title (and id) says more than
what a tool is used for, which says more than the list of supported operations, the summary, or
its behaviour. A term that the tool's "not supported" list names, and that its title, uses,
supported operations and summary do not, counts against it (less than a title word counts for a
tool): that text lowers a rank and never raises one. A tool's score is the mean over the
distinct query terms, so 1 means every term is in its title; a tool below ``MIN_SCORE`` is not a
match (one term of three found in a tool's uses says nothing about it). Between equal scores,
the tool whose title the query names more of comes first, then ids in order. Words like "a" and
"of", and single characters, are not terms. No randomness, no model: the same query gives the
same ranking on every machine.

Each tool's words are read once, into sorted lists where a term's longer forms are found by
bisection; a query is capped in characters and in terms, so a search costs a bounded amount.
"""

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from mtcompute.contracts.contract import Contract, JsonObject
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.titles import display_title
from mtcompute.contracts.validation.violations import where
from mtcompute.errors import InputError, Violation

DEFAULT_LIMIT = 10
MAX_LIMIT = 50
# A question in words is far shorter; past these a query is refused, not cut.
MAX_QUERY_CHARACTERS = 500
MAX_QUERY_TERMS = 32

# A tool that scores less does not match: its words cover too little of the query.
MIN_SCORE = 0.35
# How much a match in each field says about the tool; the best field a term appears in counts.
_FIELD_WEIGHTS = (
    ("title", 1.0),
    ("use_when", 0.9),
    ("supported", 0.8),
    ("summary", 0.7),
    ("behavior", 0.3),
)
# A term found among what the tool does not support, and in none of the fields that say what it
# does, counts this much against it.
_UNSUPPORTED = 0.6
# The fields that say what a tool does: a term in one of them is never counted against it.
_DOES = frozenset({"title", "use_when", "supported", "summary"})
# Endings stripped so that "tokens", "tokenized" and "token" are one word; longest first.
_SUFFIXES = ("ization", "izing", "ized", "izes", "ize", "ing", "ed", "es", "s")
_MIN_STEM = 3
# Shorter prefixes match too much ("a" would match everything); 4 lets "scor" match "score".
_MIN_PREFIX = 4
_WORD = re.compile(r"\w+")
# Words that say nothing about a tool: never terms of a query, never words of a field.
_STOP_WORDS = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "do", "does", "each", "for", "from", "how",
    "i", "in", "is", "it", "its", "me", "my", "of", "on", "or", "the", "their", "this", "to",
    "what", "which", "with",
})  # fmt: skip


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


def terms_of(query: str) -> list[str]:
    """The distinct stemmed terms of ``query``, sorted; ``InputError`` past the caps."""
    if len(query) > MAX_QUERY_CHARACTERS:
        _refuse("too_long", f"a query of at most {MAX_QUERY_CHARACTERS} characters", len(query))
    terms = sorted({stem(word) for word in words(query) if _telling(word)})
    if len(terms) > MAX_QUERY_TERMS:
        _refuse("too_many_terms", f"a query of at most {MAX_QUERY_TERMS} words", len(terms))
    return terms


def _telling(word: str) -> bool:
    return len(word) > 1 and word not in _STOP_WORDS


def _refuse(code: str, expected: str, count: int) -> None:
    unit = "characters" if code == "too_long" else "distinct words"
    message = f"expected {expected}, got {count} {unit} {where('/query')}"
    raise InputError([Violation(code=code, pointer="/query", message=message)])


def search(query: str, limit: int = DEFAULT_LIMIT) -> list[Match]:
    """The latest version of each tool that matches ``query``, best first (ties by id);
    ``InputError`` for a query over ``MAX_QUERY_CHARACTERS`` or ``MAX_QUERY_TERMS``."""
    terms = terms_of(query)
    if not terms:
        return []
    ranked = [_ranked(tool_id, terms) for tool_id in tool_ids()]
    found = [(key, match) for key, match in ranked if match.score >= MIN_SCORE]
    return [match for _, match in sorted(found, key=lambda pair: pair[0])][:limit]


def _ranked(tool_id: str, terms: list[str]) -> tuple[tuple[float, float, str], Match]:
    """The tool's match, and its place: by score, then by how much of its title the query
    names, then by id."""
    contract = latest(tool_id).contract
    index = _index(contract.id, contract.version)
    total = sum(index.weight(term) for term in terms)
    match = Match(
        id=contract.id,
        version=contract.version,
        title=display_title(contract.title),
        summary=contract.summary,
        score=round(total / len(terms), 4),
    )
    return (-match.score, -index.title_named(terms), contract.id), match


class _Field:
    """The stemmed words of one field: a set for exact matches, a sorted list for longer
    forms."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.words = frozenset(
            stem(word) for text in texts for word in words(text) if _telling(word)
        )
        self.sorted = sorted(self.words)

    def has(self, term: str) -> bool:
        """``term`` is a word of the field, or a prefix of one, or one is a prefix of it (4
        letters at least on the shorter side)."""
        if term in self.words:
            return True
        if len(term) >= _MIN_PREFIX:
            at = bisect.bisect_left(self.sorted, term)
            if at < len(self.sorted) and self.sorted[at].startswith(term):
                return True
        return any(term[:cut] in self.words for cut in range(_MIN_PREFIX, len(term)))


class _ToolWords:
    """A tool's fields, read once."""

    def __init__(self, contract: Contract) -> None:
        texts = {
            "title": (contract.title, contract.id),
            "use_when": contract.use_when,
            "supported": contract.supported,
            "summary": (contract.summary,),
            "behavior": contract.behavior,
        }
        self.fields = [(name, _Field(texts[name]), weight) for name, weight in _FIELD_WEIGHTS]
        self.title = self.fields[0][1]
        self.unsupported = _Field(contract.not_supported)

    def weight(self, term: str) -> float:
        """What ``term`` says for (or against) the tool."""
        found = next(
            ((name, weight) for name, field, weight in self.fields if field.has(term)), None
        )
        if found is not None and found[0] in _DOES:
            return found[1]
        if self.unsupported.has(term):
            return -_UNSUPPORTED
        return 0.0 if found is None else found[1]

    def title_named(self, terms: list[str]) -> float:
        """The share of the title's words that the query's terms name."""
        named = sum(any(_same_word(term, word) for term in terms) for word in self.title.words)
        return named / len(self.title.words)


def _same_word(term: str, word: str) -> bool:
    if term == word:
        return True
    shorter, longer = sorted((term, word), key=len)
    return len(shorter) >= _MIN_PREFIX and longer.startswith(shorter)


@cache
def _index(tool_id: str, version: str) -> _ToolWords:
    """The words of a released version, read at the first search: a release never changes."""
    return _ToolWords(latest(tool_id).contract)
