"""The batch's words as data: the page's example word for word, with its stored response."""

import mtcompute
from mtcompute import jsonio
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.batch.run import run_batch
from mtcompute.meta.batch.schema import MAX_OPERATIONS
from tests.batch_cases import (
    PAGE_EXAMPLE_BATCH,
    PAGE_EXAMPLE_RESPONSE,
    needs_sentence_bleu,
    page_example_steps_expected,
)


def test_the_example_is_the_page_s_word_for_word() -> None:
    assert batch_doc.EXAMPLE_BATCH == PAGE_EXAMPLE_BATCH
    assert batch_doc.EXAMPLE_RESPONSE == PAGE_EXAMPLE_RESPONSE
    assert jsonio.dumps(batch_doc.EXAMPLE_RESPONSE) == jsonio.dumps(PAGE_EXAMPLE_RESPONSE)


@needs_sentence_bleu
def test_the_example_runs_and_gives_its_stored_response() -> None:
    assert jsonio.dumps(run_batch(batch_doc.EXAMPLE_BATCH)) == jsonio.dumps(
        batch_doc.EXAMPLE_RESPONSE
    )


def test_the_example_s_chrf_steps_give_their_stored_entries() -> None:
    results = run_batch(batch_doc.EXAMPLE_BATCH)["results"]
    assert [results[0], results[2]] == page_example_steps_expected()


def test_the_scope_is_the_page_s() -> None:
    assert batch_doc.SUPPORTED[:3] == batch_doc.USE_WHEN
    assert len(batch_doc.SUPPORTED) == 8
    assert len(batch_doc.NOT_SUPPORTED) == 3
    assert batch_doc.LIMITS[0] == f"max operations: {MAX_OPERATIONS}"


def test_the_mcp_description_says_what_it_does_and_what_it_cannot() -> None:
    description = batch_doc.mcp_description()
    assert description.startswith(batch_doc.SUMMARY)
    assert all(item in description for item in (*batch_doc.USE_WHEN, *batch_doc.NOT_SUPPORTED))


def test_the_parts_example_runs_to_its_stored_response() -> None:
    answer = run_batch(batch_doc.PARTS_BATCH)
    assert jsonio.dumps(answer) == jsonio.dumps(batch_doc.PARTS_RESPONSE)


def test_the_parts_example_scores_as_the_whole_corpus_does() -> None:
    operations = batch_doc.PARTS_BATCH["operations"]
    hypotheses = [*operations[0]["input"]["hypotheses"], *operations[1]["input"]["hypotheses"]]
    references = [*operations[0]["input"]["references"], *operations[1]["input"]["references"]]
    texts = [*operations[3]["input"]["hypotheses"], *operations[4]["input"]["hypotheses"]]
    text_references = [*operations[3]["input"]["references"], *operations[4]["input"]["references"]]
    results = batch_doc.PARTS_RESPONSE["results"]
    assert results[2]["result"] == mtcompute.corpus_bleu(hypotheses, references).to_dict()
    assert results[5]["result"]["chrf"] == mtcompute.chrf(texts, text_references).chrf
    whole_ter = mtcompute.ter(texts, text_references)
    assert results[8]["result"] == {
        "ter": whole_ter.ter,
        "num_edits": whole_ter.num_edits,
        "ref_length": whole_ter.ref_length,
    }
    assert [operations[i]["input"] for i in (6, 7)] == [operations[i]["input"] for i in (3, 4)]
