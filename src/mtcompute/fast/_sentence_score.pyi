def score(
    matches: tuple[int, ...],
    totals: tuple[int, ...],
    candidate_length: int,
    reference_length: int,
    method: int,
    value: float,
    use_effective_order: bool,
    /,
) -> tuple[float, float, tuple[float | None, ...], int]: ...
def log(x: float, /) -> float: ...
def exp(x: float, /) -> float: ...
