"""Every golden request, run through the Python API, answers with its golden response's bytes."""

import pytest

from mtcompute import InputError, execute, jsonio
from tests.golden import GOLDEN_ROOT, GoldenCase, golden_cases

CASES = golden_cases()


def answer(case: GoldenCase) -> bytes:
    try:
        result = execute(case.tool_id, case.version, jsonio.loads(case.request))
    except InputError as error:
        return jsonio.dumps({"errors": error.errors})
    return jsonio.dumps({"result": result})


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_golden_request_gets_its_golden_response_byte_for_byte(case: GoldenCase) -> None:
    assert answer(case) == case.response


def test_every_golden_request_has_a_response_and_errors_are_named_so() -> None:
    requests = sorted(GOLDEN_ROOT.glob("*/*/*.request.json"))
    responses = sorted(GOLDEN_ROOT.glob("*/*/*.response.json"))
    assert len(requests) == len(responses) == len(CASES)
    for case in CASES:
        assert case.is_error == case.name.startswith("error-"), case.name


def test_the_golden_cases_cover_successes_and_errors_of_the_first_tool() -> None:
    names = {case.name for case in CASES if case.id.startswith("bleu-corpus-compute@1.0.0/")}
    assert {"spec-example", "multi-reference", "max-order-1", "max-order-8"} <= names
    assert {"empty-hypothesis", "unicode-tokens", "decimals-4"} <= names
    assert sum(case.is_error for case in CASES) >= 5
    assert sum(not case.is_error for case in CASES) >= 10
