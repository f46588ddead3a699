from collections.abc import Sequence

Counts = tuple[int, int, int, int]

def statistics(
    hypotheses: Sequence[str], references: Sequence[str], characters: bool, mode: int, /
) -> tuple[list[Counts | None] | Counts | list[float | None], list[int]]: ...
