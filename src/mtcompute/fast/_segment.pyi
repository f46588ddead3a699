from collections.abc import Sequence

def segment_statistics(
    hypothesis: Sequence[str], references: Sequence[Sequence[str]], max_order: int, /
) -> tuple[tuple[int, ...], tuple[int, ...], int, int] | None: ...
def corpus_statistics(
    hypotheses: Sequence[Sequence[str]],
    references: Sequence[Sequence[Sequence[str]]],
    max_order: int,
    /,
) -> tuple[tuple[int, ...], tuple[int, ...], int, int] | None: ...
