"""``python -m bench.rouge_peers`` runs end to end on a few pairs."""

import contextlib
import io

import pytest

from bench import rouge_peers


@pytest.mark.slow
def test_the_rouge_race_checks_and_times_every_peer() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        rouge_peers.main(["--pairs", "200", "--rounds", "1"])
    report = printed.getvalue()
    assert report.startswith("200 pairs, all four types, one thread")
    for peer in rouge_peers.PEERS:
        assert peer.name in report
