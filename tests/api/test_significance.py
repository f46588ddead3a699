"""``paired_test`` and ``confidence_interval`` from texts, against sacreBLEU 2.6's
``PairedTest`` and ``corpus_score(n_bootstrap=...)``: scores to 1e-12, p-values, means and
intervals equal."""

import math

import pytest

import mtcompute
from mtcompute.errors import InputError
from mtcompute.fast.resampling import paired
from tests.fast.resampling.corpora import corpus, sacrebleu_metric, sacrebleu_paired


def _per_segment(streams: list[list[str]]) -> list[list[str]]:
    return [list(segment) for segment in zip(*streams, strict=True)]


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
@pytest.mark.parametrize(("test", "theirs_test"), [("bootstrap", "bs"), ("randomization", "ar")])
def test_paired_test_gives_sacrebleus_numbers_from_texts(
    metric: str, test: str, theirs_test: str
) -> None:
    hypotheses, streams = corpus(50, 3, seed=11, references=2)
    named = [(f"s{k}", hyps) for k, hyps in enumerate(hypotheses)]
    theirs = sacrebleu_paired(hypotheses, metric, streams, theirs_test, 250)
    ours = mtcompute.paired_test(
        named, _per_segment(streams), metrics=[metric], test=test, samples=250
    )
    assert len(ours.results) == len(theirs)
    for row, result in zip(ours.results, theirs, strict=True):
        assert math.isclose(row.score, result.score, rel_tol=1e-12)
        assert row.p_value == result.p_value
        assert (row.mean, row.ci) == (
            (None, None) if result.mean is None else (float(result.mean), float(result.ci))
        )


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_confidence_interval_prints_as_sacrebleus_confidence(metric: str) -> None:
    hypotheses, streams = corpus(60, 1, seed=4)
    score = sacrebleu_metric(metric).corpus_score(hypotheses[0], streams, n_bootstrap=300)
    (row,) = mtcompute.confidence_interval(
        {"one": hypotheses[0]}, _per_segment(streams), metrics=[metric], samples=300
    ).results
    assert row.mean is not None
    assert row.ci is not None
    assert math.isclose(row.score, score.score, rel_tol=1e-12)
    assert f"{row.mean:.4f} {row.ci:.4f}" == f"{score._mean:.4f} {score._ci:.4f}"
    assert abs(row.mean - score._mean) < 1e-4


def test_every_pair_is_tested_with_all_pairs() -> None:
    hypotheses, streams = corpus(30, 4, seed=2)
    result = mtcompute.paired_test(
        {f"s{k}": h for k, h in enumerate(hypotheses)},
        _per_segment(streams),
        metrics=["bleu", "chrf"],
        test="randomization",
        samples=100,
        pairs="all",
        resampling="portable",
    )
    pairs = {(row.baseline, row.system) for row in result.results}
    assert len(pairs) == 6
    assert len(result.results) == 12
    assert result.results[0].to_dict()["baseline"] == "s0"


def test_portable_results_repeat_and_carry_their_settings() -> None:
    hypotheses, streams = corpus(30, 2, seed=3)
    refs = _per_segment(streams)
    first = mtcompute.paired_test(
        {"a": hypotheses[0], "b": hypotheses[1]},
        refs,
        metrics=["ter"],
        resampling="portable",
        seed=9,
    )
    again = mtcompute.paired_test(
        {"a": hypotheses[0], "b": hypotheses[1]},
        refs,
        metrics=["ter"],
        resampling="portable",
        seed=9,
    )
    assert first == again
    assert first.to_dict()["seed"] == 9
    assert first.to_dict()["resampling"] == "portable"


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"metrics": ["bleurt"]}, "unknown_metric"),
        ({"test": "t-test"}, "unknown_test"),
        ({"samples": 0}, "bad_samples"),
        ({"seed": -1}, "bad_seed"),
        ({"resampling": "numpy"}, "unknown_resampling"),
        ({"bleu": {"tokenizer_name": "13a"}}, "invalid_option"),
        ({"pairs": "some"}, "unknown_pairs"),
    ],
)
def test_a_bad_argument_is_an_input_error(arguments: dict[str, object], code: str) -> None:
    with pytest.raises(InputError) as raised:
        mtcompute.paired_test({"a": ["x y"], "b": ["x z"]}, [["x y"]], **arguments)  # type: ignore[arg-type]
    assert raised.value.errors[0]["code"] == code


def test_systems_must_match_the_references_and_be_several() -> None:
    with pytest.raises(InputError) as raised:
        mtcompute.paired_test({"a": ["x"], "b": ["x", "y"]}, [["x"]])
    assert raised.value.errors[0]["code"] == "length_mismatch"
    with pytest.raises(InputError) as raised:
        mtcompute.paired_test({"a": ["x"]}, [["x"]])
    assert raised.value.errors[0]["code"] == "too_few_systems"


def _every_test(hypotheses: list[list[str]], streams: list[list[str]]) -> list[object]:
    named = [(f"s{k}", hyps) for k, hyps in enumerate(hypotheses)]
    found: list[object] = []
    for test in ("bootstrap", "randomization"):
        for resampling in ("sacrebleu", "portable"):
            for pairs in ("baseline", "all"):
                result = mtcompute.paired_test(
                    named,
                    _per_segment(streams),
                    metrics=["bleu", "chrf", "chrf++", "ter"],
                    test=test,
                    samples=120,
                    seed=5,
                    resampling=resampling,
                    pairs=pairs,
                    confidence=30 if test == "randomization" else 0,
                )
                found.append(result.to_dict())
    found.append(
        mtcompute.confidence_interval(
            named, _per_segment(streams), metrics=["bleu", "chrf", "ter"], samples=80
        ).to_dict()
    )
    return found


@pytest.mark.parametrize("references", [1, 3])
def test_every_number_is_the_same_without_the_compiled_kernels(
    references: int, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    hypotheses, streams = corpus(40, 3, seed=references, references=references)
    compiled_results = _every_test(hypotheses, streams)
    request.getfixturevalue("pure_python")
    # A fresh draw on the pure-Python path, not the one the compiled run kept.
    monkeypatch.setattr(paired, "_remembered_resamples", paired._drawn_resamples)
    monkeypatch.setattr(paired, "_remembered_trials", paired._drawn_trials)
    assert _every_test(hypotheses, streams) == compiled_results


def test_options_given_by_metric_name_win_over_the_older_keywords() -> None:
    systems = {"a": ["the cat sat on the mat", "a dog"], "b": ["the cat", "a dog ran"]}
    references = [["the cat sat on the mat"], ["a dog ran"]]
    by_name = mtcompute.confidence_interval(
        systems, references, metrics=["chrf++"], options={"chrf++": {"word_order": 1}}
    )
    by_group = mtcompute.confidence_interval(
        systems, references, metrics=["chrf++"], chrf={"word_order": 1}
    )
    overridden = mtcompute.confidence_interval(
        systems,
        references,
        metrics=["chrf++"],
        options={"chrf++": {"word_order": 1}},
        chrf={"word_order": 2},
    )
    assert by_name == by_group == overridden
    assert by_name.results[0].name == "chrF2+"


def test_an_unknown_metric_is_refused_naming_the_resampled_ones() -> None:
    with pytest.raises(InputError, match="expected a metric among bleu, chrf"):
        mtcompute.confidence_interval({"a": ["x"]}, [["x"]], metrics=["bleurt"])
