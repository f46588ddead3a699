"""The costliest pairwise requests the benchmark measures are valid and fill the limits."""

import pytest

from bench.pairwise_requests import SHAPES, bleu_request, chrf_request
from mtcompute.contracts import bleu_pairwise_compute_1_0_0 as bleu_tool
from mtcompute.contracts import chrf_pairwise_compute_1_0_0 as chrf_tool


@pytest.mark.parametrize(("n", "m"), SHAPES)
def test_the_costliest_chrf_request_fills_the_cells_and_the_text_bytes(n: int, m: int) -> None:
    raw = chrf_request(n, m)
    request = chrf_tool.PARSER.parse(raw)
    assert len(request.hypotheses) * len(request.references) == chrf_tool.LIMITS.max_cells
    texts = [*raw["hypotheses"], *raw["references"]]
    assert sum(map(len, texts)) > 0.99 * (chrf_tool.LIMITS.max_total_string_bytes or 0)


@pytest.mark.parametrize(("n", "m"), SHAPES)
def test_the_costliest_bleu_request_fills_the_cells_and_the_tokens(n: int, m: int) -> None:
    raw = bleu_request(n, m)
    request = bleu_tool.PARSER.parse(raw)
    assert len(request.hypotheses) * len(request.references) == bleu_tool.LIMITS.max_cells
    lists = [*raw["hypotheses"], *raw["references"]]
    assert sum(map(len, lists)) > 0.98 * (bleu_tool.LIMITS.max_total_tokens or 0)
