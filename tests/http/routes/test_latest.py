"""``latest`` is a version everywhere, and the answer names the version it resolved to."""

import httpx
import jsonschema
from click.testing import CliRunner

from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.meta.batch.schema import BATCH_OUTPUT_SCHEMA
from tests.http.inputs import JSON_HEADERS, SMALL_INPUT, TOOL
from tests.mcp.clients import HANDSHAKE, call

NEWEST = latest(TOOL).contract.version
LATEST_PATH = f"/v1/tools/{TOOL}/versions/latest"


def test_http_execute_of_latest_answers_the_version_beside_the_result(
    client: httpx.Client,
) -> None:
    response = client.post(
        f"{LATEST_PATH}/execute", content=jsonio.dumps(SMALL_INPUT), headers=JSON_HEADERS
    )
    assert response.status_code == 200
    answer = response.json()
    assert answer["version"] == NEWEST
    assert answer["result"] == latest(TOOL).execute(SMALL_INPUT)


def test_http_execute_of_a_named_version_answers_the_result_alone(client: httpx.Client) -> None:
    path = f"/v1/tools/{TOOL}/versions/{NEWEST}/execute"
    response = client.post(path, content=jsonio.dumps(SMALL_INPUT), headers=JSON_HEADERS)
    assert list(response.json()) == ["result"]


def test_http_describe_of_latest_is_the_newest_contract(client: httpx.Client) -> None:
    assert client.get(LATEST_PATH).json()["version"] == NEWEST


def test_mcp_execute_of_latest_answers_the_version(base_url: str) -> None:
    arguments = {"id": TOOL, "version": "latest", "input": SMALL_INPUT}
    result = call(f"{base_url}/mcp", HANDSHAKE, "execute", arguments)
    assert not result.is_error
    assert result.structured_content is not None
    assert result.structured_content["version"] == NEWEST


def test_the_cli_runs_latest_locally_and_remotely_with_the_same_answer(base_url: str) -> None:
    args = ["run", TOOL, "latest", "--input", "-"]
    local = CliRunner().invoke(cli, args, input=jsonio.dumps(SMALL_INPUT))
    remote = CliRunner().invoke(
        cli, [*args, "--base-url", base_url], input=jsonio.dumps(SMALL_INPUT)
    )
    assert local.exit_code == remote.exit_code == 0
    assert local.stdout == remote.stdout
    assert jsonio.loads(local.stdout)["version"] == NEWEST  # type: ignore[index]


def test_a_batch_operation_at_latest_names_the_version_beside_its_result(
    client: httpx.Client,
) -> None:
    operations = [
        {"id": TOOL, "version": "latest", "input": SMALL_INPUT},
        {"id": TOOL, "version": NEWEST, "input": SMALL_INPUT},
    ]
    body = jsonio.dumps({"operations": operations})
    latest_entry, named_entry = client.post("/v1/batch", content=body, headers=JSON_HEADERS).json()[
        "results"
    ]
    assert latest_entry == {**named_entry, "version": NEWEST}
    answer = {"results": [latest_entry, named_entry]}
    jsonschema.Draft202012Validator(BATCH_OUTPUT_SCHEMA).validate(answer)


def test_openapi_describes_every_tools_latest_execute_and_the_answer_keeps_to_it(
    client: httpx.Client,
) -> None:
    document = client.get("/openapi.json").json()
    for tool_id in tool_ids():
        newest = latest(tool_id).contract
        operation = document["paths"][f"/v1/tools/{tool_id}/versions/latest/execute"]["post"]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert body == {"$ref": f"#/components/schemas/{tool_id}-{newest.version}-input"}
        schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert schema["properties"]["version"] == {"type": "string", "const": newest.version}
        example = newest.examples[0].input
        path = f"/v1/tools/{tool_id}/versions/latest/execute"
        answer = client.post(path, content=jsonio.dumps(example), headers=JSON_HEADERS).json()
        result_schema = {**schema["properties"], "result": newest.output_schema}
        jsonschema.validate(answer, {**schema, "properties": result_schema})
