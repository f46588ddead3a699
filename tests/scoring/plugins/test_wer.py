"""WER and CER in ``score``: jiwer 4.0's numbers times 100, corpus and per segment, parts that
add up, one reference, and their signature."""

import random

import jiwer
import pytest

from mtcompute.errors import InputError
from mtcompute.scoring.plugins.wer import Cer, Wer
from tests.metrics.wer.hostile import hostile_text, noisy, sentence

HYPOTHESES = ["the cat on a mat", "good  morning", ""]
STREAMS = [["the cat sat on the mat", "good morning", "x"]]


def test_corpus_wer_and_cer_are_jiwers_times_100_with_their_signature() -> None:
    words = Wer({}).corpus(HYPOTHESES, STREAMS)
    assert words.score == 100 * jiwer.wer(STREAMS[0], HYPOTHESES)
    assert words.result["mer"] == jiwer.mer(STREAMS[0], HYPOTHESES)
    assert words.name == "WER"
    assert words.signature.startswith("nrefs:1|tf:jiwer-default|tool:wer-compute@1.0.0|")
    characters = Cer({}).corpus(HYPOTHESES, STREAMS)
    assert characters.score == 100 * jiwer.cer(STREAMS[0], HYPOTHESES)
    assert characters.name == "CER"
    assert characters.signature.startswith("nrefs:1|tf:jiwer-default|tool:cer-compute@1.0.0|")


@pytest.mark.parametrize("metric", [Wer, Cer])
def test_each_segment_is_jiwers_and_the_quick_scores_are_the_same(metric: type[Wer]) -> None:
    rng = random.Random(5)
    references = [sentence(rng, rng.randint(0, 20)) for _ in range(200)]
    hypotheses = [noisy(rng, r) if rng.random() < 0.8 else hostile_text(rng, 8) for r in references]
    scorer = metric({}, sentence_level=True)
    segments = list(scorer.sentences(hypotheses, [references], first_line=3))
    assert [segment.line for segment in segments] == list(range(3, 203))
    peer = jiwer.wer if metric is Wer else jiwer.cer
    for segment, hypothesis, reference in zip(segments, hypotheses, references, strict=True):
        assert segment.score == 100 * peer(reference, hypothesis)
    quick = scorer.sentence_scores(hypotheses, [references])
    assert quick == (metric.label, [segment.score for segment in segments])


@pytest.mark.parametrize("metric", [Wer, Cer])
def test_the_statistics_of_parts_add_up_to_the_wholes_score(metric: type[Wer]) -> None:
    scorer = metric({})
    whole = scorer.corpus(HYPOTHESES, STREAMS)
    first = scorer.statistics(HYPOTHESES[:1], [STREAMS[0][:1]])
    rest = scorer.statistics(HYPOTHESES[1:], [STREAMS[0][1:]])
    assert scorer.from_statistics(scorer.fold(first, rest), 1) == whole


def test_a_second_reference_file_is_refused() -> None:
    with pytest.raises(InputError) as raised:
        Wer({}).corpus(["a"], [["a"], ["b"]])
    (error,) = raised.value.errors
    assert error["code"] == "one_reference"
    assert error["message"] == (
        "expected one reference file for WER (it takes one reference a segment), got 2"
    )
