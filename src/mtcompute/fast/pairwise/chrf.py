"""Pairwise chrF (chrF++ with word orders) matrices: cell [i, j] is ``metrics.pairwise``'s, the
chrF of hypothesis i against reference j alone, to the bit.

Compiled where the package has it (``_pairwise.c``: each text's n-grams counted once, a row's
matches with every column added in one pass, threads over rows); otherwise the oracle's Python,
which also counts each text once.
"""

from collections.abc import Sequence

import numpy as np

from mtcompute.fast import compiled
from mtcompute.fast.pairwise.jobs import Floats, matrix_job, usable_cores
from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.pairwise import pairwise_chrf

# What the kernel holds: orders in a 4-bit field beside an empty slot's, chrF++'s word orders.
_MAX_COMPILED_ORDERS = 14
_MAX_COMPILED_WORD_ORDER = 2
_MAX_COMPILED_BETA = 1000


def pairwise_chrf_matrix(
    hypotheses: Sequence[str],
    references: Sequence[str],
    options: ChrfOptions | None = None,
    *,
    threads: int | None = None,
) -> Floats:
    """The (n, m) float64 matrix of chrF (0-1 scale) of each hypothesis against each reference.

    ``threads`` caps the threads a large matrix is computed in (all usable cores by default).
    """
    return pairwise_chrf_batch([hypotheses], [references], options, threads=threads)[0]


def pairwise_chrf_batch(
    hypothesis_lists: Sequence[Sequence[str]],
    reference_lists: Sequence[Sequence[str]],
    options: ChrfOptions | None = None,
    *,
    threads: int | None = None,
) -> list[Floats]:
    """One matrix per source, each its hypotheses against its references, in one call: the
    sources' matrices are shared among the threads."""
    options = options or ChrfOptions()
    pairs = list(zip(hypothesis_lists, reference_lists, strict=True))
    if compiled.chrf_matrices is None or not _compiled_supports(options):
        return [_oracle_matrix(hypotheses, references, options) for hypotheses, references in pairs]
    jobs = [matrix_job(hypotheses, references, _text_key) for hypotheses, references in pairs]
    compiled.chrf_matrices(
        [job.arguments() for job in jobs],
        options.char_order,
        options.word_order,
        options.beta,
        options.eps_smoothing,
        options.include_whitespace,
        threads or usable_cores(),
    )
    return [job.out for job in jobs]


def _text_key(text: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"a text must be a str, got {type(text).__name__}")
    return text


def _compiled_supports(options: ChrfOptions) -> bool:
    return (
        options.order_count <= _MAX_COMPILED_ORDERS
        and options.word_order <= _MAX_COMPILED_WORD_ORDER
        and options.beta <= _MAX_COMPILED_BETA
    )


def _oracle_matrix(
    hypotheses: Sequence[str], references: Sequence[str], options: ChrfOptions
) -> Floats:
    matrix = pairwise_chrf(hypotheses, references, options)
    return np.array(matrix, dtype=np.float64).reshape(len(hypotheses), len(references))
