"""A drop-in for sacreBLEU 2.6's Python API: ``import mtcompute.sacrebleu as sacrebleu``.

``corpus_bleu``, ``raw_corpus_bleu``, ``sentence_bleu``, ``corpus_chrf``, ``sentence_chrf``,
``corpus_ter`` and ``sentence_ter`` take sacreBLEU's arguments with its defaults (references as
streams, ``refs[k][i]``, None where a segment has fewer references) and answer its score objects
(``score``, ``counts``, ``totals``, ``precisions``, ``bp``, ``sys_len``, ``ref_len``,
``format()``); ``mtcompute.sacrebleu.metrics`` has its ``BLEU``, ``CHRF`` and ``TER`` classes,
which the functions make as sacreBLEU's do. The texts are tokenized and counted by mtcompute's
kernels, and each score is made from the statistics as sacreBLEU makes it (the platform's libm,
float32 where sacreBLEU uses it), so the numbers are sacreBLEU's to the bit on the same Python.
"""

from mtcompute.sacrebleu.bleu import corpus_bleu, raw_corpus_bleu, sentence_bleu
from mtcompute.sacrebleu.chrf import corpus_chrf, sentence_chrf
from mtcompute.sacrebleu.scores import BLEUScore, CHRFScore, Score, TERScore
from mtcompute.sacrebleu.ter import corpus_ter, sentence_ter

__all__ = [
    "BLEUScore",
    "CHRFScore",
    "Score",
    "TERScore",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]
