"""The pair rule: a metric that compares each hypothesis with each of its references (TER) costs
what the pairs hold, so the UTF-8 bytes of both texts of every (hypothesis, reference) pair,
summed over the pairs, are bounded.

Texts of any shape the schema refuses, or with a lone surrogate, are left to the schema and the
text rule: they are counted here as their bytes would be, and reported by them.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations


@dataclass(frozen=True)
class PairBytes:
    """``hypotheses[i]`` is compared with each of ``references[i]``: the pairs' bytes in all
    within ``max_pair_bytes``."""

    hypotheses: str
    references: str
    max_pair_bytes: int | None
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        total = _pair_bytes(raw[self.hypotheses], raw[self.references])
        return None if self.max_pair_bytes is None or total <= self.max_pair_bytes else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        hypotheses, references = raw.get(self.hypotheses), raw.get(self.references)
        if not isinstance(hypotheses, list | tuple) or not isinstance(references, list | tuple):
            return  # the schema reported it
        total = _pair_bytes(hypotheses, references)
        most = self.max_pair_bytes
        if most is not None and total > most:
            message = (
                f"expected at most {most} UTF-8 bytes in all over the (hypothesis, reference) "
                f"pairs, each pair counting both its texts, got {total} in the whole input"
            )
            found.add("too_many_pair_bytes", "", message)


def _pair_bytes(hypotheses: Sequence[object], references: Sequence[object]) -> int:
    total = 0
    for hypothesis, refs in zip(hypotheses, references, strict=False):
        texts = [t for t in refs if isinstance(t, str)] if isinstance(refs, list | tuple) else []
        total += len(texts) * _bytes(hypothesis) + sum(map(_bytes, texts))
    return total


def _bytes(text: object) -> int:
    return len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else 0
