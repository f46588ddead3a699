from collections.abc import Sequence

def scores(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    char_order: int,
    word_order: int,
    beta: int,
    eps_smoothing: bool,
    include_whitespace: bool,
    /,
) -> list[float] | None: ...
def statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    char_order: int,
    word_order: int,
    beta: int,
    eps_smoothing: bool,
    include_whitespace: bool,
    /,
) -> list[tuple[int, float, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] | None: ...
