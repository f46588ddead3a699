"""A score matrix as the compiled kernel takes it: every distinct text (or token list) once, the
rows and columns as indices into them, and the buffer the scores are written to.

Equal texts share one index, so each is read once however often it is sampled: MBR's hypotheses
and pseudo-references are often the same list, and samples repeat.
"""

import os
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
from numpy.typing import NDArray

Floats = NDArray[np.float64]
Indices = NDArray[np.int32]
Text = TypeVar("Text")


@dataclass(frozen=True)
class MatrixJob(Generic[Text]):
    """``out[i, j]`` is to score ``texts[rows[i]]`` against ``texts[columns[j]]``."""

    texts: list[Text]
    rows: Indices
    columns: Indices
    out: Floats

    def arguments(self) -> tuple[list[Text], Indices, Indices, Floats]:
        return self.texts, self.rows, self.columns, self.out


def matrix_job(
    hypotheses: Sequence[Text], references: Sequence[Text], key: Callable[[Text], Hashable]
) -> MatrixJob[Text]:
    """The job of one matrix; texts with equal ``key`` are one text."""
    index: dict[Hashable, int] = {}
    texts: list[Text] = []

    def index_of(text: Text) -> int:
        found = index.setdefault(key(text), len(index))
        if found == len(texts):
            texts.append(text)
        return found

    rows = np.fromiter(map(index_of, hypotheses), dtype=np.int32, count=len(hypotheses))
    columns = np.fromiter(map(index_of, references), dtype=np.int32, count=len(references))
    out = np.empty((len(hypotheses), len(references)), dtype=np.float64)
    return MatrixJob(texts, rows, columns, out)


def usable_cores() -> int:
    """The cores this process may run on: the threads a large matrix is shared among."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1
