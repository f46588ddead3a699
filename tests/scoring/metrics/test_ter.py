"""TER in ``score``: ``ter-compute`` with sacreBLEU's ``--ter-*`` switches and its signature."""

from sacrebleu.metrics.ter import TER

from mtcompute.scoring.metrics.ter import Ter

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
