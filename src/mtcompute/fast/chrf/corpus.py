"""A block's texts as one array of code points, segment by segment (a hypothesis, then its
references), with what each text and (segment, reference) pair is; and its whitespace."""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.chrf.keys import Flags, Ints
from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS


@dataclass(frozen=True)
class Corpus:
    """Every text's code points in one array, segment by segment: a hypothesis (stream 0), then
    its references (streams 1, 2, ...)."""

    code_points: NDArray[np.uint32]
    lengths: Ints  # per text, in code points
    text_segment: Ints  # per text: its segment
    text_stream: Ints  # per text: 0 for the hypothesis, j + 1 for reference j
    pair_text: Ints  # per (segment, reference) pair, in text order: the reference's text
    pair_segment: Ints
    pair_reference: Ints  # the reference's index in its segment
    hypothesis_text: Ints  # per segment: its hypothesis's text
    texts: list[str]

    @property
    def segment_count(self) -> int:
        return len(self.hypothesis_text)

    @property
    def width(self) -> int:
        """Streams per segment at most: the hypothesis and the most references."""
        return int(self.text_stream.max(initial=0)) + 1

    @classmethod
    def read(
        cls, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> "Corpus | None":
        """The corpus of these texts; None when one has no UTF-32 form (a lone surrogate) or
        a segment has no reference: the oracle then does what it does with them."""
        texts = [
            text
            for hypothesis, refs in zip(hypotheses, references, strict=True)
            for text in (hypothesis, *refs)
        ]
        try:
            data = "".join(texts).encode("utf-32-le")
        except UnicodeEncodeError:
            return None
        reference_counts = np.fromiter(map(len, references), dtype=np.int64, count=len(references))
        if not reference_counts.all():
            return None
        streams_per_segment = reference_counts + 1
        segment_count = len(reference_counts)
        text_segment = np.repeat(np.arange(segment_count, dtype=np.int64), streams_per_segment)
        hypothesis_text = np.cumsum(streams_per_segment) - streams_per_segment
        text_stream = np.arange(len(texts), dtype=np.int64) - hypothesis_text[text_segment]
        pair_text = (text_stream > 0).nonzero()[0]
        return cls(
            code_points=np.frombuffer(data, dtype=np.uint32),
            lengths=np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)),
            text_segment=text_segment,
            text_stream=text_stream,
            pair_text=pair_text,
            pair_segment=text_segment[pair_text],
            pair_reference=text_stream[pair_text] - 1,
            hypothesis_text=hypothesis_text,
            texts=texts,
        )


Counts = tuple[Ints, Ints, Ints]  # per pair and order: hypothesis, reference, matches


_WHITESPACE_TABLE = np.zeros(max(WHITESPACE_CODE_POINTS) + 2, dtype=np.bool_)
_WHITESPACE_TABLE[list(WHITESPACE_CODE_POINTS)] = True


def whitespace(code_points: NDArray[np.uint32]) -> Flags:
    last = len(_WHITESPACE_TABLE) - 1  # not whitespace: stands for every larger code point
    return _WHITESPACE_TABLE[np.minimum(code_points, last)]


def without_whitespace(
    code_points: NDArray[np.uint32], is_space: Flags, lengths: Ints
) -> tuple[NDArray[np.uint32], Ints]:
    """The code points that are not whitespace, and how many each text keeps."""
    kept_before = np.zeros(len(code_points) + 1, dtype=np.int64)
    np.cumsum(~is_space, out=kept_before[1:])
    ends = np.cumsum(lengths)
    return code_points[~is_space], kept_before[ends] - kept_before[ends - lengths]
