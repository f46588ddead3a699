"""POST /v1/batch on a live server: the page's example, bindings, skipped dependants, malformed
batches refused whole with 422, the transport's own refusals, and exactly the single executes'
answers."""

from collections.abc import Iterator
from http import HTTPStatus
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mtcompute import jsonio
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.meta.batch.prefix import prefixed
from mtcompute.meta.batch.schema import BATCH_OUTPUT_SCHEMA
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
    many,
    needs_sentence_bleu,
    page_example_steps_expected,
)
from tests.http.inputs import JSON_HEADERS
from tests.live_server import serving

PROBLEM = "application/problem+json"
OUTPUT = Draft202012Validator(BATCH_OUTPUT_SCHEMA)


def post(client: httpx.Client, batch: Any) -> httpx.Response:
    return client.post("/v1/batch", content=jsonio.dumps(batch), headers=JSON_HEADERS)


def answer(client: httpx.Client, batch: Any) -> Outcome:
    """200 with results, checked against the output schema, or 422 problem+json with errors."""
    response = post(client, batch)
    if response.status_code == 200:
        assert response.headers["content-type"] == "application/json"
        OUTPUT.validate(response.json())
        return "results", response.json()["results"]
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == PROBLEM
    return "errors", response.json()["errors"]


@needs_sentence_bleu
def test_the_page_s_example_answers_the_page_s_response(client: httpx.Client) -> None:
    response = post(client, PAGE_EXAMPLE_BATCH)
    assert response.status_code == 200
    assert response.json() == PAGE_EXAMPLE_RESPONSE
    assert response.content == jsonio.dumps(PAGE_EXAMPLE_RESPONSE)


def test_the_page_s_example_gives_the_page_s_chrf_entries(client: httpx.Client) -> None:
    kind, results = answer(client, PAGE_EXAMPLE_BATCH)
    assert kind == "results"
    assert [results[0], results[2]] == page_example_steps_expected()


def test_a_chain_of_three_steps_passes_each_bound_value_on(client: httpx.Client) -> None:
    assert answer(client, CHAIN) == ("results", CHAIN_RESULTS)


def test_a_failed_step_skips_its_dependants_and_an_independent_later_step_runs(
    client: httpx.Client,
) -> None:
    kind, results = answer(client, FAILED)
    assert kind == "results"
    check_failed(results)


@pytest.mark.parametrize("case", MALFORMED, ids=[case.name for case in MALFORMED])
def test_a_malformed_batch_is_422_with_every_violation_pointed(
    client: httpx.Client, case: Malformed
) -> None:
    kind, errors = answer(client, case.batch)
    assert kind == "errors"
    assert codes_and_pointers(errors) == case.errors
    assert (kind, errors) == core(case.batch)


@pytest.mark.parametrize("batch", WELL_FORMED.values(), ids=list(WELL_FORMED))
def test_a_batch_at_a_rule_s_boundary_runs(client: httpx.Client, batch: Any) -> None:
    outcome = answer(client, batch)
    assert outcome[0] == "results"
    assert outcome == core(batch)


def test_the_problem_s_detail_is_the_first_violation(client: httpx.Client) -> None:
    problem = post(client, {"operations": many(21)}).json()
    assert (problem["status"], problem["title"]) == (422, HTTPStatus(422).phrase)
    assert problem["detail"] == problem["errors"][0]["message"]


@pytest.mark.parametrize(
    ("body", "headers", "status", "code"),
    [
        (b'{"operations": NaN}', JSON_HEADERS, 400, "invalid_json"),
        (b"\xff", JSON_HEADERS, 400, "invalid_json"),
        (b"{}", {"content-type": "text/plain"}, 415, "unsupported_media_type"),
    ],
)
def test_a_body_that_is_not_a_json_document_is_refused_as_for_a_single_call(
    client: httpx.Client, body: bytes, headers: dict[str, str], status: int, code: str
) -> None:
    response = client.post("/v1/batch", content=body, headers=headers)
    assert response.status_code == status
    assert response.headers["content-type"] == PROBLEM
    assert [error["code"] for error in response.json()["errors"]] == [code]


def test_only_post_is_allowed(client: httpx.Client) -> None:
    response = client.get("/v1/batch")
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"


@pytest.fixture(scope="module")
def small_limit() -> Iterator[httpx.Client]:
    """A server whose body limit is 2,000 bytes."""
    with (
        serving(create_app(HttpSettings(max_body_bytes=2000))) as url,
        httpx.Client(base_url=url, timeout=60) as http_client,
    ):
        yield http_client


def test_a_batch_over_the_body_limit_is_413_and_one_within_it_runs(
    small_limit: httpx.Client,
) -> None:
    fits, too_large = {"operations": many(10)}, {"operations": many(20)}
    assert len(jsonio.dumps(fits)) <= 2000 < len(jsonio.dumps(too_large))
    assert post(small_limit, fits).status_code == 200
    response = post(small_limit, too_large)
    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "body_too_large"


# -- Equal to single executes -------------------------------------------------------------------

TOKENS = st.lists(st.sampled_from(["a", "b", "c"]), max_size=4)
BLEU_INPUTS = st.fixed_dictionaries(
    {
        "hypotheses": st.lists(TOKENS, min_size=1, max_size=2),
        "references": st.lists(st.lists(TOKENS, min_size=1, max_size=2), min_size=1, max_size=2),
    },
    optional={"max_order": st.integers(0, 9), "decimals": st.integers(-1, 4)},
)
TEXT = st.text(st.sampled_from("ab c"), max_size=8)
CHRF_INPUTS = st.fixed_dictionaries(
    {
        "hypotheses": st.lists(TEXT, min_size=1, max_size=2),
        "references": st.lists(st.lists(TEXT, min_size=1, max_size=2), min_size=1, max_size=2),
    },
    optional={"char_order": st.integers(0, 7), "beta": st.integers(0, 3)},
)
CALLS = st.one_of(
    st.tuples(st.just("bleu-corpus-compute"), BLEU_INPUTS),
    st.tuples(st.sampled_from(["chrf-compute", "chrf-plus-plus-compute"]), CHRF_INPUTS),
    st.tuples(st.just("chrf-compute"), st.just({"hypotheses": "a"})),  # an input error
)


def single_entry(client: httpx.Client, tool_id: str, tool_input: Any) -> dict[str, Any]:
    """A single execute's answer as a batch entry: its result, or its errors moved under the
    operation's input."""
    path = f"/v1/tools/{tool_id}/versions/1.0.0/execute"
    response = client.post(path, content=jsonio.dumps(tool_input), headers=JSON_HEADERS)
    if response.status_code == 200:
        return {"status": "ok", "result": response.json()["result"]}
    assert response.status_code == 422
    return {"status": "error", "errors": response.json()["errors"]}


def under(entry: dict[str, Any], index: int) -> dict[str, Any]:
    """The single execute's errors as the batch's operation ``index`` points them."""
    if entry["status"] == "ok":
        return entry
    return {"status": "error", "errors": prefixed(entry["errors"], f"/operations/{index}/input")}


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(CALLS, min_size=1, max_size=5))
def test_a_batch_of_independent_operations_answers_what_the_single_executes_answer(
    client: httpx.Client, calls: list[tuple[str, Any]]
) -> None:
    batch = {"operations": [{"id": t, "version": "1.0.0", "input": i} for t, i in calls]}
    response = post(client, batch)
    assert response.status_code == 200
    singles = [under(single_entry(client, *call), index) for index, call in enumerate(calls)]
    assert response.content == jsonio.dumps({"results": singles})
