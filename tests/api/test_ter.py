"""``mtcompute.ter`` is sacreBLEU 2.6's TER on generated segments of every script and kind of
whitespace, with every option: each segment's edits and reference length, and the corpus score
bit for bit."""

from dataclasses import asdict

import pytest

import mtcompute
from mtcompute.metrics.ter.options import TerOptions
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION, expected


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_ter_is_sacrebleus_on_generated_segments(options: TerOptions) -> None:
    corpus = tricky_texts.corpus(37, 40)
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    result = mtcompute.ter(hypotheses, [list(refs) for _, refs in corpus], **asdict(options))
    segments, score = expected(corpus, options)
    assert [(s.num_edits, s.ref_length) for s in result.segments] == list(segments)
    assert result.score == score
