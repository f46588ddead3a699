import io

import orjson
import pytest

from mtcompute.scale.chunks import Chunk
from mtcompute.scale.runners import InProcess
from mtcompute.scale.stream import corpus_scores, write_sentences
from mtcompute.scale.work import Plan
from mtcompute.scoring.score import score_corpus, score_sentences
from tests.scale.corpora import chunks_of, generated_test_set

HYPOTHESES, STREAMS = generated_test_set(120, references=3, seed=8)


def _chunks(size: int) -> list[Chunk]:
    return chunks_of(HYPOTHESES, STREAMS, size)


@pytest.mark.parametrize("size", [1, 7, 120])
def test_corpus_scores_of_chunks_are_the_whole_corpus_scores(size: int) -> None:
    # Three references: TER's reference lengths are thirds, whose double sums depend on grouping.
    plan = Plan.of(("bleu", "chrf", "chrf++", "ter"), {})
    advanced: list[int] = []
    scored = corpus_scores(plan, _chunks(size), InProcess(), advanced.append, nrefs=3)
    assert scored == score_corpus(HYPOTHESES, STREAMS, ["bleu", "chrf", "chrf++", "ter"])
    assert sum(advanced) == 120


@pytest.mark.parametrize("size", [1, 13])
def test_a_sentence_level_json_array_is_one_document_however_it_was_cut(size: int) -> None:
    plan = Plan.of(("ter",), {}, sentence_level=True, output_format="json")
    out = io.BytesIO()
    write_sentences(plan, _chunks(size), InProcess(), out, lambda count: None)
    items = orjson.loads(out.getvalue())
    assert [item["score"] for item in items] == [
        item.score for item in score_sentences(HYPOTHESES, STREAMS, ["ter"])
    ]
    whole = io.BytesIO()
    write_sentences(plan, _chunks(120), InProcess(), whole, lambda count: None)
    assert out.getvalue() == whole.getvalue()


def test_sentence_lines_are_written_chunk_by_chunk_as_they_come() -> None:
    plan = Plan.of(("chrf",), {}, sentence_level=True)
    out = io.BytesIO()
    seen: list[int] = []
    write_sentences(
        plan,
        _chunks(50),
        InProcess(),
        out,
        lambda count: seen.append(len(out.getvalue().splitlines())),
    )
    assert seen == [50, 100, 120]
