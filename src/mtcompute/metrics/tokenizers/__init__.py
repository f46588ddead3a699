"""sacreBLEU 2.6's BLEU tokenizers (``13a``, ``intl``, ``zh``, ``char``, ``none``) as pure-Python
oracles: a text's tokens exactly as sacreBLEU's BLEU scores them, the same on every Python version
(the Unicode tables are ``unicode_data``'s, written by ``scripts/unicode_tables.py``); and its
multilingual ones (``ja-mecab``, ``ko-mecab``, ``flores101``, ``flores200``, ``spBLEU-1K``,
``spm``) through the libraries sacreBLEU runs, where they are installed."""

from mtcompute.metrics.tokenizers.intl import TABLES as INTL_UNICODE_TABLES
from mtcompute.metrics.tokenizers.registry import (
    ALL_TOKENIZER_NAMES,
    DEFAULT_TOKENIZER,
    MODEL_TOKENIZER_NAMES,
    TOKENIZER_NAMES,
    available_tokenizers,
    default_tokenizer,
    tokenize,
    tokenize_many,
    tokenizer_model_sha256,
    tokenizer_named,
    tokenizer_signature,
)
from mtcompute.metrics.tokenizers.unicode_data import UNICODE_TABLES

__all__ = [
    "ALL_TOKENIZER_NAMES",
    "DEFAULT_TOKENIZER",
    "INTL_UNICODE_TABLES",
    "MODEL_TOKENIZER_NAMES",
    "TOKENIZER_NAMES",
    "UNICODE_TABLES",
    "available_tokenizers",
    "default_tokenizer",
    "tokenize",
    "tokenize_many",
    "tokenizer_model_sha256",
    "tokenizer_named",
    "tokenizer_signature",
]
