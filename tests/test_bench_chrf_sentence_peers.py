"""``python -m bench.chrf_sentence_peers`` runs end to end on a few pairs."""

import contextlib
import io

import pytest

from bench import chrf_sentence_peers


@pytest.mark.slow
def test_the_sentence_chrf_race_checks_and_times_every_peer() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        chrf_sentence_peers.main(["--pairs", "300"])
    report = printed.getvalue()
    assert "300 pairs" in report
    assert "sacreBLEU" in report
