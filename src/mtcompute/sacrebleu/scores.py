"""sacreBLEU 2.6's score objects as its users read them: ``score`` (0-100), the statistics
behind it under sacreBLEU's attribute names, and ``format()`` printing sacreBLEU's line. They
are the metric classes' (``mtcompute.sacrebleu.metrics``), named here as sacreBLEU's
``sacrebleu.metrics`` names them."""

from mtcompute.sacrebleu.metrics.base import Score
from mtcompute.sacrebleu.metrics.bleu import BLEUScore
from mtcompute.sacrebleu.metrics.chrf import CHRFScore
from mtcompute.sacrebleu.metrics.ter import TERScore

__all__ = ["BLEUScore", "CHRFScore", "Score", "TERScore"]
