"""/openapi.json describes POST /v1/batch with the batch's own request and response schemas."""

from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator

from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA, BATCH_OUTPUT_SCHEMA


@pytest.fixture
def document(client: httpx.Client) -> Any:
    return client.get("/openapi.json").json()


def resolve(document: Any, reference: dict[str, str]) -> Any:
    value = document
    for token in reference["$ref"].removeprefix("#/").split("/"):
        value = value[token]
    return value


def test_post_v1_batch_takes_the_batch_input_schema(document: Any) -> None:
    body = document["paths"]["/v1/batch"]["post"]["requestBody"]
    content = body["content"]["application/json"]
    assert body["required"] is True
    assert resolve(document, content["schema"]) == BATCH_INPUT_SCHEMA


def test_post_v1_batch_answers_the_batch_output_schema_or_a_problem(document: Any) -> None:
    responses = document["paths"]["/v1/batch"]["post"]["responses"]
    assert set(responses) == {"200", "400", "413", "415", "422"}
    ok = responses["200"]["content"]["application/json"]["schema"]
    assert resolve(document, ok) == BATCH_OUTPUT_SCHEMA
    malformed = resolve(document, responses["422"])
    assert "malformed" in malformed["description"]
    problem = malformed["content"]["application/problem+json"]["schema"]
    assert resolve(document, problem)["required"] == ["type", "title", "status", "errors"]


def test_the_documented_example_is_a_well_formed_batch(document: Any) -> None:
    content = document["paths"]["/v1/batch"]["post"]["requestBody"]["content"]
    for example in content["application/json"]["examples"].values():
        Draft202012Validator(BATCH_INPUT_SCHEMA).validate(example["value"])
