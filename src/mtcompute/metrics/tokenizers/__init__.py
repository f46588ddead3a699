"""sacreBLEU 2.6's BLEU tokenizers (``13a``, ``intl``, ``zh``, ``char``, ``none``) as pure-Python
oracles: a text's tokens exactly as sacreBLEU's BLEU scores them, the same on every Python version
(the Unicode tables are ``unicode_data``'s, written by ``scripts/unicode_tables.py``)."""

from mtcompute.metrics.tokenizers.intl import TABLES as INTL_UNICODE_TABLES
from mtcompute.metrics.tokenizers.registry import (
    DEFAULT_TOKENIZER,
    TOKENIZER_NAMES,
    tokenize,
    tokenize_many,
    tokenizer_named,
)
from mtcompute.metrics.tokenizers.unicode_data import UNICODE_TABLES

__all__ = [
    "DEFAULT_TOKENIZER",
    "INTL_UNICODE_TABLES",
    "TOKENIZER_NAMES",
    "UNICODE_TABLES",
    "tokenize",
    "tokenize_many",
    "tokenizer_named",
]
