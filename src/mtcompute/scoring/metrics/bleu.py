"""BLEU in ``mtcompute score``: corpus BLEU (``bleu-corpus-compute``) or, at sentence level,
sentence BLEU (``bleu-sentence-compute``) of each line's whitespace tokens."""

from collections.abc import Iterator

from mtcompute import api
from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import bleu_sentence_compute_1_0_0 as bleu_sentence
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.smoothing import SMOOTHING_METHODS
from mtcompute.scoring import signature
from mtcompute.scoring.metric import (
    Option,
    ScoringMetric,
    Streams,
    Texts,
    per_segment,
    tool_name,
)
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.textfiles import tokens

NO_SMOOTHING = "none"


@register
class Bleu(ScoringMetric):
    name = "bleu"
    options = (
        Option(
            "max_order", ("--max-order",), "BLEU's largest n-gram order.", DEFAULT_MAX_ORDER, int
        ),
        Option(
            "smoothing",
            ("--smoothing",),
            "Sentence BLEU's smoothing (with --sentence-level; corpus BLEU is unsmoothed).",
            NO_SMOOTHING,
            choices=SMOOTHING_METHODS,
        ),
        Option(
            "smoothing_value",
            ("--smoothing-value",),
            "floor's epsilon (0.1 if left out) or add-k's k (1 if left out).",
            type=float,
            metavar="VALUE",
        ),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.max_order: int = self.settings["max_order"]
        self.smoothing: str = self.settings["smoothing"]
        self.smoothing_value: float | None = self.settings["smoothing_value"]
        if self.smoothing != NO_SMOOTHING and not self.sentence_level:
            self._refuse_corpus_smoothing()

    def _refuse_corpus_smoothing(self) -> None:
        """Corpus BLEU is unsmoothed by its contract: smoothing is for sentence level only."""
        message = (
            f"corpus BLEU ({tool_name(bleu_corpus.TOOL.contract)}) has no smoothing, got"
            f" smoothing '{self.smoothing}': drop it, or score each segment with --sentence-level"
        )
        raise InputError(
            [Violation(code="smoothing_needs_sentence_level", pointer="", message=message)]
        )

    def corpus(self, hypotheses: Texts, references: Streams) -> Scored:
        hypothesis_tokens = [tokens(line) for line in hypotheses]
        reference_tokens = [[tokens(line) for line in refs] for refs in per_segment(references)]
        result = api.corpus_bleu(hypothesis_tokens, reference_tokens, max_order=self.max_order)
        sign = self.signature(len(references))
        return Scored(result.name, result.score, sign, result.verbose_score, result.to_dict())

    def sentences(self, hypotheses: Texts, references: Streams) -> Iterator[Scored]:
        sign = self.signature(len(references))
        segments = zip(hypotheses, per_segment(references), strict=True)
        for line, (hypothesis, refs) in enumerate(segments, start=1):
            result = api.sentence_bleu(
                tokens(hypothesis),
                [tokens(reference) for reference in refs],
                max_order=self.max_order,
                smoothing=self.smoothing,
                smoothing_value=self.smoothing_value,
            )
            verbose = result.verbose_score
            yield Scored(result.name, result.score, sign, verbose, result.to_dict(), line)

    def signature(self, nrefs: int) -> str:
        if not self.sentence_level:
            tool = tool_name(bleu_corpus.TOOL.contract)
            return signature.bleu_signature(nrefs, self.max_order, tool)
        return signature.sentence_bleu_signature(
            nrefs,
            self.max_order,
            self.smoothing,
            self.smoothing_value,
            tool_name(bleu_sentence.TOOL.contract),
        )
