"""A test set of a translation task's size, written as files: lines of 20 to 36 words (about
170 bytes) over a Zipf-like vocabulary, each reference and the hypothesis a rewording of the
first reference (a third of its words replaced, a phrase moved), seeded."""

import itertools
import random
from pathlib import Path


def write_test_set(folder: Path, segments: int, references: int, seed: int = 41) -> list[Path]:
    """The hypothesis file, then the reference files, one segment a line."""
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyzéü"
    vocabulary = ["".join(rng.choices(letters, k=rng.randint(2, 9))) for _ in range(6000)]
    # Summed once: the draws are those of the weights, without summing 6,000 of them a draw.
    cumulative = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(vocabulary))))

    def line() -> list[str]:
        return rng.choices(vocabulary, cum_weights=cumulative, k=rng.randint(20, 36))

    def reworded(words: list[str]) -> str:
        words = [
            rng.choices(vocabulary, cum_weights=cumulative)[0] if rng.random() < 0.3 else w
            for w in words
        ]
        start = rng.randrange(len(words) - 3)
        phrase, rest = words[start : start + 3], words[:start] + words[start + 3 :]
        target = rng.randrange(len(rest))
        return " ".join(rest[:target] + phrase + rest[target:]).capitalize() + "."

    files: list[list[str]] = [[] for _ in range(references + 1)]
    for _ in range(segments):
        base = line()
        files[1].append(" ".join(base).capitalize() + ".")
        for k in (0, *range(2, references + 1)):
            files[k].append(reworded(base))
    paths = [folder / "hyp.txt", *(folder / f"ref{k}.txt" for k in range(1, references + 1))]
    for path, lines in zip(paths, files, strict=True):
        path.write_text("".join(f"{text}\n" for text in lines), encoding="utf-8")
    return paths
