"""bench.significance_peers keeps working: one tiny run of its resampling race (no CLI)."""

import pytest

from bench import significance_peers

pytestmark = pytest.mark.slow


def test_the_resampling_race_runs_on_a_tiny_test_set(capsys: pytest.CaptureFixture[str]) -> None:
    significance_peers.main(["--segments", "30", "--systems", "2", "--skip-cli"])
    out = capsys.readouterr().out
    assert "resampling phase --paired-bs" in out
    assert "resampling phase --paired-ar" in out
