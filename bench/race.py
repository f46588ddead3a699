"""A race: one metric, our implementation and its peers on the same corpora, timed against a
baseline peer in the same rounds.

The corpus-BLEU race is the benchmark's first and is laid out in ``bench.run``; every other
metric is a ``Race`` value, so that a new one is a list of peers, not new machinery.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.peers import Peer


@dataclass(frozen=True)
class Target:
    """What one corpus must show: ``versus``'s time over ours at least ``speed_up``."""

    corpus: str
    versus: str  # a peer's name
    speed_up: float  # below 1 for "within 1/speed_up of"

    def describe(self, race: str) -> str:
        if self.speed_up >= 1:
            return f"{race} on {self.corpus}: >= {self.speed_up:g}x {self.versus}"
        return f"{race} on {self.corpus}: within {1 / self.speed_up:g}x {self.versus}"


@dataclass(frozen=True)
class Race:
    """Peers of one metric; ``disagreement`` says why a peer's outcome is not ours."""

    title: str
    ours: Peer
    baseline: Peer
    peers: tuple[Peer, ...]  # ours and the baseline among them
    disagreement: Callable[[Any, Any], str | None]
    corpora: tuple[str, ...]
    targets: tuple[Target, ...] = ()
    skipped: dict[str, tuple[Peer, ...]] = field(default_factory=dict)
    memory_target: str | None = None  # a corpus where our peak must not exceed the baseline's
    method: str = ""  # how the peers are called, for the report

    def peers_on(self, corpus: str) -> tuple[Peer, ...]:
        return tuple(p for p in self.peers if p not in self.skipped.get(corpus, ()))
