"""A test set scored chunk by chunk: sentence-level output written as each chunk's comes back,
in input order, or each metric's statistics added up chunk by chunk and scored at the end.

Whatever the chunk size and wherever the chunks run, the output is the same bytes: a chunk's
lines do not depend on where it starts, and statistics add exactly (``ScoringMetric.fold``).
"""

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from mtcompute.scale.chunks import Chunk
from mtcompute.scale.runners import Runner
from mtcompute.scale.work import JSON, Plan
from mtcompute.scoring.scored import Scored

Advance = Callable[[int], object]


def _counted(chunks: Iterable[Chunk], sizes: list[int]) -> Iterator[Chunk]:
    for chunk in chunks:
        sizes.append(len(chunk))
        yield chunk


class Output(Protocol):
    """Where sentence-level bytes go: a binary stream, or the command's guarded stdout."""

    def write(self, data: bytes, /) -> int: ...

    def flush(self) -> None: ...


def write_sentences(
    plan: Plan, chunks: Iterable[Chunk], runner: Runner, out: "Output", advance: Advance
) -> None:
    """Every segment's scores, written chunk by chunk; a JSON array is framed around them."""
    sizes: list[int] = []
    array = plan.output_format == JSON
    if array:
        out.write(b"[\n")
    for index, output in enumerate(runner.map(plan, _counted(chunks, sizes))):
        assert isinstance(output, bytes)
        if array:  # each item ends with ",\n": drop the last, and add it back before the next
            out.write((b",\n" if index else b"") + output[:-2])
        else:
            out.write(output)
        out.flush()
        advance(sizes[index])
    if array:
        out.write(b"\n]\n")
    out.flush()


def corpus_scores(
    plan: Plan, chunks: Iterable[Chunk], runner: Runner, advance: Advance, nrefs: int
) -> list[Scored]:
    """Each metric's corpus score, from its statistics summed over the chunks in order."""
    metrics = plan.scoring_metrics()
    sizes: list[int] = []
    totals: list[Any] | None = None
    for index, parts in enumerate(runner.map(plan, _counted(chunks, sizes))):
        assert isinstance(parts, list)
        if totals is None:
            totals = parts
        else:
            totals = [m.fold(t, p) for m, t, p in zip(metrics, totals, parts, strict=True)]
        advance(sizes[index])
    assert totals is not None, "a test set has at least one segment"
    return [
        scored
        for m, total in zip(metrics, totals, strict=True)
        for scored in m.corpus_scores(total, nrefs)
    ]
