"""The read-only routes: the tool list, each contract, OpenAPI and liveness."""

import httpx

from mtcompute import api, jsonio
from mtcompute.contracts.registry import all_tools
from mtcompute.contracts.served import served
from tests.http.inputs import EXECUTE_PATH, TOOL, VERSION


def test_the_tool_list_is_the_library_catalog(client: httpx.Client) -> None:
    response = client.get("/v1/tools")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.content == jsonio.dumps({"tools": api.tools()})


def test_a_contract_is_served_as_the_library_describes_it(client: httpx.Client) -> None:
    response = client.get(f"/v1/tools/{TOOL}/versions/{VERSION}")
    assert response.status_code == 200
    assert response.content == jsonio.dumps(api.describe(TOOL, VERSION))


def test_healthz_answers_ok(client: httpx.Client) -> None:
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (200, {"status": "ok"})


def test_openapi_embeds_every_contract_input_and_output_schema(client: httpx.Client) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"] == "3.1.0"
    schemas = document["components"]["schemas"]
    for tool in all_tools():
        contract = served(tool.contract)  # its tokenizer enums: what this installation runs
        name = f"{contract.id}-{contract.version}"
        assert schemas[f"{name}-input"] == jsonio.loads(jsonio.dumps(contract.input_schema))
        assert schemas[f"{name}-output"] == jsonio.loads(jsonio.dumps(contract.output_schema))


def test_openapi_describes_execute_with_an_operation_id_and_problem_answers(
    client: httpx.Client,
) -> None:
    operation = client.get("/openapi.json").json()["paths"][EXECUTE_PATH]["post"]
    assert operation["operationId"] == "execute_bleu_corpus_compute_1_0_0"
    assert set(operation["responses"]) == {"200", "400", "413", "415", "422"}


def test_head_of_a_read_route_answers_without_a_body(client: httpx.Client) -> None:
    response = client.head("/healthz")
    assert (response.status_code, response.content) == (200, b"")
