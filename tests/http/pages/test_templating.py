"""Templates render with escaping on; contract text shows its inline marks and nothing else."""

import fnmatch
import tomllib
from pathlib import Path

import pytest
from jinja2 import UndefinedError
from markupsafe import Markup

from mtcompute.http.pages.templating import inline, render


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("plain <b>", "plain &lt;b&gt;"),
        ("the `max_order` key", "the <code>max_order</code> key"),
        ("**or 0** here", "<strong>or 0</strong> here"),
        ("`` a`b `` too", "<code>a`b</code> too"),
        ("`<script>`", "<code>&lt;script&gt;</code>"),
        ("**<i>x</i>**", "<strong>&lt;i&gt;x&lt;/i&gt;</strong>"),
        ("a lone ` stays", "a lone ` stays"),
    ],
)
def test_inline_marks_become_tags_and_everything_else_is_escaped(text: str, html: str) -> None:
    assert inline(text) == Markup(html)


def test_a_value_in_a_template_is_escaped() -> None:
    page = render("not_found.html", message="<script>alert(1)</script>", query="")
    assert "<script>alert" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_missing_value_is_an_error_not_an_empty_string() -> None:
    with pytest.raises(UndefinedError):
        render("not_found.html")


def test_every_page_declares_a_viewport_language_one_local_stylesheet_and_the_icon() -> None:
    page = render("not_found.html", message="x", query="")
    assert page.startswith("<!doctype html>")
    assert '<html lang="en">' in page
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert page.count("<link ") == 2
    assert '<link rel="stylesheet" href="/static/style.css">' in page
    assert '<link rel="icon" href="/favicon.ico" sizes="32x32">' in page


def test_every_template_and_static_file_is_declared_package_data() -> None:
    """A non-editable install has only what pyproject declares; every page file must be in."""
    root = Path(__file__).parents[3]
    declared = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = declared["tool"]["setuptools"]["package-data"]["mtcompute"]
    package = root / "src" / "mtcompute"
    pages = package / "http" / "pages"
    files = [*(pages / "templates").iterdir(), *(pages / "static").iterdir()]
    assert files
    for path in files:
        relative = path.relative_to(package).as_posix()
        assert any(fnmatch.fnmatch(relative, p) for p in patterns), relative
