"""sacreBLEU 2.6's BLEU tokenizers (``13a``, ``intl``, ``zh``, ``char``, ``none``) as pure-Python
oracles: a text's tokens exactly as sacreBLEU's BLEU scores them, the same on every Python version
(the Unicode tables are ``unicode_data``'s, written by ``scripts/unicode_tables.py``); and its
multilingual ones (``ja-mecab``, ``ko-mecab``, ``flores101``, ``flores200``, ``spBLEU-1K``,
``spm``) through the libraries sacreBLEU runs, where they are installed."""

from typing import TYPE_CHECKING

from mtcompute.metrics.tokenizers.registry import (
    ALL_TOKENIZER_NAMES,
    DEFAULT_TOKENIZER,
    MODEL_TOKENIZER_NAMES,
    TOKENIZER_NAMES,
    available_tokenizers,
    check_tokenizer,
    default_tokenizer,
    tokenize,
    tokenize_many,
    tokenizer_model_sha256,
    tokenizer_named,
    tokenizer_signature,
)

if TYPE_CHECKING:
    from mtcompute.metrics.tokenizers.intl import TABLES as INTL_UNICODE_TABLES
    from mtcompute.metrics.tokenizers.unicode_data import UNICODE_TABLES

__all__ = [
    "ALL_TOKENIZER_NAMES",
    "DEFAULT_TOKENIZER",
    "INTL_UNICODE_TABLES",
    "MODEL_TOKENIZER_NAMES",
    "TOKENIZER_NAMES",
    "UNICODE_TABLES",
    "available_tokenizers",
    "check_tokenizer",
    "default_tokenizer",
    "tokenize",
    "tokenize_many",
    "tokenizer_model_sha256",
    "tokenizer_named",
    "tokenizer_signature",
]


def __getattr__(name: str) -> str:
    """The Unicode tables' sources, read from their modules on first use (they are large)."""
    if name == "INTL_UNICODE_TABLES":
        from mtcompute.metrics.tokenizers.intl import TABLES  # noqa: PLC0415

        return TABLES
    if name == "UNICODE_TABLES":
        from mtcompute.metrics.tokenizers.unicode_data import UNICODE_TABLES  # noqa: PLC0415

        return UNICODE_TABLES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
