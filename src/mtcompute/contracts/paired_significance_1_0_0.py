"""The contract of ``paired-significance@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.systems import (
    DistinctMetrics,
    SegmentScores,
    SystemsMatchReferences,
    TerPairBytes,
)
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import RangeByChoice, Rule
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric, resampled_metrics
from mtcompute.metrics.tokenizers import DEFAULT_TOKENIZER, TOKENIZER_NAMES

# Sized so that 16 systems of a 3,000-segment test set (with their references) fit in the
# default 8 MiB body, and the dearest valid request takes a few seconds (see the behaviour).
LIMITS = Limits(
    max_segments=3000,
    max_references_per_segment=8,
    max_string_bytes=2048,
    max_total_string_bytes=7_000_000,
    max_total_pair_bytes=131_072,
)
MAX_SYSTEMS = 16
MAX_BOOTSTRAP = 2000
MAX_RANDOMIZATION = 10000
MAX_SEGMENT_SCORES = 96_000  # 16 systems x 3,000 segments x 2 metrics
MAX_SEED = 2**53 - 1  # an integer every JSON reader holds exactly
METRICS = ("bleu", "chrf", "chrf++", "ter")
DEFAULT_SEED = 12345
DEFAULT_SAMPLES = {"bootstrap": 1000, "randomization": 10000}


@dataclass(frozen=True)
class SignificanceRequest:
    names: Sequence[str]
    systems: Sequence[Sequence[str]]
    references: Sequence[Sequence[str]]
    metrics: Sequence[tuple[ResampledMetric, Any]]
    test: paired.Test
    samples: int
    seed: int


def _chrf_options(word_order: bool) -> dict[str, Any]:
    words = (
        {"word_order": fields.integer(1, 2, "Largest word n-gram order.", 2)} if word_order else {}
    )
    return {
        "char_order": fields.integer(1, 10, "Largest character n-gram order.", 6),
        **words,
        "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision.", 2),
        "eps_smoothing": fields.boolean(False, "Average per-order F-scores, as chrF++.py does."),
        "include_whitespace": fields.boolean(False, "Keep whitespace in character n-grams."),
    }


def _options_object(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "description": description,
    }


OPTIONS = {
    "bleu": _options_object(
        {
            "tokenizer": {
                "type": "string",
                "enum": list(TOKENIZER_NAMES),
                "default": DEFAULT_TOKENIZER,
                "description": "sacreBLEU's tokenizer: 13a (its default), intl, zh, char or none.",
            },
            "lowercase": fields.boolean(False, "Lowercase every text before tokenizing it."),
        },
        "BLEU's options (as bleu-tokenize's); corpus BLEU with sacreBLEU's exp smoothing.",
    ),
    "chrf": _options_object(_chrf_options(False), "chrF's options, as chrf-compute's."),
    "chrf++": _options_object(
        _chrf_options(True), "chrF++'s options, as chrf-plus-plus-compute's."
    ),
    "ter": _options_object(
        {
            "normalized": fields.boolean(False, "Split punctuation as tercom's normalizer does."),
            "no_punct": fields.boolean(False, "Remove punctuation before scoring."),
            "asian_support": fields.boolean(False, "Split CJK text into characters."),
            "case_sensitive": fields.boolean(False, "Keep case; by default texts are lowercased."),
        },
        "TER's options, as ter-compute's.",
    ),
}


def test_properties(metrics: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """The input's metrics, their options and the test's fields, as every version states them."""
    return {
        "metrics": {
            "type": "array",
            "minItems": 1,
            "maxItems": len(metrics),
            "items": {"type": "string", "enum": list(metrics)},
            "default": ["bleu"],
            "description": "The metrics, each once.",
        },
        **options,
        "test": {
            "type": "string",
            "enum": list(paired.TESTS),
            "default": "bootstrap",
            "description": "Paired bootstrap resampling or approximate randomization.",
        },
        "samples": fields.integer(
            1,
            MAX_RANDOMIZATION,
            f"Bootstrap resamples (at most {MAX_BOOTSTRAP}; 1000 if left out) or "
            f"randomization trials (at most {MAX_RANDOMIZATION}; 10000 if left out).",
        ),
        "seed": fields.integer(0, MAX_SEED, "The generator's seed.", DEFAULT_SEED),
    }


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    system = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 200},
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
        },
        "required": ["name", "hypotheses"],
        "additionalProperties": False,
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
                "Reference texts of each segment.",
            ),
            **test_properties(METRICS, OPTIONS),
        },
        ["systems", "references"],
    )


def _metric_options(metric: str, given: dict[str, Any]) -> tuple[ResampledMetric, Any]:
    """The metric's description and its options: the schema admits only valid ones, and the
    description fills in its defaults."""
    described = resampled_metrics()[metric]  # the schema admits only METRICS, each registered
    return described, described.options(given)


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
        SystemsMatchReferences(),
        DistinctMetrics(),
        samples,
        texts,
        TerPairBytes(limits.max_total_pair_bytes or 0),
        SegmentScores(MAX_SEGMENT_SCORES),
    ]

    def build(checked: Checked) -> SignificanceRequest:
        raw = checked.raw
        test: paired.Test = "randomization" if raw.get("test") == "randomization" else "bootstrap"
        metrics = [_metric_options(m, raw.get(m, {})) for m in raw.get("metrics", ["bleu"])]
        return SignificanceRequest(
            names=[system["name"] for system in raw["systems"]],
            systems=[system["hypotheses"] for system in raw["systems"]],
            references=raw["references"],
            metrics=metrics,
            test=test,
            samples=int(raw.get("samples", DEFAULT_SAMPLES[test])),
            seed=int(raw.get("seed", 12345)),
        )

    return RequestParser(input_schema(limits), rules, build)


PARSER = parser(LIMITS)


def run(request: SignificanceRequest) -> JsonObject:
    """Each metric's test, its rows system by system."""
    outcomes = []
    for described, options in request.metrics:
        # The contract's metrics give one score each.
        (stats,) = described.each_score(options, request.systems, request.references, "portable")
        outcomes.append((described.name, tested(stats, request)))
    return results(request.names, outcomes)


class _Asked(Protocol):
    """What a request of any version asks of the test."""

    @property
    def test(self) -> paired.Test: ...
    @property
    def samples(self) -> int: ...
    @property
    def seed(self) -> int: ...


def tested(stats: MetricStatistics, asked: _Asked) -> paired.PairedOutcome:
    """The paired test the request asks for, every system against the first, portable."""
    return paired.compare_pairs(
        stats.formula,
        stats.matrices,
        test=asked.test,
        samples=asked.samples,
        seed=asked.seed,
        resampling="portable",
    )


def results(
    names: Sequence[str], outcomes: Sequence[tuple[str, paired.PairedOutcome]]
) -> JsonObject:
    """The answer: system by system (in input order), each metric in input order."""
    rows: list[list[JsonObject]] = [[] for _ in names]
    for metric, outcome in outcomes:
        for k, name in enumerate(names):
            interval = outcome.intervals[k]
            rows[k].append(
                {
                    "system": name,
                    "metric": metric,
                    "score": outcome.scores[k],
                    "mean": None if interval is None else interval.mean,
                    "ci": None if interval is None else interval.ci,
                    "p_value": outcome.p_values.get((0, k)),
                }
            )
    return {"results": [row for system in rows for row in system]}


_NULLABLE_NUMBER = {"type": ["number", "null"]}


def output_schema(metrics: Sequence[str]) -> JsonObject:
    """The output JSON Schema of a version whose metrics are ``metrics``."""
    return fields.output_object(
        {
            "results": {
                "type": "array",
                "description": "System by system (in input order), each metric in input order.",
                "items": fields.output_object(
                    {
                        "system": {"type": "string"},
                        "metric": {"type": "string", "enum": list(metrics)},
                        "score": {"type": "number", "description": "The corpus score, 0-100."},
                        "mean": {**_NULLABLE_NUMBER, "description": "Bootstrap mean (bootstrap)."},
                        "ci": {
                            **_NULLABLE_NUMBER,
                            "description": "Half the width of the 95% interval (bootstrap).",
                        },
                        "p_value": {
                            **_NULLABLE_NUMBER,
                            "description": "Against the baseline; null for the baseline.",
                        },
                    }
                ),
            }
        }
    )


OUTPUT_SCHEMA = output_schema(METRICS)

EXAMPLE_INPUT: JsonObject = {
    "systems": [
        {
            "name": "baseline",
            "hypotheses": ["the cat sat on the mat", "a dog runs fast", "it is raining today"],
        },
        {
            "name": "candidate",
            "hypotheses": ["the cat sat on a mat", "the dog runs quickly", "it rains today"],
        },
    ],
    "references": [["the cat sat on the mat"], ["the dog runs fast"], ["it is raining today"]],
    "metrics": ["bleu", "chrf"],
    "test": "bootstrap",
    "samples": 20,
    "seed": 12345,
}


EXAMPLES = (
    Example(
        title=(
            "The candidate changes a word or two in every segment; 20 bootstrap resamples of the 3 "
            "segments (seed 12345) give each system's mean and 95% interval, and the candidate's "
            "p-value against the baseline for BLEU and chrF."
        ),
        input=EXAMPLE_INPUT,
        result={
            "results": [
                {
                    "system": "baseline",
                    "metric": "bleu",
                    "score": 87.67588692370369,
                    "mean": 85.0905961213485,
                    "ci": 27.40994990975388,
                    "p_value": None,
                },
                {
                    "system": "baseline",
                    "metric": "chrf",
                    "score": 93.2334377673939,
                    "mean": 92.40217756486987,
                    "ci": 11.99509047077757,
                    "p_value": None,
                },
                {
                    "system": "candidate",
                    "metric": "bleu",
                    "score": 41.71960626096436,
                    "mean": 46.99256381254494,
                    "ci": 6.927445441833012,
                    "p_value": 0.047619047619047616,
                },
                {
                    "system": "candidate",
                    "metric": "chrf",
                    "score": 54.20008997335266,
                    "mean": 59.80032391699647,
                    "ci": 7.01284348272079,
                    "p_value": 0.047619047619047616,
                },
            ]
        },
    ),
)

BEHAVIOR = (
    (
        "systems[k].hypotheses[i] is system k's text of segment i and references[i] lists its 1 "
        "to 8 reference texts; the first system is the baseline and every other is compared "
        "with it. Each metric scores as its tool does: bleu tokenizes as bleu-tokenize "
        "(tokenizer, lowercase) and keeps per segment c, the closest reference length r, and per "
        "order n = 1..4 the clipped matches m_n and totals l_n; chrf and chrf++ keep per segment "
        "the statistics of the reference chrf-compute and chrf-plus-plus-compute keep (per "
        "order: hypothesis n-grams, reference n-grams, matches); ter keeps per segment "
        "ter-compute's fewest edits e and the references' total word count W, and R = W * (L / "
        "k) where k is the segment's reference count and L the least common multiple of every "
        "segment's k, so that every statistic is an integer."
    ),
    (
        "The generator is splitmix64, all arithmetic on unsigned 64-bit integers modulo 2**64: "
        "output x_q (q = 1, 2, ...) of the stream seeded with seed is mix(seed + q * "
        "0x9E3779B97F4A7C15), where mix(z) is z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ "
        "(z >> 27)) * 0x94D049BB133111EB; z ^ (z >> 31)."
    ),
    (
        "Bootstrap: resample s = 0..samples-1 takes, for j = 0..n-1 in that order (n segments), "
        "one segment index drawn without bias below n: with b the bit length of n - 1 (0 when n "
        "is 1), take the next output x and v = x >> (64 - b) (0 when b is 0); v < n is the "
        "index, otherwise take the next output and try again. Randomization: coin q = t * n + j "
        "(trial t = 0..samples-1, segment j) is bit 63 - (q mod 64) of output x_(floor(q / 64) + "
        "1); 1 keeps the baseline's segment j in the first pseudo-system and the system's in "
        "the second, 0 swaps them. Each test starts its own stream from seed."
    ),
    (
        "A resample's statistics are the exact integer sums of its segments' (a segment taken "
        "twice counts twice); a trial's two pseudo-systems sum their segments likewise. A sum "
        "is scored in IEEE-754 doubles, every operation in the order written, ln and exp being "
        "fdlibm's (JavaScript's Math.log and Math.exp): bleu is 100 * bp * exp((1 / 4) * acc) "
        "with acc = ln(p_1) + ln(p_2) + ln(p_3) + ln(p_4) added left to right from 0, p_n = m_n / "
        "l_n where m_n > 0 and 1 / (d * l_n) otherwise (d doubling, from 1, at each order "
        "without a match: sacreBLEU's exp smoothing), bp = exp(1 - r / c) for 0 < c <= r, 1 for "
        "c > r, and bleu 0 when c = 0, m_1 = 0 or some l_n = 0; chrf is 100 times "
        "chrf-compute's formula of the summed statistics; ter is 100 * ((e * L) / R), 100 "
        "when R = 0 < e and 0 when both are 0. score is the metric of the whole corpus."
    ),
    (
        "Paired bootstrap (sacreBLEU's, after Koehn 2004): for a system, each resample gives "
        "the baseline's score b_s and the system's a_s; d_s = |a_s - b_s|; the mean of the d_s "
        "is their left-to-right sum divided by samples; p_value = (1 + the number of s with d_s "
        "- mean > delta) / (samples + 1), delta being |score - the baseline's score|. Every "
        "system, the baseline among them, gets mean (the a_s sorted ascending, added left to "
        "right, divided by samples) and ci = (u - l) / 2, where l and u are the sorted a_s at "
        "positions floor(samples / 40) and samples - floor(samples / 40) - 1 (from 0)."
    ),
    (
        "Approximate randomization (sacreBLEU's, after Riezler and Maxwell 2005): p_value = (1 "
        "+ the number of trials whose pseudo-systems' scores differ by more than delta in "
        "absolute value) / (samples + 1); mean and ci are null. Swapping the baseline and a "
        "system leaves the p-value as it is."
    ),
    (
        "Numbers are bit for bit the same on every platform (the generator's integers and the "
        "scores' doubles are fixed above). They are not sacreBLEU's resamples (it draws with "
        "NumPy's PCG64 and sums in float32): mtcompute score --resampling sacrebleu and "
        "mtcompute.paired_test(..., resampling='sacrebleu') give those; "
        "mtcompute.paired_test(..., resampling='portable') gives this tool's numbers without "
        "its limits. score is within 1e-12 relative of sacreBLEU's corpus score."
    ),
    (
        "Limits: 2 to 16 systems; at most 3,000 segments; texts of at most 2,048 UTF-8 bytes, "
        "7,000,000 in all (16 systems of a 3,000-segment test set with one reference fit in the "
        "8 MiB body limit); samples at most 2,000 for bootstrap and 10,000 for randomization; "
        "with ter, the (hypothesis, reference) pairs of every system at most 131,072 UTF-8 "
        "bytes; systems x segments x metrics at most 96,000 (16 systems of 3,000 segments "
        "with 2 metrics). The dearest valid request (16 systems of 3,000 segments of 135 "
        "bytes, chrF++ and BLEU, 10,000 randomization trials) takes about 3 s of CPU on a "
        "2-core machine."
    ),
)

CONTRACT = Contract(
    id="paired-significance",
    version="1.0.0",
    title="Paired significance",
    summary=(
        "Compare MT systems: the BLEU, chrF, chrF++ or TER of each with a bootstrap confidence "
        "interval, and paired bootstrap or approximate randomization p-values against a "
        "baseline, reproducible bit for bit from this page."
    ),
    use_when=(
        "is the difference between two machine translation systems significant",
        "paired bootstrap resampling or approximate randomization significance test",
        "95% confidence interval of a metric by bootstrap resampling",
    ),
    supported=(
        "is the difference between two machine translation systems significant",
        "paired bootstrap resampling or approximate randomization significance test",
        "95% confidence interval of a metric by bootstrap resampling",
        "2 to 16 systems, the first the baseline; 1 to 8 references per segment",
        "the same numbers on every platform, from a generator specified on this page",
    ),
    not_supported=(
        "sacreBLEU's own resamples (NumPy's generator): use mtcompute score --resampling "
        "sacrebleu or mtcompute.paired_test",
        "every pair of systems at once (mtcompute score --paired-all does it)",
        "metrics other than BLEU, chrF, chrF++ and TER",
    ),
    behavior=BEHAVIOR,
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits={
        **LIMITS.to_json(),
        "max_systems": MAX_SYSTEMS,
        "max_bootstrap": MAX_BOOTSTRAP,
        "max_segment_scores": MAX_SEGMENT_SCORES,
    },
    examples=EXAMPLES,
)

COST_NOTE = (
    "Measured since the release: with `ter` the dearest valid request is 2 systems of 16 "
    "segments of 2,048 brackets with `normalized` (each bracket a word), 4.8 to 6.2 s of CPU "
    "on a shared 2-core machine; a server admits it by its estimated cost."
)
TOOL = Tool(CONTRACT, PARSER, run, cost_note=COST_NOTE, remedy=remedies.SIGNIFICANCE)
