"""``mtcompute.execute_batch(operations)``: the batch's results as a list, and a malformed batch
as ``InputError`` pointing into the batch its operations make."""

from typing import Any

import pytest

import mtcompute
from tests.batch_cases import (
    CHAIN,
    CHAIN_RESULTS,
    FAILED,
    MALFORMED,
    PAGE_EXAMPLE_BATCH,
    PAGE_EXAMPLE_RESPONSE,
    WELL_FORMED,
    Malformed,
    Outcome,
    check_failed,
    codes_and_pointers,
    core,
    needs_sentence_bleu,
    page_example_steps_expected,
)

OPERATIONS_CASES = [case for case in MALFORMED if case.as_operations]


def answer(batch: dict[str, Any]) -> Outcome:
    try:
        return "results", mtcompute.execute_batch(batch["operations"])
    except mtcompute.InputError as error:
        return "errors", error.errors


@needs_sentence_bleu
def test_the_page_s_example_answers_the_page_s_results() -> None:
    assert answer(PAGE_EXAMPLE_BATCH) == ("results", PAGE_EXAMPLE_RESPONSE["results"])


def test_the_page_s_example_gives_the_page_s_chrf_entries() -> None:
    kind, results = answer(PAGE_EXAMPLE_BATCH)
    assert kind == "results"
    assert [results[0], results[2]] == page_example_steps_expected()


def test_a_chain_of_three_steps_passes_each_bound_value_on() -> None:
    assert answer(CHAIN) == ("results", CHAIN_RESULTS)


def test_a_failed_step_skips_its_dependants_and_an_independent_later_step_runs() -> None:
    kind, results = answer(FAILED)
    assert kind == "results"
    check_failed(results)


@pytest.mark.parametrize("case", OPERATIONS_CASES, ids=[case.name for case in OPERATIONS_CASES])
def test_malformed_operations_raise_input_error_pointing_into_the_batch(case: Malformed) -> None:
    kind, errors = answer(case.batch)
    assert kind == "errors"
    assert codes_and_pointers(errors) == case.errors
    assert (kind, errors) == core(case.batch)


@pytest.mark.parametrize("batch", WELL_FORMED.values(), ids=list(WELL_FORMED))
def test_operations_at_a_rule_s_boundary_run(batch: dict[str, Any]) -> None:
    outcome = answer(batch)
    assert outcome[0] == "results"
    assert outcome == core(batch)


def test_operations_that_are_not_a_list_point_at_operations() -> None:
    with pytest.raises(mtcompute.InputError) as raised:
        mtcompute.execute_batch({"id": "chrf-compute"})
    assert codes_and_pointers(raised.value.errors) == [("type", "/operations")]


def test_the_results_are_json_ready_and_independent_of_the_operations() -> None:
    operations = CHAIN["operations"]
    results = mtcompute.execute_batch(operations)
    results[0]["result"]["matches"].append(99)
    assert mtcompute.execute_batch(operations) == CHAIN_RESULTS
