"""A tool whose valid input is larger than the server's default body limit declares its own
(``max_body_bytes``), which the execute route takes while the server keeps its default; a
limit an operator set is kept as set."""

from typing import Any

from starlette.testclient import TestClient

from mtcompute import jsonio
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.meta.bodies import tool_body_limit
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.http.inputs import JSON_HEADERS

_PATH = "/v1/tools/paired-significance/versions/{}/execute"
_MIB = 1024 * 1024


def _body(segments: int) -> bytes:
    """Two systems and their references, about 1 KiB a segment."""
    text = "a " * 170
    raw: dict[str, Any] = {
        "systems": [{"name": f"s{k}", "hypotheses": [text] * segments} for k in range(2)],
        "references": [[text]] * segments,
    }
    return jsonio.dumps(raw)


def test_a_body_over_the_default_limit_is_read_for_a_tool_that_declares_a_larger_one(
    client: TestClient,
) -> None:
    body = _body(10_001)  # over 8 MiB, and over 10,000 segments
    assert len(body) > DEFAULT_MAX_BODY_BYTES
    answered = client.post(_PATH.format("1.1.0"), content=body, headers=JSON_HEADERS)
    assert answered.status_code == 422
    assert answered.json()["errors"][0]["code"] == "too_many_items"
    refused = client.post(_PATH.format("1.0.0"), content=body, headers=JSON_HEADERS)
    assert refused.status_code == 413


def test_a_limit_an_operator_set_is_kept_for_every_tool() -> None:
    app = create_app(HttpSettings(max_body_bytes=_MIB))
    with TestClient(app, base_url="http://testserver") as client:
        answered = client.post(_PATH.format("1.1.0"), content=_body(2_000), headers=JSON_HEADERS)
    assert answered.status_code == 413
    assert answered.json()["errors"][0]["code"] == "body_too_large"


def test_a_tool_without_a_limit_of_its_own_or_unknown_takes_the_servers() -> None:
    default = DEFAULT_MAX_BODY_BYTES
    assert tool_body_limit("paired-significance", "1.1.0", default) == 64 * _MIB
    assert tool_body_limit("paired-significance", "latest", default) == 64 * _MIB
    assert tool_body_limit("paired-significance", "1.0.0", default) == default
    assert tool_body_limit("bleurt", "1.0.0", default) == default
