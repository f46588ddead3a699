"""``mtcompute.sacrebleu.metrics.CHRF`` is sacreBLEU 2.6's ``CHRF``: chrF and chrF++ with every
constructor argument, corpus and sentence scores to the bit."""

from typing import Any

import pytest

from mtcompute.sacrebleu import metrics as ours
from tests.sacrebleu.metrics.sacrebleu_classes import corpus, same_score, same_signature, theirs

CHRF_SETTINGS = [
    {},
    {"word_order": 2},
    {"word_order": 1, "char_order": 4, "beta": 3},
    {"lowercase": True},
    {"whitespace": True},
    {"eps_smoothing": True},
    {"char_order": 3, "word_order": 2, "whitespace": True, "lowercase": True},
]


@pytest.mark.parametrize("arguments", CHRF_SETTINGS)
def test_chrf_is_sacrebleus(arguments: dict[str, Any]) -> None:
    hypotheses, streams = corpus(8)
    mine, their = ours.CHRF(**arguments), theirs.CHRF(**arguments)
    same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:15]:
        same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))
