"""Every fix-it hint reaches a 422 problem over HTTP, in its ``errors`` and its ``detail``."""

import httpx

from mtcompute import jsonio
from tests.hint_cases import HintCase, carrying, every_hint
from tests.http.inputs import JSON_HEADERS


@every_hint
def test_a_422_problem_carries_the_fix(client: httpx.Client, case: HintCase) -> None:
    path = f"/v1/tools/{case.tool_id}/versions/{case.version}/execute"
    response = client.post(path, content=jsonio.dumps(case.input), headers=JSON_HEADERS)
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    carrying(response.json()["errors"], case)


@every_hint
def test_a_batch_over_http_carries_the_fix(client: httpx.Client, case: HintCase) -> None:
    batch = {"operations": [{"id": case.tool_id, "version": case.version, "input": case.input}]}
    response = client.post("/v1/batch", content=jsonio.dumps(batch), headers=JSON_HEADERS)
    assert response.status_code == 200
    carrying(response.json()["results"][0]["errors"], case, prefix="/operations/0/input")
