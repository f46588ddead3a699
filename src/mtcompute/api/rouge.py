"""ROUGE as a typed function, by the rules of ``rouge-compute`` without its size limits."""

from collections.abc import Sequence
from functools import partial

from mtcompute.api.parsing import TextList, given, parsed
from mtcompute.contracts import rouge_compute_1_0_0 as rouge_tool
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.mistakes import text_corpus_hints
from mtcompute.metrics.rouge.result import RougeResult
from mtcompute.metrics.rouge.types import DEFAULT_TYPES

_ROUGE = rouge_tool.parser(UNLIMITED)


def rouge(
    hypotheses: TextList,
    references: Sequence[TextList],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
    decimals: int | None = None,
) -> RougeResult:
    """ROUGE of texts by the rules of ``rouge-compute``, without its size limits: every
    precision, recall and F-measure bit for bit google-research rouge-score 0.1.2's
    ``RougeScorer(rouge_types, use_stemmer).score_multi(references[i], hypotheses[i])``.

    ``result.segments[i][type]`` has ``.precision``, ``.recall`` and ``.fmeasure``;
    ``result.means[type]`` the same averaged over the segments; ``result.to_dict()`` is the
    tool's answer. ``hypotheses[i]`` is the text of segment i and ``references[i]`` its reference
    texts (at least one); rougeLsum splits texts into sentences at newlines. ``tokenizer``
    ``"unicode"`` is mtcompute's Unicode tokenizer, version 1, for any script (not
    rouge-score's). Raises ``InputError`` listing every violation.
    """
    raw = given(
        hypotheses=hypotheses,
        references=references,
        rouge_types=list(rouge_types) if isinstance(rouge_types, tuple) else rouge_types,
        use_stemmer=use_stemmer,
        tokenizer=tokenizer,
        decimals=decimals,
    )
    hints = partial(text_corpus_hints, hypotheses, references)
    request = parsed(_ROUGE, raw, hints)
    return rouge_tool.score_request(request)
