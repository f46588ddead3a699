"""The /score page in a real browser: a person uploads text files, gets the lines
``mtcompute score`` prints for them, a table and the JSON; a bad file is refused before it is
sent, with the file and the line named; at 1280 and 390 px wide."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, Page, ViewportSize

from mtcompute import api
from mtcompute.cli.group import cli
from tests.http.browser import chromium
from tests.http.pages.test_pages_in_browser import _CONTRAST as CONTRAST

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).parents[3] / "examples" / "score"
HYP, HYP2 = EXAMPLES / "hyp.txt", EXAMPLES / "hyp2.txt"
REFS = [EXAMPLES / "ref1.txt", EXAMPLES / "ref2.txt"]
SCREENS: dict[str, ViewportSize] = {
    "desktop 1280 px": {"width": 1280, "height": 900},
    "phone 390 px": {"width": 390, "height": 844},
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.fixture(params=list(SCREENS.values()), ids=list(SCREENS))
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    opened = browser.new_page(viewport=request.param, accept_downloads=True)
    yield opened
    opened.close()


def score_prints(*args: str) -> str:
    """What ``mtcompute score ARGS`` prints, without its final newline."""
    result = CliRunner().invoke(cli, ["score", *args])
    assert result.exit_code == 0, result.output
    return result.output.rstrip("\n")


def upload(page: Page, base_url: str, hypotheses: list[Path], references: list[Path]) -> None:
    page.goto(base_url + "/score")
    page.get_by_label("Hypothesis files (one per system)").set_input_files(hypotheses)
    page.get_by_label("Reference files (1 to 8)").set_input_files(references)


def score(page: Page) -> None:
    page.get_by_role("button", name="Score", exact=True).click()
    page.locator(".score-output.ok, .score-output.error").wait_for()


def refusal(page: Page) -> list[str]:
    assert page.locator(".score-output.error").count() == 1, page.locator(
        ".score-output"
    ).inner_text()
    return page.locator(".score-output li").all_inner_texts()


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), f"the page is {width} px wide"


def test_uploaded_files_get_the_lines_mtcompute_score_prints_for_them(
    page: Page, base_url: str
) -> None:
    upload(page, base_url, [HYP], REFS)
    score(page)
    shown = page.locator(".score-output pre.lines").inner_text()
    assert shown == score_prints(
        *map(str, REFS), "-i", str(HYP), "-m", "bleu", "chrf", "ter", "-f", "text"
    )
    cells = page.locator(".score-output tbody td").all_inner_texts()
    assert cells[0] == "hyp.txt"
    assert page.locator(".score-output thead th").all_inner_texts() == [
        "System",
        "BLEU",
        "chrF2",
        "TER",
    ]
    no_sideways_scroll(page)


def test_the_downloaded_json_holds_the_tools_scores(page: Page, base_url: str) -> None:
    upload(page, base_url, [HYP], REFS)
    score(page)
    with page.expect_download() as download:
        page.get_by_text("Download the JSON").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    lines = [p.read_text(encoding="utf-8").splitlines() for p in (HYP, *REFS)]
    expected = api.execute(
        "score-texts",
        "1.0.0",
        {
            "hypotheses": lines[0],
            "references": [list(refs) for refs in zip(*lines[1:], strict=True)],
            "metrics": ["bleu", "chrf", "ter"],
        },
    )
    assert saved == {
        "references": ["ref1.txt", "ref2.txt"],
        "systems": [{"hypotheses": "hyp.txt", **expected}],
    }


def test_several_systems_get_each_their_lines_and_a_row_of_the_table(
    page: Page, base_url: str
) -> None:
    upload(page, base_url, [HYP, HYP2], REFS)
    score(page)
    blocks = page.locator(".score-output pre.lines").all_inner_texts()
    refs = list(map(str, REFS))
    assert blocks == [
        score_prints(*refs, "-i", str(system), "-m", "bleu", "chrf", "ter", "-f", "text")
        for system in (HYP, HYP2)
    ]
    rows = page.locator(".score-output tbody tr")
    assert [rows.nth(i).locator("td").first.inner_text() for i in range(2)] == [
        "hyp.txt",
        "hyp2.txt",
    ]
    no_sideways_scroll(page)


def test_options_are_sent_as_score_takes_them(page: Page, base_url: str) -> None:
    upload(page, base_url, [HYP], REFS)
    page.locator("input[name=metric][value=chrf]").uncheck()
    page.locator("input[name=metric][value=ter]").uncheck()
    page.locator("input[name=metric][value='chrf++']").check()
    page.get_by_label("width: Decimals of each score").fill("3")
    page.locator("summary", has_text="BLEU options").click()
    page.locator("#opt-bleu-tokenize").select_option("intl")
    page.locator("#opt-bleu-lowercase").check()
    score(page)
    expected = score_prints(
        *map(str, REFS),
        "-i",
        str(HYP),
        "-m",
        "bleu",
        "chrf++",
        "-w",
        "3",
        "-tok",
        "intl",
        "-lc",
        "-f",
        "text",
    )
    assert page.locator(".score-output pre.lines").inner_text() == expected


def test_pasted_lines_are_scored_as_the_same_files_are(page: Page, base_url: str) -> None:
    page.goto(base_url + "/score")
    page.get_by_label("or paste one system's lines").fill(HYP.read_text(encoding="utf-8"))
    page.get_by_label("or paste one reference's lines").fill(REFS[0].read_text(encoding="utf-8"))
    score(page)
    expected = score_prints(str(REFS[0]), "-i", str(HYP), "-m", "bleu", "chrf", "ter", "-f", "text")
    assert page.locator(".score-output pre.lines").inner_text() == expected


def test_a_reference_of_another_line_count_is_refused_naming_both_files_and_counts(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    short = tmp_path / "short.txt"
    short.write_text("one line\nanother\n", encoding="utf-8")
    sent: list[str] = []
    page.on(
        "request", lambda request: sent.append(request.url) if request.method == "POST" else None
    )
    upload(page, base_url, [HYP], [REFS[0], short])
    score(page)
    assert refusal(page) == [
        "short.txt has 2 lines but hyp.txt has 4: expected one reference line for each "
        "hypothesis line"
    ]
    assert sent == []  # refused in the browser, before sending
    no_sideways_scroll(page)


def test_a_file_that_is_not_utf8_is_refused_naming_the_file_and_the_line(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("ok\nstill ok\ncaf\u00e9\nend\n".encode("latin-1"))
    upload(page, base_url, [bad], REFS)
    score(page)
    assert refusal(page) == ["latin1.txt: line 3 is not UTF-8; expected UTF-8 text"]


def test_a_line_over_the_tools_limit_is_refused_with_its_number(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    long = tmp_path / "long.txt"
    long.write_text("a\n" + "x" * 5000 + "\nb\nc\n", encoding="utf-8")
    upload(page, base_url, [HYP], [long])
    score(page)
    assert refusal(page) == [
        "long.txt: line 2 is 5,000 bytes; the tool takes at most 4,096 bytes a line"
    ]


def test_a_file_over_the_tools_limit_is_refused_before_it_is_read(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"word " * (11 * 2**20 // 5))
    upload(page, base_url, [big], REFS)
    score(page)
    (message,) = refusal(page)
    assert message.startswith("big.txt is 11,534,335 bytes; the tool takes at most 10,485,760")
    assert message.endswith("score it with mtcompute score at a shell, which has no limit")


def test_a_refusal_of_the_tool_is_shown_at_the_file_and_line_it_points_to(
    page: Page, base_url: str
) -> None:
    upload(page, base_url, [HYP], REFS)
    page.locator("input[name=metric][value=wer]").check()
    score(page)
    shown = refusal(page)
    assert shown[0].startswith("The tool refused hyp.txt (422 ")
    assert "expected one reference a segment for wer" in shown[1]


def test_files_over_the_tools_text_limit_together_are_refused_naming_the_system(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    lines = ("y" * 599 + "\n") * 10_000  # 5,990,000 bytes of text in each file
    hypotheses, reference = tmp_path / "system.txt", tmp_path / "reference.txt"
    hypotheses.write_text(lines, encoding="utf-8")
    reference.write_text(lines, encoding="utf-8")
    upload(page, base_url, [hypotheses], [reference])
    score(page)
    assert refusal(page) == [
        "system.txt and the references are 11,980,000 bytes; the tool takes at most "
        "10,485,760 bytes of text in all: score it with mtcompute score at a shell, which has "
        "no limit"
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_scores_and_a_refusal_contrast_with_their_background_by_4_5_to_1(
    browser: Browser, base_url: str, scheme: Literal["light", "dark"], tmp_path: Path
) -> None:
    opened = browser.new_page(viewport=SCREENS["desktop 1280 px"], color_scheme=scheme)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\n")
    try:
        for hypotheses in (HYP, bad):
            upload(opened, base_url, [hypotheses], REFS)
            score(opened)
            for selector in ("main p", "label", "summary", ".score-output *"):
                ratios = opened.evaluate(CONTRAST, selector)
                assert ratios
                assert min(ratios) >= 4.5, f"{selector} in {scheme}: {min(ratios):.2f}"
    finally:
        opened.close()


def test_wer_cer_and_rouge_at_width_0_get_the_lines_score_prints(page: Page, base_url: str) -> None:
    upload(page, base_url, [HYP], REFS[:1])
    for name in ("bleu", "chrf", "ter"):
        page.locator(f"input[name=metric][value={name}]").uncheck()
    for name in ("wer", "cer", "rouge"):
        page.locator(f"input[name=metric][value={name}]").check()
    page.get_by_label("width: Decimals of each score").fill("0")
    score(page)
    expected = score_prints(
        str(REFS[0]), "-i", str(HYP), "-m", "wer", "cer", "rouge", "-w", "0", "-f", "text"
    )
    assert page.locator(".score-output pre.lines").inner_text() == expected
    no_sideways_scroll(page)


def test_pasted_text_with_a_lone_surrogate_is_refused_at_its_line(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + "/score")
    # Text a browser can hold but that is not Unicode: never sent as U+FFFD.
    page.locator("#hyp-text").evaluate("(area) => { area.value = 'a\\n\\ud800 b\\nc'; }")
    page.get_by_label("or paste one reference's lines").fill("a\nb\nc")
    score(page)
    assert refusal(page) == [
        "pasted hypotheses: line 2 is not Unicode text (a lone surrogate); expected text"
    ]


def grid_cells(text: str) -> list[list[str]]:
    """The rows of the first table ``score -f text`` prints (sacreBLEU's ``fancy_grid``), each
    cell's lines joined by newlines."""
    rows: list[list[str]] = []
    current: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith("│"):
            current.append([cell.strip() for cell in line.strip("│").split("│")])
        elif current:
            rows.append(
                [
                    "\n".join(part for part in column if part)
                    for column in zip(*current, strict=True)
                ]
            )
            current = []
            if line.startswith("╘"):
                break
    return rows


def open_resampling(page: Page) -> None:
    page.locator("summary", has_text="Paired tests and confidence intervals").click()


def test_several_systems_with_a_paired_bootstrap_get_the_table_score_prints(
    page: Page, base_url: str
) -> None:
    upload(page, base_url, [HYP, HYP2], REFS)
    open_resampling(page)
    page.locator("#opt-paired_bs").check()
    page.locator("#opt-paired_bs_n").fill("200")
    score(page)
    printed = score_prints(
        *map(str, REFS),
        "-i",
        str(HYP),
        str(HYP2),
        "-m",
        "bleu",
        "chrf",
        "ter",
        "-f",
        "text",
        "--paired-bs",
        "-pbsn",
        "200",
    )
    # score names the files as given: here by their paths, on the page by their names.
    header, *rows = grid_cells(printed.replace(f"{EXAMPLES}/", ""))
    assert page.locator(".score-output thead th").all_inner_texts() == header
    shown = page.locator(".score-output tbody tr")
    assert [shown.nth(i).locator("td").all_inner_texts() for i in range(2)] == rows
    assert page.locator(".score-output p").inner_text() == (
        "Paired bootstrap resampling test with 200 resampling trials, each system against "
        "the first."
    )
    no_sideways_scroll(page)


def test_one_system_with_confidence_gets_the_lines_score_prints(page: Page, base_url: str) -> None:
    upload(page, base_url, [HYP], REFS)
    open_resampling(page)
    page.locator("#opt-confidence").check()
    page.locator("#opt-confidence_n").fill("100")
    page.locator("#opt-resampling").select_option("portable")
    score(page)
    expected = score_prints(
        *map(str, REFS),
        "-i",
        str(HYP),
        "-m",
        "bleu",
        "chrf",
        "ter",
        "-f",
        "text",
        "--confidence",
        "-cin",
        "100",
        "--resampling",
        "portable",
    )
    assert page.locator(".score-output pre.lines").inner_text() == expected


def test_a_paired_test_of_one_system_is_refused_by_the_tool_saying_what_it_needs(
    page: Page, base_url: str
) -> None:
    upload(page, base_url, [HYP], REFS)
    open_resampling(page)
    page.locator("#opt-paired_ar").check()
    score(page)
    shown = refusal(page)
    assert shown[0].startswith("The tool refused hyp.txt (422 ")
    assert "expected systems (2 or more, the first the baseline) for a paired test" in shown[1]
