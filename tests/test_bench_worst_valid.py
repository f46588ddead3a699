"""The worst valid inputs (``bench/worst_valid.py``) cover every tool, and each is valid: within
its contract and within the server's body limit (or the larger one its tool names), so that its
row measures what a client can send."""

import pytest

from bench import worst_valid
from bench.worst_valid import CASES, ValidCase
from mtcompute import jsonio
from mtcompute.contracts.costs import estimate
from mtcompute.contracts.registry import all_tools, get_tool
from mtcompute.http.server.compute import ComputeSettings
from mtcompute.meta.bodies import tool_body_limit
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


def test_every_released_tool_has_a_worst_valid_input() -> None:
    measured = {(case.tool, case.version) for case in CASES}
    released = {(tool.contract.id, tool.contract.version) for tool in all_tools()}
    assert released <= measured


@pytest.mark.parametrize("case", CASES, ids=[f"{c.tool}@{c.version}: {c.what}" for c in CASES])
def test_each_worst_valid_input_passes_its_contract_and_fits_the_body_limit(
    case: ValidCase,
) -> None:
    raw = case.build()
    get_tool(case.tool, case.version).parser.parse(raw)  # raises InputError for an invalid one
    limit = tool_body_limit(case.tool, case.version, DEFAULT_MAX_BODY_BYTES)
    assert len(jsonio.dumps(raw)) <= limit


def test_a_case_measured_apart_reports_its_body_and_answer() -> None:
    index = next(i for i, case in enumerate(CASES) if case.tool == "bleu-brevity-penalty")
    measured = worst_valid.measure_apart(index)
    assert measured.body == len(jsonio.dumps(CASES[index].build()))
    assert measured.answer > 0
    assert measured.seconds > 0


@pytest.mark.parametrize("case", CASES, ids=[f"{c.tool}@{c.version}: {c.what}" for c in CASES])
def test_a_default_server_admits_each_worst_valid_input_within_its_budget_and_deadline(
    case: ValidCase,
) -> None:
    # Each is estimated at most the memory a worker's costly computations share, so it never
    # has to run alone past the budget, and well within the deadline (the machine shared).
    cost = estimate(case.tool, case.version, case.build())
    assert cost.memory <= ComputeSettings().memory_bytes
    assert cost.seconds <= ComputeSettings().deadline / 4
