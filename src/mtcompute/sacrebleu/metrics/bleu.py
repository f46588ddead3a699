"""sacreBLEU 2.6's ``BLEU`` class: its constructor's arguments and defaults, ``corpus_score``,
``sentence_score``, ``compute_bleu`` and ``get_signature``.

Texts are tokenized by mtcompute's tokenizers (every one of sacreBLEU's, the multilingual ones
where their extras are installed) and counted by its kernels; the score is made from the integer
statistics by sacreBLEU's formula with the platform's ``math.log`` and ``math.exp`` and Python's
``sum``, as sacreBLEU makes it, so the numbers are sacreBLEU's to the bit on the same Python.
``references`` given to the constructor are tokenized once and reused by every ``corpus_score``
called without references.
"""

import math
from collections.abc import Sequence
from typing import Any, ClassVar

from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.fast.bleu.text import corpus_statistics_from_streams
from mtcompute.fast.resampling.statistics import bleu_rows
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuStatistics
from mtcompute.metrics.tokenizers import (
    DEFAULT_TOKENIZER,
    default_tokenizer,
    tokenizer_signature,
)
from mtcompute.sacrebleu.metrics.base import Metric, References, Score, Signature
from mtcompute.sacrebleu.streams import per_segment

Tokens = list[str]


class BLEUScore(Score):
    """sacreBLEU's: ``score``, ``counts`` and ``totals`` per order (add-k's adjusted), the
    ``precisions`` (0-100), ``bp``, ``sys_len``, ``ref_len``, ``ratio`` and ``prec_str``."""

    def __init__(
        self,
        score: float,
        counts: list[Any],
        totals: list[Any],
        precisions: list[float],
        bp: float,
        sys_len: int,
        ref_len: int,
    ) -> None:
        super().__init__("BLEU", score)
        self.bp = bp
        self.counts = counts
        self.totals = totals
        self.sys_len = sys_len
        self.ref_len = ref_len
        self.precisions = precisions
        self.prec_str = "/".join(f"{p:.1f}" for p in precisions)
        self.ratio = sys_len / ref_len if ref_len else 0
        self._verbose = (
            f"{self.prec_str} (BP = {bp:.3f} ratio = {self.ratio:.3f} hyp_len = {sys_len:d} "
            f"ref_len = {ref_len:d})"
        )


class BLEUSignature(Signature):
    """nrefs, case, eff, tok (the tokenizer's, as ``ja-mecab-0.996-IPA``) and smooth."""

    def __init__(self, metric: "BLEU") -> None:
        super().__init__(metric)
        self._abbr.update({"case": "c", "eff": "e", "tok": "tok", "smooth": "s"})
        smooth = metric.smooth_method
        default = BLEU.SMOOTH_DEFAULTS[smooth]
        if default is not None:
            value = default if metric.smooth_value is None else metric.smooth_value
            smooth += f"[{value:.2f}]"
        self.info.update(
            {
                "case": "lc" if metric.lowercase else "mixed",
                "eff": "yes" if metric.effective_order else "no",
                "tok": metric.tokenizer_signature,
                "smooth": smooth,
            }
        )


class BLEU(Metric[BLEUScore]):
    """BLEU as sacreBLEU's ``BLEU(lowercase, force, tokenize, smooth_method, smooth_value,
    max_ngram_order, effective_order, trg_lang, references)``: ``tokenize`` None picks the
    target language's (``zh``, ``ja-mecab``, ``ko-mecab``, else ``13a``); ``force`` changes
    nothing (there is no warning to silence)."""

    SMOOTH_DEFAULTS: ClassVar[dict[str, float | None]] = {
        "none": None,
        "floor": 0.1,
        "add-k": 1,
        "exp": None,
    }
    TOKENIZER_DEFAULT = DEFAULT_TOKENIZER

    def __init__(
        self,
        lowercase: bool = False,
        force: bool = False,
        tokenize: str | None = None,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int = DEFAULT_MAX_ORDER,
        effective_order: bool = False,
        trg_lang: str = "",
        references: References | None = None,
    ) -> None:
        super().__init__()
        self._force = force
        self.trg_lang = trg_lang
        self.lowercase = lowercase
        self.smooth_value = smooth_value
        self.smooth_method = smooth_method
        self.max_ngram_order = max_ngram_order
        self.effective_order = effective_order
        if smooth_method not in self.SMOOTH_DEFAULTS:
            known = ", ".join(self.SMOOTH_DEFAULTS)
            raise ValueError(f"Unknown smooth_method {smooth_method!r}: expected one of {known}")
        if tokenize is None:
            tokenize = default_tokenizer(trg_lang)
        self.tokenize = tokenize
        # An unknown name, a missing package or model: said now.
        self.tokenizer_signature = tokenizer_signature(tokenize)
        if references is not None:
            self._cached = self._cache(references)

    def _tokens(self, texts: Sequence[str]) -> list[Tokens]:
        return tokenize_many(texts, self.tokenize, self.lowercase)

    def _prepare_references(self, segments: list[list[str]]) -> list[Any]:
        flat = self._tokens([text for refs in segments for text in refs])
        prepared, start = [], 0
        for refs in segments:
            prepared.append(flat[start : start + len(refs)])
            start += len(refs)
        return prepared

    def _score(self, hypotheses: Sequence[str], prepared: list[Any]) -> BLEUScore:
        stats = corpus_statistics_fast(self._tokens(hypotheses), prepared, self.max_ngram_order)
        return self._from_statistics(stats)

    def _from_statistics(self, stats: BleuStatistics) -> BLEUScore:
        return self.compute_bleu(
            list(stats.matches),
            list(stats.totals),
            stats.candidate_length,
            stats.reference_length,
            smooth_method=self.smooth_method,
            smooth_value=self.smooth_value,
            effective_order=self.effective_order,
            max_ngram_order=self.max_ngram_order,
        )

    def _segment_rows(self, hypotheses: Sequence[str], prepared: list[Any]) -> list[list[float]]:
        rows = bleu_rows([self._tokens(hypotheses)], prepared, self.max_ngram_order)[0]
        return [list(row) for row in rows]

    def _compute_score_from_stats(self, stats: Any) -> BLEUScore:
        order = self.max_ngram_order
        return self.compute_bleu(
            stats[2 : 2 + order],
            stats[2 + order :],
            int(stats[0]),
            int(stats[1]),
            smooth_method=self.smooth_method,
            smooth_value=self.smooth_value,
            effective_order=self.effective_order,
            max_ngram_order=order,
        )

    @staticmethod
    def compute_bleu(
        correct: list[Any],
        total: list[Any],
        sys_len: int,
        ref_len: int,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = DEFAULT_MAX_ORDER,
    ) -> BLEUScore:
        """sacreBLEU's ``BLEU.compute_bleu``: the score of summed statistics, smoothed (add-k
        adds its value to ``correct`` and ``total`` of the orders above the first, in place)."""
        if smooth_method not in BLEU.SMOOTH_DEFAULTS:
            raise ValueError(f"Unknown smooth_method {smooth_method!r}")
        if smooth_value is None:
            smooth_value = BLEU.SMOOTH_DEFAULTS[smooth_method]
        bp = 1.0
        if sys_len < ref_len:
            bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
        precisions = [0.0] * max_ngram_order
        if not any(correct):
            return BLEUScore(0.0, correct, total, precisions, bp, sys_len, ref_len)
        smooth_mteval = 1.0
        eff_order = max_ngram_order
        value: float = 0.0 if smooth_value is None else smooth_value
        for n in range(1, len(precisions) + 1):
            if smooth_method == "add-k" and n > 1:
                correct[n - 1] += value
                total[n - 1] += value
            if total[n - 1] == 0:
                break
            if effective_order:
                eff_order = n
            if correct[n - 1] == 0:
                if smooth_method == "exp":
                    smooth_mteval *= 2
                    precisions[n - 1] = 100.0 / (smooth_mteval * total[n - 1])
                elif smooth_method == "floor":
                    precisions[n - 1] = 100.0 * value / total[n - 1]
            else:
                precisions[n - 1] = 100.0 * correct[n - 1] / total[n - 1]
        # Python's sum and the platform's libm, as sacreBLEU evaluates it.
        logs = sum([_log(p) for p in precisions[:eff_order]])
        score = bp * math.exp(logs / eff_order)
        return BLEUScore(score, correct, total, precisions, bp, sys_len, ref_len)

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: References | None,
        n_bootstrap: int = 1,
    ) -> BLEUScore:
        if references and n_bootstrap <= 1:  # tokenized and counted in one compiled pass
            self._check_corpus_arguments(hypotheses, references)
            self._count_references(per_segment(hypotheses, references))
            stats = corpus_statistics_from_streams(
                hypotheses,
                references,
                tokenizer=self.tokenize,
                lowercase=self.lowercase,
                max_order=self.max_ngram_order,
            )
            return self._from_statistics(stats)
        return super().corpus_score(hypotheses, references, n_bootstrap)

    def get_signature(self) -> BLEUSignature:
        return BLEUSignature(self)


def _log(number: float) -> float:
    # sacreBLEU's my_log: a precision of 0 counts as a very small number.
    return -9999999999 if number == 0.0 else math.log(number)
