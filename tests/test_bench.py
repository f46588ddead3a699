"""The benchmark keeps working: one quick run (tiny corpus, one round), checked for its results.

No test here asserts a time; the quick run's figures are not a measurement.
"""

from dataclasses import replace
from pathlib import Path

import orjson
import pytest

from bench import bleu_family_peers, chrf_peers, corpus
from bench.peers import OURS, PEERS, REFERENCE, SACREBLEU, Peer
from bench.race import Target
from bench.report import _race_targets
from bench.request_path import chrf_request
from bench.run import MEMORY_MEASURED, QUICK, BenchmarkResult, run_benchmark, write_report
from bench.script_races import SCRIPT_RACES
from bench.timing import Refusal, check_peers
from mtcompute import execute
from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.metrics.bleu import corpus_statistics, score

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def quick_result() -> BenchmarkResult:
    return run_benchmark(QUICK)


def test_the_quick_run_times_every_peer_after_its_score_check_passed(
    quick_result: BenchmarkResult,
) -> None:
    (tiny,) = quick_result.corpora
    assert tiny.refusals == []  # every peer computed our value before it was timed
    assert {timing.peer for timing in tiny.timings} == set(PEERS)
    assert all(len(timing.seconds) == QUICK.rounds["tiny"] for timing in tiny.timings)
    assert all(len(timing.cpu_seconds) == len(timing.seconds) for timing in tiny.timings)
    assert all(cpu >= 0 for timing in tiny.timings for cpu in timing.cpu_seconds)
    sacrebleu = next(t for t in tiny.timings if t.peer is SACREBLEU)
    assert sacrebleu.ratios == [1.0]


def test_the_quick_run_measures_peak_memory_in_subprocesses(
    quick_result: BenchmarkResult,
) -> None:
    (tiny,) = quick_result.corpora
    assert set(tiny.memory_kib) == {peer.name for peer in MEMORY_MEASURED}
    assert all(kib >= 0 for kib in tiny.memory_kib.values())


def test_the_quick_run_times_every_step_of_the_request_path(
    quick_result: BenchmarkResult,
) -> None:
    assert quick_result.request_path[0].name == "orjson.loads alone"
    assert all(step.median_seconds > 0 for step in quick_result.request_path)


def test_the_report_has_a_table_per_corpus_and_one_for_the_request_path(
    quick_result: BenchmarkResult, tmp_path: Path
) -> None:
    report = tmp_path / "RESULTS.md"
    write_report(quick_result, report)
    text = report.read_text()
    assert "## tiny: 40 segments" in text
    assert f"| {OURS.name} |" in text
    assert f"| {REFERENCE.name} |" in text
    assert "## Request path, in process" in text


def test_the_generated_corpora_are_the_same_for_the_same_seed() -> None:
    shape = corpus.SHAPES["tiny"]
    assert corpus.generate(shape, seed=3) == corpus.generate(shape, seed=3)
    assert corpus.generate(shape, seed=3) != corpus.generate(shape, seed=4)


def test_the_s_corpus_is_a_request_at_the_contracts_token_limit() -> None:
    generated = corpus.generate(corpus.SHAPES["S"])
    assert len(generated) == 1000
    assert corpus.total_tokens(generated) == 50_000
    request = corpus.as_request(generated)
    hypotheses, references = request["hypotheses"], request["references"]
    assert isinstance(hypotheses, list)
    assert isinstance(references, list)
    fast = score(corpus_statistics_fast(hypotheses, references, 4))
    assert fast == score(corpus_statistics(hypotheses, references, 4))
    assert 0.25 <= fast.bleu <= 0.35


def test_the_quick_run_races_each_metric_against_its_baseline(
    quick_result: BenchmarkResult,
) -> None:
    assert [race.race.title for race in quick_result.races] == [
        "chrF",
        "chrF++",
        "sentence BLEU",
        "n-gram counts, clipping_table none",
        "n-gram counts, clipping_table all",
    ]
    for race in quick_result.races:
        (tiny,) = race.corpora
        timed = {timing.peer.name for timing in tiny.timings}
        refused = {refusal.peer.name for refusal in tiny.refusals}
        assert timed | refused == {peer.name for peer in race.race.peers}
        assert {race.race.ours.name, race.race.baseline.name} <= timed
        baseline = next(t for t in tiny.timings if t.peer is race.race.baseline)
        assert baseline.ratios == [1.0]
        assert set(tiny.memory_kib) == {race.race.ours.name, race.race.baseline.name}


def test_a_peer_that_cannot_take_an_input_is_refused_with_its_reason() -> None:
    data = orjson.dumps(corpus.as_request(corpus.generate(corpus.SHAPES["tiny"])))
    mojo_like = Peer("needs full streams", "mtcompute", chrf_peers.full_streams, len, "mtcompute")
    agreeing, refusals = check_peers(
        (mojo_like,), data, chrf_peers.CHRF_RACE.ours, chrf_peers.disagreement
    )
    assert agreeing == []
    assert [r.reason for r in refusals] == [
        "cannot take the input: it takes the same number of references for every segment"
    ]


def test_the_largest_chrf_request_fills_the_contracts_limits_and_is_valid() -> None:
    data = chrf_request(corpus.generate(corpus.SHAPES["M"]))
    request = orjson.loads(data)
    texts = [*request["hypotheses"], *(r for refs in request["references"] for r in refs)]
    assert len(request["hypotheses"]) == 1000
    assert 1_000_000 < sum(len(text.encode()) for text in texts) <= 1_048_576
    assert execute("chrf-compute", "1.0.0", request)["chrf"] > 0


def test_the_report_has_a_table_per_race_and_the_chrf_request_path(
    quick_result: BenchmarkResult, tmp_path: Path
) -> None:
    report = tmp_path / "RESULTS.md"
    write_report(quick_result, report)
    text = report.read_text()
    assert "## chrF on tiny: 40 segments" in text
    assert "## chrF++ on tiny: 40 segments" in text
    assert "## sentence BLEU on tiny: 40 segments" in text
    assert "## n-gram counts, clipping_table all on tiny: 40 segments" in text
    assert "## Request path of the largest chrF request, in process" in text


def test_sentence_scores_agree_within_the_pages_bound_and_zeros_must_match() -> None:
    differs = bleu_family_peers.sentence_disagreement
    assert differs([0.5, 0.0], [0.5 * (1 + 2**-52), 0.0]) is None
    assert differs([0.5], [0.5 * (1 + 2**-40)]) == (
        f"segment 0: {0.5 * (1 + 2**-40)!r} != 0.5 beyond the page's bound"
    )
    assert differs([0.0], [1e-300]) == "segment 0: 1e-300 where ours is 0.0"


def test_a_target_against_a_peer_that_refused_the_corpus_is_not_counted_as_missed(
    quick_result: BenchmarkResult,
) -> None:
    chrf_race = quick_result.races[0]
    (tiny,) = chrf_race.corpora
    mojo = Peer("sacrebleu-mojo", "sacrebleu-mojo", chrf_peers.full_streams, len, "mtcompute")
    refused = replace(tiny, refusals=[*tiny.refusals, Refusal(mojo, "cannot take the input")])
    race = replace(
        chrf_race,
        race=replace(chrf_race.race, targets=(Target("tiny", mojo.name, 1.0),)),
        corpora=[refused],
    )
    assert _race_targets(race) == [
        "| chrF on tiny: >= 1x sacrebleu-mojo | refused the input | - |",
        *_race_targets(replace(race, race=replace(race.race, targets=()))),
    ]


def test_the_quick_run_runs_every_script_race_and_reports_what_it_printed(
    quick_result: BenchmarkResult, tmp_path: Path
) -> None:
    modules = [script.race.module for script in quick_result.scripts]
    assert modules == [race.module for race in SCRIPT_RACES]
    for module in ("bench.tokenize_peers", "bench.command_peers", "bench.huge_line"):
        assert module in modules
    failed = [script.race.module for script in quick_result.scripts if script.failed]
    assert failed == []
    assert all(script.output for script in quick_result.scripts)
    report = tmp_path / "RESULTS.md"
    write_report(quick_result, report)
    text = report.read_text()
    for script in quick_result.scripts:
        assert f"### {script.race.title}" in text
