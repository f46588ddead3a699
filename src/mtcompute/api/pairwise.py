"""Pairwise score matrices for minimum Bayes risk (MBR) decoding and reranking, and the MBR
choice, as typed functions: each applies its tool's rules (``chrf-pairwise-compute``,
``bleu-pairwise-compute``) without their size limits, and raises ``InputError`` listing every
violation. The batch forms take several sources' lists in one call, their matrices shared among
the threads."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

import numpy as np
from numpy.typing import ArrayLike

from mtcompute.api.parsing import TextList, TokenList, given
from mtcompute.contracts import bleu_pairwise_compute_1_0_0 as bleu_tool
from mtcompute.contracts import chrf_pairwise_compute_1_0_0 as chrf_tool
from mtcompute.contracts import fields
from mtcompute.contracts.inputs import pairwise as pairwise_input
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.validation.cells import SameRowLengths
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.rules import Rule
from mtcompute.fast import pairwise as fast
from mtcompute.fast.pairwise.jobs import Floats
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER
from mtcompute.metrics.pairwise import MbrSelection
from mtcompute.metrics.smoothing import DEFAULT_SMOOTHING

Options = TypeVar("Options")


class _Sets(NamedTuple, Generic[Options]):
    """Several sources' hypotheses and references, each source a matrix, and the options."""

    hypothesis_sets: Sequence[Sequence[Any]]
    reference_sets: Sequence[Sequence[Any]]
    options: Options


def _sets_parser(
    item: Mapping[str, Any],
    options: Mapping[str, Any],
    rules: Sequence[Rule[object]],
    options_of: Callable[[Checked], Options],
) -> RequestParser[_Sets[Options]]:
    """The batch form's parser: the tool's items, options (but decimals) and rules."""
    library_options = {name: schema for name, schema in options.items() if name != "decimals"}

    def build(checked: Checked) -> _Sets[Options]:
        raw = checked.raw
        return _Sets(raw["hypothesis_sets"], raw["reference_sets"], options_of(checked))

    schema = pairwise_input.sets_schema(item, library_options)
    return RequestParser(schema, [pairwise_input.SETS, *rules], build)


_CHRF = chrf_tool.parser(UNLIMITED)
_BLEU = bleu_tool.parser(UNLIMITED)
_CHRF_SETS = _sets_parser(
    fields.text(None),
    chrf_tool.OPTIONS,
    [chrf_tool.texts(UNLIMITED, pairwise_input.SET_ITEMS)],
    chrf_tool.options_of,
)
_BLEU_SETS = _sets_parser(
    fields.token_list(None),
    bleu_tool.OPTIONS,
    [bleu_tool.token_lists(UNLIMITED, pairwise_input.SET_ITEMS), bleu_tool.SMOOTHING_VALUE],
    bleu_tool.options_of,
)
_SCORES = RequestParser(
    fields.closed_object(
        {
            "scores": {
                "type": "array",
                "minItems": 1,
                "items": {"type": "array", "minItems": 1, "items": {"type": "number"}},
            }
        },
        ["scores"],
    ),
    [SameRowLengths("scores", "score", "scores")],
    lambda checked: checked.raw["scores"],
)


def pairwise_chrf(
    hypotheses: TextList,
    references: TextList,
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
) -> Floats:
    """The (n, m) float64 matrix whose [i, j] is the chrF (0-1 scale) of hypothesis i against
    reference j alone, by the rules of ``chrf-pairwise-compute`` without its size limits:
    bit for bit ``chrf([h_i], [[r_j]]).chrf``, chrF++ with word_order 1 or 2, and 100 times
    sacreBLEU's ``sentence_score(h_i, [r_j]).score``. Pass the same list twice for MBR over
    samples. Raises ``InputError`` listing every violation."""
    raw = given(
        hypotheses=hypotheses,
        references=references,
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        eps_smoothing=eps_smoothing,
        include_whitespace=include_whitespace,
    )
    return chrf_tool.scores_of(_CHRF.parse(raw))


def pairwise_chrf_batch(
    hypothesis_sets: Sequence[TextList],
    reference_sets: Sequence[TextList],
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
) -> list[Floats]:
    """``pairwise_chrf`` of several sources in one call: matrix k scores
    ``hypothesis_sets[k]`` against ``reference_sets[k]``. The sources' matrices are shared
    among the threads, which saves the per-call costs of many small matrices. Raises
    ``InputError`` listing every violation, pointed at ``/hypothesis_sets/k/i``."""
    raw = given(
        hypothesis_sets=hypothesis_sets,
        reference_sets=reference_sets,
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        eps_smoothing=eps_smoothing,
        include_whitespace=include_whitespace,
    )
    sets = _CHRF_SETS.parse(raw)
    return fast.pairwise_chrf_batch(sets.hypothesis_sets, sets.reference_sets, sets.options)


def pairwise_bleu(
    hypotheses: Sequence[TokenList],
    references: Sequence[TokenList],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    smoothing: str = DEFAULT_SMOOTHING,
    smoothing_value: float | None = None,
    effective_order: bool = True,
) -> Floats:
    """The (n, m) float64 matrix whose [i, j] is the sentence BLEU (0-1 scale) of token list
    hypothesis i against reference j alone, by the rules of ``bleu-pairwise-compute`` without
    its size limits: bit for bit ``sentence_bleu(h_i, [r_j], ...).bleu`` with the same options.
    Raises ``InputError`` listing every violation."""
    raw = given(
        hypotheses=hypotheses,
        references=references,
        max_order=max_order,
        smoothing=smoothing,
        smoothing_value=smoothing_value,
        effective_order=effective_order,
    )
    return bleu_tool.scores_of(_BLEU.parse(raw))


def pairwise_bleu_batch(
    hypothesis_sets: Sequence[Sequence[TokenList]],
    reference_sets: Sequence[Sequence[TokenList]],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    smoothing: str = DEFAULT_SMOOTHING,
    smoothing_value: float | None = None,
    effective_order: bool = True,
) -> list[Floats]:
    """``pairwise_bleu`` of several sources in one call: matrix k scores
    ``hypothesis_sets[k]`` against ``reference_sets[k]``. Raises ``InputError`` listing every
    violation, pointed at ``/hypothesis_sets/k/i``."""
    raw = given(
        hypothesis_sets=hypothesis_sets,
        reference_sets=reference_sets,
        max_order=max_order,
        smoothing=smoothing,
        smoothing_value=smoothing_value,
        effective_order=effective_order,
    )
    sets = _BLEU_SETS.parse(raw)
    options = sets.options
    return fast.pairwise_bleu_batch(
        sets.hypothesis_sets,
        sets.reference_sets,
        options.max_order,
        smoothing=options.smoothing,
        use_effective_order=options.effective_order,
    )


def mbr_select(scores: ArrayLike) -> MbrSelection:
    """The MBR choice from a score matrix (rows: hypotheses, columns: references), as the
    pairwise tools make it: each row's expected utility (its scores added left to right in
    reference order, then divided by m) and the first row with the largest.

    ``scores`` is a 2-D numpy array or nested lists of finite numbers, at least 1 x 1, of any
    utility (a higher score is better). Raises ``InputError`` pointing at ``/scores/i/j``.
    """
    return fast.mbr_select_matrix(_score_matrix(scores))


def _score_matrix(scores: ArrayLike) -> Floats:
    """A float64 copy-free view of a valid numeric matrix, checked in bulk; anything else is
    checked by the parser, whose errors point at the row or cell."""
    if isinstance(scores, np.ndarray) and scores.ndim == 2 and scores.dtype.kind in "fiu":
        matrix = scores.astype(np.float64, copy=False)
        if matrix.size and np.isfinite(matrix).all():
            return matrix
    raw = scores.tolist() if isinstance(scores, np.ndarray) else scores
    rows = _SCORES.parse({"scores": raw})
    return np.array(rows, dtype=np.float64)
