import io
import sys

import pytest

from mtcompute.cli.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_segments_done_of_the_total(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with progress(10, quiet=False) as advance:
        advance(4)
        advance(6)
    assert "10/10" in terminal.getvalue()


def test_quiet_or_no_terminal_shows_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    for stream, quiet in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with progress(10, quiet=quiet) as advance:
            advance(10)
        assert stream.getvalue() == ""
