"""Pairwise score matrices for MBR decoding, each cell equal to ``metrics.pairwise``'s."""

from mtcompute.fast.pairwise.bleu import pairwise_bleu_batch, pairwise_bleu_matrix
from mtcompute.fast.pairwise.chrf import pairwise_chrf_batch, pairwise_chrf_matrix
from mtcompute.fast.pairwise.mbr import mbr_select_matrix

__all__ = [
    "mbr_select_matrix",
    "pairwise_bleu_batch",
    "pairwise_bleu_matrix",
    "pairwise_chrf_batch",
    "pairwise_chrf_matrix",
]
