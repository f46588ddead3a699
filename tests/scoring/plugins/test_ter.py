"""TER in ``score``: ``ter-compute`` with sacreBLEU's ``--ter-*`` switches and its signature."""

from dataclasses import asdict

import pytest
from sacrebleu.metrics.ter import TER

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.scoring.plugins.ter import Ter
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION, Corpus, expected

HYPOTHESES = ["The cat, sat on mat.", "Hello there"]
STREAMS = [["the cat sat on the mat", "Hi there!"]]


def test_corpus_ter_is_sacrebleus_with_its_signature() -> None:
    scored = Ter({}).corpus(HYPOTHESES, STREAMS)
    assert scored.score == TER().corpus_score(HYPOTHESES, STREAMS).score
    assert scored.signature.startswith(
        "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|tool:ter-compute@1.0.0|"
    )


def test_the_switches_reach_the_tool_and_the_signature() -> None:
    settings = {"normalized": True, "no_punct": True, "case_sensitive": True}
    scored = Ter(settings).corpus(HYPOTHESES, STREAMS)
    theirs = TER(normalized=True, no_punct=True, case_sensitive=True)
    assert scored.score == theirs.corpus_score(HYPOTHESES, STREAMS).score
    assert "|case:mixed|tok:tercom|norm:yes|punct:no|asian:no|" in scored.signature


def test_each_segment_is_scored_as_sacrebleus_sentence_score() -> None:
    segments = list(Ter({}, sentence_level=True).sentences(HYPOTHESES, STREAMS))
    assert [segment.line for segment in segments] == [1, 2]
    for segment, hypothesis, reference in zip(segments, HYPOTHESES, STREAMS[0], strict=True):
        assert segment.score == TER().sentence_score(hypothesis, [reference]).score


@pytest.mark.parametrize("streams", [STREAMS, [STREAMS[0], ["x", "y z"], ["a", "b"]]])
def test_one_pass_gives_the_statistics_and_the_segments_of_two(streams: list[list[str]]) -> None:
    metric = Ter({}, sentence_level=True)
    statistics, groups = metric.statistics_and_sentences(HYPOTHESES, streams)
    assert statistics == metric.statistics(HYPOTHESES, streams)
    assert groups == [[one] for one in metric.sentences(HYPOTHESES, streams)]


def _two_streams(corpus: Corpus) -> tuple[list[str], list[list[str]], Corpus]:
    """The corpus with two references a segment (its first two, or its one twice), as files
    give them, and the same corpus per segment."""
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    streams = [[refs[k % len(refs)] for _, refs in corpus] for k in range(2)]
    per_segment = tuple((h, (a, b)) for h, a, b in zip(hypotheses, *streams, strict=True))
    return hypotheses, streams, per_segment


@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_generated_segments_of_every_script_and_space_score_as_in_sacrebleu(
    options: TerOptions,
) -> None:
    hypotheses, streams, corpus = _two_streams(tricky_texts.corpus(37, 40))
    segments, score = expected(corpus, options)
    assert Ter(asdict(options)).corpus(hypotheses, streams).score == score
    sentences = Ter(asdict(options), sentence_level=True).sentences(hypotheses, streams)
    assert [(s.result["num_edits"], s.result["ref_length"]) for s in sentences] == list(segments)
