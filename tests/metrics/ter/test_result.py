"""The one-call ``ter`` gives the corpus result: ``ter`` (0-1), sacreBLEU's ``score`` (0-100)
and the statistics it was made from."""

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import ter
from mtcompute.metrics.ter.statistics import TerStatistics


def test_the_corpus_result_sums_its_segments() -> None:
    result = ter(["c d a b", "a b"], [["a b c d"], ["a b", "a b x"]])
    assert result.segments == (TerStatistics(1, 4.0), TerStatistics(0, 2.5))
    assert result.statistics == TerStatistics(1, 6.5)
    assert (result.num_edits, result.ref_length) == (1, 6.5)
    assert result.ter == 1 / 6.5
    assert result.score == 100 * (1 / 6.5)
    assert result.options == TerOptions()


def test_the_options_reach_the_tokenizer() -> None:
    assert ter(["A, b"], [["a , b"]]).num_edits == 2
    assert ter(["A, b"], [["a , b"]], normalized=True).num_edits == 0
    assert ter(["A, b"], [["a b"]], no_punct=True).num_edits == 0
    assert ter(["A b"], [["a b"]], case_sensitive=True).num_edits == 1


def test_the_result_prints_as_sacrebleu_does() -> None:
    assert str(ter(["a b x d"], [["a b c d"]])) == "TER = 25.00"
