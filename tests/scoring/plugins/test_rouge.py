"""ROUGE in ``score``: each type's mean F-measure x 100 on a line of its own, rouge-score's numbers,
statistics that fold to the whole bit for bit however the segments are split, and the options."""

import itertools
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.rouge_texts import summary_pairs
from mtcompute.cli.group import cli
from mtcompute.errors import InputError
from mtcompute.scoring.plugins.rouge import Rouge, RougePart
from mtcompute.scoring.score import score_corpus, score_sentences
from tests.metrics.rouge.peer import peer_score

PAIRS = summary_pairs(60, seed=8)
HYPOTHESES = [hypothesis.replace("\n", " <n> ") for hypothesis, _ in PAIRS]
STREAMS = [[reference.replace("\n", " <n> ") for _, reference in PAIRS]]
TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


def _mean_f(rouge_type: str, use_stemmer: bool, separator: str | None) -> float:
    total = 0.0
    for source, wanted in zip(HYPOTHESES, STREAMS[0], strict=True):
        hypothesis = source.replace(separator, "\n") if separator else source
        reference = wanted.replace(separator, "\n") if separator else wanted
        total += peer_score(reference, hypothesis, [rouge_type], use_stemmer)[rouge_type].fmeasure
    return total / len(HYPOTHESES)


@pytest.mark.parametrize("use_stemmer", [False, True])
def test_each_type_is_the_mean_of_rouge_scores_f_measures_times_100(use_stemmer: bool) -> None:
    scored = score_corpus(HYPOTHESES, STREAMS, ["rouge"], {"rouge_stemmer": use_stemmer})
    assert [item.name for item in scored] == list(TYPES)
    for item in scored:
        assert item.score == 100 * _mean_f(item.name, use_stemmer, None)
        assert item.result["rouge_type"] == item.name
        assert f"|stem:{'yes' if use_stemmer else 'no'}|" in item.signature


def test_a_sentence_separator_gives_rouge_lsum_its_sentences() -> None:
    options = {"rouge_sentence_separator": "<n>", "rouge_types": "rougeL,rougeLsum"}
    scored = score_corpus(HYPOTHESES, STREAMS, ["rouge"], options)
    assert scored[1].score == 100 * _mean_f("rougeLsum", False, "<n>")
    assert scored[1].score != scored[0].score
    assert "|sep:<n>|" in scored[1].signature


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 59), max_size=6, unique=True).map(sorted))
def test_parts_fold_to_the_whole_bit_for_bit(cuts: list[int]) -> None:
    metric = Rouge({})
    whole = metric.corpus_scores(metric.statistics(HYPOTHESES, STREAMS), 1)
    bounds = [0, *cuts, len(HYPOTHESES)]
    total: RougePart | None = None
    for start, end in itertools.pairwise(bounds):
        part = metric.statistics(HYPOTHESES[start:end], [STREAMS[0][start:end]])
        total = part if total is None else metric.fold(total, part)
    assert total is not None
    assert metric.corpus_scores(total, 1) == whole


def test_each_segment_gives_a_line_per_type() -> None:
    scored = list(score_sentences(HYPOTHESES[:2], [STREAMS[0][:2]], ["rouge", "chrf"]))
    assert [(item.line, item.name) for item in scored] == [
        (1, "rouge1"),
        (1, "rouge2"),
        (1, "rougeL"),
        (1, "rougeLsum"),
        (1, "chrF2"),
        (2, "rouge1"),
        (2, "rouge2"),
        (2, "rougeL"),
        (2, "rougeLsum"),
        (2, "chrF2"),
    ]
    expected = peer_score(STREAMS[0][1], HYPOTHESES[1], ["rouge2"], False)["rouge2"]
    assert scored[6].score == 100 * expected.fmeasure


@pytest.mark.parametrize("types", ["rouge1,rougeW", "rouge1,rouge1", ""])
def test_bad_types_are_refused_before_anything_is_read(types: str) -> None:
    with pytest.raises(InputError, match="--rouge-types"):
        Rouge({"rouge_types": types})


def test_the_command_line_streams_in_chunks_and_jobs_to_the_same_bytes(tmp_path: Path) -> None:
    folder = tmp_path
    (folder / "hyp.txt").write_text("".join(f"{text}\n" for text in HYPOTHESES))
    (folder / "ref.txt").write_text("".join(f"{text}\n" for text in STREAMS[0]))
    base = ["score", str(folder / "ref.txt"), "-i", str(folder / "hyp.txt"), "-m", "rouge"]
    base += ["-f", "text"]  # sacreBLEU's text lines: one per type
    runner = CliRunner()
    one = runner.invoke(cli, [*base, "--rouge-stemmer"])
    assert one.exit_code == 0, one.output
    assert [line.split("|")[0].strip() for line in one.stdout.splitlines()] == list(TYPES)
    chunked = runner.invoke(cli, [*base, "--rouge-stemmer", "--chunk-size", "7", "--jobs", "2"])
    assert chunked.stdout == one.stdout
    sentences = runner.invoke(cli, [*base, "--sentence-level", "--chunk-size", "7"])
    assert sentences.exit_code == 0, sentences.output
    assert len(sentences.stdout.splitlines()) == 4 * len(HYPOTHESES)


def test_rouge_is_resampled_with_its_options_one_score_per_type() -> None:
    metric = Rouge({"rouge_types": "rougeL,rouge2", "rouge_stemmer": True})
    assert metric.resampled == ("rouge",)
    assert metric.resampling_options() == {
        "rouge_types": ["rougeL", "rouge2"],
        "use_stemmer": True,
        "tokenizer": "rouge-score",
        "sentence_separator": None,
    }


def test_dask_collections_score_the_type_they_name() -> None:
    import dask.bag  # noqa: PLC0415 - the dask extra, as tests/scale imports it

    from mtcompute.scale.collections import corpus_score  # noqa: PLC0415

    pairs = [("a b c", ["a b"]), ("the cat", ["the dog"])]
    bag = dask.bag.from_sequence(pairs, npartitions=2)  # type: ignore[no-untyped-call]
    assert corpus_score(bag, "rouge", rouge_types="rougeL").score == 100 * (0.8 + 0.5) / 2
