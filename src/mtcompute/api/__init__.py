"""The Python interface: run a tool by id and version (or a batch of such calls), read its
contract, or call a metric directly, by the rules of its contract without the contract's size
limits."""

from mtcompute.api.bleu import (
    brevity_penalty,
    corpus_bleu,
    ngram_counts,
    sentence_bleu,
    sentence_components,
)
from mtcompute.api.chrf import chrf
from mtcompute.api.pairwise import (
    mbr_select,
    pairwise_bleu,
    pairwise_bleu_batch,
    pairwise_chrf,
    pairwise_chrf_batch,
)
from mtcompute.api.parsing import TextList, TokenList
from mtcompute.api.parts import (
    chrf_from_statistics,
    corpus_bleu_from_statistics,
    corpus_bleu_statistics,
    ter_from_statistics,
)
from mtcompute.api.rouge import rouge
from mtcompute.api.significance import confidence_interval, paired_test
from mtcompute.api.ter import ter
from mtcompute.api.tokenize import tokenize
from mtcompute.api.wer import cer, wer
from mtcompute.helper.process import use_helper_process
from mtcompute.meta.batch.run import execute_batch
from mtcompute.meta.execute import describe, execute, execute_answer, resolve_version, tools

__all__ = [
    "TextList",
    "TokenList",
    "brevity_penalty",
    "cer",
    "chrf",
    "chrf_from_statistics",
    "confidence_interval",
    "corpus_bleu",
    "corpus_bleu_from_statistics",
    "corpus_bleu_statistics",
    "describe",
    "execute",
    "execute_answer",
    "execute_batch",
    "mbr_select",
    "ngram_counts",
    "paired_test",
    "pairwise_bleu",
    "pairwise_bleu_batch",
    "pairwise_chrf",
    "pairwise_chrf_batch",
    "resolve_version",
    "rouge",
    "sentence_bleu",
    "sentence_components",
    "ter",
    "ter_from_statistics",
    "tokenize",
    "tools",
    "use_helper_process",
    "wer",
]
