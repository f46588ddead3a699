"""The chrF and chrF++ races: mtcompute's ``chrf_fast`` (its compiled kernel where built), its
pure-Python oracle, sacreBLEU's ``CHRF`` and, where it can be installed (Python 3.12 and later),
sacrebleu-mojo.

The corpora are the token corpora of ``bench.corpus`` with each token list joined by spaces.
Every peer scores on sacreBLEU's 0-100 scale; a peer's score must be ours within a relative
1e-12 (sacreBLEU's is ours bit for bit, as the tests show; others may differ in the last bits),
and its statistics, where it reports them, equal.
"""

import importlib.util
import math
from dataclasses import dataclass

from bench.peers import SCORE_TOLERANCE, Peer, load_corpus
from bench.race import Race, Target
from mtcompute.fast.chrf import chrf_fast
from mtcompute.metrics.chrf import ChrfOptions, ChrfStatistics, chrf

Texts = tuple[list[str], list[list[str]]]
Streams = tuple[list[str], list[list[str | None]]]


@dataclass(frozen=True)
class ChrfOutcome:
    score: float  # 0-100
    statistics: ChrfStatistics | None = None


def load_texts(data: bytes) -> Texts:
    hypotheses, references = load_corpus(data)
    return [" ".join(h) for h in hypotheses], [[" ".join(r) for r in refs] for refs in references]


def _streams(data: bytes) -> Streams:
    hypotheses, references = load_texts(data)
    most = max(map(len, references))
    streams = [[refs[k] if k < len(refs) else None for refs in references] for k in range(most)]
    return hypotheses, streams


def full_streams(data: bytes) -> tuple[list[str], list[list[str]]]:
    hypotheses, streams = _streams(data)
    if any(None in stream for stream in streams):
        raise ValueError("it takes the same number of references for every segment")
    return hypotheses, [[text for text in stream if text is not None] for stream in streams]


def _ours(word_order: int) -> Peer:
    def compute(texts: Texts) -> ChrfOutcome:
        result = chrf_fast(*texts, ChrfOptions(word_order=word_order), return_words=False)
        return ChrfOutcome(100 * result.chrf, result.statistics)

    return Peer("mtcompute", "mtcompute", load_texts, compute, "mtcompute")


def _oracle(word_order: int) -> Peer:
    def compute(texts: Texts) -> ChrfOutcome:
        result = chrf(*texts, word_order=word_order, return_words=False)
        return ChrfOutcome(100 * result.chrf, result.statistics)

    return Peer("mtcompute reference (pure Python)", "mtcompute", load_texts, compute, "mtcompute")


def _sacrebleu(word_order: int) -> Peer:
    def compute(inputs: Streams) -> ChrfOutcome:
        from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415 - imported where it is measured

        hypotheses, streams = inputs
        metric = CHRF(word_order=word_order)
        return ChrfOutcome(metric.corpus_score(hypotheses, streams).score)  # type: ignore[arg-type]

    return Peer("sacreBLEU", "sacrebleu", _streams, compute, "sacrebleu.metrics.chrf")


def _mojo(word_order: int) -> Peer:
    def compute(inputs: tuple[list[str], list[list[str]]]) -> ChrfOutcome:
        import sacrebleu_mojo  # type: ignore[import-not-found,unused-ignore]  # noqa: PLC0415

        score = sacrebleu_mojo.corpus_chrf(*inputs, word_order=word_order).score
        return ChrfOutcome(float(score))

    return Peer("sacrebleu-mojo", "sacrebleu-mojo", full_streams, compute, "sacrebleu_mojo")


def disagreement(expected: ChrfOutcome, got: ChrfOutcome) -> str | None:
    if got.statistics is not None and got.statistics != expected.statistics:
        return "statistics differ"
    if not math.isclose(got.score, expected.score, rel_tol=SCORE_TOLERANCE, abs_tol=0.0):
        return f"score {got.score!r} != {expected.score!r}"
    return None


MOJO_INSTALLED = importlib.util.find_spec("sacrebleu_mojo") is not None


def chrf_race(title: str, word_order: int) -> Race:
    ours, oracle, sacrebleu = _ours(word_order), _oracle(word_order), _sacrebleu(word_order)
    mojo = (_mojo(word_order),) if MOJO_INSTALLED else ()
    targets = [Target(corpus, sacrebleu.name, 15.0) for corpus in ("S", "M")]
    targets += [Target(corpus, peer.name, 1.0) for corpus in ("S", "M") for peer in mojo]
    return Race(
        title=title,
        ours=ours,
        baseline=sacrebleu,
        peers=(ours, oracle, sacrebleu, *mojo),
        disagreement=disagreement,
        corpora=("S", "M"),
        targets=tuple(targets),
        skipped={"M": (oracle,)},  # tens of seconds a run
        memory_target="M",
        method=(
            f"`chrf_fast(..., word_order={word_order})` for us, "
            f"`CHRF(word_order={word_order}).corpus_score` for sacreBLEU (references as streams "
            f"padded with `None`), `corpus_chrf(..., word_order={word_order})` for sacrebleu-mojo."
        ),
    )


CHRF_RACE = chrf_race("chrF", 0)
CHRF_PLUS_PLUS_RACE = chrf_race("chrF++", 2)
