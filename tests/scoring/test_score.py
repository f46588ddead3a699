"""Scoring segments through the library: one ``Scored`` per metric (and per segment at sentence
level), with sacreBLEU's name, 0-100 score and signature beside the tool's result object."""

import pytest

import mtcompute
from mtcompute.errors import InputError
from mtcompute.scoring.score import score_corpus, score_sentences
from mtcompute.scoring.scored import Scored

HYPOTHESES = ("the cat sat on the mat", "a dog")
STREAMS = [("the cat sat on a mat", "a dog barked"), ("a cat sat on the mat", "the dog")]


def test_a_corpus_is_scored_once_per_metric_in_the_order_asked() -> None:
    scored = score_corpus(HYPOTHESES, STREAMS, ["chrf", "bleu"])
    assert [item.name for item in scored] == ["chrF2", "BLEU"]
    per_segment = [list(refs) for refs in zip(*STREAMS, strict=True)]
    whole = mtcompute.chrf(list(HYPOTHESES), per_segment).to_dict()
    assert scored[0].result == {key: value for key, value in whole.items() if key != "segments"}
    tokens = [[r.split() for r in refs] for refs in per_segment]
    bleu = mtcompute.corpus_bleu([h.split() for h in HYPOTHESES], tokens)
    assert (scored[1].score, scored[1].result) == (bleu.score, bleu.to_dict())


def test_the_references_are_streams_one_per_file() -> None:
    (bleu,) = score_corpus(HYPOTHESES, STREAMS, ["bleu"])
    assert bleu.signature.startswith("nrefs:2|")


def test_sentences_are_scored_segment_by_segment_each_metric_in_turn() -> None:
    scored = list(score_sentences(HYPOTHESES, STREAMS, ["bleu", "chrf++"]))
    assert [(item.line, item.name) for item in scored] == [
        (1, "BLEU"),
        (1, "chrF2++"),
        (2, "BLEU"),
        (2, "chrF2++"),
    ]


def test_an_unknown_metric_is_refused_before_anything_is_scored() -> None:
    with pytest.raises(InputError, match="expected a metric among"):
        score_corpus(HYPOTHESES, STREAMS, ["bleu", "meteor"])


def test_a_scored_metric_prints_as_sacrebleu_and_serialises_with_its_result() -> None:
    item = Scored("chrF2", 58.314, "nrefs:1", "", {"chrf": 0.58314}, line=3)
    assert item.text() == "chrF2|nrefs:1 = 58.31"
    assert item.to_json() == {
        "line": 3,
        "name": "chrF2",
        "score": 58.314,
        "signature": "nrefs:1",
        "verbose_score": "",
        "result": {"chrf": 0.58314},
    }
