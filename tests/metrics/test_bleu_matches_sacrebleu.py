"""corpus_bleu agrees with sacreBLEU 2.6 on generated corpora.

sacreBLEU runs as ``BLEU(tokenize='none', smooth_method='none', force=True)``, and gets:

- each hypothesis as its tokens joined with ' '. With ``tokenize='none'`` sacreBLEU splits on
  whitespace (``str.split``), so the tokens are drawn without whitespace. An empty token list
  becomes '', which sacreBLEU reads as zero tokens: it can stand for an empty hypothesis and for
  an empty reference. What it cannot represent, and what these corpora avoid, are tokens that
  contain whitespace (a contract token "new york" would become two sacreBLEU tokens).
- the references as streams: stream k holds every segment's k-th reference, or None where a
  segment has fewer than k + 1. sacreBLEU drops None references (``_cache_references``); padding
  with '' instead would add an empty reference, of length 0, to the closest-length choice.

sacreBLEU clips by the largest count in any single reference and breaks closest-length ties
towards the shorter reference (``_get_closest_ref_len``), as the contract does, so counts and
lengths must be equal. Its score is 100 * bleu on the 0-100 scale, made with ``math.log``,
``math.exp`` and ``sum`` over precisions 100 * m/l, so it is compared within 1e-12 relative, not
bit for bit. An order with m_n = 0 costs it ``log(0) = -9999999999`` and its score is then
exp(-huge) = 0.0, the contract's exact 0.

Where sacreBLEU differs by design, and how it is excluded:

- c = 0 and r = 0: sacreBLEU penalizes only c < r, so its brevity penalty is 1 where the contract
  says 0. bleu is 0 on both sides (nothing matches), so only the brevity-penalty comparison skips
  these corpora; ``test_sacrebleu_gives_an_empty_corpus_a_brevity_penalty_of_1`` pins the
  difference.
"""

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from sacrebleu.metrics.bleu import BLEU  # sacrebleu.metrics re-exports it implicitly

from mtcompute import BleuResult, corpus_bleu

Tokens = list[str]

_VOCABULARY = ("a", "b", "c", "d")
_RELATIVE_TOLERANCE = 1e-12


@dataclass(frozen=True, slots=True)
class _Corpus:
    hypotheses: list[Tokens]
    references: list[list[Tokens]]
    max_order: int


@dataclass(frozen=True, slots=True)
class _SacreBleu:
    counts: list[int]
    totals: list[int]
    sys_len: int
    ref_len: int
    bp: float
    bleu: float  # sacreBLEU's score / 100


@dataclass(frozen=True, slots=True)
class _Scored:
    corpus: _Corpus
    ours: BleuResult
    theirs: _SacreBleu


def _reference_streams(references: Sequence[Sequence[Tokens]]) -> list[list[str | None]]:
    """Stream k: each segment's k-th reference joined with spaces, None past its last one."""
    count = max(len(segment) for segment in references)
    return [
        [" ".join(segment[k]) if k < len(segment) else None for segment in references]
        for k in range(count)
    ]


def _sacrebleu(corpus: _Corpus) -> _SacreBleu:
    metric = BLEU(
        tokenize="none", smooth_method="none", force=True, max_ngram_order=corpus.max_order
    )
    score = metric.corpus_score(
        [" ".join(hypothesis) for hypothesis in corpus.hypotheses],
        # sacreBLEU documents None padding (base.py, _cache_references) but annotates str only
        _reference_streams(corpus.references),  # type: ignore[arg-type]
    )
    return _SacreBleu(
        counts=list(score.counts),
        totals=list(score.totals),
        sys_len=score.sys_len,
        ref_len=score.ref_len,
        bp=score.bp,
        bleu=score.score / 100.0,
    )


def _edited(rng: random.Random, tokens: Tokens) -> Tokens:
    """The tokens with random substitutions, deletions and insertions."""
    edited = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.1:
            continue
        edited.append(rng.choice(_VOCABULARY) if roll < 0.3 else token)
        if rng.random() < 0.1:
            edited.append(rng.choice(_VOCABULARY))
    return edited[:30]


def _random_tokens(rng: random.Random) -> Tokens:
    length = rng.choice([0, rng.randint(0, 5), rng.randint(0, 30)])
    return [rng.choice(_VOCABULARY) for _ in range(length)]


def _reference(rng: random.Random, hypothesis: Tokens) -> Tokens:
    return _edited(rng, hypothesis) if rng.random() < 0.7 else _random_tokens(rng)


def _random_corpus(rng: random.Random) -> _Corpus:
    hypotheses = [_random_tokens(rng) for _ in range(rng.randint(1, 8))]
    references = [
        [_reference(rng, hypothesis) for _ in range(rng.randint(1, 4))] for hypothesis in hypotheses
    ]
    return _Corpus(hypotheses, references, rng.choice([1, 2, 3, 4, 4, 4, 5, 6, 8]))


@pytest.fixture(scope="module")
def scored() -> list[_Scored]:
    rng = random.Random(2_6000)  # sacreBLEU 2.6
    corpora = [_random_corpus(rng) for _ in range(2_000)]
    return [
        _Scored(
            corpus,
            corpus_bleu(corpus.hypotheses, corpus.references, max_order=corpus.max_order),
            _sacrebleu(corpus),
        )
        for corpus in corpora
    ]


def test_the_generated_corpora_cover_the_cases_that_matter(scored: list[_Scored]) -> None:
    assert sum(case.ours.bleu > 0.0 for case in scored) > len(scored) // 3
    assert sum(0.0 < case.ours.brevity_penalty < 1.0 for case in scored) > len(scored) // 10
    assert any(case.ours.candidate_length == 0 for case in scored)
    assert any([] in case.corpus.hypotheses for case in scored)
    assert sum(any([] in refs for refs in case.corpus.references) for case in scored) > 10
    assert any(len({len(refs) for refs in case.corpus.references}) > 1 for case in scored)


def test_matches_and_totals_equal_sacrebleu_counts_and_totals(scored: list[_Scored]) -> None:
    differences = [
        case
        for case in scored
        if (list(case.ours.matches), list(case.ours.totals))
        != (case.theirs.counts, case.theirs.totals)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_lengths_equal_sacrebleu_sys_len_and_ref_len(scored: list[_Scored]) -> None:
    differences = [
        case
        for case in scored
        if (case.ours.candidate_length, case.ours.reference_length)
        != (case.theirs.sys_len, case.theirs.ref_len)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_bleu_is_within_1e_12_relative_of_sacrebleu(scored: list[_Scored]) -> None:
    differences = [
        case
        for case in scored
        if not math.isclose(case.ours.bleu, case.theirs.bleu, rel_tol=_RELATIVE_TOLERANCE)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_brevity_penalty_is_within_1e_12_relative_of_sacrebleu_unless_c_and_r_are_0(
    scored: list[_Scored],
) -> None:
    differences = [
        case
        for case in scored
        if (case.ours.candidate_length, case.ours.reference_length) != (0, 0)
        and not math.isclose(case.ours.brevity_penalty, case.theirs.bp, rel_tol=_RELATIVE_TOLERANCE)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_sacrebleu_gives_an_empty_corpus_a_brevity_penalty_of_1() -> None:
    # The one difference by design: c = r = 0 is penalized by the contract, not by sacreBLEU.
    corpus = _Corpus(hypotheses=[[]], references=[[[]]], max_order=4)
    theirs = _sacrebleu(corpus)
    ours = corpus_bleu(corpus.hypotheses, corpus.references)
    assert (theirs.sys_len, theirs.ref_len, theirs.bp, theirs.bleu) == (0, 0, 1.0, 0.0)
    assert (ours.brevity_penalty, ours.bleu) == (0.0, 0.0)
