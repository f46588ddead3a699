"""sacreBLEU 2.6's metric classes: ``from mtcompute.sacrebleu.metrics import BLEU, CHRF, TER``."""

from mtcompute.sacrebleu.metrics.base import Metric, Score, Signature
from mtcompute.sacrebleu.metrics.bleu import BLEU, BLEUScore, BLEUSignature
from mtcompute.sacrebleu.metrics.chrf import CHRF, CHRFScore, CHRFSignature
from mtcompute.sacrebleu.metrics.ter import TER, TERScore, TERSignature

METRICS = {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}

__all__ = [
    "BLEU",
    "CHRF",
    "METRICS",
    "TER",
    "BLEUScore",
    "BLEUSignature",
    "CHRFScore",
    "CHRFSignature",
    "Metric",
    "Score",
    "Signature",
    "TERScore",
    "TERSignature",
]
