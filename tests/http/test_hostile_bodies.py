"""Bodies built to make a refusal costly, posted to a live server: each is answered 422 with the
first violations and a count of the rest (the cost of building them is measured in
``bench/hostile.py``), and a lone surrogate escape is an input error pointing at its token."""

from typing import Any

import httpx
import pytest

from bench.hostile import CASES, Case
from mtcompute.contracts.validation.violations import MAX_REPORTED_VIOLATIONS
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS

CHRF_PATH = "/v1/tools/chrf-compute/versions/1.0.0/execute"


def path_of(case: Case) -> str:
    tool_id, version = case.tool
    return (
        "/v1/batch"
        if tool_id == "execute_batch"
        else f"/v1/tools/{tool_id}/versions/{version}/execute"
    )


def errors_of(response: httpx.Response) -> list[dict[str, Any]]:
    answer = response.json()
    if "results" in answer:
        return list(answer["results"][0]["errors"])
    return list(answer["errors"])


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_hostile_body_is_refused_with_the_first_violations_listed(
    client: httpx.Client, case: Case
) -> None:
    # An eighth of the body limit keeps the suite quick; the bench measures them at the limit.
    body = case.build(DEFAULT_MAX_BODY_BYTES // 8)
    response = client.post(path_of(case), content=body, headers=JSON_HEADERS)
    # A batch whose operation's input is refused is answered 200, with that operation's errors.
    assert response.status_code == (200 if case.name == "unknown keys in a batch input" else 422)
    errors = errors_of(response)
    assert 1 <= len(errors) <= MAX_REPORTED_VIOLATIONS + 1
    assert all(set(error) == {"code", "pointer", "message"} for error in errors)


def test_a_flood_of_unknown_keys_lists_a_hundred_and_counts_the_rest(client: httpx.Client) -> None:
    keys = ",".join(f'"hypothesez{index:06d}":0' for index in range(300_000))
    body = ('{"hypotheses":[["a"]],"references":[[["a"]]],' + keys + "}").encode()
    response = client.post(EXECUTE_PATH, content=body, headers=JSON_HEADERS)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert [error["code"] for error in errors[:-1]] == ["unknown_property"] * 100
    assert errors[-1]["message"].startswith("299900 more violations were found and not listed")
    assert sum("did you mean" in error["message"] for error in errors) == 5


def test_a_million_empty_segments_are_refused_by_their_count(client: httpx.Client) -> None:
    body = b'{"hypotheses":[' + b",".join([b"[]"] * 1_000_000) + b'],"references":[[[]]]}'
    response = client.post(EXECUTE_PATH, content=body, headers=JSON_HEADERS)
    assert response.status_code == 422
    assert [(e["code"], e["pointer"]) for e in response.json()["errors"]] == [
        ("too_many_items", "/hypotheses"),
        ("segment_count_mismatch", "/references"),
    ]
    assert "got an array of 1000000 items" in response.json()["errors"][0]["message"]


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        pytest.param(
            EXECUTE_PATH,
            b'{"hypotheses":[["a","\\ud800"]],"references":[[["a"]]]}',
            "/hypotheses/0/1",
            id="a high surrogate in a token",
        ),
        pytest.param(
            EXECUTE_PATH,
            b'{"hypotheses":[["a"]],"references":[[["\\udc00b"]]]}',
            "/references/0/0/0",
            id="a low surrogate in a reference token",
        ),
        pytest.param(
            CHRF_PATH,
            b'{"hypotheses":["a \\ud83d"],"references":[["a"]]}',
            "/hypotheses/0",
            id="a high surrogate at the end of a text",
        ),
    ],
)
def test_a_lone_surrogate_escape_is_422_with_the_pointer_of_its_string(
    client: httpx.Client, path: str, body: bytes, pointer: str
) -> None:
    response = client.post(path, content=body, headers=JSON_HEADERS)
    assert response.status_code == 422
    assert [(e["code"], e["pointer"]) for e in response.json()["errors"]] == [
        ("invalid_unicode", pointer)
    ]


def test_a_key_with_a_lone_surrogate_is_pointed_at_with_the_surrogate_escaped(
    client: httpx.Client,
) -> None:
    body = b'{"hypotheses":[["a"]],"references":[[["a"]]],"x\\ud800":1}'
    response = client.post(EXECUTE_PATH, content=body, headers=JSON_HEADERS)
    assert response.status_code == 422
    # Written as its message shows it, which a strict parser reads: no lone surrogate.
    assert b'"pointer":"/x\\\\ud800"' in response.content
    assert response.json()["errors"][0]["pointer"] == "/x\\ud800"


def test_a_lone_surrogate_in_a_batch_operation_is_that_operations_error_with_its_pointer(
    client: httpx.Client,
) -> None:
    operation = b'{"id":"bleu-corpus-compute","version":"1.0.0","input":'
    operation += b'{"hypotheses":[["\\ud800"]],"references":[[["a"]]]}}'
    body = b'{"operations":[' + operation + b"]}"
    response = client.post("/v1/batch", content=body, headers=JSON_HEADERS)
    assert response.status_code == 200
    [entry] = response.json()["results"]
    assert entry["status"] == "error"
    assert [(e["code"], e["pointer"]) for e in entry["errors"]] == [
        ("invalid_unicode", "/operations/0/input/hypotheses/0/0")
    ]
