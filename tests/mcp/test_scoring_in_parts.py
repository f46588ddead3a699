"""An agent scores a 3,000-segment test set, three times one tool's segment limit, in one
``execute_batch`` call through the SDK's own client against a live server, and gets bit for bit
what the library computes on the whole corpus at once."""

import pytest

import mtcompute
from mtcompute import jsonio
from tests.mcp.clients import MODES, call, text_of
from tests.set_in_parts import SEGMENTS, batch_in_parts, make_test_set, texts


@pytest.mark.parametrize("mode", MODES)
def test_one_batch_of_parts_scores_3000_segments_as_the_whole_corpus_does(
    mcp_url: str, mode: str
) -> None:
    hypotheses, references = make_test_set()
    assert len(hypotheses) == SEGMENTS
    result = call(mcp_url, mode, "execute_batch", batch_in_parts(hypotheses, references))
    assert not result.is_error, result.content
    entries = text_of(result)["results"]
    assert [entry["status"] for entry in entries] == ["ok"] * len(entries)
    bleu, chrf = entries[6]["result"], entries[10]["result"]
    whole_bleu = mtcompute.corpus_bleu(hypotheses, references).to_dict()
    assert jsonio.dumps(bleu) == jsonio.dumps(whole_bleu)
    whole_chrf = mtcompute.chrf(texts(hypotheses), [texts(refs) for refs in references])
    assert jsonio.dumps(chrf["chrf"]) == jsonio.dumps(whole_chrf.chrf)
    assert chrf["statistics"] == whole_chrf.statistics.to_dict()
    assert result.structured_content == text_of(result)


def test_the_whole_test_set_is_over_one_call_s_limits() -> None:
    hypotheses, references = make_test_set()
    with pytest.raises(mtcompute.InputError, match="expected at most 1000 items"):
        mtcompute.execute(
            "bleu-corpus-compute", "1.0.0", {"hypotheses": hypotheses, "references": references}
        )
