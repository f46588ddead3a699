"""BLEU in ``mtcompute score``, with sacreBLEU's defaults: each line tokenized as sacreBLEU's
``--tokenize`` (13a unless told) after ``--lowercase``, then corpus BLEU (``bleu-corpus-compute``)
smoothed as ``--smooth-method`` says (exp unless told), or at sentence level sentence BLEU
(``bleu-sentence-compute``) with effective order.

Smoothing changes a corpus score only when an order has no match: then the score is sacreBLEU's
``compute_bleu`` on the summed statistics, as ``metrics.sentence.sentence_score`` evaluates it
without effective order, and the result object is that score's.
"""

from collections.abc import Iterator, Sequence
from typing import Any

from mtcompute import api
from mtcompute.errors import InputError, Violation
from mtcompute.fast.bleu.text import corpus_statistics_from_streams, sentence_lines
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult, BleuStatistics, score
from mtcompute.metrics.smoothing import ADD_K, EXP, NONE, SMOOTHING_METHODS, Smoothing
from mtcompute.metrics.tokenizers import (
    ALL_TOKENIZER_NAMES,
    DEFAULT_TOKENIZER,
    tokenizer_model_sha256,
)
from mtcompute.scoring import signature
from mtcompute.scoring.metric import Option, ScoringMetric, Streams, Texts, per_segment
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

# The tools' id@version in the signature.
CORPUS_TOOL = "bleu-corpus-compute@1.0.0"
SENTENCE_TOOL = "bleu-sentence-compute@1.0.0"
NAME = "BLEU"  # sacreBLEU's name of the score, on every line
SENTENCE_MAX_ORDER = 8  # the sentence tool's largest order (a test holds it to the contract's)


@register
class Bleu(ScoringMetric):
    name = "bleu"
    resampled = ("bleu",)
    options = (
        Option(
            "tokenize",
            ("-tok", "--tokenize"),
            f"BLEU's tokenizer, as sacreBLEU's: {', '.join(ALL_TOKENIZER_NAMES)} (none splits at "
            "whitespace only).  [default: 13a; with -l, zh, ja-mecab or ko-mecab for those "
            "targets]",
            metavar="NAME",
        ),
        Option(
            "lowercase",
            ("-lc", "--lowercase"),
            "Lowercase every line before BLEU tokenizes it.",
            False,
            is_flag=True,
        ),
        Option(
            "smoothing",
            ("-s", "--smooth-method", "--smoothing"),
            "BLEU's smoothing, as sacreBLEU's: exp changes a corpus score only where an order "
            "has no match; none is bleu-corpus-compute's number.",
            EXP,
            choices=SMOOTHING_METHODS,
        ),
        Option(
            "smoothing_value",
            ("-sv", "--smooth-value", "--smoothing-value"),
            "floor's epsilon (0.1 if left out) or add-k's k (1 if left out).",
            type=float,
            metavar="VALUE",
        ),
        Option(
            "max_order", ("--max-order",), "BLEU's largest n-gram order.", DEFAULT_MAX_ORDER, int
        ),
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.tokenizer: str = self.settings["tokenize"] or DEFAULT_TOKENIZER
        self.lowercase: bool = self.settings["lowercase"]
        self.max_order: int = self.settings["max_order"]
        self.smoothing = _smoothing(self.settings["smoothing"], self.settings["smoothing_value"])
        # A SentencePiece tokenizer's model, named by its sha256 beside the tool's result.
        sha256 = tokenizer_model_sha256(self.tokenizer)
        self.model: dict[str, object] = {} if sha256 is None else {"model_sha256": sha256}

    def _tokens(self, texts: Sequence[str]) -> list[list[str]]:
        return api.tokenize(list(texts), tokenizer=self.tokenizer, lowercase=self.lowercase)

    def _segments(
        self, hypotheses: Texts, references: Streams
    ) -> tuple[list[list[str]], list[list[list[str]]]]:
        hypothesis_tokens = self._tokens(hypotheses)
        per_text = [self._tokens(refs) for refs in per_segment(references)]
        return hypothesis_tokens, per_text

    def statistics(self, hypotheses: Texts, references: Streams) -> BleuStatistics:
        """Tokenized and counted in one compiled pass where it was built; what it refuses (an
        order out of the contract's range) goes through the tool, which says why."""
        try:
            return corpus_statistics_from_streams(
                hypotheses,
                references,
                tokenizer=self.tokenizer,
                lowercase=self.lowercase,
                max_order=self.max_order,
            )
        except ValueError:
            hypothesis_tokens, reference_tokens = self._segments(hypotheses, references)
            result = api.corpus_bleu(hypothesis_tokens, reference_tokens, max_order=self.max_order)
            return _statistics(result)

    def from_statistics(self, statistics: BleuStatistics, nrefs: int) -> Scored:
        result = score(statistics)
        sign = self.signature(nrefs)
        if not _changes_the_score(self.smoothing, result):
            details = result.to_dict() | self.model
            return Scored(result.name, result.score, sign, result.verbose_score, details)
        from mtcompute.metrics.sentence import sentence_score  # noqa: PLC0415 (rarely needed)

        smoothed = sentence_score(_statistics(result), self.smoothing, use_effective_order=False)
        verbose = smoothed.verbose_score
        return Scored(smoothed.name, smoothed.score, sign, verbose, smoothed.to_dict() | self.model)

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        """Each segment's ``sentence_bleu``, without the library's checks of each call: the
        texts are lines read as UTF-8, tokenized in one compiled call per stream. An order
        out of the tool's range goes through the library, which says why."""
        sign = self.signature(len(references))
        if not 1 <= self.max_order <= SENTENCE_MAX_ORDER:
            yield from self._checked_sentences(hypotheses, references, first_line)
            return
        from mtcompute.fast.bleu.sentence import segment_statistics_fast  # noqa: PLC0415
        from mtcompute.fast.bleu.sentence_score import sentence_score_fast  # noqa: PLC0415

        hypothesis_tokens = tokenize_many(hypotheses, self.tokenizer, self.lowercase)
        streams = [tokenize_many(stream, self.tokenizer, self.lowercase) for stream in references]
        segments = zip(hypothesis_tokens, zip(*streams, strict=True), strict=True)
        for line, (hypothesis, refs) in enumerate(segments, start=first_line):
            stats = segment_statistics_fast(hypothesis, refs, self.max_order)
            result = sentence_score_fast(stats, self.smoothing)
            details = result.to_dict() | self.model
            yield Scored(result.name, result.score, sign, result.verbose_score, details, line)

    def sentence_lines(
        self,
        hypotheses: Texts,
        references: Streams,
        signature: str,
        decimals: int,
        score_only: bool,
    ) -> list[str] | None:
        """The text lines of ``sentences``' scores, tokenized, counted, scored and written in one
        compiled pass over the chunk where it was built; None where it was not."""
        if not 1 <= self.max_order <= SENTENCE_MAX_ORDER:
            return None
        return sentence_lines(
            hypotheses,
            references,
            tokenizer=self.tokenizer,
            lowercase=self.lowercase,
            max_order=self.max_order,
            smoothing=self.smoothing,
            head="" if score_only else f"{NAME}|{signature} = ",
            decimals=decimals,
            verbose=not score_only,
        )

    def _checked_sentences(
        self, hypotheses: Texts, references: Streams, first_line: int
    ) -> Iterator[Scored]:
        sign = self.signature(len(references))
        hypothesis_tokens, reference_tokens = self._segments(hypotheses, references)
        segments = zip(hypothesis_tokens, reference_tokens, strict=True)
        for line, (hypothesis, refs) in enumerate(segments, start=first_line):
            result = api.sentence_bleu(
                hypothesis,
                refs,
                max_order=self.max_order,
                smoothing=self.smoothing.method,
                smoothing_value=self.smoothing.value,
            )
            verbose = result.verbose_score
            details = result.to_dict() | self.model
            yield Scored(result.name, result.score, sign, verbose, details, line)

    def resampling_options(self) -> dict[str, Any]:
        return {
            "tokenizer": self.tokenizer,
            "lowercase": self.lowercase,
            "smoothing": self.smoothing.method,
            "smoothing_value": self.smoothing.value,
            "max_order": self.max_order,
        }

    def signature(self, nrefs: int) -> str:
        tool = SENTENCE_TOOL if self.sentence_level else CORPUS_TOOL
        return signature.bleu_signature(
            nrefs,
            max_order=self.max_order,
            lowercase=self.lowercase,
            effective_order=self.sentence_level,
            tokenizer=self.tokenizer,
            smoothing=self.smoothing,
            tool=tool,
        )


def _changes_the_score(smoothing: Smoothing, result: BleuResult) -> bool:
    """Whether smoothing gives another corpus score than the tool's: add-k always does (it adds
    k to every order above the first), floor and exp only where an order has no match."""
    if smoothing.method == NONE:
        return False
    return smoothing.method == ADD_K or not all(result.matches)


def _smoothing(method: str, value: float | None) -> Smoothing:
    try:
        return Smoothing.of(method, value)
    except ValueError:  # a value for a method that takes none
        message = f"expected no --smooth-value with smoothing '{method}', got {value}"
        violation = Violation(code="smoothing_takes_no_value", pointer="", message=message)
        raise InputError([violation]) from None


def _statistics(result: BleuResult) -> BleuStatistics:
    return BleuStatistics(
        result.matches, result.totals, result.candidate_length, result.reference_length
    )
