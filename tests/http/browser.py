"""Debian's Chromium, headless, driven by Playwright: the real browser of the page tests.

No browser is downloaded: Playwright is given the system executable. Without it the tests
fail saying how to install it; they never skip.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking switches Chromium's own connections (updates, sync,
# field trials) stall on a closed network and slow every page.
_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium for the duration of the block."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"the browser tests need Debian's chromium package at {CHROMIUM}: "
            "run `apt-get install -y chromium`"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(_ARGS))
        try:
            yield browser
        finally:
            browser.close()
