"""``python -m bench.wer_peers`` runs end to end on a few pairs, every peer checked first."""

import contextlib
import io

import pytest

from bench import wer_peers


@pytest.mark.slow
def test_the_wer_race_checks_and_times_every_peer() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        wer_peers.main(["--pairs", "300", "--rounds", "1"])
    report = printed.getvalue()
    assert "300 pairs" in report
    assert "| jiwer 4.0 wer |" in report
    assert "| jiwer 4.0 cer |" in report
    assert "rapidfuzz opcodes" in report
    assert "sentence-level WER" in report
