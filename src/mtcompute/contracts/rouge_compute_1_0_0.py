"""The contract of ``rouge-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint, text_corpus_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY, Path
from mtcompute.contracts.validation.rules import FAILED, Rule, SameLength, _Failed
from mtcompute.contracts.validation.texts import Texts
from mtcompute.contracts.validation.violations import Violations
from mtcompute.fast.rouge.scores import rouge_fast
from mtcompute.metrics.rouge.result import RougeResult
from mtcompute.metrics.rouge.types import DEFAULT_TYPES

# ROUGE-Lsum pairs every hypothesis line with every reference line: at about 30 ns a pair (short
# lines) the pairs bound its work, and at their limit the dearest request takes about 0.4 s
# compiled. Long texts of one line cost far less (0.13 s at the byte limits, every type).
LIMITS = Limits(
    max_segments=1000,
    max_references_per_segment=8,
    max_string_bytes=8192,
    max_total_string_bytes=1_048_576,
    max_total_sentence_pairs=10_000_000,
)

ROUGE_TYPES = (*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum")
TOKENIZERS = ("rouge-score", "unicode")

OPTIONS = {
    "rouge_types": {
        "type": "array",
        "minItems": 1,
        "maxItems": len(ROUGE_TYPES),
        "items": {"type": "string", "enum": list(ROUGE_TYPES)},
        "default": list(DEFAULT_TYPES),
        "description": (
            "The ROUGE types to compute, each once: rouge1 to rouge9 (n-grams), rougeL (longest "
            "common subsequence), rougeLsum (summary-level, sentences split at newlines)."
        ),
    },
    "use_stemmer": fields.boolean(
        False, "Replace each token longer than 3 characters by its Porter stem (rouge-score's)."
    ),
    "tokenizer": {
        "type": "string",
        "enum": list(TOKENIZERS),
        "default": "rouge-score",
        "description": (
            "rouge-score: rouge-score 0.1.2's (ASCII letters and digits only); unicode: "
            "mtcompute's Unicode tokenizer version 1, for any script (not rouge-score's)."
        ),
    },
    "decimals": fields.decimals("every precision, recall and F-measure"),
}


@dataclass(frozen=True)
class RougeRequest:
    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    rouge_types: tuple[str, ...]
    use_stemmer: bool
    tokenizer: str
    decimals: int | None


@dataclass(frozen=True)
class DistinctTypes:
    """Each ROUGE type named once: a repeated name would be a repeated key of the answer."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # one short array

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        names = raw.get("rouge_types", ())
        return None if len(set(names)) == len(names) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        names = raw.get("rouge_types")
        if not isinstance(names, list):
            return
        seen: set[object] = set()
        for index, name in enumerate(names):
            if not isinstance(name, str):
                continue
            if name in seen:
                found.add(
                    "duplicate_item",
                    f"/rouge_types/{index}",
                    f'expected each ROUGE type once, got "{name}" again at /rouge_types/{index}',
                )
            seen.add(name)


def lines(text: object) -> int:
    """A text's lines, one more than its newlines: at least its ROUGE-Lsum sentences."""
    return text.count("\n") + 1 if isinstance(text, str) else 0


def sentence_pairs(raw: Mapping[str, Any]) -> int:
    """Each hypothesis's lines times the lines of each of its references, summed; 0 without
    rougeLsum."""
    types = raw.get("rouge_types", DEFAULT_TYPES)
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if not isinstance(types, list | tuple) or "rougeLsum" not in types:
        return 0
    if not isinstance(hypotheses, list) or not isinstance(references, list):
        return 0
    total = 0
    for hypothesis, texts in zip(hypotheses, references, strict=False):
        if isinstance(texts, list):
            total += lines(hypothesis) * sum(lines(text) for text in texts)
    return total


@dataclass(frozen=True)
class SentencePairs:
    """ROUGE-Lsum's line pairs in all within ``max_pairs``."""

    max_pairs: int | None
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.max_pairs is None or sentence_pairs(raw) <= self.max_pairs:
            return None
        return FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        total = sentence_pairs(raw)
        if self.max_pairs is not None and total > self.max_pairs:
            found.add(
                "too_many_sentence_pairs",
                "",
                f"expected at most {self.max_pairs} (hypothesis line, reference line) pairs "
                f"for rougeLsum in all, got {total}; send the segments in several requests, "
                "or score them with `mtcompute.rouge` in Python or `mtcompute score -m rouge` "
                "at a shell, which have no limits",
            )


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    references = fields.reference_set(text, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "references": fields.segments(
                references, limits.max_segments, "Reference texts of each segment."
            ),
            **OPTIONS,
        },
        ["hypotheses", "references"],
    )


def parser(limits: Limits) -> RequestParser[RougeRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY, EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength(
        "hypotheses", "references", "reference set", "reference sets", "hypothesis"
    )

    def build(checked: Checked) -> RougeRequest:
        return RougeRequest(
            checked.raw["hypotheses"],
            checked.raw["references"],
            tuple(checked.get("rouge_types", DEFAULT_TYPES)),
            checked.get("use_stemmer", False),
            checked.get("tokenizer", "rouge-score"),
            decimals_of(checked),
        )

    pairs = SentencePairs(limits.max_total_sentence_pairs)
    rules: list[Rule[object]] = [segments, texts, DistinctTypes(), pairs]
    return RequestParser(input_schema(limits), rules, build)


PARSER = parser(LIMITS)

_SCORE = fields.output_object(
    {
        "precision": fields.score("Matches over the hypothesis's count."),
        "recall": fields.score("Matches over the reference's count."),
        "fmeasure": fields.score("2 * precision * recall / (precision + recall), or 0."),
    }
)
_SCORE.pop("$schema")
_BY_TYPE = {"type": "object", "additionalProperties": _SCORE}
OUTPUT_SCHEMA = fields.output_object(
    {
        "rouge_types": {"type": "array", "items": {"type": "string", "enum": list(ROUGE_TYPES)}},
        "use_stemmer": {"type": "boolean"},
        "tokenizer": {"type": "string", "enum": list(TOKENIZERS)},
        "means": {
            **_BY_TYPE,
            "description": "Each type's precision, recall and F-measure averaged over segments.",
        },
        "segments": {"type": "array", "items": _BY_TYPE},
    }
)


def _scores(precision: float, recall: float, fmeasure: float) -> dict[str, float]:
    return {"precision": precision, "recall": recall, "fmeasure": fmeasure}


_EIGHT_NINTHS = _scores(0.8888888888888888, 0.8888888888888888, 0.8888888888888888)
_HALF = _scores(0.5, 0.5, 0.5)
EXAMPLES = (
    Example(
        title=(
            "Segment 0 shares 8 of its 9 words with its reference (`sat` is not there): rouge1 "
            "= 8/9. Its two sentences come in the other order, so the longest common "
            "subsequence of the whole texts is 5 words (rougeL = 5/9), while rougeLsum, "
            "sentence by sentence, finds all 8. Segment 1's two references tie at rouge1 F = "
            "0.5 (`there` or `hello`): the first is kept. Every number is rouge-score 0.1.2's "
            "`RougeScorer([...]).score_multi(references, hypothesis)`."
        ),
        input={
            "hypotheses": ["The cat sat on the mat.\nIt was happy.", "Hello there!"],
            "references": [
                ["It was happy.\nThe cat was on the mat."],
                ["Hi there!", "Hello, you!"],
            ],
        },
        result={
            "rouge_types": ["rouge1", "rouge2", "rougeL", "rougeLsum"],
            "use_stemmer": False,
            "tokenizer": "rouge-score",
            "means": {
                "rouge1": _scores(0.6944444444444444, 0.6944444444444444, 0.6944444444444444),
                "rouge2": _scores(0.3125, 0.3125, 0.3125),
                "rougeL": _scores(0.5277777777777778, 0.5277777777777778, 0.5277777777777778),
                "rougeLsum": _scores(0.6944444444444444, 0.6944444444444444, 0.6944444444444444),
            },
            "segments": [
                {
                    "rouge1": _EIGHT_NINTHS,
                    "rouge2": _scores(0.625, 0.625, 0.625),
                    "rougeL": _scores(0.5555555555555556, 0.5555555555555556, 0.5555555555555556),
                    "rougeLsum": _EIGHT_NINTHS,
                },
                {
                    "rouge1": _HALF,
                    "rouge2": _scores(0.0, 0.0, 0.0),
                    "rougeL": _HALF,
                    "rougeLsum": _HALF,
                },
            ],
        },
    ),
)


def score_request(request: RougeRequest) -> RougeResult:
    """The ROUGE of a validated request."""
    return rouge_fast(
        request.hypotheses,
        request.references,
        rouge_types=request.rouge_types,
        use_stemmer=request.use_stemmer,
        tokenizer=request.tokenizer,
        decimals=request.decimals,
    )


def run(request: RougeRequest) -> JsonObject:
    return score_request(request).to_dict()


def answer_bytes(raw: object) -> int:
    """An upper bound of the answer's JSON bytes beyond the input's: per segment and type, its
    name and three numbers of at most 24 characters with their keys (under 110 bytes)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("hypotheses"), list):
        return 0
    types = raw.get("rouge_types", DEFAULT_TYPES)
    count = len(types) if isinstance(types, list) else len(DEFAULT_TYPES)
    return (len(raw["hypotheses"]) + 1) * min(count, len(ROUGE_TYPES)) * 110


def rouge_input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """The text corpus hints, and where a request is too large what to do instead."""
    hints = text_corpus_hints(raw.get("hypotheses"), raw.get("references"))
    hypotheses = raw.get("hypotheses")
    most = LIMITS.max_segments or 0
    if isinstance(hypotheses, list) and len(hypotheses) > most:
        hints.append(
            Hint(
                "/hypotheses",
                f"send at most {most} segments a request and weight each request's means by "
                "its segment count, or score the whole corpus with `mtcompute.rouge` in Python "
                "or `mtcompute score -m rouge` at a shell, which have no limits",
            )
        )
    return hints


ANSWER_NOTE = (
    "The answer holds three numbers per segment and type: at most about 110 bytes each, "
    "about 1.2 MB at this contract's limits with every type. A server charges a request for "
    "that bound before it computes."
)

CONTRACT = Contract(
    id="rouge-compute",
    version="1.0.0",
    title="ROUGE compute",
    summary=(
        "Compute exact ROUGE-N, ROUGE-L and ROUGE-Lsum (Lin 2004) as google-research "
        "rouge-score 0.1.2 does: precision, recall and F-measure per segment, and their means."
    ),
    use_when=(
        "ROUGE scores of a summarization system's outputs",
        "ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum equal to rouge-score's, from raw strings",
        "sentence-level ROUGE for every segment, with the Porter stemmer or without",
    ),
    supported=(
        "ROUGE scores of a summarization system's outputs",
        "ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum equal to rouge-score's, from raw strings",
        "sentence-level ROUGE for every segment, with the Porter stemmer or without",
        "rouge1 to rouge9, rougeL and summary-level rougeLsum (sentences split at newlines)",
        "multiple references per segment: the best by F-measure, per type (score_multi)",
        "text in any script with the unicode tokenizer (not rouge-score's numbers)",
    ),
    not_supported=(
        "rouge-score's bootstrap confidence intervals (BootstrapAggregator): use mtcompute "
        "score -m rouge with several systems for seeded intervals and significance tests",
        "NLTK sentence splitting for rougeLsum (split_summaries): put a newline between sentences",
        "ROUGE-W, ROUGE-S and ROUGE-SU, or ROUGE-1.5.5's other options (-l, -b, stopwords)",
        "a custom tokenizer or stemmer other than the two tokenizers named",
        "BERTScore, METEOR or other model-based scores of a summary",
    ),
    behavior=(
        (
            "hypotheses[i] is the text of segment i and references[i] lists its 1 to 8 "
            "reference texts. rouge_types names the types to compute, each once (default "
            "rouge1, rouge2, rougeL, rougeLsum); every answer lists them in that order."
        ),
        (
            "tokenizer rouge-score (the default) is rouge-score 0.1.2's: the text is lowercased "
            "with Python's `str.lower`, every run of characters other than a-z and 0-9 "
            "separates tokens, and only those ASCII letters and digits are kept: a text in "
            "another script has no tokens and scores 0 (a few letters lower to ASCII ones: "
            "U+212A, the Kelvin sign, is k; U+0130 is i and a combining dot)."
        ),
        (
            "tokenizer unicode is mtcompute's Unicode tokenizer, version 1, and NOT "
            "rouge-score's: the text is lowercased with Python's `str.lower`; a token is a "
            "maximal run of letters, digits and combining marks (Unicode general categories L, "
            "N and M; a mark extends a run and never starts one), as the character database of "
            "the running Python has them (Unicode 14.0 on Python 3.11, 15.0 on 3.12, 15.1 on "
            "3.13, which differ only in characters assigned after 14.0); every other character "
            "separates tokens; a Han, Hiragana or Katakana character (U+3040-U+30FF, "
            "U+31F0-U+31FF, U+3400-U+4DBF, U+4E00-U+9FFF, U+F900-U+FAFF, U+FF66-U+FF9F, "
            "U+20000-U+2FA1F, U+30000-U+323AF) is a token by itself. Thai, Lao, Khmer and other "
            "scripts written without spaces stay whole runs."
        ),
        (
            "use_stemmer replaces each token longer than 3 characters (with the unicode "
            "tokenizer: each such token of ASCII letters and digits) by its stem under NLTK's "
            "Porter stemmer in the mode rouge-score calls it, `PorterStemmer()` (NLTK_EXTENSIONS: "
            "its irregular forms and amendments to Porter 1980)."
        ),
        (
            "rougeN (N = 1 to 9): matches are the n-grams the hypothesis and the reference "
            "share, each counted at most as often as in either (clipped); precision = matches / "
            "max(hypothesis n-grams, 1), recall = matches / max(reference n-grams, 1)."
        ),
        (
            "rougeL: the length of the longest common subsequence of the two token lists; "
            "precision = LCS / hypothesis tokens, recall = LCS / reference tokens; all 0 when "
            "either list is empty."
        ),
        (
            "rougeLsum: each text is split at every newline (U+000A only) into sentences, empty "
            "ones dropped, each tokenized alone. For each reference sentence, the union of the "
            "reference positions of its longest common subsequence with each hypothesis "
            "sentence (rouge-score's: read back from the end of the table, going left only "
            "where the cell to the left is strictly greater than the cell above); each token of "
            "the union, in position order, is a hit while that token still has unused "
            "occurrences in both texts. precision = hits / hypothesis tokens, recall = hits / "
            "reference tokens; all 0 when either text has no token."
        ),
        (
            "Each division is of two integers, in IEEE-754 doubles; fmeasure = 2 * precision * "
            "recall / (precision + recall), evaluated left to right, and 0 when precision + "
            "recall is 0. With several references, each type keeps the score of the first "
            "reference with the highest fmeasure. Every number is bit for bit rouge-score "
            "0.1.2's `RougeScorer(rouge_types, use_stemmer).score_multi(references[i], "
            "hypotheses[i])` with the rouge-score tokenizer."
        ),
        (
            "means[type] holds each of precision, recall and fmeasure summed over the segments "
            "left to right from 0, divided by the number of segments."
        ),
        (
            "decimals (0-15) rounds every number of the answer with Number.prototype.toFixed "
            "(nearest, on the exact binary value), after the means are computed; omitted means "
            "full IEEE-754 double precision."
        ),
        (
            "Limits: rougeLsum compares every line of a hypothesis with every line of each of "
            "its references, so with rougeLsum among the types, each hypothesis's line count "
            "(its newlines + 1) times the line counts of its references, summed over the "
            "segments, is at most max total sentence pairs. At its dearest the largest request "
            "takes about 0.4 s of CPU on the compiled kernel. The library function "
            "`mtcompute.rouge` and `mtcompute score -m rouge` have no limits."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    rouge_input_hints,
    answer_bytes=answer_bytes,
    answer_note=ANSWER_NOTE,
    remedy=remedies.of_texts("rouge-compute", None),
)
