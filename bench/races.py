"""Every race after corpus BLEU, and any race's peer by name (for the memory subprocess)."""

from bench import peers
from bench.bleu_family_peers import NGRAM_COUNTS_RACE, NGRAM_TABLES_RACE, SENTENCE_BLEU_RACE
from bench.chrf_peers import CHRF_PLUS_PLUS_RACE, CHRF_RACE
from bench.peers import Peer
from bench.race import Race

BLEU_RACE = "BLEU"
RACES: tuple[Race, ...] = (
    CHRF_RACE,
    CHRF_PLUS_PLUS_RACE,
    SENTENCE_BLEU_RACE,
    NGRAM_COUNTS_RACE,
    NGRAM_TABLES_RACE,
)


def peer_named(race: str, name: str) -> Peer:
    """The peer ``name`` of the race titled ``race`` (``BLEU`` for corpus BLEU's)."""
    if race == BLEU_RACE:
        return peers.BY_NAME[name]
    (found,) = [p for r in RACES if r.title == race for p in r.peers if p.name == name]
    return found
