"""``mtcompute.sacrebleu.metrics.TER`` is sacreBLEU 2.6's ``TER``: every constructor argument,
corpus and sentence scores to the bit."""

from typing import Any

import pytest

from mtcompute.sacrebleu import metrics as ours
from tests.sacrebleu.metrics.sacrebleu_classes import corpus, same_score, same_signature, theirs

TER_SETTINGS = [
    {},
    {"normalized": True},
    {"no_punct": True},
    {"asian_support": True, "normalized": True},
    {"case_sensitive": True},
]


@pytest.mark.parametrize("arguments", TER_SETTINGS)
def test_ter_is_sacrebleus(arguments: dict[str, Any]) -> None:
    hypotheses, streams = corpus(9)
    mine, their = ours.TER(**arguments), theirs.TER(**arguments)
    same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:15]:
        same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))
