"""The multilingual tokenizers' race, against sacreBLEU 2.6 in one run, the garbage collector on:

- spBLEU (``flores200``): corpus BLEU of 3,004 segments (FLORES-200 devtest's size), and 200
  ``sentence_bleu`` calls, ``mtcompute.sacrebleu``'s functions against sacreBLEU's, with the
  resident memory of this process after every 20 calls (sacreBLEU loads the model again for each
  call, and its tokenizer's line cache keeps every loaded model alive);
- ``ja-mecab`` and ``ko-mecab``: corpus BLEU of 3,004 generated Japanese and Korean segments.

The SentencePiece model is the one sacreBLEU keeps (``$SACREBLEU/models/flores200sacrebleuspm``)
where it is there; otherwise a model is trained for the run on generated text (and the report
says so: the real model, 4.8 MB with 256,000 pieces, is slower to load, so sacreBLEU's per-call
reload costs more with it than here). Each round times the peers in a rotated order and reports
sacreBLEU's time over mtcompute's in that round; the scores are checked equal first.

    python -m bench.multilingual_peers [--segments N] [--calls N] [--rounds R]
                                       [--training-lines N]
"""

import argparse
import math
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sacrebleu
from sacrebleu.tokenizers import tokenizer_ja_mecab, tokenizer_ko_mecab, tokenizer_spm

import mtcompute.sacrebleu as ours
from bench import procfs
from mtcompute.metrics.tokenizers.spm import model_path

SEGMENTS = 3004
CALLS = 200
ROUNDS = 3
MEMORY_STEP = 20

_SCRIPTS = (
    "abcdefghijklmnopqrstuvwxyz",
    "あいうえおかきくけこさしすせそたちつてとなにぬねの",
    "가나다라마바사아자차카타파하거너더러머버서",
    "абвгдежзиклмнопрстуфхцч",
    "अआइईउऊएऐओकखगघचछजझटठडढणतथदधनपफबभमयरलवशसह",
)
_JAPANESE = (
    "今日", "は", "良い", "天気", "です", "ね", "。", "東京", "に", "行き", "ました", "、",
    "日本語", "の", "文", "を", "書く", "学校", "先生", "が", "来る", "雨", "降って", "いる",
)  # fmt: skip
_KOREAN = (
    "오늘", "날씨가", "좋습니다", ".", "한국어", "문장을", "분석합니다", "학교에", "선생님이",
    "왔습니다", "비가", "내리고", "있다", ",", "서울에", "갔다",
)  # fmt: skip


def _words(rng: random.Random, count: int) -> list[str]:
    words = []
    for _ in range(count):
        script = rng.choice(_SCRIPTS)
        words.append("".join(rng.choice(script) for _ in range(rng.randint(1, 7))))
    return words


def multilingual_lines(count: int, seed: int) -> list[str]:
    """Lines of words from five scripts, a vocabulary drawn with Zipf weights."""
    rng = random.Random(seed)
    vocabulary = _words(random.Random(7), 20000)
    weights = [1.0 / rank for rank in range(1, len(vocabulary) + 1)]
    return [
        " ".join(rng.choices(vocabulary, weights, k=rng.randint(5, 40))) + rng.choice(".?!")
        for _ in range(count)
    ]


def _edited_words(words: list[str], rng: random.Random) -> list[str]:
    kept = [w for w in words if rng.random() > 0.1] or words
    return [rng.choice(kept) if rng.random() < 0.1 else w for w in kept]


def edited(lines: list[str], seed: int) -> list[str]:
    """Each line with about a fifth of its words dropped or swapped: a reference."""
    rng = random.Random(seed)
    return [" ".join(_edited_words(line.split(), rng)) for line in lines]


def joined_lines(
    words: tuple[str, ...], joiner: str, count: int, seed: int
) -> tuple[list[str], list[str]]:
    """Hypotheses of words joined by ``joiner`` (none in Japanese), and references made of
    their words edited."""
    rng = random.Random(seed)
    drawn = [rng.choices(words, k=rng.randint(5, 40)) for _ in range(count)]
    hypotheses = [joiner.join(line) for line in drawn]
    return hypotheses, [joiner.join(_edited_words(line, rng)) for line in drawn]


def sacrebleu_model_folder(scratch: Path, training_lines: int = 20000) -> tuple[str, str]:
    """The folder to use as $SACREBLEU (``scratch`` where a model is trained) and what the
    report says of the model."""
    if model_path("flores200").is_file():
        return str(model_path("flores200").parent.parent), "sacreBLEU's flores200 model"
    import sentencepiece  # noqa: PLC0415 - the extra, only where a model is to be trained

    folder = scratch
    (folder / "models").mkdir()
    corpus = folder / "corpus.txt"
    corpus.write_text("\n".join(multilingual_lines(training_lines, 99)), encoding="utf-8")
    sentencepiece.SentencePieceTrainer.train(
        input=str(corpus),
        model_prefix=str(folder / "trained"),
        vocab_size=8000,
        hard_vocab_limit=False,
        character_coverage=1.0,
        minloglevel=2,
    )
    (folder / "trained.model").rename(folder / "models" / "flores200sacrebleuspm")
    return str(folder), "a model of 8,000 pieces trained for this run (none was in the cache)"


def _clear_sacrebleu_caches() -> None:
    # Line caches of sacreBLEU's tokenizer classes: each run starts cold, as a new process does.
    for tokenizer in (
        tokenizer_spm.TokenizerSPM,
        tokenizer_ja_mecab.TokenizerJaMecab,
        tokenizer_ko_mecab.TokenizerKoMecab,
    ):
        tokenizer.__call__.cache_clear()


def _timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = run()
    return time.perf_counter() - start, value


def race(peers: dict[str, Callable[[], Any]], rounds: int) -> list[float]:
    """sacreBLEU's time over mtcompute's, per round, the order rotated each round."""
    ratios = []
    names = list(peers)
    for round_number in range(rounds):
        order = names[round_number % 2 :] + names[: round_number % 2]
        seconds = {}
        for name in order:
            _clear_sacrebleu_caches()
            seconds[name] = _timed(peers[name])[0]
        ratios.append(seconds["sacreBLEU"] / seconds["mtcompute"])
    return ratios


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


def corpus_race(
    label: str, hypotheses: list[str], references: list[str], tokenize: str, rounds: int
) -> str:
    # force: sacreBLEU's warning of lines that end in " ." (Korean's do) is not raced.
    mine = ours.corpus_bleu(hypotheses, [references], tokenize=tokenize, force=True)
    theirs = sacrebleu.corpus_bleu(hypotheses, [references], tokenize=tokenize, force=True)
    if not _same(mine.score, theirs.score) or list(mine.counts) != theirs.counts:
        raise SystemExit(f"{label}: scores differ: {mine.score!r} {theirs.score!r}")
    ratios = race(
        {
            "mtcompute": lambda: ours.corpus_bleu(
                hypotheses, [references], tokenize=tokenize, force=True
            ),
            "sacreBLEU": lambda: sacrebleu.corpus_bleu(
                hypotheses, [references], tokenize=tokenize, force=True
            ),
        },
        rounds,
    )
    return (
        f"| {label} | {len(hypotheses):,} | {statistics.median(ratios):.1f}x "
        f"| {min(ratios):.1f}x-{max(ratios):.1f}x | {theirs.score:.2f} |"
    )


def _rss_kib() -> int:
    return procfs.status_kib("self", "VmRSS")


def sentence_calls(
    hypotheses: list[str], references: list[str], score: Callable[..., Any]
) -> list[int]:
    """The resident memory after every MEMORY_STEP calls, in KiB."""
    memory = []
    for i, (hypothesis, reference) in enumerate(zip(hypotheses, references, strict=True), 1):
        score(hypothesis, [reference], tokenize="flores200")
        if i % MEMORY_STEP == 0:
            memory.append(_rss_kib())
    return memory


def sentence_race(hypotheses: list[str], references: list[str], rounds: int) -> list[str]:
    for hypothesis, reference in zip(hypotheses[:20], references[:20], strict=True):
        mine = ours.sentence_bleu(hypothesis, [reference], tokenize="flores200")
        theirs = sacrebleu.sentence_bleu(hypothesis, [reference], tokenize="flores200")
        if not _same(mine.score, theirs.score):
            raise SystemExit(f"sentence BLEU differs: {mine.score!r} {theirs.score!r}")
    memory: dict[str, list[int]] = {}

    def run(name: str, score: Callable[..., Any]) -> Callable[[], None]:
        def calls() -> None:
            memory[name] = sentence_calls(hypotheses, references, score)

        return calls

    ratios = race(
        {
            "mtcompute": run("mtcompute", ours.sentence_bleu),
            "sacreBLEU": run("sacreBLEU", sacrebleu.sentence_bleu),
        },
        rounds,
    )
    lines = [
        f"| {len(hypotheses)} sentence_bleu calls, flores200 | {len(hypotheses)} "
        f"| {statistics.median(ratios):.0f}x | {min(ratios):.0f}x-{max(ratios):.0f}x | - |",
        "",
        f"Resident memory of this process after every {MEMORY_STEP} calls of the last round (MiB):",
        "",
    ]
    for name in ("mtcompute", "sacreBLEU"):
        shown = " ".join(f"{kib / 1024:.0f}" for kib in memory[name])
        lines.append(f"- {name}: {shown}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--segments", type=int, default=SEGMENTS)
    parser.add_argument("--calls", type=int, default=CALLS)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--training-lines", type=int, default=20000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sacrebleu-") as scratch:
        folder, model = sacrebleu_model_folder(Path(scratch), args.training_lines)
        os.environ["SACREBLEU"] = folder
        tokenizer_spm.SACREBLEU_DIR = folder  # type: ignore[attr-defined]
        report(args, model)


def report(args: argparse.Namespace, model: str) -> None:
    """Every race's line, printed as it is measured."""
    hypotheses = multilingual_lines(args.segments, 1)
    references = edited(hypotheses, 2)
    ja_hypotheses, ja_references = joined_lines(_JAPANESE, "", args.segments, 3)
    ko_hypotheses, ko_references = joined_lines(_KOREAN, " ", args.segments, 4)
    print("## Multilingual tokenizers (`python -m bench.multilingual_peers`)")
    print()
    print(f"SentencePiece model: {model}. Rounds: {args.rounds}, the garbage collector on.")
    print()
    print("| race | segments | sacreBLEU's time / mtcompute's (median) | range | BLEU |")
    print("|---|---:|---:|---:|---:|")
    races = [
        ("spBLEU corpus_bleu, flores200", hypotheses, references, "flores200"),
        ("corpus_bleu, ja-mecab", ja_hypotheses, ja_references, "ja-mecab"),
        ("corpus_bleu, ko-mecab", ko_hypotheses, ko_references, "ko-mecab"),
    ]
    for label, hyps, refs, tokenize in races:
        print(corpus_race(label, hyps, refs, tokenize, args.rounds))
    calls = args.calls
    for line in sentence_race(hypotheses[:calls], references[:calls], args.rounds):
        print(line)


if __name__ == "__main__":
    main()
