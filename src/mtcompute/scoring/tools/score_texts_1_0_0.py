"""The contract of ``score-texts@1.0.0`` and the function that fulfils it: a test set scored in
one call, as ``mtcompute score`` scores the same lines.

The tool is declared in the scoring layer, whose metrics it runs (the contracts sit below it and
cannot import them); the package's top hands it to the registry (``contracts.declared``). A
released version never changes behaviour: a change goes into a new module beside this one.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import resampling
from mtcompute.contracts.inputs.systems import SystemsMatchReferences
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint, text_corpus_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import Rule, SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.chrf import DEFAULT_CHAR_ORDER
from mtcompute.metrics.rouge.score import TOKENIZERS as ROUGE_TOKENIZERS
from mtcompute.metrics.rouge.types import DEFAULT_TYPES
from mtcompute.metrics.smoothing import EXP, SMOOTHING_METHODS
from mtcompute.metrics.tokenizers import ALL_TOKENIZER_NAMES, DEFAULT_TOKENIZER
from mtcompute.scoring.metric import ScoringMetric
from mtcompute.scoring.registry import metric_named
from mtcompute.scoring.report import score_json
from mtcompute.scoring.score import score_order
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.systems import Resampling
from mtcompute.scoring.tools.costs import (
    MetricCost,
    character_pairs,
    line_pairs,
    ter_word_pairs,
)
from mtcompute.scoring.tools.references import SameReferenceCount
from mtcompute.scoring.tools.systems import (
    MAX_SYSTEMS,
    SYSTEM_ROW,
    Given,
    OneForm,
    Systems,
    compared_scores,
    over_systems,
    resampling_of,
    systems_schema,
)
from mtcompute.version import __version__

LIMITS = Limits(
    max_segments=10_000,
    max_references_per_segment=8,
    max_string_bytes=4096,
    max_total_string_bytes=10 * 1024 * 1024,
    max_total_word_pairs=40_000_000,
    max_total_character_pairs=500_000_000,
    max_total_sentence_pairs=10_000_000,
)

# Systems x segments x resamples x scores: the dearest valid request's resampling within a few
# seconds (bench/worst_valid.py; the behaviour states it).
MAX_RESAMPLING_STEPS = 1_600_000_000

# The largest body a server takes for this tool by default: every valid input written compactly
# with every character escaped. A control character is 1 byte of text and 6 of JSON ("\u0001"):
# 6 x 10 MiB = 62,914,560 bytes, plus 3 bytes ('"', '"', ',') for each of at most 10,000 x 24
# texts (16 systems and 8 references: 720,000), brackets (170,000), the systems' names (16 x
# 200 characters of 6 bytes) and the options (a few KiB): 63.8 MB, under 64 MiB with room for an
# MCP request's envelope around it.
MAX_BODY_BYTES = 64 * 1024 * 1024

METRICS = ("bleu", "chrf", "chrf++", "ter", "wer", "cer", "rouge")
ROUGE_TYPES = (*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum")
# One reference a segment: the edit rates compare a hypothesis with one text.
ONE_REFERENCE = ("wer", "cer")


def _options_object(properties: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "description": description,
    }


def _chrf_options(word_order: int) -> dict[str, Any]:
    return {
        "char_order": fields.integer(1, 10, "Largest character n-gram order.", DEFAULT_CHAR_ORDER),
        "word_order": fields.integer(0, 2, "Largest word n-gram order (2: chrF++).", word_order),
        "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision.", 2),
        "lowercase": fields.boolean(False, "Lowercase every text first."),
        "whitespace": fields.boolean(False, "Keep whitespace in character n-grams."),
        "eps_smoothing": fields.boolean(False, "Average per-order F-scores, as chrF++.py does."),
    }


OPTIONS: dict[str, Any] = {
    "bleu": _options_object(
        {
            "tokenize": {
                "type": "string",
                "enum": list(ALL_TOKENIZER_NAMES),
                "default": DEFAULT_TOKENIZER,
                "description": "sacreBLEU's tokenizer (13a, its default; the MeCab and "
                "SentencePiece ones where their extras are installed).",
            },
            "lowercase": fields.boolean(False, "Lowercase every text before tokenizing it."),
            "smooth_method": {
                "type": "string",
                "enum": list(SMOOTHING_METHODS),
                "default": EXP,
                "description": "sacreBLEU's smoothing: exp changes a corpus score only where "
                "an order has no match.",
            },
            "smooth_value": {
                "type": "number",
                "minimum": 0,
                "description": "floor's epsilon (0.1 if left out) or add-k's k (1 if left out).",
            },
            "max_ngram_order": fields.integer(1, 8, "Largest n-gram order.", DEFAULT_MAX_ORDER),
        },
        "BLEU's options, as sacreBLEU's `BLEU(...)` and `score`'s flags name them.",
    ),
    "chrf": _options_object(_chrf_options(0), "chrF's options, as sacreBLEU's `CHRF(...)`."),
    "chrf++": _options_object(_chrf_options(2), "chrF++'s options: chrF's, word_order 2."),
    "ter": _options_object(
        {
            "normalized": fields.boolean(False, "Split punctuation as tercom's normalizer does."),
            "no_punct": fields.boolean(False, "Remove punctuation before scoring."),
            "asian_support": fields.boolean(False, "Split CJK text into characters."),
            "case_sensitive": fields.boolean(False, "Keep case; by default texts are lowercased."),
        },
        "TER's options, as sacreBLEU's `TER(...)`.",
    ),
    "rouge": _options_object(
        {
            "rouge_types": {
                "type": "array",
                "items": {"type": "string", "enum": list(ROUGE_TYPES)},
                "minItems": 1,
                "default": list(DEFAULT_TYPES),
                "description": "The ROUGE types, each a score of its own.",
            },
            "use_stemmer": fields.boolean(False, "Stem with rouge-score's Porter stemmer."),
            "tokenizer": {
                "type": "string",
                "enum": list(ROUGE_TOKENIZERS),
                "default": "rouge-score",
                "description": "rouge-score's tokenizer (ASCII only) or mtcompute's unicode one.",
            },
            "sentence_separator": {
                "type": "string",
                "minLength": 1,
                "maxLength": 16,
                "description": "A string that stands for a newline, so rougeLsum sees sentences.",
            },
        },
        "ROUGE's options, as rouge-score's `RougeScorer(...)`.",
    ),
}


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    references = fields.reference_set(text, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(
                text, limits.max_segments, "One system: each segment's line (or systems)."
            ),
            "systems": systems_schema(text, limits.max_segments),
            "references": fields.segments(
                references,
                limits.max_segments,
                "Each segment's reference lines, as many for every segment.",
            ),
            "metrics": {
                "type": "array",
                "items": {"type": "string", "enum": list(METRICS)},
                "minItems": 1,
                "default": ["bleu"],
                "description": "The metrics, as `mtcompute score -m` names them; one named "
                "twice is scored once.",
            },
            **OPTIONS,
            "width": fields.integer(0, 20, "Decimals of each score, as `score -w`.", 1),
            "sentence_level": fields.boolean(False, "Each segment's scores too, as `score -sl`."),
            **resampling.properties(),
        },
        ["references"],
    )


@dataclass(frozen=True)
class ScoreTextsRequest:
    hypotheses: Sequence[str]  # the first system's
    references: Sequence[Sequence[str]]  # one stream per reference: references[k][i]
    corpus: Sequence[ScoringMetric]
    sentences: Sequence[ScoringMetric]
    width: int
    systems: Systems  # every system, named (one system: hypotheses, unnamed)
    resampling: Resampling | None


def _settings(name: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """The metric's options as ``score`` takes them, from the input's object for it."""
    given = raw.get(name, {})
    if name == "bleu":
        return {
            "tokenize": given.get("tokenize"),
            "lowercase": given.get("lowercase"),
            "smoothing": given.get("smooth_method"),
            "smoothing_value": given.get("smooth_value"),
            "max_order": given.get("max_ngram_order"),
        }
    if name in ("chrf", "chrf++"):
        return {f"chrf_{key}": value for key, value in given.items()}
    if name == "rouge":
        types = given.get("rouge_types")
        return {
            "rouge_types": None if types is None else ",".join(types),
            "rouge_stemmer": given.get("use_stemmer"),
            "rouge_tokenizer": given.get("tokenizer"),
            "rouge_sentence_separator": given.get("sentence_separator"),
        }
    return dict(given)


def _metric(name: str, raw: Mapping[str, Any], index: int, sentence_level: bool) -> ScoringMetric:
    """The metric ``name`` with the input's options; a refusal points at the metric."""
    if name in ONE_REFERENCE and len(raw["references"][0]) != 1:
        count = len(raw["references"][0])
        message = (
            f"expected one reference a segment for {name} (it compares a hypothesis with one "
            f"text), got {count} at /references/0; score {name} in a call of its own"
        )
        raise InputError(
            [Violation(code="one_reference", pointer=f"/metrics/{index}", message=message)]
        )
    try:
        return metric_named(name)(_settings(name, raw), sentence_level=sentence_level)
    except InputError as error:
        pointer = f"/{name}"
        raise InputError(
            [Violation(code=e["code"], pointer=pointer, message=e["message"]) for e in error.errors]
        ) from None


def parser(limits: Limits) -> RequestParser[ScoreTextsRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (
            ("hypotheses", EVERY),
            ("systems", EVERY, "hypotheses", EVERY),
            ("references", EVERY, EVERY),
        ),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength(
        "hypotheses", "references", "reference set", "reference sets", "hypothesis"
    )
    costs = [
        MetricCost(
            "ter",
            ter_word_pairs,
            limits.max_total_word_pairs or 0,
            "too_many_word_pairs",
            "word pairs (each (hypothesis, reference) pair's longer text's words times up to "
            "1,000 of them) for ter",
        ),
        MetricCost(
            "cer",
            character_pairs,
            limits.max_total_character_pairs or 0,
            "too_many_character_pairs",
            "(hypothesis character, reference character) pairs for cer (four times those of "
            "a pair of 4,194,304 or more)",
        ),
        MetricCost(
            "rouge",
            line_pairs,
            limits.max_total_sentence_pairs or 0,
            "too_many_sentence_pairs",
            "(hypothesis line, reference line) pairs for rouge",
        ),
    ]

    # Each system's costs add up: the metrics score every system's pairs.
    costs = [replace(cost, count=over_systems(cost.count)) for cost in costs]

    def build(checked: Checked) -> ScoreTextsRequest:
        raw = checked.raw
        asked = raw.get("metrics", ["bleu"])
        chosen = resampling_of(raw)
        names = score_order(asked, paired=chosen is not None and chosen.test is not None)
        positions = {name: asked.index(name) for name in names}
        sentence_level = bool(raw.get("sentence_level", False))
        streams = [
            [text.rstrip() for text in stream] for stream in zip(*raw["references"], strict=True)
        ]
        given = raw.get("systems") or [{"name": "", "hypotheses": raw["hypotheses"]}]
        systems = [
            (system["name"], [text.rstrip() for text in system["hypotheses"]]) for system in given
        ]
        return ScoreTextsRequest(
            hypotheses=systems[0][1],
            references=streams,
            corpus=[_metric(n, raw, positions[n], sentence_level=False) for n in names],
            sentences=(
                [_metric(n, raw, positions[n], sentence_level=True) for n in names]
                if sentence_level
                else []
            ),
            width=int(raw.get("width", 1)),
            systems=systems,
            resampling=chosen,
        )

    rules: list[Rule[object]] = [
        OneForm(),
        Given("hypotheses", segments),
        Given("systems", SystemsMatchReferences()),
        SameReferenceCount(),
        resampling.ResamplingAsked("systems", ("sentence_level",)),
        texts,
        *costs,
        resampling.ResamplingSteps(MAX_RESAMPLING_STEPS),
    ]
    return RequestParser(input_schema(limits), rules, build)


PARSER = parser(LIMITS)

_SCORE = {
    "type": "object",
    "description": "One system's score as `mtcompute score --format json` prints it: name, "
    "score (to `width` decimals), signature, with confidence its bootstrap mean and interval "
    "(to `width` decimals, where the mean is positive), verbose_score where the metric has "
    "one, then each of the signature's key:value parts as a key.",
    "properties": {
        "name": {"type": "string"},
        "score": {"type": "number"},
        "signature": {"type": "string"},
        "confidence_mean": {"type": "number"},
        "confidence_var": {"type": "number", "description": "Half the 95% interval's width."},
        "confidence": {"type": "string", "description": "μ = MEAN ± HALF-WIDTH"},
        "verbose_score": {"type": "string"},
    },
    "required": ["name", "score", "signature"],
    "additionalProperties": {"type": "string"},
}
_SENTENCES = {
    "type": "object",
    "description": "One score's value for every segment, unrounded, in segment order.",
    "properties": {
        "name": {"type": "string"},
        "signature": {"type": "string"},
        "scores": {"type": "array", "items": {"type": "number"}},
    },
    "required": ["name", "signature", "scores"],
    "additionalProperties": False,
}
OUTPUT_SCHEMA = fields.output_object(
    {
        "scores": {
            "type": "array",
            "description": "What `mtcompute score --format json` prints: one system's scores, "
            "or a row per system.",
            "items": {"anyOf": [_SCORE, SYSTEM_ROW]},
        },
        "sentences": {"type": "array", "items": _SENTENCES},
    },
    optional=("sentences",),
)


def run(request: ScoreTextsRequest) -> JsonObject:
    if len(request.systems) > 1 or request.resampling is not None:
        scores = compared_scores(
            request.systems, request.references, request.corpus, request.resampling, request.width
        )
        return {"scores": scores}
    nrefs = len(request.references)
    texts = (request.hypotheses, request.references)
    scored: list[Scored] = []
    sentences: list[JsonObject] = []
    for corpus_metric, sentence_metric in _paired(request):
        both = sentence_metric.statistics_and_sentences(*texts) if sentence_metric else None
        statistics = both[0] if both else corpus_metric.statistics(*texts)
        scored += corpus_metric.corpus_scores(statistics, nrefs)
        if sentence_metric is not None:
            sentences += _sentences(sentence_metric, texts, both[1] if both else None)
    result: JsonObject = {
        "scores": [
            json.loads(
                score_json(
                    item.name,
                    item.score,
                    item.verbose_score,
                    width=request.width,
                    signature=item.signature,
                )
            )
            for item in scored
        ]
    }
    if request.sentences:
        result["sentences"] = sentences
    return result


def _paired(request: ScoreTextsRequest) -> list[tuple[ScoringMetric, ScoringMetric | None]]:
    """Each metric for the corpus with the same metric for its segments (None: not asked)."""
    if not request.sentences:
        return [(metric, None) for metric in request.corpus]
    return list(zip(request.corpus, request.sentences, strict=True))


def _sentences(
    metric: ScoringMetric,
    texts: tuple[Sequence[str], Sequence[Sequence[str]]],
    groups: list[list[Scored]] | None,
) -> list[JsonObject]:
    """The metric's per-segment scores: one entry per score it gives (ROUGE: per type), from
    ``groups`` where the corpus's pass gave them."""
    signature = metric.signature(len(texts[1]))
    quick = metric.sentence_scores(*texts) if groups is None else None
    if quick is not None:
        name, scores = quick
        return [{"name": name, "signature": signature, "scores": list(scores)}]
    if groups is None:
        groups = list(metric.sentence_groups(*texts))
    return [
        {
            "name": first.name,
            "signature": first.signature,
            "scores": [group[j].score for group in groups],
        }
        for j, first in enumerate(groups[0])
    ]


EXAMPLE_INPUT: JsonObject = {
    "hypotheses": ["The cat sat on the mat.", "Hello there!"],
    "references": [
        ["A cat was on a mat.", "The cat sat on a mat."],
        ["Hi there!", "Hello!"],
    ],
    "metrics": ["bleu", "chrf", "ter"],
}


def _example_score(name: str, score: float, signature: str, verbose: str = "") -> JsonObject:
    """A score object of the example: its signature names this mtcompute's version, as every
    signature does."""
    signed = f"{signature}|mtcompute:{__version__}"
    shown = {"verbose_score": verbose} if verbose else {}
    parts = dict(part.split(":", 1) for part in signed.split("|"))
    return {"name": name, "score": score, "signature": signed, **shown, **parts}


SYSTEMS_INPUT: JsonObject = {
    "systems": [
        {
            "name": "base.txt",
            "hypotheses": [
                "The cat sat on a mat.",
                "Hi there!",
                "It rains today.",
                "A dog runs fast.",
            ],
        },
        {
            "name": "new.txt",
            "hypotheses": [
                "The cat sat on the mat.",
                "Hello there!",
                "It is raining today.",
                "The dog ran fast.",
            ],
        },
    ],
    "references": [
        ["The cat sat on the mat."],
        ["Hello there!"],
        ["It is raining today."],
        ["The dog runs fast."],
    ],
    "metrics": ["bleu", "chrf"],
    "paired_bs": True,
    "paired_bs_n": 100,
}


def _tested(score: float, p_value: float | None, mean: float, ci: float) -> JsonObject:
    return {"score": score, "p_value": p_value, "mean": mean, "ci": ci}


SYSTEMS_EXAMPLE = Example(
    title=(
        "Two systems of four segments, the first the baseline, tested by a paired bootstrap "
        "of 100 resamples (seed 12345): the rows `mtcompute score ref.txt -i base.txt new.txt "
        "-m bleu chrf --paired-bs -pbsn 100 --format json` prints, each score with its "
        "bootstrap mean, 95% interval and p-value."
    ),
    input=SYSTEMS_INPUT,
    result={
        "scores": [
            {
                "system": "Baseline: base.txt",
                "BLEU": _tested(44.68527533669655, None, 42.488595420275985, 22.140362198262267),
                "chrF2": _tested(57.80571262104276, None, 56.80589294433594, 16.867589950561523),
            },
            {
                "system": "new.txt",
                "BLEU": _tested(
                    82.69200957954718, 0.04950495049504951, 79.79559029019828, 42.446561578643305
                ),
                "chrF2": _tested(
                    89.17960068309232, 0.009900990099009901, 89.85118103027344, 15.693275451660156
                ),
            },
        ]
    },
)

EXAMPLES = (
    Example(
        title=(
            "Two segments with two references each, scored for BLEU, chrF and TER: the objects "
            "`mtcompute score ref1.txt ref2.txt -i hyp.txt -m bleu chrf ter` prints for these "
            "lines, in its order (by name)."
        ),
        input=EXAMPLE_INPUT,
        result={
            "scores": [
                _example_score(
                    "BLEU",
                    46.5,
                    "nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0",
                    "90.0/62.5/33.3/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 10 ref_len = 10)",
                ),
                _example_score(
                    "chrF2",
                    66.8,
                    "nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|tool:chrf-compute@1.0.0",
                ),
                _example_score(
                    "TER",
                    26.7,
                    "nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|tool:ter-compute@1.0.0",
                ),
            ]
        },
    ),
    SYSTEMS_EXAMPLE,
)

CONTRACT = Contract(
    id="score-texts",
    version="1.0.0",
    title="Score texts as sacreBLEU does",
    summary=(
        "Every metric of mtcompute score (BLEU, chrF, chrF++, TER, WER, CER, ROUGE) on a "
        "whole test set in one call, with sacreBLEU's options, signatures and paired tests."
    ),
    use_when=(
        "sacreBLEU's numbers and signatures for a whole WMT set in one call",
        "several metrics of one system at once",
        "what `mtcompute score --format json` prints, from lines sent inline",
        "10,000 segments with 4 references in one request",
        "systems tested against a baseline in one call (paired bootstrap, randomization)",
    ),
    supported=(
        "sacreBLEU's numbers and signatures for a whole WMT set in one call",
        "several metrics of one system at once: bleu, chrf, chrf++, ter, wer, cer, rouge",
        "what `mtcompute score --format json` prints, from lines sent inline",
        "10,000 lines with 4 references in one request (10 MiB of text)",
        "2 to 16 systems, the first the baseline: `score REF -i A B ...`'s JSON table",
        "paired bootstrap and approximate randomization tests and bootstrap confidence "
        "intervals, as `score --paired-bs`, `--paired-ar` and `--confidence` give them, in "
        "sacreBLEU's numbers or the portable ones",
        "sacreBLEU's tokenizers, smoothing and lowercasing; chrF's orders, beta and "
        "whitespace; TER's normalization, punctuation, Asian support and case",
        "per-line scores beside the corpus ones (sentence_level)",
        "files by path from a local agent, through `mtcompute mcp --files-root`",
        "einen ganzen Datensatz mit sacreBLEU-Signaturen bewerten",
    ),
    not_supported=(
        "statistics of parts to add up: use bleu-corpus-statistics and the -from-statistics tools",
        "pre-tokenized token lists: use bleu-corpus-compute",
        "every pair of systems tested at once: `mtcompute score --paired-all`",
        "a seed drawn from the operating system (`score --seed none`)",
        "lines with different numbers of references",
        "more than the limits: `mtcompute score` at a shell, or the parts tools",
    ),
    behavior=(
        (
            "hypotheses[i] is segment i's line and references[i] its reference lines, the same "
            "number (1 to 8) for every segment: references[i][k] is line i of reference file k. "
            "Each text's trailing whitespace is removed first, as `mtcompute score` (and "
            "sacreBLEU) removes it from each line it reads. systems in place of hypotheses "
            "gives 2 to 16 systems, each a name no other has and its hypotheses (one line a "
            "segment), the first the baseline, as `score REF... -i A B ...` takes files: "
            "exactly one of hypotheses and systems."
        ),
        (
            "metrics names the metrics as `mtcompute score -m` does (bleu by default; one named "
            "twice is scored once); wer and cer take one reference a segment. Each metric's "
            "options are an object named after it, with sacreBLEU's names and defaults: bleu "
            "(tokenize 13a, lowercase, smooth_method exp, smooth_value, max_ngram_order 4), "
            "chrf and chrf++ (char_order 6, word_order 0 and 2, beta 2, lowercase, whitespace, "
            "eps_smoothing), ter (normalized, no_punct, asian_support, case_sensitive), rouge "
            "(rouge_types rouge1, rouge2, rougeL and rougeLsum, use_stemmer, tokenizer "
            "rouge-score, sentence_separator). An object of a metric not asked for is ignored."
        ),
        (
            "scores holds the objects `mtcompute score --format json -w WIDTH` prints for the "
            "same lines and options, in its order (by name, case aside; ROUGE one per type): "
            "name, score rounded to width decimals (1 by default), signature, verbose_score "
            "where the metric has one, then each key:value part of the signature as a key. The "
            "numbers are the same kernels' as `score`'s, bit for bit."
        ),
        (
            "With confidence, paired_bs or paired_ar, or with systems, scores is what `mtcompute "
            "score --format json` prints for the same systems with --confidence (-cin "
            "confidence_n), --paired-bs (-pbsn paired_bs_n), --paired-ar (-parn paired_ar_n), "
            "--seed and --resampling, every number bit for bit: sacreBLEU 2.6's defaults, 1000 "
            "bootstrap resamples, 10000 randomization trials, seed 12345, its resamples and "
            "float32 sums (resampling sacrebleu), or splitmix64 and exact sums, the same numbers "
            "everywhere (portable). Each signature then names them after nrefs (bs:, ar:, "
            "seed:, resample:portable). One system with confidence: its score objects with "
            "confidence_mean, confidence_var and confidence (where the mean is positive, to "
            "width decimals). Several systems: an object a system, {system, then each score by "
            "its name}: the score to width decimals as a string, or with a paired test "
            "{score, p_value, mean, ci} unrounded (p_value null for the baseline; mean and ci "
            "null beside paired_ar without confidence); with a paired test the metrics are in "
            'the order named, else by name, and the first system is named "Baseline: NAME", '
            "as sacreBLEU names it. Several systems' JSON holds no interval without a paired "
            "test (`score`'s table does): ask paired_bs for them."
        ),
        (
            "A paired test needs systems; paired_bs and paired_ar exclude each other; a count "
            "(confidence_n, paired_bs_n, paired_ar_n) comes only with its flag; sentence_level "
            "is one system's, without resampling. Each metric's and each pair's numbers are "
            "the same whether tested together or in calls of their own with the baseline "
            "(every metric's draws start from seed, and every pair shares them)."
        ),
        (
            "sentence_level adds sentences: for each score's name, its signature (BLEU's "
            "sentence signature: eff:yes, bleu-sentence-compute) and every segment's score, "
            "unrounded, as `score -sl --format jsonl` gives them."
        ),
        (
            "Limits beyond the texts' bytes, counted only for the metric they bound. With ter, "
            "for each (hypothesis, reference) pair the longer text's words (as TER splits them, "
            "at most) times the same number up to 1,000, summed (with sentence_level too: each "
            "pair is aligned once for the corpus and its segment): TER tries up to 1,000 "
            "candidate shifts a pair, each an edit distance over its words. With cer, each "
            "hypothesis's characters times its reference's, four times for a pair of 4,194,304 or"
            " more (its alignment is split first, as rapidfuzz splits it). With rouge, the "
            "hypothesis lines times its references' lines. A test set of 10,000 segments of about"
            " 150 bytes (25 words) with 4 references counts about 25 million ter word pairs, and "
            "with one reference 290 million character pairs. The dearest texts found at the ter "
            "limit (33 words over a vocabulary of five; 27 over two and 36 shuffled distinct "
            "words as much) took 4.4 s of CPU, at the cer limit (pairs of 4,096 letters over two)"
            " 1.3 s, on a shared 2-core machine."
        ),
        (
            "With several systems, the bytes of text and the limits of the metrics count every "
            "system's hypotheses. Resampling: confidence_n and paired_bs_n at most 2,000, "
            "paired_ar_n at most 10,000; systems x segments x resamples x scores at most "
            "1,600,000,000 (16 systems of 10,000 segments tested by 10,000 trials for one "
            "metric), where the resamples are the paired test's and confidence's beside "
            "paired_ar, and each ROUGE type counts as 16 scores (its means are summed segment "
            "by segment, about 40 ns a step where the others take 1 to 4). The dearest valid "
            "requests, measured on a shared 2-core machine under load (load average about 10): "
            "16 systems of 10,000 segments (10 MiB of text) tested by 625 randomization trials "
            "of rougeLsum take 3.8 s of CPU, by 10,000 trials of chrF++ (orders 10 and 2) 1.5 "
            "s, by 8,000 trials of BLEU with confidence's 2,000 resamples 2.7 s (460 MiB); 2 "
            "systems with every metric but TER and 1,000 resamples 2.1 s; one system with 8 "
            "references and confidence of 2,000 resamples, chrF++ and BLEU, 3.2 s."
        ),
        (
            "A server takes a body of up to 64 MiB for this tool when its body limit is left "
            "at the default: the largest valid input with every character escaped fits."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits={
        **LIMITS.to_json(),
        "max_systems": MAX_SYSTEMS,
        "max_bootstrap": resampling.MAX_BOOTSTRAP,
        "max_randomization": resampling.MAX_RANDOMIZATION,
        "max_resampling_steps": MAX_RESAMPLING_STEPS,
    },
    examples=EXAMPLES,
)

# The fields by which a local stdio server reads files (``mtcompute mcp --files-root``).
FILE_FIELDS = ("hypotheses_file", "references_files")


def hints(raw: Mapping[str, Any]) -> list[Hint]:
    """The hints of texts per segment, and what to do with file fields sent where no files
    are read."""
    found = text_corpus_input_hints(raw)
    for field in FILE_FIELDS:
        if field in raw:
            message = (
                "files are read by path only by a local `mtcompute mcp --files-root DIR` (stdio) "
                "server, never over HTTP: send the lines in hypotheses and references"
            )
            found.append(Hint(f"/{field}", message))
    return found


TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    hints,
    max_body_bytes=MAX_BODY_BYTES,
    remedy=remedies.SCORE_TEXTS,
)
