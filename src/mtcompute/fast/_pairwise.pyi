from typing import Any

def chrf_matrices(
    jobs: list[tuple[list[Any], Any, Any, Any]],
    char_order: int,
    word_order: int,
    beta: int,
    eps_smoothing: bool,
    include_whitespace: bool,
    threads: int,
    /,
) -> None: ...
def bleu_matrices(
    jobs: list[tuple[list[Any], Any, Any, Any]],
    max_order: int,
    method: int,
    value: float,
    use_effective_order: bool,
    threads: int,
    /,
) -> None: ...
def chrf_segment(
    hypothesis: str,
    references: list[str],
    char_order: int,
    word_order: int,
    beta: int,
    eps_smoothing: bool,
    include_whitespace: bool,
    /,
) -> tuple[int, float, tuple[int, ...], tuple[int, ...], tuple[int, ...]]: ...
def log(x: float, /) -> float: ...
def exp(x: float, /) -> float: ...
