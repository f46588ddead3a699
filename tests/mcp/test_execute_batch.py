"""The MCP tool ``execute_batch`` through the SDK's own client against a live server: listed with
the batch's schemas, answering structured results, and a malformed batch as an ``isError``
result with every violation."""

from typing import Any

import pytest
from mcp import Client

from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA, BATCH_OUTPUT_SCHEMA
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
from tests.mcp.clients import MODES, STATELESS, call, run, text_of

NAME = "execute_batch"
OBJECT_CASES = [case for case in MALFORMED if isinstance(case.batch, dict)]


def answer(url: str, batch: dict[str, Any], mode: str = STATELESS) -> Outcome:
    """Structured results (the same JSON as the text), or an isError result's errors."""
    result = call(url, mode, NAME, batch)
    if result.is_error:
        assert result.structured_content is None
        return "errors", text_of(result)["errors"]
    assert text_of(result) == result.structured_content
    assert result.structured_content is not None
    return "results", result.structured_content["results"]


@pytest.mark.parametrize("mode", MODES)
def test_execute_batch_is_listed_with_the_batch_s_input_and_output_schemas(
    mcp_url: str, mode: str
) -> None:
    async def scenario(client: Client) -> Any:
        return (await client.list_tools()).tools

    (tool,) = [tool for tool in run(mcp_url, mode, scenario) if tool.name == NAME]
    assert tool.input_schema == BATCH_INPUT_SCHEMA
    assert tool.output_schema == BATCH_OUTPUT_SCHEMA
    assert tool.description is not None
    assert "bind" in tool.description


@needs_sentence_bleu
@pytest.mark.parametrize("mode", MODES)
def test_the_page_s_example_answers_the_page_s_response(mcp_url: str, mode: str) -> None:
    assert answer(mcp_url, PAGE_EXAMPLE_BATCH, mode) == (
        "results",
        PAGE_EXAMPLE_RESPONSE["results"],
    )


@pytest.mark.parametrize("mode", MODES)
def test_the_page_s_example_gives_the_page_s_chrf_entries(mcp_url: str, mode: str) -> None:
    kind, results = answer(mcp_url, PAGE_EXAMPLE_BATCH, mode)
    assert kind == "results"
    assert [results[0], results[2]] == page_example_steps_expected()


def test_a_chain_of_three_steps_passes_each_bound_value_on(mcp_url: str) -> None:
    assert answer(mcp_url, CHAIN) == ("results", CHAIN_RESULTS)


def test_a_failed_step_skips_its_dependants_and_an_independent_later_step_runs(
    mcp_url: str,
) -> None:
    kind, results = answer(mcp_url, FAILED)
    assert kind == "results"
    check_failed(results)


@pytest.mark.parametrize("case", OBJECT_CASES, ids=[case.name for case in OBJECT_CASES])
def test_a_malformed_batch_is_an_is_error_result_with_every_violation_pointed(
    mcp_url: str, case: Malformed
) -> None:
    kind, errors = answer(mcp_url, case.batch)
    assert kind == "errors"
    assert codes_and_pointers(errors) == case.errors
    assert (kind, errors) == core(case.batch)


@pytest.mark.parametrize("batch", WELL_FORMED.values(), ids=list(WELL_FORMED))
def test_a_batch_at_a_rule_s_boundary_runs(mcp_url: str, batch: dict[str, Any]) -> None:
    outcome = answer(mcp_url, batch)
    assert outcome[0] == "results"
    assert outcome == core(batch)
