"""The pages in a real browser: a person finds a tool, runs its example, sees an error with its
pointer, on a desktop and on a phone-width screen, in light and dark."""

import re
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from typing import Literal, NamedTuple

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from playwright.sync_api import Error as PlaywrightError

from mtcompute import api, jsonio
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.errors import InputError
from mtcompute.http.pages.snippets import pretty
from mtcompute.meta.batch import doc as batch_doc
from tests.hint_cases import HintCase, carrying, every_hint
from tests.http.browser import chromium

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 375, "height": 812}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
# The phone of the first-screen tests: 390 px wide, as a current phone's screen is.
PHONE_390: ViewportSize = {"width": 390, "height": 844}
FIRST_SCREENS = {"desktop 1280 px": DESKTOP, "phone 390 px": PHONE_390}
PAGES = ["/", "/tools", "/tools?q=chrF", "/tools?q=zzz", "/docs", "/score", "/nowhere"] + [
    f"/tools/{tool_id}" for tool_id in [*tool_ids(), "execute-batch"]
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    opened = browser.new_page(viewport=DESKTOP)
    yield opened
    opened.close()


def test_a_person_searches_chrf_from_home_follows_the_result_and_runs_the_example(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + "/")
    page.get_by_label("Search the tools").fill("chrF")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/tools?q=chrF")
    first = page.locator("ol.tools a").first
    title = first.inner_text()
    first.click()
    assert page.locator("h1").inner_text() == title
    tool_id = page.url.rsplit("/", 1)[1]
    assert "chrf" in tool_id
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.ok pre").wait_for()
    example = latest(tool_id).contract.examples[0]
    # The same JSON, laid out as the page lays out its example.
    assert page.locator(".try-output pre").inner_text() == pretty({"result": example.result})


def test_the_batch_page_runs_its_example_batch(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tools/execute-batch")
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.ok pre").wait_for()
    assert page.locator(".try-output pre").inner_text() == pretty(batch_doc.RESEARCH_RESPONSE)


@every_hint
def test_the_form_shows_the_fix_of_a_common_mistake_beside_its_error(
    page: Page, base_url: str, case: HintCase
) -> None:
    page.goto(base_url + f"/tools/{case.tool_id}")
    page.get_by_label("Input (JSON)").fill(jsonio.dumps(case.input).decode())
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.error table").wait_for()
    rows = page.locator(".try-output tbody tr")
    shown = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    carrying([{"code": c, "pointer": p, "message": m} for c, p, m in shown], case)


def test_an_invalid_input_shows_every_error_with_its_pointer(page: Page, base_url: str) -> None:
    bad = {"hypotheses": [["a"]], "references": [[["a"]]], "max_order": 0, "max_orders": 4}
    with pytest.raises(InputError) as raised:
        api.execute("bleu-corpus-compute", "1.0.0", bad)
    page.goto(base_url + "/tools/bleu-corpus-compute")
    page.get_by_label("Input (JSON)").fill(jsonio.dumps(bad).decode())
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.error table").wait_for()
    assert page.locator(".try-output h3").inner_text() == f"422 {HTTPStatus(422).phrase}"
    rows = page.locator(".try-output tbody tr")
    shown = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
    assert shown == [[e["code"], e["pointer"], e["message"]] for e in raised.value.errors]


def test_text_that_is_not_json_is_answered_with_the_servers_400(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tools/chrf-compute")
    page.get_by_label("Input (JSON)").fill('{"hypotheses": [')
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.error").wait_for()
    assert page.locator(".try-output h3").inner_text() == "400 Bad Request"
    assert page.locator(".try-output td code.pointer").count() == 1


def test_reset_puts_the_example_back(page: Page, base_url: str) -> None:
    page.goto(base_url + "/tools/bleu-brevity-penalty")
    area = page.get_by_label("Input (JSON)")
    example = area.input_value()
    area.fill("{}")
    page.get_by_role("button", name="Reset to the example").click()
    assert area.input_value() == example


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_on_a_375_px_screen(
    browser: Browser, base_url: str, path: str
) -> None:
    phone = browser.new_page(viewport=PHONE)
    try:
        phone.goto(base_url + path)
        if phone.locator("form.try").count():
            phone.get_by_label("Input (JSON)").fill('{"x": 1}')  # a wide error table
            phone.get_by_role("button", name="Run").click()
            phone.locator(".try-output.error table").wait_for()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= phone.evaluate("window.innerWidth"), f"{path} is {width} px wide"
    finally:
        phone.close()


@pytest.mark.parametrize("path", ["/", "/tools?q=bleu", "/tools/chrf-compute", "/docs", "/score"])
def test_every_form_control_has_a_label_and_the_keyboard_reaches_the_content(
    page: Page, base_url: str, path: str
) -> None:
    page.goto(base_url + path)
    unlabelled = page.evaluate(
        "[...document.querySelectorAll('input, textarea')]"
        ".filter(e => e.labels.length === 0).map(e => e.outerHTML)"
    )
    assert unlabelled == []
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the content"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#main$"))  # the skip link was followed


@pytest.mark.parametrize("screen", FIRST_SCREENS.values(), ids=list(FIRST_SCREENS))
@pytest.mark.parametrize("tool_id", [*tool_ids(), batch_doc.ID])
def test_the_try_it_form_and_its_run_button_are_on_the_first_screen(
    browser: Browser, base_url: str, tool_id: str, screen: ViewportSize
) -> None:
    opened = browser.new_page(viewport=screen)
    try:
        opened.goto(base_url + f"/tools/{tool_id}")
        for control in (
            opened.get_by_label("Input (JSON)"),
            opened.get_by_role("button", name="Run"),
        ):
            box = control.bounding_box()
            assert box is not None
            assert box["y"] + box["height"] <= screen["height"], f"{tool_id}: {box}"
        # The rules come after the form, behind a disclosure.
        form = opened.locator("form.try").bounding_box()
        rules = opened.locator("#how").bounding_box()
        assert form is not None
        assert rules is not None
        assert rules["y"] > form["y"]
        assert not opened.locator("#how ol.behavior").is_visible()
        opened.locator("#how summary").click()
        assert opened.locator("#how ol.behavior").is_visible()
    finally:
        opened.close()


@pytest.mark.parametrize("screen", FIRST_SCREENS.values(), ids=list(FIRST_SCREENS))
@pytest.mark.parametrize("path", ["/", "/docs"])
def test_home_and_docs_show_researchers_mtcompute_score_beside_sacrebleu(
    browser: Browser, base_url: str, path: str, screen: ViewportSize
) -> None:
    opened = browser.new_page(viewport=screen)
    try:
        opened.goto(base_url + path)
        command = opened.get_by_label("mtcompute score command", exact=True)
        assert command.is_visible()
        assert command.inner_text().startswith("mtcompute score ref1.txt ref2.txt -i hyp.txt")
        assert "sacrebleu ref1.txt ref2.txt -i hyp.txt" in command.inner_text()
        output = opened.get_by_label("mtcompute score output", exact=True).inner_text()
        assert output.startswith("BLEU|nrefs:2|")
        assert "chrF2|nrefs:2|" in output
        width = opened.evaluate("document.documentElement.scrollWidth")
        assert width <= screen["width"]
    finally:
        opened.close()


@pytest.fixture(scope="module")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


class Shot(NamedTuple):
    name: str
    path: str
    size: str
    scheme: Literal["light", "dark"]

    @property
    def viewport(self) -> ViewportSize:
        return DESKTOP if self.size == "desktop" else PHONE


SHOTS = [
    Shot(name, path, size, scheme)
    for name, path in (
        ("home", "/"),
        ("chrf", "/tools/chrf-compute"),
        ("batch", "/tools/execute-batch"),
        ("docs", "/docs"),
    )
    for size in ("desktop", "phone")
    for scheme in ("light", "dark")
]


@pytest.mark.parametrize("shot", SHOTS, ids=lambda s: f"{s.name}-{s.size}-{s.scheme}")
def test_screenshots_of_home_and_a_tool_page_are_saved_at_desktop_and_phone_widths(
    browser: Browser, base_url: str, screenshots: Path, shot: Shot
) -> None:
    page = browser.new_page(viewport=shot.viewport, color_scheme=shot.scheme)
    target = screenshots / f"{shot.name}-{shot.size}-{shot.scheme}.png"
    try:
        page.goto(base_url + shot.path)
        _screenshot(page, target)
    finally:
        page.close()
    assert target.read_bytes().startswith(b"\x89PNG")


def _screenshot(page: Page, target: Path) -> None:
    """The whole page as a PNG. Chromium now and then answers a capture with "Unable to capture
    screenshot" on a loaded machine (no frame ready yet): the next frame is."""
    try:
        page.screenshot(path=str(target), full_page=True)
    except PlaywrightError as error:
        if "Unable to capture screenshot" not in str(error):
            raise
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => done(null)))")
        page.screenshot(path=str(target), full_page=True)


# Each text and the background it is drawn on, walking up to the first opaque ancestor; the
# contrast ratio of WCAG 2 from the computed colours.
_CONTRAST = """
(selector) => {
  const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (e) => {
    for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll(selector)].map((e) => {
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(background(e))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}
"""
TEXTS = ["main p", "main a", ".badge", ".need", "button", "pre code", "th", ".try-output h3"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_text_contrasts_with_its_background_by_at_least_4_5_to_1(
    browser: Browser, base_url: str, scheme: Literal["light", "dark"]
) -> None:
    page = browser.new_page(viewport=DESKTOP, color_scheme=scheme)
    try:
        page.goto(base_url + "/tools/bleu-corpus-compute")
        page.get_by_label("Input (JSON)").fill("{}")
        page.get_by_role("button", name="Run").click()
        page.locator(".try-output.error table").wait_for()
        for selector in TEXTS:
            ratios = page.evaluate(_CONTRAST, selector)
            assert ratios
            assert min(ratios) >= 4.5, f"{selector} in {scheme}: {min(ratios):.2f}"
    finally:
        page.close()


def test_the_pages_break_no_rule_of_their_content_security_policy(
    page: Page, base_url: str
) -> None:
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security" in message.text else None
        ),
    )
    for path in PAGES:
        page.goto(base_url + path)
    page.goto(base_url + "/tools/chrf-compute")
    page.get_by_role("button", name="Run").click()
    page.locator(".try-output.ok pre").wait_for()
    assert refused == []


def test_another_origin_cannot_frame_the_try_it_form(page: Page, base_url: str) -> None:
    page.set_content(f'<iframe src="{base_url}/tools/bleu-corpus-compute"></iframe>')
    frame = page.frames[1]
    frame.wait_for_load_state()
    assert frame.locator("form").count() == 0
