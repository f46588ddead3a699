"""The execute route answers what the Python API does, byte for byte."""

from typing import Any

import httpx
import pytest

from mtcompute import jsonio
from mtcompute.contracts.registry import all_tools
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.http.inputs import (
    EXECUTE_PATH,
    JSON_HEADERS,
    SMALL_INPUT,
    escape_every_character,
    expected_answer,
    maximum_input,
)

_EXAMPLES = [
    (tool.contract.id, tool.contract.version, example.input, example.result)
    for tool in all_tools()
    for example in tool.contract.examples
]
_INPUTS: list[dict[str, Any]] = [
    SMALL_INPUT,
    {**SMALL_INPUT, "max_order": 4.0, "decimals": 15},
    {"hypotheses": [["שלום", "עולם", "🙂"]], "references": [[["שלום", "עולם"], []]]},
    {"hypotheses": [[]], "references": [[["a"]]]},
]


@pytest.mark.parametrize(("tool_id", "version", "document", "result"), _EXAMPLES)
def test_every_contract_example_answers_its_documented_result(
    client: httpx.Client, tool_id: str, version: str, document: object, result: object
) -> None:
    path = f"/v1/tools/{tool_id}/versions/{version}/execute"
    response = client.post(path, content=jsonio.dumps(document), headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.content == jsonio.dumps({"result": result})


@pytest.mark.parametrize("document", _INPUTS)
def test_an_answer_is_byte_identical_to_the_python_api(
    client: httpx.Client, document: dict[str, Any]
) -> None:
    response = client.post(EXECUTE_PATH, content=jsonio.dumps(document), headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.content == expected_answer(document)


def test_an_input_at_every_limit_with_every_character_escaped_fits_the_default_body_limit(
    client: httpx.Client,
) -> None:
    document = maximum_input()
    body = escape_every_character(document)
    # 6 bytes per token byte: the worst case the default limit is sized for (mtcompute.http.app).
    assert 6 * 1024 * 1024 < len(body) < DEFAULT_MAX_BODY_BYTES
    response = client.post(EXECUTE_PATH, content=body, headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.content == expected_answer(document)


@pytest.mark.parametrize(
    "content_type",
    ["application/json; charset=utf-8", "Application/JSON", "application/vnd.mtcompute+json"],
)
def test_any_json_media_type_is_accepted(client: httpx.Client, content_type: str) -> None:
    body = jsonio.dumps(SMALL_INPUT)
    response = client.post(EXECUTE_PATH, content=body, headers={"content-type": content_type})
    assert response.status_code == 200
    assert response.content == expected_answer(SMALL_INPUT)


def test_a_chunked_body_within_the_limit_is_accepted(client: httpx.Client) -> None:
    body = jsonio.dumps(SMALL_INPUT)
    chunks = iter([body[:10], body[10:]])
    response = client.post(EXECUTE_PATH, content=chunks, headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.content == expected_answer(SMALL_INPUT)
