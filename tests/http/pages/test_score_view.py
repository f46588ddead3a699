"""GET /score: the page that scores text files through score-texts, its metrics, options and
bounds read from the tool's contract."""

import re

import httpx
import pytest

from mtcompute.contracts.registry import latest
from mtcompute.http.pages.score_view import PRESELECTED, TOOL_ID, control, score_page

CONTRACT = latest(TOOL_ID).contract
PROPERTIES = CONTRACT.input_schema["properties"]


def _page(client: httpx.Client) -> str:
    response = client.get("/score")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


def test_the_page_offers_every_metric_the_tool_takes_with_sacrebleus_defaults_checked() -> None:
    page = score_page()
    assert [m.name for m in page.metrics] == PROPERTIES["metrics"]["items"]["enum"]
    assert [m.name for m in page.metrics if m.checked] == list(PRESELECTED)
    assert PRESELECTED == ("bleu", "chrf", "ter")


def test_each_metrics_options_are_the_tools_option_object_in_its_order() -> None:
    for metric in score_page().metrics:
        options = PROPERTIES.get(metric.name, {}).get("properties", {})
        assert [c.name for c in metric.controls] == list(options)
        assert all(c.metric == metric.name for c in metric.controls)


def test_the_page_sends_to_the_tools_execute_endpoint_and_checks_its_limits_first() -> None:
    page = score_page()
    assert page.execute_url == f"/v1/tools/{TOOL_ID}/versions/{CONTRACT.version}/execute"
    assert page.max_segments == CONTRACT.limits["max_segments"]
    assert page.max_references == CONTRACT.limits["max_references_per_segment"]
    assert page.max_line_bytes == CONTRACT.limits["max_string_bytes"]
    assert page.max_total_bytes == CONTRACT.limits["max_total_string_bytes"]
    assert dict(page.limits)["max segments"] == f"{CONTRACT.limits['max_segments']:,}"


@pytest.mark.parametrize(
    ("schema", "kind", "default"),
    [
        ({"type": "string", "enum": ["13a", "intl"], "default": "13a"}, "select", "13a"),
        ({"type": "boolean", "default": False}, "checkbox", ""),
        ({"type": "boolean", "default": True}, "checkbox", "true"),
        ({"type": "integer", "minimum": 0, "maximum": 20, "default": 1}, "number", "1"),
        ({"type": "number", "minimum": 0}, "number", ""),
        ({"type": "string", "maxLength": 16}, "text", ""),
    ],
)
def test_an_option_becomes_the_control_its_schema_calls_for(
    schema: dict[str, object], kind: str, default: str
) -> None:
    made = control("bleu", "x", schema)
    assert (made.kind, made.default) == (kind, default)


def test_a_list_of_choices_becomes_a_checkbox_per_choice_with_the_default_chosen() -> None:
    schema = {"type": "array", "items": {"enum": ["a", "b", "c"]}, "default": ["a", "c"]}
    made = control("rouge", "types", schema)
    assert (made.kind, made.choices, made.chosen) == ("choices", ("a", "b", "c"), ("a", "c"))


def test_the_paired_tests_and_intervals_are_the_tools_top_level_fields_in_its_order() -> None:
    page = score_page()
    expected = "confidence confidence_n paired_bs paired_bs_n paired_ar paired_ar_n seed resampling"
    assert [c.name for c in page.resampling] == expected.split()
    assert all(c.metric == "" for c in page.resampling)
    assert [c.default for c in page.resampling if c.name.endswith("_n")] == [
        "1000",
        "1000",
        "10000",
    ]


def test_control_ids_are_unique_and_valid_for_every_option() -> None:
    page = score_page()
    ids = [page.width.id] + [c.id for m in page.metrics for c in m.controls]
    ids += [c.id for c in page.resampling]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z][a-z0-9_-]*", i) for i in ids)


def test_the_page_renders_the_form_its_bounds_and_its_script(client: httpx.Client) -> None:
    page = _page(client)
    assert "<h1>Score text files</h1>" in page
    assert f'data-execute="/v1/tools/{TOOL_ID}/versions/{CONTRACT.version}/execute"' in page
    assert f'data-max-segments="{CONTRACT.limits["max_segments"]}"' in page
    assert '<script src="/static/score.js" defer></script>' in page
    for name in PRESELECTED:
        assert f'value="{name}" checked>' in page
    assert '<select id="opt-bleu-tokenize"' in page
    assert client.get("/static/score.js").status_code == 200


@pytest.mark.parametrize("path", ["/", "/tools", "/docs"])
def test_every_page_links_the_score_page_in_its_navigation(client: httpx.Client, path: str) -> None:
    nav = client.get(path).text.split('<nav aria-label="Site">', 1)[1].split("</nav>", 1)[0]
    assert '<a href="/score">Score files</a>' in nav


def test_home_offers_the_page_beside_the_mtcompute_score_command(client: httpx.Client) -> None:
    section = client.get("/").text.split('<section id="score"', 1)[1].split("</section>", 1)[0]
    assert '<a href="/score">' in section
