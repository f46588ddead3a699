"""sacreBLEU 2.6's ``Score``, ``Signature`` and ``Metric`` as its users meet them: a score prints
(``str``, ``format``) and reads (``score``, ``name`` and the metric's fields) as sacreBLEU's, a
signature has sacreBLEU's keys, values and order with mtcompute's version part in place of
``version:2.6.0``, and a metric refuses arguments where sacreBLEU does, with its ``TypeError``.

``corpus_score(..., n_bootstrap=N)`` estimates sacreBLEU's confidence interval as sacreBLEU does:
NumPy's generator seeded from ``$SACREBLEU_SEED`` (12345 unless set; ``none`` for the operating
system's entropy), the same resampled indices, each segment's statistics held in float32 and
summed per resample, each sum scored by the metric's formula.
"""

import json
import os
import statistics
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import numpy as np

from mtcompute.errors import InputError, Violation
from mtcompute.sacrebleu.streams import per_segment
from mtcompute.version import __version__

References = Sequence[Sequence[str | None]]


class Score:
    """A metric's ``name`` and ``score`` (0-100); ``format`` as sacreBLEU's."""

    def __init__(self, name: str, score: float) -> None:
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    def estimate_ci(self, scores: Sequence["Score"]) -> None:
        """The mean of resampled scores and half the width of their central 95 %."""
        raw_scores = sorted(x.score for x in scores)
        lower_index = len(raw_scores) // 40
        upper_index = len(raw_scores) - lower_index - 1
        self._ci = 0.5 * (raw_scores[upper_index] - raw_scores[lower_index])
        self._mean = statistics.mean(raw_scores)

    def format(
        self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False
    ) -> str:
        """``NAME|SIGNATURE = SCORE VERBOSE``, the score alone (``score_only``), or sacreBLEU's
        JSON (``is_json``)."""
        shown = f"{self.score:.{width}f}"
        document: dict[str, Any] = {
            "name": self.name,
            "score": float(shown),
            "signature": signature,
        }
        if self._mean > 0:
            mean, spread = f"{self._mean:.{width}f}", f"{self._ci:.{width}f}"
            confidence = f"μ = {mean} ± {spread}"
            shown += f" ({confidence})"
            document |= {
                "confidence_mean": float(mean),
                "confidence_var": float(spread),
                "confidence": confidence,
            }
        if score_only:
            return shown
        if is_json:
            if self._verbose:
                document["verbose_score"] = self._verbose
            for pair in signature.split("|"):
                key, value = pair.split(":")
                document[key] = value
            return json.dumps(document, indent=1, ensure_ascii=False)
        line = f"{self.name}|{signature}" if signature else self.name
        line = f"{line} = {shown}"
        return f"{line} {self._verbose}" if self._verbose else line

    def __repr__(self) -> str:
        return self.format()


ScoreT = TypeVar("ScoreT", bound=Score)  # the score object a metric makes


class Signature:
    """What makes a score reproducible, as ``key:value`` pairs joined with "|"."""

    def __init__(self, metric: "Metric[Any]") -> None:
        if metric.num_refs is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        self._abbr = {"nrefs": "#", "bs": "bs", "seed": "rs", "mtcompute": "mtcompute"}
        self.info: dict[str, Any] = {
            "nrefs": "var" if metric.num_refs == -1 else metric.num_refs,
            "bs": metric.n_bootstrap,
            "seed": metric.seed,
        }

    def format(self, short: bool = False) -> str:
        """The pairs in sacreBLEU's order, the version part last; ``short`` abbreviates keys."""
        info = {**self.info, "mtcompute": __version__}
        pairs = []
        for key, value in info.items():
            if value is None:
                continue
            shown = ("yes" if value else "no") if isinstance(value, bool) else value
            pairs.append(f"{self._abbr.get(key, key) if short else key}:{shown}")
        return "|".join(pairs)

    def update(self, key: str, value: Any) -> None:
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


class Metric(ABC, Generic[ScoreT]):
    """A metric with sacreBLEU's ``corpus_score``, ``sentence_score`` and ``get_signature``;
    references are streams (``refs[k][i]``), a None leaving a segment's reference out."""

    def __init__(self) -> None:
        self.num_refs: int | None = None
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self._cached: list[Any] | None = None

    def _cache(self, references: References) -> list[Any]:
        """Each segment's prepared references; ``num_refs`` becomes their number, -1 where the
        segments have different numbers."""
        return self._cache_segments(_per_segment(references))

    def _cache_segments(self, segments: list[list[str]]) -> list[Any]:
        self._count_references(segments)
        return self._prepare_references(segments)

    def _count_references(self, segments: list[list[str]]) -> None:
        counts = {len(refs) for refs in segments}
        self.num_refs = counts.pop() if len(counts) == 1 else -1

    @abstractmethod
    def _prepare_references(self, segments: list[list[str]]) -> list[Any]:
        """Each segment's references, prepared once for any number of systems."""

    @abstractmethod
    def _score(self, hypotheses: Sequence[str], prepared: list[Any]) -> ScoreT:
        """The corpus score of the hypotheses against prepared references."""

    @abstractmethod
    def _segment_rows(self, hypotheses: Sequence[str], prepared: list[Any]) -> list[list[float]]:
        """Each segment's statistics in sacreBLEU's order, as its bootstrap resamples them."""

    @abstractmethod
    def _compute_score_from_stats(self, stats: Any) -> ScoreT:
        """The score of summed statistics (a resample's float32 sums, as sacreBLEU's)."""

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: References | None,
        n_bootstrap: int = 1,
    ) -> ScoreT:
        """The corpus score; ``references`` None (or empty) scores against the references given
        to the constructor."""
        self._check_corpus_arguments(hypotheses, references)
        if references:
            prepared = self._cache_segments(per_segment(hypotheses, references))
        elif self._cached is not None:
            prepared = self._cached
        else:
            raise RuntimeError("No references provided and the cache is empty.")
        if len(prepared) != len(hypotheses):
            raise _length_mismatch(len(hypotheses), len(prepared))
        score = self._score(hypotheses, prepared)
        if n_bootstrap > 1:
            self.n_bootstrap = n_bootstrap
            rows = self._segment_rows(hypotheses, prepared)
            self.seed, resampled = self._bootstrap(rows, n_bootstrap)
            score.estimate_ci(resampled)
        return score

    def _bootstrap(self, rows: list[list[float]], samples: int) -> tuple[str, list[ScoreT]]:
        seed = os.environ.get("SACREBLEU_SEED", "12345")
        generator = np.random.default_rng(None if seed.lower() == "none" else int(seed))
        indices = generator.choice(len(rows), size=(samples, len(rows)), replace=True)
        held = np.array(rows, dtype="float32")  # as sacreBLEU holds them
        scores = [self._compute_score_from_stats(drawn.sum(0)) for drawn in held[indices]]
        return seed.lower(), scores

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> ScoreT:
        """One segment's score against its references."""
        self._check_sentence_arguments(hypothesis, references)
        return self._score([hypothesis], self._cache([[ref] for ref in references]))

    @abstractmethod
    def get_signature(self) -> Signature:
        """The signature; its number of references is known once a score was made."""

    def _check_sentence_arguments(self, hypothesis: object, references: object) -> None:
        message = None
        if not isinstance(hypothesis, str):
            message = "The argument `hyp` should be a string."
        elif isinstance(references, str) or not isinstance(references, Sequence):
            message = "The argument `refs` should be a sequence of strings."
        elif references and not isinstance(references[0], str) and references[0] is not None:
            message = "Each element of `refs` should be a string."
        if message:
            raise TypeError(f"{type(self).__name__}: {message}")

    def _check_corpus_arguments(self, hypotheses: object, references: object) -> None:
        message = None
        if isinstance(hypotheses, str) or not isinstance(hypotheses, Sequence):
            message = "`hyps` should be a sequence of strings."
        elif hypotheses and not isinstance(hypotheses[0], str):
            message = "Each element of `hyps` should be a string."
        elif any(line is None for line in hypotheses):
            message = "Undefined line in hypotheses stream!"
        if references is not None:
            if isinstance(references, str) or not isinstance(references, Sequence):
                message = "`refs` should be a sequence of sequence of strings."
            elif references and (
                isinstance(references[0], str) or not isinstance(references[0], Sequence)
            ):
                message = "Each element of `refs` should be a sequence of strings."
            elif (
                references
                and references[0]
                and not isinstance(references[0][0], str)
                and references[0][0] is not None
            ):
                message = "`refs` should be a sequence of sequence of strings."
        if message:
            raise TypeError(f"{type(self).__name__}: {message}")


def _per_segment(references: References) -> list[list[str]]:
    lengths = {len(stream) for stream in references}
    if len(lengths) > 1:
        stream_lengths = ", ".join(str(len(stream)) for stream in references)
        violation = Violation(
            code="stream_length_mismatch",
            pointer="/references",
            message=f"expected reference streams of one length, got lengths {stream_lengths}",
        )
        raise InputError([violation])
    return [[text for text in refs if text is not None] for refs in zip(*references, strict=True)]


def _length_mismatch(hypotheses: int, references: int) -> InputError:
    violation = Violation(
        code="stream_length_mismatch",
        pointer="/references",
        message=(
            f"expected reference streams of {hypotheses} lines (one per hypothesis), "
            f"got {references}"
        ),
    )
    return InputError([violation])
