"""The contract of ``chrf-pairwise-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import pairwise as pairwise_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.pairwise import MATRIX_NOTE, matrix_bytes
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import Rule
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.pairwise import pairwise_chrf_matrix
from mtcompute.fast.pairwise.jobs import Floats
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER, ChrfOptions

LIMITS = Limits(
    max_hypotheses=pairwise_input.MAX_SIDE,
    max_references=pairwise_input.MAX_SIDE,
    max_cells=pairwise_input.MAX_CELLS,
    max_string_bytes=8192,
    max_total_string_bytes=1_048_576,
)

OPTIONS = {
    "char_order": fields.integer(1, 10, "Largest character n-gram order.", DEFAULT_CHAR_ORDER),
    "word_order": fields.integer(0, 2, "Largest word n-gram order: 0 is chrF, 1 or 2 chrF++.", 0),
    "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision.", DEFAULT_BETA),
    "eps_smoothing": fields.boolean(False, "Average per-order F-scores, as chrF++.py does."),
    "include_whitespace": fields.boolean(False, "Keep whitespace in character n-grams."),
    "decimals": fields.decimals("every score and expected utility"),
}


@dataclass(frozen=True)
class ChrfPairwiseRequest:
    hypotheses: Sequence[str]
    references: Sequence[str]
    options: ChrfOptions
    decimals: int | None


def options_of(checked: Checked) -> ChrfOptions:
    return ChrfOptions(
        char_order=int(checked.get("char_order", DEFAULT_CHAR_ORDER)),
        word_order=int(checked.get("word_order", 0)),
        beta=int(checked.get("beta", DEFAULT_BETA)),
        eps_smoothing=checked.get("eps_smoothing", False),
        include_whitespace=checked.get("include_whitespace", False),
    )


def texts(limits: Limits, paths: Sequence[Path]) -> Texts:
    """The text rule over the arrays of texts at ``paths``."""
    return Texts(paths, limits.max_string_bytes, limits.max_total_string_bytes)


def parser(limits: Limits) -> RequestParser[ChrfPairwiseRequest]:
    """The request parser under ``limits``."""
    schema = pairwise_input.input_schema(fields.text(limits.max_string_bytes), limits, OPTIONS)

    def build(checked: Checked) -> ChrfPairwiseRequest:
        return ChrfPairwiseRequest(
            hypotheses=checked.raw["hypotheses"],
            references=checked.raw["references"],
            options=options_of(checked),
            decimals=decimals_of(checked),
        )

    rules: list[Rule[object]] = [pairwise_input.cells(limits), texts(limits, pairwise_input.ITEMS)]
    return RequestParser(schema, rules, build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        **pairwise_input.OUTPUT_PROPERTIES,
        "char_order": {"type": "integer", "minimum": 1, "maximum": 10},
        "word_order": {"type": "integer", "minimum": 0, "maximum": 2},
        "beta": {"type": "integer", "minimum": 1, "maximum": 10},
        "eps_smoothing": {"type": "boolean"},
        "include_whitespace": {"type": "boolean"},
    }
)

_SAMPLES = ["The cat sat on the mat.", "The cat sat on a mat.", "A cat was on a mat."]

EXAMPLES = (
    Example(
        title=(
            "MBR over three samples, each scored against all three as pseudo-references: a "
            "text against itself scores 1, and sample 1, the closest to both others, has the "
            "largest expected utility. 100 * scores[0][1] = 71.42247563033848 is sacreBLEU's "
            "`CHRF().sentence_score` of sample 0 against sample 1."
        ),
        input={"hypotheses": _SAMPLES, "references": _SAMPLES},
        result={
            "scores": [
                [1, 0.7142247563033849, 0.2495379427842298],
                [0.6580034329335869, 1, 0.46108819864368095],
                [0.2129576694876254, 0.42054444988661743, 1],
            ],
            "expected_utility": [0.6545875663625383, 0.7063638771924227, 0.544500706458081],
            "best_index": 1,
            "char_order": 6,
            "word_order": 0,
            "beta": 2,
            "eps_smoothing": False,
            "include_whitespace": False,
        },
    ),
)

CONTRACT = Contract(
    id="chrf-pairwise-compute",
    version="1.0.0",
    title="Chrf pairwise compute",
    summary=(
        "Compute the pairwise chrF or chrF++ score matrix of hypotheses against references, "
        "each hypothesis's expected utility and the minimum Bayes risk (MBR) choice."
    ),
    use_when=(
        "minimum Bayes risk (MBR) decoding by chrF",
        "a pairwise chrF matrix of samples against pseudo-references",
        "reranking candidate translations by chrF or chrF++ consensus",
    ),
    supported=(
        "pairwise chrF and chrF++ matrices: every hypothesis against every reference",
        "MBR decoding: expected utility per hypothesis and the best hypothesis",
        "each cell equal to chrf-compute (chrF++: chrf-plus-plus-compute) on that one pair",
        "sacreBLEU's CHRF sentence_score bit for bit, for every pair",
        "other character orders, betas, eps smoothing, whitespace kept",
        "Minimum-Bayes-Risk-Auswahl mit chrF über Übersetzungskandidaten",
    ),
    not_supported=(
        "several references per cell (a cell scores one hypothesis against one reference)",
        "utilities other than chrF: use bleu-pairwise-compute for sentence BLEU",
        "weighted or sampled expected utility, excluding the diagonal, other aggregations",
        "lowercasing, case-insensitive matching or Unicode normalization (NFC, NFD)",
        "several sources in one request (the Python library's pairwise_chrf_batch has them)",
    ),
    behavior=(
        (
            "hypotheses (n texts) and references (m texts) are flat arrays of strings; the same "
            "list may be given as both, as MBR decoding does with its samples. Texts are "
            "sequences of Unicode code points, compared as given, and may be empty."
        ),
        (
            "scores[i][j] is the chrF of hypothesis i against reference j alone: bit for bit "
            "segments[0].chrf of chrf-compute@1.0.0 on hypotheses [hypotheses[i]] and "
            "references [[references[j]]] with the same char_order, beta, eps_smoothing and "
            "include_whitespace when word_order is 0, and of chrf-plus-plus-compute@1.0.0 with "
            "that word_order when it is 1 or 2. Those pages define the statistics and the "
            "F-score: character n-grams of orders 1..char_order after whitespace removal "
            "(unless include_whitespace), then word n-grams of orders 1..word_order."
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
            "Scores are on the 0-1 scale. By default 100 * scores[i][j] is bit for bit "
            "sacreBLEU 2.x `CHRF(char_order, word_order, beta, "
            "whitespace=include_whitespace).sentence_score(hypotheses[i], [references[j]])"
            ".score`; with eps_smoothing, within 2 units in the last place of it."
        ),
        (
            "Size: n and m are each at most 1,024 and n * m at most 262,144 (512 x 512, or "
            "1,024 x 256), since the answer holds n * m numbers, about 20 bytes each in JSON at "
            "full precision. Each text's n-grams are counted once (n + m countings); a cell "
            "costs the comparison of two texts' counts, so the time grows with n * m times the "
            "texts' length. The costliest valid request measured, 512 x 512 texts of 1,024 "
            "bytes with char_order 10, word_order 2 and include_whitespace, took 2 to 3 s on "
            "two cores, in process or over HTTP, and answered 5.2 MB (4.7 MB with decimals; "
            "MCP carries it twice, as structured content and as text). Those times are the "
            "compiled kernel's; a package built without a C compiler computes the same doubles "
            "in Python, tens of times slower."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def scores_of(request: ChrfPairwiseRequest) -> Floats:
    """The (n, m) float64 chrF matrix of a validated request."""
    return pairwise_chrf_matrix(request.hypotheses, request.references, request.options)


def run(request: ChrfPairwiseRequest) -> JsonObject:
    options = request.options
    return {
        **pairwise_input.matrix_result(scores_of(request), request.decimals),
        "char_order": options.char_order,
        "word_order": options.word_order,
        "beta": options.beta,
        "eps_smoothing": options.eps_smoothing,
        "include_whitespace": options.include_whitespace,
    }


TOOL = Tool(CONTRACT, PARSER, run, answer_bytes=matrix_bytes, answer_note=MATRIX_NOTE)
