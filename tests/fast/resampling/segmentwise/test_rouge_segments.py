"""ROUGE resampled: each type's score on a resample is 100 times the mean of the oracle's
F-measures of the segments it takes: in ``sacrebleu`` mode the corpus mean of those segments in
draw order, bit for bit (so the identity's is ``score -m rouge``'s), in ``portable`` mode the
exact mean rounded once, whatever order the sums take."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtcompute
from mtcompute.fast.resampling import draws, paired, registry, sums
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import MetricStatistics
from mtcompute.fast.resampling.segmentwise.rouge_segments import RougeOptions, rouge_options
from mtcompute.metrics.rouge.result import mean
from mtcompute.metrics.rouge.score import score_multi
from mtcompute.scoring.registry import metric_named

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
_words = st.sampled_from(["the", "cat", "sat", "on", "mat", "a", "dog", "2", "Über", "\n", "."])
_text = st.lists(_words, max_size=12).map(" ".join)


@st.composite
def _test_sets(draw: st.DrawFn) -> tuple[list[list[str]], list[list[str]], list[list[int]]]:
    """Two systems, each segment's references (1 or 2), and resamples' segments."""
    n = draw(st.integers(1, 8))
    references = [draw(st.lists(_text, min_size=1, max_size=2)) for _ in range(n)]
    systems = [[draw(_text) for _ in range(n)] for _ in range(2)]
    resamples = draw(st.lists(st.lists(st.integers(0, n - 1), min_size=n, max_size=n), min_size=1))
    return systems, references, resamples


def _oracle_f(texts: list[str], references: list[list[str]], rouge_type: str) -> list[float]:
    """Each segment's F-measure by the pure-Python oracle (rouge-score's ``score_multi``)."""
    return [
        score_multi(refs, text, [rouge_type])[rouge_type].fmeasure
        for text, refs in zip(texts, references, strict=True)
    ]


def _statistics(
    systems: list[list[str]], references: list[list[str]], resampling: Resampling
) -> list[MetricStatistics]:
    described = registry.resampled_metrics()["rouge"]
    return described.each_score(described.options({}), systems, references, resampling)


@settings(max_examples=60, deadline=None)
@given(_test_sets())
def test_a_seeded_resample_scores_the_mean_of_its_segments_in_draw_order(
    test_set: tuple[list[list[str]], list[list[str]], list[list[int]]],
) -> None:
    systems, references, resamples = test_set
    indexes = np.array(resamples, dtype=np.uint16)
    for stats in _statistics(systems, references, "sacrebleu"):
        scores = paired.bootstrap_scores(stats.formula, stats.matrices, indexes, "sacrebleu")
        for texts, got in zip(systems, scores, strict=True):
            f = _oracle_f(texts, references, stats.key)
            wanted = [100 * mean([f[i] for i in taken]) for taken in resamples]
            assert got.tolist() == wanted


@settings(max_examples=60, deadline=None)
@given(_test_sets())
def test_a_portable_resample_scores_the_exact_mean_rounded_once(
    test_set: tuple[list[list[str]], list[list[str]], list[list[int]]],
) -> None:
    systems, references, resamples = test_set
    indexes = np.array(resamples, dtype=np.uint16)
    for stats in _statistics(systems, references, "portable"):
        scores = paired.bootstrap_scores(stats.formula, stats.matrices, indexes, "portable")
        for texts, got in zip(systems, scores, strict=True):
            f = _oracle_f(texts, references, stats.key)
            exact = [sum(map(Fraction, (f[i] for i in taken))) / len(taken) for taken in resamples]
            assert got.tolist() == [100 * float(value) for value in exact]


@settings(max_examples=40, deadline=None)
@given(_test_sets(), st.data())
def test_a_trials_pseudo_systems_score_their_segments_in_segment_order(
    test_set: tuple[list[list[str]], list[list[str]], list[list[int]]], data: st.DataObject
) -> None:
    systems, references, _ = test_set
    n = len(references)
    trials = data.draw(st.lists(st.lists(st.booleans(), min_size=n, max_size=n), min_size=1))
    mask = np.array(trials, dtype=np.bool_)
    coins = draws.Coins.of_mask(mask)
    for stats in _statistics(systems, references, "sacrebleu"):
        ((first, second),) = sums.ordered_randomization_pair_sums(coins, stats.matrices, [(0, 1)])
        f = [_oracle_f(texts, references, stats.key) for texts in systems]
        for trial, kept in enumerate(trials):
            mixed = [f[0][i] if keep else f[1][i] for i, keep in enumerate(kept)]
            other = [f[1][i] if keep else f[0][i] for i, keep in enumerate(kept)]
            assert stats.formula.sacrebleu(first[trial : trial + 1], float32=False)[0] == (
                100 * mean(mixed)
            )
            assert stats.formula.sacrebleu(second[trial : trial + 1], float32=False)[0] == (
                100 * mean(other)
            )


def test_the_corpus_score_is_score_rouges_own_bit_for_bit() -> None:
    systems, references = _long_test_set()
    stats = _statistics(systems, references, "sacrebleu")
    metric = metric_named("rouge")({})  # the registry loads every metric, in its order
    streams = [[refs[0] for refs in references]]
    one = metric.corpus_scores(metric.statistics(systems[0], streams), 1)
    by_type = {scored.name: scored.score for scored in one}
    for each in stats:
        assert paired.corpus_score(each.formula, each.matrices[0], "sacrebleu") == by_type[each.key]


def _long_test_set() -> tuple[list[list[str]], list[list[str]]]:
    """Two systems of 300 segments of words, and a reference each."""
    rng = np.random.default_rng(5)
    words = ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "far", "away", "home"]

    def text() -> str:
        return " ".join(rng.choice(words, size=int(rng.integers(1, 15))).tolist())

    references = [[text()] for _ in range(300)]
    return [[text() for _ in references] for _ in range(2)], references


def test_a_portable_corpus_score_is_the_exact_mean_rounded_once() -> None:
    systems, references = _long_test_set()
    for stats in _statistics(systems, references, "portable"):
        f = _oracle_f(systems[0], references, stats.key)
        exact = 100 * float(sum(map(Fraction, f)) / len(f))
        assert paired.corpus_score(stats.formula, stats.matrices[0], "portable") == exact


def test_each_type_is_a_score_of_its_own_named_as_score_names_it() -> None:
    described = registry.resampled_metrics()["rouge"]
    options = described.options({"rouge_types": ["rougeL", "rouge3"], "use_stemmer": True})
    assert described.score_keys(options) == ("rougeL", "rouge3")
    stats = described.each_score(options, [["a b c"]], [["a b d"]], "sacrebleu")
    assert [(each.key, each.name) for each in stats] == [("rougeL", "rougeL"), ("rouge3", "rouge3")]


def test_the_options_default_to_rouge_scores() -> None:
    assert rouge_options({}) == RougeOptions()


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"rouge_types": "rouge1"}, "non-empty list"),
        ({"rouge_types": []}, "non-empty list"),
        ({"rouge_types": ["rougeW"]}, "got 'rougeW'"),
        ({"rouge_types": ["rouge1", "rouge1"]}, "each ROUGE type once"),
        ({"use_stemmer": "yes"}, "use_stemmer true or false"),
        ({"tokenizer": "nltk"}, "tokenizer among"),
        ({"sentence_separator": ""}, "non-empty string"),
    ],
)
def test_bad_options_say_what_was_expected(given: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rouge_options(given)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(TypeError, match="stemmer"):
        rouge_options({"stemmer": True})


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
def test_the_library_compares_systems_on_rouge_with_its_options(resampling: str) -> None:
    systems, references = _long_test_set()
    options = {"rouge": {"rouge_types": ["rouge1", "rougeLsum"], "use_stemmer": True}}
    result = mtcompute.paired_test(
        [("base", systems[0]), ("other", systems[1])],
        references,
        metrics=["rouge"],
        samples=100,
        resampling=resampling,
        options=options,
    )
    assert [(row.system, row.metric) for row in result.results] == [
        ("base", "rouge1"),
        ("base", "rougeLsum"),
        ("other", "rouge1"),
        ("other", "rougeLsum"),
    ]
    means = mtcompute.rouge(
        systems[1], references, rouge_types=["rouge1", "rougeLsum"], use_stemmer=True
    ).means
    other = result.results[2]
    assert other.p_value is not None
    assert other.mean is not None
    if resampling == "sacrebleu":
        assert other.score == 100 * means["rouge1"].fmeasure
    else:
        assert other.score == pytest.approx(100 * means["rouge1"].fmeasure, rel=1e-15)
    interval = mtcompute.confidence_interval(
        [("base", systems[0])], references, metrics=["rouge"], samples=50, options=options
    )
    assert [row.metric for row in interval.results] == ["rouge1", "rougeLsum"]
