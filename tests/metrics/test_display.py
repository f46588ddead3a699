"""Scores print in sacreBLEU's one-line form, and result objects read like sacreBLEU's."""

import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF

import mtcompute
from mtcompute.metrics.display import bleu_verbose, length_ratio, percent, score_line


def test_a_line_without_a_signature_is_name_equals_score() -> None:
    assert score_line("chrF2", 58.3149) == "chrF2 = 58.31"


def test_a_signature_goes_after_the_name_and_a_bar() -> None:
    assert score_line("BLEU", 40.0, "x", width=1, signature="nrefs:1") == "BLEU|nrefs:1 = 40.0 x"


def test_bleus_verbose_part_has_precisions_bp_ratio_and_lengths() -> None:
    assert bleu_verbose([71.25, 46.1], 1.0, 1.0123, 10, 9) == (
        "71.2/46.1 (BP = 1.000 ratio = 1.012 hyp_len = 10 ref_len = 9)"
    )


def test_a_percentage_of_nothing_and_a_ratio_over_nothing_are_0() -> None:
    assert percent(0, 0) == 0.0
    assert length_ratio(3, 0) == 0.0


_HYPOTHESES = ["the cat sat on the mat", "a dog barked", ""]
_REFERENCES = [["the cat sat on a mat", "a dog barked loudly", "x"]]


def test_corpus_bleus_result_reads_like_sacrebleus() -> None:
    ours = mtcompute.corpus_bleu(
        [h.split() for h in _HYPOTHESES], [[r.split()] for r in _REFERENCES[0]]
    )
    theirs = BLEU(tokenize="none", smooth_method="none", force=True).corpus_score(
        _HYPOTHESES, _REFERENCES
    )
    assert ours.score == pytest.approx(theirs.score, rel=1e-12)
    assert list(ours.precisions) == pytest.approx(theirs.precisions, rel=1e-12)
    assert ours.ratio == theirs.ratio
    assert ours.format() == theirs.format()
    assert str(ours) == theirs.format()


def test_sentence_bleus_result_reads_like_sacrebleus() -> None:
    ours = mtcompute.sentence_bleu(["the", "cat", "sat"], [["the", "cat", "sat", "down"]])
    theirs = BLEU(tokenize="none", effective_order=True, force=True).sentence_score(
        "the cat sat", ["the cat sat down"]
    )
    assert ours.score == pytest.approx(theirs.score, rel=1e-12)
    assert str(ours) == theirs.format()
    assert ours.ratio == theirs.ratio


def test_chrfs_result_reads_like_sacrebleus() -> None:
    ours = mtcompute.chrf(_HYPOTHESES, [[r] for r in _REFERENCES[0]])
    theirs = CHRF().corpus_score(_HYPOTHESES, _REFERENCES)
    assert ours.score == theirs.score
    assert str(ours) == theirs.format()
    assert (
        ours.segments[0].score == CHRF().sentence_score(_HYPOTHESES[0], [_REFERENCES[0][0]]).score
    )


def test_chrf_plus_plus_is_named_as_sacrebleu_names_it() -> None:
    ours = mtcompute.chrf(_HYPOTHESES, [[r] for r in _REFERENCES[0]], word_order=2)
    theirs = CHRF(word_order=2).corpus_score(_HYPOTHESES, _REFERENCES)
    assert ours.name == "chrF2++"
    assert ours.format(width=4) == theirs.format(width=4)


def test_the_other_results_print_readably() -> None:
    bp = mtcompute.brevity_penalty([3], [[4]])
    assert str(bp) == "BP = 0.717 ratio = 0.750 hyp_len = 3 ref_len = 4"
    components = mtcompute.sentence_components(["a", "b"], [["a", "c"]])
    assert str(components) == "matches = 1/0/0/0 of 2/1/0/0 (hyp_len = 2 ref_len = 2)"
    counts = mtcompute.ngram_counts([["a", "b"]], [[["a", "c"]]], max_order=2)
    assert str(counts) == "matches = 1/0 of 2/1 (1 segments)"
    segment = mtcompute.chrf(["ab"], [["x", "ab"]]).segments[0]
    assert str(segment) == "chrF = 100.00 (reference 1)"
