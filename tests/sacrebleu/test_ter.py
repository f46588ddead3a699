"""The drop-in ``corpus_ter`` and ``sentence_ter`` are sacreBLEU 2.6's on generated segments of
every script and kind of whitespace, with every option, bit for bit."""

from dataclasses import asdict

import pytest
import sacrebleu

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.sacrebleu import corpus_ter, sentence_ter
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION, expected, streams


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_corpus_ter_is_sacrebleus_on_generated_segments(options: TerOptions) -> None:
    corpus = tricky_texts.corpus(37, 40)
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    ours = corpus_ter(hypotheses, streams([list(refs) for _, refs in corpus]), **asdict(options))
    _, score = expected(corpus, options)
    assert ours.score == score


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_sentence_ter_is_sacrebleus_on_generated_segments(options: TerOptions) -> None:
    for hypothesis, references in tricky_texts.corpus(38, 20):
        ours = sentence_ter(hypothesis, list(references), **asdict(options))
        theirs = sacrebleu.sentence_ter(hypothesis, list(references), **asdict(options))
        assert (ours.score, ours.num_edits, ours.ref_length) == (
            theirs.score,
            theirs.num_edits,
            theirs.ref_length,
        )
