from collections.abc import Sequence
from typing import Any

def scores(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    kinds: Sequence[int],
    use_stemmer: bool,
    limits: tuple[int, int, int],
    out: Any,
    /,
) -> None: ...
def token_scores(
    hypotheses: Sequence[Sequence[Sequence[str]]],
    references: Sequence[Sequence[Sequence[Sequence[str]]]],
    kinds: Sequence[int],
    limits: tuple[int, int, int],
    out: Any,
    /,
) -> None: ...
def stem(word: str, /) -> str: ...
def score_dicts(
    buffer: Any, names: tuple[str, ...], cls: type[tuple[float, float, float]], /
) -> list[dict[str, Any]]: ...
