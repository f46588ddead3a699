"""The ROUGE types rouge-score 0.1.2 accepts: ``rouge1`` to ``rouge9`` (n-grams of that order),
``rougeL`` (the longest common subsequence of the texts) and ``rougeLsum`` (summary-level: the
union of each reference sentence's longest common subsequences with the hypothesis sentences)."""

import re

DEFAULT_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
# The tokenizers' names: rouge-score's, and mtcompute's Unicode one (``tokenizer``).
TOKENIZER_NAMES = ("rouge-score", "unicode")
_NGRAM_TYPE = re.compile(r"rouge[1-9]\Z")


def is_rouge_type(name: str) -> bool:
    """Whether rouge-score scores ``name``."""
    return name in ("rougeL", "rougeLsum") or _NGRAM_TYPE.match(name) is not None


def ngram_order(name: str) -> int | None:
    """The n of ``rougeN``; None for ``rougeL`` and ``rougeLsum``."""
    return int(name[5:]) if _NGRAM_TYPE.match(name) else None
