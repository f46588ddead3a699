from collections.abc import Sequence

Counts = tuple[int, int, int, int]

def statistics(
    hypotheses: Sequence[str], references: Sequence[str], characters: bool, summed: bool, /
) -> tuple[list[Counts | None] | Counts, list[int]]: ...
