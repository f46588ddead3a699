"""chrF and chrF++ in ``score``: the tools' scores with sacreBLEU's defaults, per segment too."""

from mtcompute.scoring.plugins.chrf import Chrf, ChrfPlusPlus

HYPOTHESES = ["The cat sat on the mat.", "Hello!"]
STREAMS = [["The cat sat on a mat.", "Hi!"]]


def test_chrf_is_the_tools_corpus_score_with_its_signature() -> None:
    scored = Chrf({}).corpus(HYPOTHESES, STREAMS)
    assert scored.name == "chrF2"
    assert scored.signature.startswith(
        "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|tool:chrf-compute@"
    )


def test_chrf_plus_plus_scores_words_of_order_two_per_segment() -> None:
    segments = list(ChrfPlusPlus({}, sentence_level=True).sentences(HYPOTHESES, STREAMS))
    assert [segment.line for segment in segments] == [1, 2]
    assert segments[0].name == "chrF2++"
    assert "|nw:2|" in segments[0].signature


def test_the_defaults_written_for_the_command_are_the_oracle_s() -> None:
    from mtcompute.metrics import chrf as oracle  # noqa: PLC0415 - the oracle beside the command
    from mtcompute.scoring.plugins import chrf as scoring  # noqa: PLC0415

    assert scoring.DEFAULT_CHAR_ORDER == oracle.DEFAULT_CHAR_ORDER
    assert scoring.DEFAULT_BETA == oracle.DEFAULT_BETA
    assert scoring.DEFAULT_WORD_ORDER == oracle.DEFAULT_WORD_ORDER
