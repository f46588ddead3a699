"""The BLEU family's races: sentence BLEU one call per segment against sacreBLEU's
``sentence_score`` on one reused object, and the n-gram counts (with and without clipping
tables) against mtcompute's own corpus BLEU on the same input, which computes the same counts.

Every peer gets its input ready before it is timed: token lists for us, whitespace-joined
strings for sacreBLEU (``tokenize='none'`` splits them back into the very same tokens).
"""

import math
from collections.abc import Sequence

import mtcompute
from bench.peers import Peer, load_corpus
from bench.race import Race, Target
from mtcompute.metrics.ngrams import ClippingTable
from mtcompute.metrics.sentence import sentence_bleu as oracle_sentence_bleu

Corpus = tuple[list[list[str]], list[list[list[str]]]]
Joined = tuple[list[str], list[list[str]]]
Counts = tuple[tuple[int, ...], tuple[int, ...]]  # matches and totals per order

# The page's bound on a score's distance from sacreBLEU's: 16 (1 + |ln bleu|) units of 2^-52.
_ULP_FACTOR = 16 * 2.0**-52


def _sentence_bleu_loop(corpus: Corpus) -> list[float]:
    hypotheses, references = corpus
    score = mtcompute.sentence_bleu
    return [score(h, refs).bleu for h, refs in zip(hypotheses, references, strict=True)]


def _oracle_loop(corpus: Corpus) -> list[float]:
    hypotheses, references = corpus
    pairs = zip(hypotheses, references, strict=True)
    return [oracle_sentence_bleu(h, refs).bleu for h, refs in pairs]


def _joined(data: bytes) -> Joined:
    hypotheses, references = load_corpus(data)
    return [" ".join(h) for h in hypotheses], [[" ".join(r) for r in refs] for refs in references]


def _sacrebleu_loop(corpus: Joined) -> list[float]:
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415 - imported where it is measured

    metric = BLEU(tokenize="none", smooth_method="exp", effective_order=True)
    hypotheses, references = corpus
    pairs = zip(hypotheses, references, strict=True)
    return [metric.sentence_score(h, refs).score / 100 for h, refs in pairs]


def sentence_disagreement(expected: Sequence[float], got: Sequence[float]) -> str | None:
    """Where a segment's score is not ours within the page's bound, or zero where ours is not."""
    for index, (ours, theirs) in enumerate(zip(expected, got, strict=True)):
        if (ours == 0.0) != (theirs == 0.0):
            return f"segment {index}: {theirs!r} where ours is {ours!r}"
        bound = _ULP_FACTOR * (1 + abs(math.log(ours))) * ours if ours > 0 else 0.0
        if abs(ours - theirs) > bound:
            return f"segment {index}: {theirs!r} != {ours!r} beyond the page's bound"
    return None


OURS_SENTENCE = Peer("mtcompute", "mtcompute", load_corpus, _sentence_bleu_loop, "mtcompute")
ORACLE_SENTENCE = Peer(
    "mtcompute reference (pure Python)", "mtcompute", load_corpus, _oracle_loop, "mtcompute"
)
SACREBLEU_SENTENCE = Peer(
    "sacreBLEU", "sacrebleu", _joined, _sacrebleu_loop, "sacrebleu.metrics.bleu"
)

SENTENCE_BLEU_RACE = Race(
    title="sentence BLEU",
    ours=OURS_SENTENCE,
    baseline=SACREBLEU_SENTENCE,
    peers=(OURS_SENTENCE, ORACLE_SENTENCE, SACREBLEU_SENTENCE),
    disagreement=sentence_disagreement,
    corpora=("S", "M"),
    targets=(Target("M", SACREBLEU_SENTENCE.name, 10.0),),
    method=(
        "One call per segment: `mtcompute.sentence_bleu(hypothesis, references)` (smoothing "
        "exp, effective order) for us, `sentence_score` of one reused "
        "`BLEU(tokenize='none', smooth_method='exp', effective_order=True)` for sacreBLEU."
    ),
)


def _ngram_counts(clipping_table: ClippingTable) -> Peer:
    def compute(corpus: Corpus) -> Counts:
        result = mtcompute.ngram_counts(*corpus, clipping_table=clipping_table)
        return result.matches, result.totals

    name = f"mtcompute ngram_counts (clipping_table {clipping_table})"
    return Peer(name, "mtcompute", load_corpus, compute, "mtcompute")


def _corpus_bleu(corpus: Corpus) -> Counts:
    result = mtcompute.corpus_bleu(*corpus)
    return result.matches, result.totals


CORPUS_BLEU = Peer("mtcompute corpus_bleu", "mtcompute", load_corpus, _corpus_bleu, "mtcompute")


def counts_disagreement(expected: Counts, got: Counts) -> str | None:
    return None if got == expected else f"counts {got} != {expected}"


def ngram_counts_race(clipping_table: ClippingTable, within: float) -> Race:
    ours = _ngram_counts(clipping_table)
    return Race(
        title=f"n-gram counts, clipping_table {clipping_table}",
        ours=ours,
        baseline=CORPUS_BLEU,
        peers=(ours, CORPUS_BLEU),
        disagreement=counts_disagreement,
        corpora=("S", "M"),
        targets=tuple(Target(corpus, CORPUS_BLEU.name, 1 / within) for corpus in ("S", "M")),
        method=(
            f"`mtcompute.ngram_counts(..., clipping_table={clipping_table!r})` against "
            "`mtcompute.corpus_bleu` on the same input: the same clipped counts, here also per "
            "segment" + (" with their tables." if clipping_table != "none" else ".")
        ),
    )


NGRAM_COUNTS_RACE = ngram_counts_race("none", 1.5)
NGRAM_TABLES_RACE = ngram_counts_race("all", 3.0)
