"""What a test set scored in one call may cost beyond its texts' bytes: the rules of
``score-texts`` that bound the metrics whose work grows faster than the texts.

BLEU, chrF, WER and ROUGE's n-grams cost about what the texts weigh, which the text rule bounds.
Three do not: TER searches shifts among the words a hypothesis shares with its reference (a few
dozen in a translation, every pair of positions in ``a b a b ...``), CER aligns every character of
a hypothesis with every character of its reference, and ROUGE-Lsum compares every line of a
hypothesis with every line of its references. Each is counted, as the metric will see the texts,
only when the metric is asked for.
"""

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.tokenizer import tercom_words

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


def ter_word_matches(raw: Mapping[str, Any]) -> int:
    """For each (hypothesis, reference) pair, the pairs of equal words (as TER splits them
    under the input's TER options), summed: where TER's shifts can start."""
    options = raw.get("ter")
    try:
        ter = TerOptions(**options) if isinstance(options, dict) else TerOptions()
    except TypeError:
        return 0  # options the schema refuses
    total = 0
    for hypothesis, texts in _pairs(raw):
        words = Counter(tercom_words(hypothesis, ter))
        for text in texts:
            other = Counter(tercom_words(text, ter))
            total += sum(count * other[word] for word, count in words.items())
    return total


def character_pairs(raw: Mapping[str, Any]) -> int:
    """Each hypothesis's code points times its references', summed: CER's alignment cells."""
    return sum(len(hypothesis) * sum(map(len, texts)) for hypothesis, texts in _pairs(raw))


def line_pairs(raw: Mapping[str, Any]) -> int:
    """Each hypothesis's lines times its references' lines, summed, after the sentence
    separator (if any) has become a newline: ROUGE-Lsum's sentence pairs."""
    options = raw.get("rouge")
    separator = options.get("sentence_separator") if isinstance(options, dict) else None

    def lines(text: str) -> int:
        newlines = text.count("\n")
        return newlines + 1 + (text.count(separator) if isinstance(separator, str) else 0)

    return sum(lines(hypothesis) * sum(map(lines, texts)) for hypothesis, texts in _pairs(raw))
