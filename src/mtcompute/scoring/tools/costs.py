"""What a test set scored in one call may cost beyond its texts' bytes: the rules of
``score-texts`` that bound the metrics whose work grows faster than the texts.

BLEU, chrF, WER and ROUGE's n-grams cost about what the texts weigh, which the text rule bounds.
Three do not, and each is counted, from the texts as they arrive, only when its metric is asked
for:

- TER searches shifts for each (hypothesis, reference) pair: up to 1,000 candidates, each an
  edit distance over the words. Its time grows with the square of a pair's words up to that
  budget, and with the words past it, whatever the words are (``bench/worst_valid.py``: texts of
  two words, one repeated word, shuffled distinct words and translations measured against it).
  Equal words alone do not tell: 80 words of a 170-word vocabulary have fewer pairs of equal words
  than a translation and took 40 times as long per pair.
- CER aligns every character of a hypothesis with every character of its reference; a pair so
  long that the alignment is first split (as rapidfuzz splits it) counts four times, as the
  tool was released (the split then ran in pure Python, about 100 times slower per cell).
- ROUGE-Lsum compares every line of a hypothesis with every line of its references.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.costs import character_pair_cost, ter_pair_cost, ter_words_at_most
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations

Count = Callable[[Mapping[str, Any]], int]


@dataclass(frozen=True)
class MetricCost:
    """With ``metric`` among the input's metrics, ``count(raw)`` at most ``most``; ``code``
    and ``what`` name the count in the refusal."""

    metric: str
    count: Count
    most: int
    code: str
    what: str
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.metric not in raw.get("metrics", ()) or self.count(raw) <= self.most:
            return None
        return FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        metrics = raw.get("metrics")
        if not isinstance(metrics, list) or self.metric not in metrics:
            return
        total = self.count(raw)
        if total > self.most:
            message = f"expected at most {self.most} {self.what} in all, got {total}"
            found.add(self.code, "", message)


def _pairs(raw: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """Each well-formed segment's hypothesis and references, trailing whitespace removed as
    they are scored (anything else is the schema's to report, and counts nothing here)."""
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if not isinstance(hypotheses, list) or not isinstance(references, list):
        return []
    return [
        (hypothesis.rstrip(), [text.rstrip() for text in texts if isinstance(text, str)])
        for hypothesis, texts in zip(hypotheses, references, strict=False)
        if isinstance(hypothesis, str) and isinstance(texts, list)
    ]


def ter_word_pairs(raw: Mapping[str, Any]) -> int:
    """For each (hypothesis, reference) pair, ``ter_pair_cost`` of their words (at most as TER
    splits them: with ``normalized`` each punctuation mark and each non-ASCII character may be a
    word), summed: with ``sentence_level`` too, since one pass gives the corpus's statistics
    and each segment's score."""
    options = raw.get("ter")
    normalized = isinstance(options, dict) and options.get("normalized") is True
    total = 0
    for hypothesis, texts in _pairs(raw):
        words = ter_words_at_most(hypothesis, normalized)
        total += sum(ter_pair_cost(words, ter_words_at_most(t, normalized)) for t in texts)
    return total


def character_pairs(raw: Mapping[str, Any]) -> int:
    """``character_pair_cost`` of each (hypothesis, reference) pair, summed: CER's alignment
    cells, those of a pair long enough to be split counted four times."""
    return sum(
        character_pair_cost(len(hypothesis), len(text))
        for hypothesis, texts in _pairs(raw)
        for text in texts
    )


def line_pairs(raw: Mapping[str, Any]) -> int:
    """Each hypothesis's lines times its references' lines, summed, after the sentence
    separator (if any) has become a newline: ROUGE-Lsum's sentence pairs."""
    options = raw.get("rouge")
    separator = options.get("sentence_separator") if isinstance(options, dict) else None

    def lines(text: str) -> int:
        newlines = text.count("\n")
        return newlines + 1 + (text.count(separator) if isinstance(separator, str) else 0)

    return sum(lines(hypothesis) * sum(map(lines, texts)) for hypothesis, texts in _pairs(raw))
