"""The contract of ``bleu-tokenize@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.chrf import LIMITS
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.tokenizers import DEFAULT_TOKENIZER, TOKENIZER_NAMES, UNICODE_TABLES


@dataclass(frozen=True)
class TokenizeRequest:
    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]] | None
    tokenizer: str
    lowercase: bool


# The options, which the library's ``tokenize`` takes too.
OPTIONS = {
    "tokenizer": {
        "type": "string",
        "enum": list(TOKENIZER_NAMES),
        "default": DEFAULT_TOKENIZER,
        "description": "sacreBLEU's tokenizer: 13a (its default), intl, zh, char or none.",
    },
    "lowercase": fields.boolean(False, "Lowercase each text first, as sacreBLEU's -lc."),
}


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    references = fields.reference_set(text, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "references": fields.segments(
                references,
                limits.max_segments,
                "Reference texts of each segment (optional): tokenized the same way.",
            ),
            **OPTIONS,
        },
        ["hypotheses"],
    )


def parser(limits: Limits) -> RequestParser[TokenizeRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY, EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength(
        "hypotheses", "references", "reference set", "reference sets", "hypothesis"
    )

    def build(checked: Checked) -> TokenizeRequest:
        return TokenizeRequest(
            hypotheses=checked.raw["hypotheses"],
            references=checked.raw.get("references"),
            tokenizer=checked.get("tokenizer", DEFAULT_TOKENIZER),
            lowercase=checked.get("lowercase", False),
        )

    return RequestParser(input_schema(limits), [segments, texts], build)


PARSER = parser(LIMITS)

_TOKEN_LIST = {
    "type": "array",
    "items": {"type": "string", "minLength": 1},
    "description": "A text's tokens, in order; empty for a text with none.",
}
OUTPUT_SCHEMA = fields.output_object(
    {
        "hypotheses": {"type": "array", "items": _TOKEN_LIST},
        "references": {
            "type": "array",
            "items": {"type": "array", "minItems": 1, "items": _TOKEN_LIST},
            "description": "Present when the input has references: per segment, per reference.",
        },
        "tokenizer": {"type": "string", "enum": list(TOKENIZER_NAMES)},
        "lowercase": {"type": "boolean"},
    },
    optional=("references",),
)

EXAMPLES = (
    Example(
        title=(
            "13a splits off punctuation but keeps a number's comma and full stop, and `don't` "
            "whole; the tokens go straight into bleu-corpus-compute."
        ),
        input={
            "hypotheses": ["The cat, on 3,000.5 mats!", "Don't stop (yet)."],
            "references": [["The cat sat on the mat."], ["Do not stop yet."]],
        },
        result={
            "hypotheses": [
                ["The", "cat", ",", "on", "3,000.5", "mats", "!"],
                ["Don't", "stop", "(", "yet", ")", "."],
            ],
            "references": [
                [["The", "cat", "sat", "on", "the", "mat", "."]],
                [["Do", "not", "stop", "yet", "."]],
            ],
            "tokenizer": "13a",
            "lowercase": False,
        },
    ),
    Example(
        title="zh makes every Chinese character a token; lowercase acts first.",
        input={"hypotheses": ["我爱 NLP。"], "tokenizer": "zh", "lowercase": True},
        result={"hypotheses": [["我", "爱", "nlp", "。"]], "tokenizer": "zh", "lowercase": True},
    ),
)

CONTRACT = Contract(
    id="bleu-tokenize",
    version="1.0.0",
    title="Bleu tokenize",
    summary=(
        "Tokenize raw text exactly as sacreBLEU's BLEU does (13a, intl, zh, char, none; "
        "optional lowercase), into the token lists bleu-corpus-compute takes."
    ),
    use_when=(
        "tokenize 13a text for BLEU as sacreBLEU does",
        "the BLEU a paper reports, from raw text: tokenize, then bleu-corpus-compute",
        "intl tokenizer, zh tokenizer for Chinese, char tokenizer",
    ),
    supported=(
        "tokenize 13a text for BLEU as sacreBLEU does",
        "the BLEU a paper reports, from raw text: tokenize, then bleu-corpus-compute",
        "intl tokenizer, zh tokenizer for Chinese, char tokenizer",
        "lowercase before tokenizing (sacreBLEU -lc)",
        "hypotheses and their references in one call, in the shapes the BLEU tools take",
    ),
    not_supported=(
        "ja-mecab, ko-mecab, spm and flores tokenizers (models, not rules)",
        "Moses or NLTK word tokenization (they differ from 13a on quotes and hyphens)",
        "TER's tercom tokenizer: use ter-compute",
        "detokenization",
    ),
    behavior=(
        (
            "A text's tokens are exactly the token list sacreBLEU 2.6's `BLEU(tokenize=T, "
            "lowercase=L)` scores for it: `T(text.lower() if L else text).rstrip()).split()`, "
            "hypotheses and references alike."
        ),
        (
            "Whitespace is the 29 code points of Python's `str.split()` listed on chrf-compute's "
            "page; splitting and stripping use that table on every Python version."
        ),
        (
            "lowercase is Python 3.11's `str.lower()` (Unicode 14.0.0) on every Python version: "
            "`İ` becomes `i̇` (two code points), `ẞ` becomes `ß`."
        ),
        (
            "13a (mteval-v13a): `<skipped>` is removed, `-` + line break removed, a line break "
            "becomes a space; where the text holds `&`, `&quot;`, `&amp;`, `&lt;`, `&gt;` become "
            '`"`, `&`, `<`, `>` in that order; the text is padded with a space at each end; then '
            "every ASCII punctuation mark but `'`, `,`, `-`, `.` gets a space on each side, a `.` "
            "or `,` after a non-digit, then before a non-digit, gets a space on each side, and a "
            "`-` after a digit gets a space on each side. Each rule is a left-to-right "
            "substitution of non-overlapping matches, quirks included."
        ),
        (
            "intl (mteval-v14 international): a punctuation mark (\\p{P}) after a non-number "
            "(\\p{N}), then one before a non-number, gets a space on each side, then every symbol "
            f"(\\p{{S}}) does. The classes follow {UNICODE_TABLES.split(';')[0]}; they equal "
            "sacreBLEU's on Python 3.11 for every code point assigned in Unicode 14.0."
        ),
        (
            "zh: the text stripped, every Chinese character a token of its own, then 13a's "
            "punctuation rules without its clean-ups or padding. Chinese is sacreBLEU's list of "
            "ranges compared as sacreBLEU compares them: its ranges written `\\u20000-\\u2a6d6` "
            "and `\\u2f800-\\u2fa1d` are two-character strings in Python, so U+2001..U+2A6D "
            "(general punctuation, arrows, operators, box drawing, ...) and U+2F81..U+2FA1 count "
            "as Chinese, and astral ideographs such as U+20000 do not."
        ),
        "char: every code point is a token; none: the text is split at whitespace only.",
        (
            "Without references in the input there is none in the output; with them, they must "
            "be as many as hypotheses, 1 to 8 per segment."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def tokenize_request(request: TokenizeRequest) -> JsonObject:
    """The tokens of a validated request, as the result object."""
    tokenizer, lowercase = request.tokenizer, request.lowercase
    result: JsonObject = {"hypotheses": tokenize_many(request.hypotheses, tokenizer, lowercase)}
    if request.references is not None:
        flat = [text for refs in request.references for text in refs]
        tokens = iter(tokenize_many(flat, tokenizer, lowercase))
        result["references"] = [[next(tokens) for _ in refs] for refs in request.references]
    return result | {"tokenizer": tokenizer, "lowercase": lowercase}


def run(request: TokenizeRequest) -> JsonObject:
    return tokenize_request(request)


def tokens_bytes(raw: object) -> int:
    """An upper bound of the token lists' JSON bytes for a raw input: a one-byte token is written
    in at most 9 bytes (a control character as ``"\\u0001",``; lowercasing turns no byte into
    more), and each text's list adds a few more."""
    if not isinstance(raw, dict):
        return 0
    texts = [t for t in _items(raw.get("hypotheses")) if isinstance(t, str)]
    for references in _items(raw.get("references")):
        texts += [t for t in _items(references) if isinstance(t, str)]
    return sum(9 * len(text.encode("utf-8", "surrogatepass")) + 8 for text in texts)


def _items(value: object) -> list[object]:
    return value if isinstance(value, list) else []


ANSWER_NOTE = (
    "The token lists take at most nine times the texts' bytes (the char tokenizer on control "
    "characters, each written as a \\u escape): up to about 9 MiB at this contract's limits, "
    "and about four times for text with punctuation between letters. A server charges a request "
    "for that bound before it computes."
)

TOOL = Tool(CONTRACT, PARSER, run, answer_bytes=tokens_bytes, answer_note=ANSWER_NOTE)
