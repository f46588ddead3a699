"""The contract of ``bleu-pairwise-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.contracts import bleu_sentence_compute_1_0_0 as sentence_tool
from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import pairwise as pairwise_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.pairwise import MATRIX_NOTE, matrix_bytes
from mtcompute.contracts.inputs.sentence import MAX_ORDER
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import Rule
from mtcompute.contracts.validation.tokens import TokenLists
from mtcompute.fast.pairwise import pairwise_bleu_matrix
from mtcompute.fast.pairwise.jobs import Floats
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.smoothing import DEFAULT_SMOOTHING, SMOOTHING_METHODS, Smoothing

LIMITS = Limits(
    max_hypotheses=pairwise_input.MAX_SIDE,
    max_references=pairwise_input.MAX_SIDE,
    max_cells=pairwise_input.MAX_CELLS,
    max_total_tokens=50_000,
    max_token_bytes=128,
    max_total_token_bytes=1_048_576,
)

# smoothing, smoothing_value and effective_order as bleu-sentence-compute has them.
OPTIONS = {
    "max_order": fields.integer(1, MAX_ORDER, "Largest n-gram order N.", DEFAULT_MAX_ORDER),
    "smoothing": sentence_tool.OPTIONS["smoothing"],
    "smoothing_value": sentence_tool.OPTIONS["smoothing_value"],
    "effective_order": sentence_tool.OPTIONS["effective_order"],
    "decimals": fields.decimals("every score and expected utility"),
}
SMOOTHING_VALUE = sentence_tool.SMOOTHING_VALUE


@dataclass(frozen=True)
class BleuPairwiseOptions:
    max_order: int
    smoothing: Smoothing  # with its value, the method's default when left out
    effective_order: bool


@dataclass(frozen=True)
class BleuPairwiseRequest:
    hypotheses: Sequence[Sequence[str]]
    references: Sequence[Sequence[str]]
    options: BleuPairwiseOptions
    decimals: int | None


def options_of(checked: Checked) -> BleuPairwiseOptions:
    value = checked.get("smoothing_value", None)
    return BleuPairwiseOptions(
        max_order=int(checked.get("max_order", DEFAULT_MAX_ORDER)),
        smoothing=Smoothing.of(
            checked.get("smoothing", DEFAULT_SMOOTHING), None if value is None else float(value)
        ),
        effective_order=checked.get("effective_order", True),
    )


def token_lists(limits: Limits, paths: Sequence[Path]) -> TokenLists:
    """The token rule over the arrays of token lists at ``paths``; the kernel reads strings."""
    return TokenLists(
        paths,
        limits.max_token_bytes,
        limits.max_total_tokens,
        limits.max_total_token_bytes,
        makes_buffer=False,
    )


def parser(limits: Limits) -> RequestParser[BleuPairwiseRequest]:
    """The request parser under ``limits``."""
    schema = pairwise_input.input_schema(fields.token_list(limits.max_token_bytes), limits, OPTIONS)

    def build(checked: Checked) -> BleuPairwiseRequest:
        return BleuPairwiseRequest(
            hypotheses=checked.raw["hypotheses"],
            references=checked.raw["references"],
            options=options_of(checked),
            decimals=decimals_of(checked),
        )

    rules: list[Rule[object]] = [
        pairwise_input.cells(limits),
        token_lists(limits, pairwise_input.ITEMS),
        SMOOTHING_VALUE,
    ]
    return RequestParser(schema, rules, build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        **pairwise_input.OUTPUT_PROPERTIES,
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "smoothing": {"type": "string", "enum": list(SMOOTHING_METHODS)},
        "smoothing_value": {"type": ["number", "null"], "description": "The epsilon or k used."},
        "effective_order": {"type": "boolean"},
    }
)

_SAMPLES = [
    ["the", "cat", "sat", "on", "the", "mat"],
    ["the", "cat", "sat", "on", "a", "mat"],
    ["a", "cat", "was", "on", "a", "mat"],
]

EXAMPLES = (
    Example(
        title=(
            "MBR over three tokenized samples, each scored against all three: a sample against "
            "itself scores 1, and sample 1, the closest to both others, has the largest "
            "expected utility. scores[0][1] is bleu-sentence-compute's bleu of sample 0 "
            "against sample 1 alone."
        ),
        input={"hypotheses": _SAMPLES, "references": _SAMPLES},
        result={
            "scores": [
                [1, 0.537284965911771, 0.10682175159905853],
                [0.537284965911771, 1, 0.32466791547509893],
                [0.10682175159905853, 0.32466791547509893, 1],
            ],
            "expected_utility": [0.5480355725036099, 0.62065096046229, 0.4771632223580525],
            "best_index": 1,
            "max_order": 4,
            "smoothing": "exp",
            "smoothing_value": None,
            "effective_order": True,
        },
    ),
)

CONTRACT = Contract(
    id="bleu-pairwise-compute",
    version="1.0.0",
    title="Bleu pairwise compute",
    summary=(
        "Compute the pairwise sentence BLEU matrix of tokenized hypotheses against references, "
        "each hypothesis's expected utility and the minimum Bayes risk choice."
    ),
    use_when=(
        "a pairwise BLEU matrix of samples against pseudo-references",
        "MBR decoding by sentence BLEU",
        "reranking candidate translations by BLEU consensus",
    ),
    supported=(
        "pairwise sentence BLEU matrices: every hypothesis against every reference",
        "MBR decoding: expected utility per hypothesis and the best hypothesis",
        "each cell equal to bleu-sentence-compute on that one pair",
        "smoothing none, floor (method 1), add-k (method 2 for k = 1) or exp (method 3)",
        "effective order, as sacreBLEU's sentence_bleu, or every order",
        "以 BLEU 为效用的最小贝叶斯风险解码",
    ),
    not_supported=(
        "tokenizing raw text; tokens must be supplied",
        "several references per cell (a cell scores one hypothesis against one reference)",
        "utilities other than sentence BLEU: use chrf-pairwise-compute for chrF",
        "weighted or sampled expected utility, excluding the diagonal, other aggregations",
        "several sources in one request (the Python library's pairwise_bleu_batch has them)",
    ),
    behavior=(
        (
            "hypotheses (n token lists) and references (m token lists) are flat arrays; the "
            "same list may be given as both, as MBR decoding does with its samples. A token "
            "list may be empty. Tokens are compared by exact string equality: no case folding, "
            "no Unicode normalization, no trimming."
        ),
        (
            "scores[i][j] is the sentence BLEU of hypothesis i against reference j alone: bit "
            "for bit bleu of bleu-sentence-compute@1.0.0 with hypothesis hypotheses[i], "
            "references [references[j]] and the same max_order, smoothing, smoothing_value and "
            "effective_order. That page defines the counts, the smoothing methods, the "
            "effective order and the score, in fdlibm's ln and exp."
        ),
        (
            "smoothing_value is ε with floor (1e-10 to 1, default 0.1) and k with add-k (1e-10 "
            "to 100, default 1), and an input error with none or exp; it is echoed unrounded, "
            "null with none and exp."
        ),
        (
            "expected_utility[i] is the mean of row i in IEEE-754 doubles: s = 0, then s = s + "
            "scores[i][j] for j = 0..m-1 in order, one addition at a time, then s / m. "
            "best_index is the first i with the largest expected_utility[i]."
        ),
        (
            "decimals (0-15) rounds every score and every expected utility with "
            "Number.prototype.toFixed (nearest, computed on the exact binary value), after "
            "the expected utilities and best_index were computed from the unrounded scores; "
            "omitted means full IEEE-754 double precision."
        ),
        (
            "Scores are on the 0-1 scale; sacreBLEU's `sentence_score` on the space-joined "
            "tokens agrees as bleu-sentence-compute's page states (not bit for bit: sacreBLEU "
            "uses the platform's libm)."
        ),
        (
            "Size: n and m are each at most 1,024 and n * m at most 262,144 (512 x 512, or "
            "1,024 x 256), since the answer holds n * m numbers, about 20 bytes each in JSON at "
            "full precision. Each token list's n-grams are counted once (n + m countings); a "
            "cell costs the comparison of two lists' counts. The costliest valid request "
            "measured, 512 x 512 or 1,024 x 256 token lists sharing a 60-word vocabulary "
            "(50,000 tokens in all) with max_order 8, took under 0.4 s on two cores, in process "
            "or over HTTP, and answered up to 5.7 MB (MCP carries it twice, as structured "
            "content and as text). Those times are the compiled kernel's; a package built "
            "without a C compiler computes the same doubles in Python, tens of times slower."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def scores_of(request: BleuPairwiseRequest) -> Floats:
    """The (n, m) float64 sentence BLEU matrix of a validated request."""
    options = request.options
    return pairwise_bleu_matrix(
        request.hypotheses,
        request.references,
        options.max_order,
        smoothing=options.smoothing,
        use_effective_order=options.effective_order,
    )


def run(request: BleuPairwiseRequest) -> JsonObject:
    options = request.options
    return {
        **pairwise_input.matrix_result(scores_of(request), request.decimals),
        "max_order": options.max_order,
        "smoothing": options.smoothing.method,
        "smoothing_value": options.smoothing.value,
        "effective_order": options.effective_order,
    }


TOOL = Tool(CONTRACT, PARSER, run, answer_bytes=matrix_bytes, answer_note=MATRIX_NOTE)
