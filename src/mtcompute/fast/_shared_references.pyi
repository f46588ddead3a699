from collections.abc import Sequence
from typing import Any

def chrf_rows(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    char_order: int,
    word_order: int,
    beta: int,
    eps_smoothing: bool,
    include_whitespace: bool,
    out: Any,
    threads: int,
    /,
) -> bool: ...
def bleu_rows(
    systems: Sequence[Sequence[Sequence[str]]],
    references: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    out: Any,
    /,
) -> bool: ...
