"""Pairwise sentence BLEU matrices: cell [i, j] is ``metrics.pairwise``'s, the sentence BLEU of
tokenized hypothesis i against reference j alone, to the bit.

Compiled where the package has it (``_pairwise.c``: each token list's n-grams counted once, a
row's clipped matches with every column in one pass, the row's logarithms taken once and fdlibm
in C); otherwise the oracle's Python, which also counts each token list once.
"""

from collections.abc import Sequence

import numpy as np

from mtcompute.fast import compiled
from mtcompute.fast.pairwise.jobs import Floats, matrix_job, usable_cores
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, Tokens
from mtcompute.metrics.pairwise import pairwise_bleu
from mtcompute.metrics.sentence import DEFAULT
from mtcompute.metrics.smoothing import ADD_K, EXP, FLOOR, NONE, Smoothing

_METHOD_CODES = {NONE: 0, FLOOR: 1, EXP: 2, ADD_K: 3}  # as _pairwise.c numbers them
_MAX_COMPILED_ORDER = 14


def pairwise_bleu_matrix(
    hypotheses: Sequence[Tokens],
    references: Sequence[Tokens],
    max_order: int = DEFAULT_MAX_ORDER,
    *,
    smoothing: Smoothing = DEFAULT,
    use_effective_order: bool = True,
    threads: int | None = None,
) -> Floats:
    """The (n, m) float64 matrix of sentence BLEU (0-1 scale) of each hypothesis against each
    reference; ``threads`` caps the threads (all usable cores by default)."""
    return pairwise_bleu_batch(
        [hypotheses],
        [references],
        max_order,
        smoothing=smoothing,
        use_effective_order=use_effective_order,
        threads=threads,
    )[0]


def pairwise_bleu_batch(
    hypothesis_lists: Sequence[Sequence[Tokens]],
    reference_lists: Sequence[Sequence[Tokens]],
    max_order: int = DEFAULT_MAX_ORDER,
    *,
    smoothing: Smoothing = DEFAULT,
    use_effective_order: bool = True,
    threads: int | None = None,
) -> list[Floats]:
    """One matrix per source, each its hypotheses against its references, in one call."""
    pairs = list(zip(hypothesis_lists, reference_lists, strict=True))
    if compiled.bleu_matrices is None or not 1 <= max_order <= _MAX_COMPILED_ORDER:
        return [
            _oracle_matrix(hypotheses, references, max_order, smoothing, use_effective_order)
            for hypotheses, references in pairs
        ]
    jobs = [matrix_job(hypotheses, references, tuple) for hypotheses, references in pairs]
    compiled.bleu_matrices(
        [job.arguments() for job in jobs],
        max_order,
        _METHOD_CODES[smoothing.method],
        0.0 if smoothing.value is None else smoothing.value,
        use_effective_order,
        threads or usable_cores(),
    )
    return [job.out for job in jobs]


def _oracle_matrix(
    hypotheses: Sequence[Tokens],
    references: Sequence[Tokens],
    max_order: int,
    smoothing: Smoothing,
    use_effective_order: bool,
) -> Floats:
    matrix = pairwise_bleu(
        hypotheses,
        references,
        max_order,
        smoothing=smoothing,
        use_effective_order=use_effective_order,
    )
    return np.array(matrix, dtype=np.float64).reshape(len(hypotheses), len(references))
