"""The browser helper fails, never skips, when Debian's Chromium is missing."""

from pathlib import Path

import pytest

from tests.http import browser

pytestmark = pytest.mark.browser


def test_a_missing_chromium_fails_the_test_saying_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install -y chromium"):  # noqa: SIM117
        with browser.chromium():
            pass
