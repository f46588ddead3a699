"""sacreBLEU's BLEU tokenizers as a typed function, by the rules of ``bleu-tokenize`` without
its size limits."""

from collections.abc import Sequence
from typing import Any

from mtcompute.api.parsing import TextList
from mtcompute.contracts import fields
from mtcompute.contracts.bleu_tokenize_1_1_0 import OPTIONS
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.tokenize import tokenize_many, tokenize_unicode
from mtcompute.metrics.tokenizers import TOKENIZER_NAMES

_SCHEMA = fields.closed_object(
    {"texts": {"type": "array", "items": fields.text(None)}, **OPTIONS}, ["texts"]
)


def _arguments(checked: Checked) -> dict[str, Any]:
    return checked.raw


_TEXTS = RequestParser(_SCHEMA, [Texts((("texts", EVERY),))], _arguments)
_OPTIONS = RequestParser(_SCHEMA, [], _arguments)


def tokenize(
    texts: TextList, *, tokenizer: str = "13a", lowercase: bool = False
) -> list[list[str]]:
    """Each text's tokens exactly as sacreBLEU 2.6's ``BLEU(tokenize=tokenizer,
    lowercase=lowercase)`` scores them: ``tokenizer`` is "13a" (sacreBLEU's default), "intl",
    "zh", "char" or "none", or where their extras are installed "ja-mecab", "ko-mecab" and the
    SentencePiece "flores101", "flores200", "spBLEU-1K" and "spm" (their models read from
    sacreBLEU's cache). Raises ``InputError`` listing every violation (a text that is not a
    string, a lone surrogate, an unknown tokenizer, one whose package or model is missing)."""
    if (
        tokenizer in TOKENIZER_NAMES
        and isinstance(texts, list | tuple)
        and _OPTIONS.parse_in_bulk({"texts": [], "tokenizer": tokenizer, "lowercase": lowercase})
    ):
        # The options by the parser; the texts by the kernel, which refuses what the parser
        # would (a text not a str, a lone surrogate) as it reads them: no pass of their own.
        try:
            return tokenize_unicode(texts, tokenizer, lowercase)
        except (TypeError, ValueError):
            pass  # the parser says what and where, below
    checked = _TEXTS.parse({"texts": texts, "tokenizer": tokenizer, "lowercase": lowercase})
    texts_checked: Sequence[str] = checked["texts"]
    return tokenize_many(texts_checked, tokenizer, lowercase)
