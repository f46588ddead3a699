"""The README's curl call gets the answer the README shows."""

import re
from pathlib import Path

import httpx

from mtcompute.meta.batch.doc import RESEARCH_RESPONSE
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS

_ROOT = Path(__file__).parents[2]
_README = (_ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_curl_example_answers_what_the_readme_shows(client: httpx.Client) -> None:
    call = re.search(r"curl -X POST http://127\.0\.0\.1:8000(\S+) .*?-d '([^']*)'", _README, re.S)
    answer = re.search(r"```json\n(.*?)\n```", _README, re.S)
    assert call is not None
    assert answer is not None
    assert call.group(1) == EXECUTE_PATH
    response = client.post(EXECUTE_PATH, content=call.group(2).encode(), headers=JSON_HEADERS)
    assert response.content == answer.group(1).encode()


def test_the_readme_tool_page_address_is_served(client: httpx.Client) -> None:
    page = re.search(r"page for people is at http://127\.0\.0\.1:8000(\S+),", _README)
    assert page is not None
    assert client.get(page.group(1)).status_code == 200


def test_the_readme_batch_call_answers_the_batch_pages_response(client: httpx.Client) -> None:
    call = re.search(r"curl -X POST http://127\.0\.0\.1:8000(\S+) .*?--data-binary @(\S+)", _README)
    assert call is not None
    path, body = call.group(1), (_ROOT / call.group(2)).read_bytes()
    response = client.post(path, content=body, headers=JSON_HEADERS)
    assert response.status_code == 200
    assert response.json() == RESEARCH_RESPONSE
