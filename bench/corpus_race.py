"""The corpus-BLEU race on one corpus alone, without the rest of the benchmark: mtcompute,
sacreBLEU and the other peers that agree with our value, timed interleaved as ``bench.run``
times them, with each peer's median time and median ratio to sacreBLEU.

    python -m bench.corpus_race [S|M|L|tiny] [--rounds R]
"""

import argparse

import orjson

from bench import corpus
from bench.peers import PEERS, REFERENCE
from bench.timing import check_peers, time_peers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?", default="S", choices=sorted(corpus.SHAPES))
    parser.add_argument("--rounds", type=int, default=21)
    options = parser.parse_args()
    shape = corpus.SHAPES[options.corpus]
    generated = corpus.generate(shape)
    data = orjson.dumps(corpus.as_request(generated))
    peers = tuple(peer for peer in PEERS if peer is not REFERENCE)  # minutes on large corpora
    agreeing, refused = check_peers(peers, data)
    for refusal in refused:
        print(f"  {refusal.peer.name}: {refusal.reason}")
    print(f"{shape.name}: {len(generated):,} segments, {corpus.total_tokens(generated):,} tokens")
    for timing in time_peers(agreeing, data, options.rounds):
        print(
            f"  {timing.peer.name}: {timing.median * 1e3:.2f} ms, "
            f"{1 / timing.median_ratio:.1f}x sacreBLEU (median of the rounds)"
        )


if __name__ == "__main__":
    main()
