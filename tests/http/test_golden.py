"""Every golden request through HTTP gets its golden response: the result bytes exactly, or a
problem whose ``errors`` are the golden errors exactly."""

from typing import Any

import httpx
import pytest

from mtcompute import jsonio
from tests.golden import GoldenCase, golden_cases
from tests.http.inputs import JSON_HEADERS

CASES = golden_cases()


def _status_of(case: GoldenCase) -> int:
    if not case.is_error:
        return 200
    golden: Any = jsonio.loads(case.response)
    codes = {error["code"] for error in golden["errors"]}
    return 400 if codes == {"invalid_json"} else 422


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_golden_request_over_http_gets_its_golden_response(
    client: httpx.Client, case: GoldenCase
) -> None:
    path = f"/v1/tools/{case.tool_id}/versions/{case.version}/execute"
    response = client.post(path, content=case.request, headers=JSON_HEADERS)
    assert response.status_code == _status_of(case)
    if case.is_error:
        assert jsonio.dumps({"errors": response.json()["errors"]}) == case.response
    else:
        assert response.content == case.response
