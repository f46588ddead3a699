"""The timing protocol: check, warm up, then timed rounds with every peer interleaved.

Each run gets fresh string objects (its input is rebuilt from the corpus JSON outside the timer),
and each round runs the peers in a rotated order so that none always follows the same neighbour.
A figure is reported with its ratio to sacreBLEU in the same round: the machine is shared, and
ratios hold where absolute times drift.
"""

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench import procfs
from bench.peers import OURS, SACREBLEU, Peer, disagreement


@dataclass(frozen=True)
class Run:
    """One timed call: wall-clock seconds, and CPU seconds of the process and its children (the
    helper process), in all their threads."""

    seconds: float
    cpu_seconds: float


@dataclass(frozen=True)
class Timing:
    """The timed runs of one peer on one corpus, and its ratio to sacreBLEU round by round."""

    peer: Peer
    seconds: list[float]
    ratios: list[float]
    cpu_seconds: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def median_cpu(self) -> float:
        """CPU time over wall time tells how many cores a peer keeps busy."""
        return statistics.median(self.cpu_seconds)

    @property
    def median_ratio(self) -> float:
        return statistics.median(self.ratios)


@dataclass(frozen=True)
class Refusal:
    """A peer that cannot compute the canonical value on a corpus, and why; it is not timed."""

    peer: Peer
    reason: str


def timed_run(peer: Peer, data: bytes) -> tuple[Run, Any]:
    inputs = peer.prepare(data)
    gc.collect()
    cpu_start, start = procfs.cpu_seconds(), time.perf_counter()
    outcome = peer.compute(inputs)
    return Run(time.perf_counter() - start, procfs.cpu_seconds() - cpu_start), outcome


def check_peers(
    peers: tuple[Peer, ...],
    data: bytes,
    ours: Peer = OURS,
    differs: Callable[[Any, Any], str | None] = disagreement,
) -> tuple[list[Peer], list[Refusal]]:
    """The peers that compute ``ours``'s value on ``data``; a peer that cannot take the input
    (it raises ``ValueError``) is refused with its reason."""
    _, expected = timed_run(ours, data)
    agreeing, refused = [], []
    for peer in peers:
        try:
            reason = differs(expected, timed_run(peer, data)[1])
        except ValueError as error:
            refused.append(Refusal(peer, f"cannot take the input: {error}"))
            continue
        if reason is None:
            agreeing.append(peer)
        else:
            why = f"cannot compute the canonical value: {reason}"
            refused.append(Refusal(peer, f"{why}. {peer.known_differences}".rstrip(". ")))
    return agreeing, refused


def time_peers(
    peers: list[Peer], data: bytes, rounds: int, baseline_peer: Peer = SACREBLEU
) -> list[Timing]:
    """``rounds`` timed runs of each peer, interleaved, after each started what it starts and
    ran once more to warm up; the baseline (sacreBLEU) must be among them."""
    for peer in peers:
        peer.start()
        timed_run(peer, data)  # a warm-up, with whatever it started (the helper process) running
    runs: dict[str, list[Run]] = {peer.name: [] for peer in peers}
    for round_index in range(rounds):
        shift = round_index % len(peers)
        for peer in peers[shift:] + peers[:shift]:
            runs[peer.name].append(timed_run(peer, data)[0])
    baseline = [run.seconds for run in runs[baseline_peer.name]]
    return [_timing(peer, runs[peer.name], baseline) for peer in peers]


def _timing(peer: Peer, runs: list[Run], baseline: list[float]) -> Timing:
    seconds = [run.seconds for run in runs]
    ratios = [t / b for t, b in zip(seconds, baseline, strict=True)]
    return Timing(peer, seconds, ratios, [run.cpu_seconds for run in runs])
