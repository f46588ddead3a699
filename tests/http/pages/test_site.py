"""The pages for people: home, the tool index and its search, docs, the static files, every
link on them, and 404s as a page for browsers and as problem+json for everyone else."""

import threading

import httpx
import pytest
from markupsafe import escape

from mtcompute.contracts.registry import catalog, latest, tool_ids
from mtcompute.http.pages import site
from mtcompute.http.pages.templating import inline
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.search import MAX_QUERY_CHARACTERS, Match, search
from tests.http.links import PageLinks

BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
PAGES = [
    "/",
    "/tools",
    "/tools?q=bleu",
    "/tools?q=",
    "/docs",
    "/score",
    *(f"/tools/{tool_id}" for tool_id in [*tool_ids(), batch_doc.ID]),
]


def _html(client: httpx.Client, path: str) -> str:
    response = client.get(path, headers=BROWSER)
    assert response.status_code == 200, path
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


def test_home_says_what_mtcompute_is_and_lists_every_tool_with_its_summary(
    client: httpx.Client,
) -> None:
    page = _html(client, "/")
    assert "mtcompute is a small catalogue" in page
    assert '<form class="search" role="search" action="/tools" method="get">' in page
    for tool in catalog():
        assert f'<a href="/tools/{tool["id"]}">{escape(tool["title"])}</a>' in page
        assert inline(tool["summary"]) in page  # its `code` marks shown as code
    assert f'<a href="/tools/{batch_doc.ID}">{batch_doc.TITLE}</a>' in page
    for way in ("HTTP", "MCP", "CLI", "Python"):
        assert f"<dt>{way}</dt>" in page
    assert f"{client.base_url}/mcp" in page


def test_the_index_lists_every_tool(client: httpx.Client) -> None:
    page = _html(client, "/tools")
    for tool_id in tool_ids():
        assert f'<a href="/tools/{tool_id}">' in page
    assert "Search results" not in page


@pytest.mark.parametrize("query", ["chrF", "corpus bleu", "brevity", "tokens"])
def test_a_search_lists_what_the_mcp_search_finds_in_its_order_each_linking_its_page(
    client: httpx.Client, query: str
) -> None:
    page = _html(client, f"/tools?q={query}")
    matches = search(query)
    assert matches
    positions = [page.index(f'<li><a href="/tools/{m.id}">{escape(m.title)}</a>') for m in matches]
    assert positions == sorted(positions)
    assert "All tools" not in page


def test_an_unmatched_search_says_so_and_lists_every_tool(client: httpx.Client) -> None:
    page = _html(client, "/tools?q=zebra")
    assert "No tool matches “zebra”." in page
    assert all(f'<a href="/tools/{tool_id}">' in page for tool_id in tool_ids())


def test_an_empty_search_says_so(client: httpx.Client) -> None:
    assert "The search was empty" in _html(client, "/tools?q=+")


def test_the_query_is_shown_escaped(client: httpx.Client) -> None:
    page = _html(client, "/tools?q=<script>x</script>")
    assert "<script>x" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


@pytest.mark.parametrize("path", PAGES)
def test_every_link_script_and_stylesheet_on_a_page_resolves_on_this_server(
    client: httpx.Client, path: str
) -> None:
    links = PageLinks(_html(client, path))
    assert "/static/style.css" in links.targets
    for target in set(links.targets):
        assert target.startswith(("/", "#")), f"{path} links outside the server: {target}"
        if target.startswith("#"):
            assert target[1:] in links.ids, f"{path} has no id {target}"
        elif (target.startswith("/v1/") and target.endswith("/execute")) or target == "/v1/batch":
            assert client.options(target).status_code == 405  # POST only: it is routed
        else:
            assert client.get(target).status_code == 200, f"{path} links {target}"


def test_the_docs_cover_mcp_clients_the_api_and_its_errors_the_cli_and_python(
    client: httpx.Client,
) -> None:
    page = _html(client, "/docs")
    for heading in ("Connect an MCP client", "The HTTP API", "Errors", "The CLI", "The Python API"):
        assert heading in page
    assert "&#34;mcpServers&#34;" in page
    assert f"claude mcp add --transport http mtcompute {client.base_url}/mcp" in page
    assert "application/problem+json" in page
    for tool in catalog():
        assert f'<a href="/tools/{tool["id"]}">' in page


def test_the_stylesheet_and_the_script_are_served_from_the_package(client: httpx.Client) -> None:
    css = client.get("/static/style.css")
    script = client.get("/static/site.js")
    assert css.headers["content-type"].startswith("text/css")
    assert "prefers-color-scheme: dark" in css.text
    assert "fetch(" in script.text
    for text in (css.text, script.text):
        assert "http://" not in text
        assert "https://" not in text


def test_home_names_every_metric_family_and_the_significance_tests(client: httpx.Client) -> None:
    lead = _html(client, "/").split('<p class="lead">', 1)[1].split("</p>", 1)[0]
    words = " ".join(lead.split())
    for family in ("BLEU", "chrF", "chrF++", "TER", "WER", "CER", "ROUGE", "MBR"):
        assert family in words, family
    assert "paired significance tests (bootstrap and approximate randomization)" in words


def test_the_favicon_is_an_icon_where_browsers_look_for_it_and_every_page_links_it(
    client: httpx.Client,
) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200
    assert icon.headers["content-type"] == "image/x-icon"
    assert icon.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's header: reserved, type 1
    assert '<link rel="icon" href="/favicon.ico"' in _html(client, "/")


def test_a_browser_asking_for_a_missing_page_gets_an_html_404(client: httpx.Client) -> None:
    response = client.get("/nowhere", headers=BROWSER)
    assert response.status_code == 404
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert "There is no page at /nowhere." in response.text


def test_a_browser_asking_for_an_unknown_tool_gets_an_html_404_naming_the_tools(
    client: httpx.Client,
) -> None:
    response = client.get("/tools/bleu", headers=BROWSER)
    assert response.status_code == 404
    assert "no tool named &#39;bleu&#39;" in response.text
    assert latest(tool_ids()[0]).contract.id in response.text
    assert '<a href="/tools?q=bleu">' in response.text


@pytest.mark.parametrize("path", ["/nowhere", "/tools/bleu", "/static/missing.css"])
@pytest.mark.parametrize("accept", [None, "*/*", "application/json"])
def test_any_other_client_gets_problem_json_for_a_missing_page(
    client: httpx.Client, path: str, accept: str | None
) -> None:
    response = client.get(path, headers={"accept": accept} if accept else {})
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"][0]["code"] in ("not_found", "unknown_tool")


def test_a_page_posted_to_is_still_a_405_problem(client: httpx.Client) -> None:
    response = client.post("/docs", headers=BROWSER)
    assert response.status_code == 405
    assert response.headers["content-type"] == "application/problem+json"


def test_a_search_over_the_query_cap_is_refused_with_the_reason_and_every_tool(
    client: httpx.Client,
) -> None:
    query = "b" * (MAX_QUERY_CHARACTERS + 1)
    response = client.get("/tools", params={"q": query}, headers=BROWSER)
    assert response.status_code == 422
    assert (
        f"The search was refused: expected a query of at most {MAX_QUERY_CHARACTERS} characters"
        in response.text
    )
    assert query not in response.text
    assert all(f'href="/tools/{tool_id}"' in response.text for tool_id in tool_ids())


def test_a_search_runs_off_the_event_loop(
    client: httpx.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[str] = []

    def recording(query: str) -> list[Match]:
        threads.append(threading.current_thread().name)
        return search(query)

    monkeypatch.setattr(site, "search", recording)
    assert "score 1" in _html(client, "/tools?q=bleu")
    (thread,) = threads
    assert thread != threading.main_thread().name
    assert "AnyIO worker thread" in thread
