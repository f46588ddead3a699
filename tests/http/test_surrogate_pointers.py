"""An unknown key holding a lone surrogate escape is pointed at by its escape, as its message
shows it: the answer stays readable by a strict JSON parser."""

import httpx
import orjson
import pytest

from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS

UNKNOWN_KEY = b'"\\ud800x/~"'  # a lone surrogate, a slash and a tilde
INPUT = b'{"hypotheses": [["a"]], "references": [[["a"]]], ' + UNKNOWN_KEY + b": 1}"
BATCH = b'{"operations": [{"id": "bleu-corpus-compute", "version": "1.0.0", "input": ' + INPUT
BATCH += b"}]}"


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        (EXECUTE_PATH, INPUT, "/\\ud800x~1~0"),
        ("/v1/batch", BATCH, "/operations/0/input/\\ud800x~1~0"),
    ],
)
def test_the_pointer_to_a_lone_surrogate_key_is_its_escape(
    client: httpx.Client, path: str, body: bytes, pointer: str
) -> None:
    answer = client.post(path, content=body, headers=JSON_HEADERS)
    strict = orjson.loads(answer.content)  # refuses a lone surrogate anywhere
    errors = strict["errors"] if "errors" in strict else strict["results"][0]["errors"]
    assert [error["pointer"] for error in errors] == [pointer]
    assert "'\\ud800x/~'" in errors[0]["message"]


SYSTEMS = b'[{"name": "base", "hypotheses": ["a b"]}, {"name": "a\\ud800", "hypotheses": ["a"]}]'
SIGNIFICANCE = b'{"metrics": ["bleu"], "references": [["a b"]], "systems": ' + SYSTEMS + b"}"


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/v1/tools/paired-significance/versions/1.0.0/execute", SIGNIFICANCE, "/systems/1/name"),
        ("/v1/batch", b'{"operations": [{"id": "x\\ud800", "version": "1", "input": {}}]}',
         "/operations/0/id"),
        ("/v1/batch", b'{"operations": [{"id": "ter-compute", "version": "\\udc00", "input": {}}]}',
         "/operations/0/version"),
    ],
)  # fmt: skip
def test_a_lone_surrogate_a_result_would_echo_is_refused_where_it_is(
    client: httpx.Client, path: str, body: bytes, pointer: str
) -> None:
    answer = client.post(path, content=body, headers=JSON_HEADERS)
    assert answer.status_code == 422
    strict = orjson.loads(answer.content)  # the answer is strict UTF-8 JSON
    assert [(error["code"], error["pointer"]) for error in strict["errors"]] == [
        ("invalid_unicode", pointer)
    ]
