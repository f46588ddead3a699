"""The contract of ``paired-significance@1.1.0`` and the function that fulfils it: 1.0.0's
tests at test-set scale (10,000 segments of 16 systems), on WER and CER too, and on the
per-segment statistics the parts tools answer, so that a test set of any usual size, scored in
parts, is tested in one request.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, paired_significance_1_0_0
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.segment_statistics import (
    SegmentStatistics,
    SystemForms,
    statistics_schema,
)
from mtcompute.contracts.inputs.systems import (
    DistinctMetrics,
    OneReferenceFor,
    SegmentScores,
    SystemsMatchReferences,
    TerPairBytes,
    ter_pair_bytes,
)
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import RangeByChoice, Rule
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric, resampled_metrics
from mtcompute.metrics.tokenizers import TOKENIZER_NAMES

# Sized for 16 systems of a 10,000-segment test set of WMT's lengths (about 150 bytes a line)
# with 4 references, in a body of BODY_LIMIT; the dearest valid request is measured in
# bench/worst_valid.py and stated in the behaviour.
LIMITS = Limits(
    max_segments=10_000,
    max_references_per_segment=8,
    max_string_bytes=2048,
    max_total_string_bytes=40_000_000,
    max_total_pair_bytes=65_536,
)
BODY_LIMIT = 64 * 1024 * 1024  # the server's body limit for this tool
MAX_SYSTEMS = 16
MAX_BOOTSTRAP = 2000
MAX_RANDOMIZATION = 10000
MAX_SEGMENT_SCORES = 160_000  # texts: 16 systems x 10,000 segments x 1 metric
MAX_STATISTICS_SEGMENTS = 80_000
MAX_SEGMENT_STATISTICS = 160_000  # statistics: systems x segments x metrics
MAX_SEED = 2**53 - 1  # an integer every JSON reader holds exactly
# The metrics this version tests (a released contract keeps them, whatever is registered
# later); each is described, options, defaults and statistics, by the resampling registry.
METRICS = ("bleu", "chrf", "chrf++", "ter", "wer", "cer")
ONE_REFERENCE = frozenset({"wer", "cer"})
DEFAULT_SAMPLES = {"bootstrap": 1000, "randomization": 10000}
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class SignificanceRequest:
    names: Sequence[str]
    systems: Sequence[Sequence[str]] | None  # None: given by their statistics
    references: Sequence[Sequence[str]]
    statistics: Sequence[Mapping[str, Sequence[Mapping[str, Any]]]]
    metrics: Sequence[tuple[ResampledMetric, Any]]
    test: paired.Test
    samples: int
    seed: int


def _defaults(metric: str) -> Mapping[str, Any]:
    return resampled_metrics()[metric].defaults


def _with_default(metric: str, name: str, schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with the default the resampling registry gives ``metric``'s ``name``."""
    return {**schema, "default": _defaults(metric)[name]}


def _chrf_options(metric: str) -> dict[str, Any]:
    described: dict[str, Any] = {
        "char_order": fields.integer(1, 10, "Largest character n-gram order."),
        "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision."),
        "eps_smoothing": {
            "type": "boolean",
            "description": "Average per-order F-scores, as chrF++.py does.",
        },
        "include_whitespace": {
            "type": "boolean",
            "description": "Keep whitespace in character n-grams.",
        },
    }
    if metric == "chrf++":
        described["word_order"] = fields.integer(1, 2, "Largest word n-gram order.")
    return {name: _with_default(metric, name, schema) for name, schema in described.items()}


def _options_object(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "description": description,
    }


def _boolean(metric: str, name: str, description: str) -> dict[str, Any]:
    return _with_default(metric, name, {"type": "boolean", "description": description})


OPTIONS = {
    "bleu": _options_object(
        {
            "tokenizer": _with_default(
                "bleu",
                "tokenizer",
                {
                    "type": "string",
                    "enum": list(TOKENIZER_NAMES),
                    "description": "sacreBLEU's tokenizer: 13a (its default), intl, zh, char "
                    "or none.",
                },
            ),
            "lowercase": _boolean("bleu", "lowercase", "Lowercase every text first."),
        },
        "BLEU's options (as bleu-tokenize's); corpus BLEU with sacreBLEU's exp smoothing.",
    ),
    "chrf": _options_object(_chrf_options("chrf"), "chrF's options, as chrf-compute's."),
    "chrf++": _options_object(
        _chrf_options("chrf++"), "chrF++'s options, as chrf-plus-plus-compute's."
    ),
    "ter": _options_object(
        {
            "normalized": _boolean("ter", "normalized", "Split punctuation as tercom does."),
            "no_punct": _boolean("ter", "no_punct", "Remove punctuation before scoring."),
            "asian_support": _boolean("ter", "asian_support", "Split CJK text into characters."),
            "case_sensitive": _boolean(
                "ter", "case_sensitive", "Keep case; by default texts are lowercased."
            ),
        },
        "TER's options, as ter-compute's.",
    ),
}


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    system = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 200},
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "statistics": statistics_schema(METRICS, MAX_STATISTICS_SEGMENTS),
        },
        "required": ["name"],
        "additionalProperties": False,
        "description": "A system: its hypotheses, or (scored in parts) its statistics.",
    }
    return fields.closed_object(
        {
            "systems": {
                "type": "array",
                "minItems": 2,
                "maxItems": MAX_SYSTEMS,
                "items": system,
                "description": "The systems, each with a distinct name; the first is the baseline.",
            },
            "references": fields.segments(
                fields.reference_set(text, limits.max_references_per_segment),
                limits.max_segments,
                "Reference texts of each segment (with hypotheses only).",
            ),
            **paired_significance_1_0_0.test_properties(METRICS, OPTIONS),
        },
        ["systems"],
    )


def _asked(raw: Mapping[str, Any]) -> list[str]:
    metrics = raw.get("metrics", ["bleu"])
    return [m for m in metrics if isinstance(m, str)] if isinstance(metrics, list) else []


def _option(raw: Mapping[str, Any], metric: str, name: str) -> Any:
    given = raw.get(metric)
    value = given.get(name) if isinstance(given, dict) else None
    return _defaults(metric)[name] if value is None else value


def _orders(raw: Mapping[str, Any], metric: str) -> int:
    """The counts a segment's arrays hold: BLEU's orders, chrF's character and word orders."""
    if metric == "bleu":
        return int(_defaults("bleu")["max_order"])
    if metric in ("chrf", "chrf++"):
        char_order, word_order = (_option(raw, metric, n) for n in ("char_order", "word_order"))
        if isinstance(char_order, int | float) and isinstance(word_order, int | float):
            return int(char_order) + int(word_order)
    return 0


def parser(limits: Limits) -> RequestParser[SignificanceRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("systems", EVERY, "hypotheses", EVERY), ("references", EVERY, EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    samples = RangeByChoice(
        "samples",
        "test",
        "bootstrap",
        {"bootstrap": (1, MAX_BOOTSTRAP), "randomization": (1, MAX_RANDOMIZATION)},
    )
    rules: list[Rule[object]] = [
        SystemForms(),
        SystemsMatchReferences(),
        DistinctMetrics(),
        samples,
        texts,
        OneReferenceFor(ONE_REFERENCE),
        TerPairBytes(limits.max_total_pair_bytes or 0),
        SegmentScores(MAX_SEGMENT_SCORES, code="too_many_segment_scores"),
        SegmentStatistics(_asked, _orders, MAX_SEGMENT_STATISTICS),
    ]

    def build(checked: Checked) -> SignificanceRequest:
        raw = checked.raw
        test: paired.Test = "randomization" if raw.get("test") == "randomization" else "bootstrap"
        metrics = []
        for metric in raw.get("metrics", ["bleu"]):
            described = resampled_metrics()[metric]  # the schema admits only METRICS
            metrics.append((described, described.options(raw.get(metric, {}))))
        given = "references" not in raw
        return SignificanceRequest(
            names=[system["name"] for system in raw["systems"]],
            systems=None if given else [system["hypotheses"] for system in raw["systems"]],
            references=raw.get("references", []),
            statistics=[system.get("statistics", {}) for system in raw["systems"]],
            metrics=metrics,
            test=test,
            samples=int(raw.get("samples", DEFAULT_SAMPLES[test])),
            seed=int(raw.get("seed", DEFAULT_SEED)),
        )

    return RequestParser(input_schema(limits), rules, build)


PARSER = parser(LIMITS)


def _statistics(
    request: SignificanceRequest, described: ResampledMetric, options: Any
) -> MetricStatistics:
    if request.systems is None:
        segments = [system[described.name] for system in request.statistics]
        assert described.from_segments is not None  # every metric of this version has parts tools
        return described.from_segments(options, segments)
    (stats,) = described.each_score(options, request.systems, request.references, "portable")
    return stats


def run(request: SignificanceRequest) -> JsonObject:
    """Each metric's test on its statistics (of the texts, or as given), as 1.0.0 answers."""
    outcomes = [
        (
            described.name,
            paired_significance_1_0_0.tested(_statistics(request, described, options), request),
        )
        for described, options in request.metrics
    ]
    return paired_significance_1_0_0.results(request.names, outcomes)


OUTPUT_SCHEMA = paired_significance_1_0_0.output_schema(METRICS)

EXAMPLE_INPUT: JsonObject = paired_significance_1_0_0.EXAMPLE_INPUT

# chrf-compute's segments of the two systems of the first example (each system scored in one
# part here; any split gives the same segments).
STATISTICS_INPUT: JsonObject = {
    "systems": [
        {
            "name": "baseline",
            "statistics": {
                "chrf": [
                    {
                        "hypothesis": [17, 16, 15, 14, 13, 12],
                        "reference": [17, 16, 15, 14, 13, 12],
                        "matches": [17, 16, 15, 14, 13, 12],
                    },
                    {
                        "hypothesis": [12, 11, 10, 9, 8, 7],
                        "reference": [14, 13, 12, 11, 10, 9],
                        "matches": [11, 10, 9, 8, 7, 6],
                    },
                    {
                        "hypothesis": [16, 15, 14, 13, 12, 11],
                        "reference": [16, 15, 14, 13, 12, 11],
                        "matches": [16, 15, 14, 13, 12, 11],
                    },
                ]
            },
        },
        {
            "name": "candidate",
            "statistics": {
                "chrf": [
                    {
                        "hypothesis": [15, 14, 13, 12, 11, 10],
                        "reference": [17, 16, 15, 14, 13, 12],
                        "matches": [14, 12, 10, 8, 7, 6],
                    },
                    {
                        "hypothesis": [17, 16, 15, 14, 13, 12],
                        "reference": [14, 13, 12, 11, 10, 9],
                        "matches": [10, 9, 8, 7, 6, 5],
                    },
                    {
                        "hypothesis": [12, 11, 10, 9, 8, 7],
                        "reference": [16, 15, 14, 13, 12, 11],
                        "matches": [12, 8, 5, 3, 1, 0],
                    },
                ]
            },
        },
    ],
    "metrics": ["chrf"],
    "test": "randomization",
    "samples": 100,
    "seed": 7,
}


_SAME_AS_1_0_0 = paired_significance_1_0_0.BEHAVIOR[1:6]  # generator, draws, sums, the tests

BEHAVIOR = (
    (
        "systems[k] gives system k by its texts, hypotheses[i] being its text of segment i and "
        "references[i] listing segment i's 1 to 8 reference texts, or (every system alike, "
        "without references) by its statistics: statistics[metric][i] is its segment i of "
        "each metric asked, as the parts tools answer one segment (bleu: "
        "bleu-sentence-components' candidate_length, reference_length, matches and totals of "
        "4 orders, the tokens from bleu-tokenize; chrf and chrf++: a segment of chrf-compute's "
        "or chrf-plus-plus-compute's segments, with char_order + word_order counts per array; "
        "ter: a segment of ter-compute's segments, num_edits and ref_length; wer and cer: a "
        "segment of wer-compute's or cer-compute's segments, hits, substitutions, deletions, "
        "insertions). The other numbers those tools answer beside the counts (scores, "
        "reference_index, max_order) are allowed and not read. The first system is the "
        "baseline and every other is compared with it."
    ),
    (
        "From texts, each metric keeps per segment what 1.0.0 keeps: bleu tokenizes as "
        "bleu-tokenize (tokenizer, lowercase) and keeps c, the closest reference length r, and "
        "per order n = 1..4 the clipped matches m_n and totals l_n; chrf and chrf++ keep the "
        "statistics of the reference chrf-compute and chrf-plus-plus-compute keep; ter keeps "
        "ter-compute's fewest edits e and the references' total word count W, and R = W * (L / "
        "k) where k is the segment's reference count and L the least common multiple of every "
        "segment's k, so that every statistic is an integer; wer and cer (one reference a "
        "segment) keep wer-compute's and cer-compute's S + D + I, H + S + D and I. From "
        "statistics, k is the fewest references (1 to 8) whose integer total W ref_length is "
        "the average of (round(ref_length * k) / k equals ref_length): the same scores, since "
        "TER of a sum is the same fraction whatever common multiple scales it. In the "
        "statistics form the options that say how texts are scored (bleu's, ter's) change "
        "nothing; chrF's beta and eps_smoothing score the sums."
    ),
    *_SAME_AS_1_0_0[:2],
    (
        _SAME_AS_1_0_0[2]
        + " wer and cer are 100 * ((S + D + I) / (H + S + D)), and 100 * I when H + S + D = 0."
    ),
    *_SAME_AS_1_0_0[3:],
    (
        "Numbers are bit for bit the same on every platform, and 1.0.0's for the same texts. "
        "They are those of mtcompute score REF -i SYSTEM... --paired-bs (or --paired-ar) "
        "--resampling portable and of mtcompute.paired_test(..., resampling='portable'), which "
        "have no limits; not sacreBLEU's resamples (NumPy's generator, float32 sums): "
        "mtcompute score and mtcompute.paired_test give those by default."
    ),
    (
        "Limits: 2 to 16 systems. From texts: at most 10,000 segments; texts of at most 2,048 "
        "UTF-8 bytes, 40,000,000 in all (16 systems of a 10,000-segment test set of 150-byte "
        "lines with 4 references fit, and the server takes a body of up to 64 MiB for this "
        "tool); systems x segments x metrics at most 160,000 (16 systems of 10,000 segments, "
        "one metric a request: each metric's test starts its own stream from seed, so metrics "
        "tested apart give the numbers they give together); with ter, the (hypothesis, "
        "reference) pairs of every system at most 65,536 UTF-8 bytes (TER's search for shifts "
        "is the dearest: a larger test set is scored with ter-compute in parts and tested from "
        "its segments). From statistics: at most 80,000 segments, systems x segments x metrics "
        "at most 160,000, each count at most 100,000,000. samples at most 2,000 for bootstrap "
        "and 10,000 for randomization."
    ),
    (
        "The dearest valid requests, each with 10,000 randomization trials, measured on a "
        "shared 2-core machine under load (where 1.0.0's dearest took 3.8 s of CPU): 16 "
        "systems of 10,000 segments from 40,000,000 bytes of text with chrF++ (orders 10 and "
        "2, whitespace kept) 4.0 s of CPU, with BLEU and 4 references 2.0 s, with CER 2.2 s; "
        "TER normalized on 65,536 pair bytes of brackets 3.0 s; 160,000 segments' chrF++ "
        "statistics of 12 orders 4.7 s, of BLEU 1.9 s."
    ),
)

EXAMPLES = (
    Example(
        title=paired_significance_1_0_0.EXAMPLES[0].title + " The same numbers as 1.0.0's.",
        input=EXAMPLE_INPUT,
        result=paired_significance_1_0_0.EXAMPLES[0].result,
    ),
    Example(
        title=(
            "The same systems given by their chrF statistics, each segment as chrf-compute "
            "answered it (the segments of a test set scored in parts): 100 randomization "
            "trials (seed 7)."
        ),
        input=STATISTICS_INPUT,
        result={
            "results": [
                {
                    "system": "baseline",
                    "metric": "chrf",
                    "score": 93.2334377673939,
                    "mean": None,
                    "ci": None,
                    "p_value": None,
                },
                {
                    "system": "candidate",
                    "metric": "chrf",
                    "score": 54.20008997335266,
                    "mean": None,
                    "ci": None,
                    "p_value": 0.009900990099009901,
                },
            ]
        },
    ),
)

CONTRACT = Contract(
    id="paired-significance",
    version="1.1.0",
    title="Paired significance",
    summary=(
        "Compare MT systems on a whole test set, from texts or its parts' per-segment "
        "statistics: BLEU, chrF, chrF++, TER, WER or CER with bootstrap intervals and paired "
        "p-values against a baseline, bit for bit from this page."
    ),
    use_when=(
        "is the difference between two machine translation systems significant",
        "paired bootstrap resampling or approximate randomization significance test",
        "95% confidence interval of a metric by bootstrap resampling",
        "significance test of a whole test set scored in parts, from per-segment statistics",
    ),
    supported=(
        "is the difference between two machine translation systems significant",
        "paired bootstrap resampling or approximate randomization significance test",
        "95% confidence interval of a metric by bootstrap resampling",
        "a test set of 10,000 segments and 16 systems in one request, from texts",
        "any larger test set from the per-segment statistics its parts tools answer",
        "2 to 16 systems, the first the baseline; 1 to 8 references per segment",
        "the same numbers on every platform, from a generator specified on this page",
    ),
    not_supported=(
        "sacreBLEU's own resamples (NumPy's generator): use mtcompute score --resampling "
        "sacrebleu or mtcompute.paired_test",
        "every pair of systems at once (mtcompute score --paired-all does it)",
        "metrics other than BLEU, chrF, chrF++, TER, WER and CER",
    ),
    behavior=BEHAVIOR,
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits={
        **LIMITS.to_json(),
        "max_systems": MAX_SYSTEMS,
        "max_bootstrap": MAX_BOOTSTRAP,
        "max_segment_scores": MAX_SEGMENT_SCORES,
        "max_statistics_segments": MAX_STATISTICS_SEGMENTS,
        "max_segment_statistics": MAX_SEGMENT_STATISTICS,
        "max_body_bytes": BODY_LIMIT,
    },
    examples=EXAMPLES,
)

_PARTS_TOOLS = {
    "bleu": "bleu-tokenize, then bleu-sentence-components",
    "chrf": "chrf-compute",
    "chrf++": "chrf-plus-plus-compute",
    "ter": "ter-compute",
    "wer": "wer-compute",
    "cer": "cer-compute",
}


def _statistics_remedy(metrics: Sequence[str]) -> str:
    tools = "; ".join(f"{m}: {_PARTS_TOOLS[m]}" for m in metrics if m in _PARTS_TOOLS)
    return (
        f"a test set this size is tested from its per-segment statistics: score each system "
        f"in parts ({tools}; up to 20 parts in one execute_batch) and give each system's "
        f"segments as systems[k].statistics[metric], without references (this tool's second "
        f"example); the numbers are those of its texts"
    )


def _text_bytes(raw: Mapping[str, Any]) -> int:
    systems, references = raw.get("systems"), raw.get("references")
    texts = [
        text
        for system in (systems if isinstance(systems, list) else [])
        if isinstance(system, dict) and isinstance(system.get("hypotheses"), list)
        for text in system["hypotheses"]
    ]
    texts += [
        text
        for refs in (references if isinstance(references, list) else [])
        if isinstance(refs, list)
        for text in refs
    ]
    return sum(len(t.encode("utf-8", "surrogatepass")) for t in texts if isinstance(t, str))


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """A test set over the limits of texts: tested from its parts' statistics, or (over
    systems x segments x metrics alone) one metric a request, with the same numbers."""
    references, systems = raw.get("references"), raw.get("systems")
    if not isinstance(references, list) or not isinstance(systems, list):
        return []
    metrics = [m for m in _asked(raw) if m in METRICS] or ["bleu"]
    segments = max(
        [len(references)]
        + [
            len(s["hypotheses"])
            for s in systems
            if isinstance(s, dict) and isinstance(s.get("hypotheses"), list)
        ]
    )
    remedy = _statistics_remedy(metrics)
    if segments > (LIMITS.max_segments or 0):
        return [Hint("", remedy)]  # on the first error, where an array is too long
    if _text_bytes(raw) > (LIMITS.max_total_string_bytes or 0):
        return [Hint("", remedy)]
    if "ter" in metrics and ter_pair_bytes(dict(raw)) > (LIMITS.max_total_pair_bytes or 0):
        return [Hint("", _statistics_remedy(["ter"]))]
    if len(systems) * segments * len(metrics) > MAX_SEGMENT_SCORES and len(metrics) > 1:
        one_each = (
            "test each metric in a request of its own (each metric's test starts its own "
            "stream from seed, so the numbers are the same), or " + remedy
        )
        return [Hint("", one_each)]
    if len(systems) * segments * len(metrics) > MAX_SEGMENT_SCORES:
        return [Hint("", remedy)]
    return []


TOOL = Tool(CONTRACT, PARSER, run, input_hints, max_body_bytes=BODY_LIMIT)
