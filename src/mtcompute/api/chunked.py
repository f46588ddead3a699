"""A resampled metric's per-segment statistics of several systems made a chunk of segments at a
time, so that only the statistics, and one chunk's texts, are held: what
``significance.paired_test_from_statistics`` and ``confidence_interval_from_statistics`` take.

Each chunk's statistics are the resampled metric's (``ResampledMetric.each_score``) and the
chunks' are joined as the metric says (``ResampledMetric.joined``: one under the other, or
rescaled to one common scale, as ROUGE's portable digits are), so that they are the very
matrices of the whole texts, whatever the chunks.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mtcompute.api.significance import metric_options, resampled
from mtcompute.errors import InputError, Violation
from mtcompute.fast.resampling.modes import RESAMPLINGS, Resampling
from mtcompute.fast.resampling.registry import MetricStatistics

# A chunk: each system's texts of its segments (``[k][i]``), and each segment's references.
Chunk = tuple[Sequence[Sequence[str]], Sequence[Sequence[str]]]


def _error(code: str, message: str) -> InputError:
    return InputError([Violation(code=code, pointer="", message=message)])


def chunked_statistics(
    metric: str,
    chunks: Iterable[Chunk],
    *,
    options: Mapping[str, Any] | None = None,
    resampling: str = "sacrebleu",
) -> list[MetricStatistics]:
    """Each score's statistics (one, or ROUGE's one per type) of ``metric`` with ``options``
    (as ``paired_test`` takes ``options[metric]``), for every system, of the test set whose
    consecutive chunks ``chunks`` gives in order: the same matrices as of the whole texts.
    ``InputError`` for a bad metric, option or resampling, or a chunk whose systems or
    references do not match the others'."""
    if resampling not in RESAMPLINGS:
        message = f"expected sacrebleu or portable, got {resampling!r}"
        raise _error("unknown_resampling", message)
    mode: Resampling = "portable" if resampling == "portable" else "sacrebleu"
    described = resampled(metric)
    chosen = metric_options(metric, options)
    parts: list[list[MetricStatistics]] = []
    systems: int | None = None
    for number, (texts, references) in enumerate(chunks):
        systems = _checked(number, texts, references, systems)
        parts.append(described.each_score(chosen, texts, references, mode))
    if not parts:
        raise _error("no_segments", "expected one chunk of segments or more, got none")
    return described.joined(parts)


def _checked(
    number: int,
    texts: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    systems: int | None,
) -> int:
    """The chunk's system count, having checked that it is the others' and that every system
    has a text for each segment."""
    if systems is not None and len(texts) != systems:
        message = f"chunk {number} has {len(texts)} systems, the first chunk {systems}"
        raise _error("system_count_mismatch", message)
    for k, hypotheses in enumerate(texts):
        if len(hypotheses) != len(references):
            message = (
                f"chunk {number}: system {k} has {len(hypotheses)} segments, the references "
                f"{len(references)}"
            )
            raise _error("length_mismatch", message)
    return len(texts)
