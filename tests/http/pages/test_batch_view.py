"""GET /tools/execute-batch: the batch's page for people, laid out as a tool's page, and linked
from every tool's page."""

import httpx
import pytest
from markupsafe import escape

from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.titles import display_title
from mtcompute.http.pages.batch_view import batch_page
from mtcompute.http.pages.snippets import compact, pretty
from mtcompute.http.pages.templating import inline, render
from mtcompute.meta.batch import doc as batch_doc

PATH = "/tools/execute-batch"


@pytest.fixture(scope="module")
def page(base_url: str) -> str:
    with httpx.Client(base_url=base_url, timeout=60) as client:
        response = client.get(PATH)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


def test_the_batch_page_renders_as_html(page: str) -> None:
    assert page.startswith("<!doctype html>")
    assert page.rstrip().endswith("</html>")
    assert "<title>Execute batch · mtcompute</title>" in page


def test_the_batch_page_shows_the_scope_and_the_example_with_its_response(page: str) -> None:
    for item in (*batch_doc.SUPPORTED, *batch_doc.NOT_SUPPORTED, *batch_doc.BEHAVIOR):
        assert inline(item) in page
    for shown in (batch_doc.RESEARCH_BATCH, batch_doc.RESEARCH_RESPONSE):
        assert escape(pretty(shown)) in page
    for shown in (batch_doc.EXAMPLE_BATCH, batch_doc.EXAMPLE_RESPONSE):
        assert escape(compact(shown)) in page
    for field in ("operations", "operations[].id", "operations[].bind.KEY.step"):
        assert f"<td><code>{field}</code><br>" in page


def test_the_try_it_form_posts_the_researchers_example_tokenize_then_bleu(page: str) -> None:
    assert 'data-execute="/v1/batch"' in page
    assert f">{escape(pretty(batch_doc.RESEARCH_BATCH))}</textarea>" in (page)


def test_the_batch_page_tells_how_to_call_this_very_server(page: str, base_url: str) -> None:
    assert f"curl -X POST {base_url}/v1/batch" in page
    assert f"mtcompute batch --base-url {base_url} --input -" in page
    assert f"{base_url}/mcp" in page
    assert "the tool execute_batch" in page
    assert "mtcompute.execute_batch(" in page


def test_the_batch_page_links_every_tool_in_the_catalogue(page: str) -> None:
    for tool_id in tool_ids():
        title = escape(display_title(latest(tool_id).contract.title))
        assert f'<a href="/tools/{tool_id}">{title}</a>' in page


@pytest.mark.parametrize("tool_id", tool_ids())
def test_every_tool_page_links_the_batch_page(client: httpx.Client, tool_id: str) -> None:
    assert f'<a href="{PATH}">' in client.get(f"/tools/{tool_id}").text


def test_the_batch_page_escapes_the_server_address() -> None:
    html = render("tool.html", page=batch_page("http://example.test/<b>"), base_url="")
    assert "<b>" not in html
    assert "&lt;b&gt;" in html


def test_an_unknown_tool_page_is_still_404(client: httpx.Client) -> None:
    assert client.get("/tools/execute-batches").status_code == 404


def test_doc_text_is_escaped_not_interpreted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_doc, "SUPPORTED", ("<script>x</script>",))
    assert "<script>" not in render("tool.html", page=batch_page("http://x"), base_url="")
