"""ngram_counts agrees with sacreBLEU 2.6's statistics on generated corpora.

sacreBLEU runs as ``BLEU(tokenize='none', max_ngram_order=N)`` on the space-joined tokens, with
the references as streams (stream k holds every segment's k-th reference, None where a segment
has fewer; sacreBLEU drops None). With ``tokenize='none'`` it splits on whitespace again, so the
tokens are drawn without any whitespace, as the page's last Behavior bullet requires. Its
per-segment statistics (``_extract_corpus_statistics``: hypothesis length, closest reference
length, then the matches and the totals of every order) and its corpus ``counts`` and
``totals`` must equal ours exactly.
"""

import random
from dataclasses import dataclass

import pytest
from sacrebleu.metrics.bleu import BLEU

from mtcompute import NgramCountsResult, ngram_counts

Tokens = list[str]

# Whitespace-free tokens, some outside ASCII and some that differ only in case or normalization.
_VOCABULARY = ("a", "b", "c", "d", "A", "é", "e\u0301", "日本", "🙂")


@dataclass(frozen=True, slots=True)
class _Corpus:
    hypotheses: list[Tokens]
    references: list[list[Tokens]]
    max_order: int


def _streams(references: list[list[Tokens]]) -> list[list[str | None]]:
    count = max(len(segment) for segment in references)
    return [
        [" ".join(segment[k]) if k < len(segment) else None for segment in references]
        for k in range(count)
    ]


def _tokens(rng: random.Random) -> Tokens:
    types = rng.randint(1, len(_VOCABULARY))
    length = rng.choice([0, rng.randint(0, 5), rng.randint(0, 30)])
    return [rng.choice(_VOCABULARY[:types]) for _ in range(length)]


def _random_corpus(rng: random.Random) -> _Corpus:
    hypotheses = [_tokens(rng) for _ in range(rng.randint(1, 10))]
    references = [[_tokens(rng) for _ in range(rng.randint(1, 4))] for _ in hypotheses]
    return _Corpus(hypotheses, references, rng.randint(1, 8))


_Theirs = tuple[list[list[int]], list[int], list[int]]  # segment statistics, counts, totals
_Compared = list[tuple[_Corpus, NgramCountsResult, _Theirs]]


def _theirs(corpus: _Corpus) -> _Theirs:
    metric = BLEU(tokenize="none", max_ngram_order=corpus.max_order)
    hypotheses = [" ".join(hypothesis) for hypothesis in corpus.hypotheses]
    streams = _streams(corpus.references)
    segments = metric._extract_corpus_statistics(hypotheses, streams)  # type: ignore[arg-type]
    score = metric.corpus_score(hypotheses, streams)  # type: ignore[arg-type]
    return segments, list(score.counts), list(score.totals)


@pytest.fixture(scope="module")
def compared() -> _Compared:
    rng = random.Random(2_6001)
    corpora = [_random_corpus(rng) for _ in range(1_500)]
    return [
        (c, ngram_counts(c.hypotheses, c.references, max_order=c.max_order), _theirs(c))
        for c in corpora
    ]


def test_the_generated_corpora_match_some_and_cut_some(compared: _Compared) -> None:
    assert sum(sum(ours.matches) > 0 for _, ours, _ in compared) > len(compared) // 2
    assert sum(ours.matches != ours.totals for _, ours, _ in compared) > len(compared) // 2


def test_every_segments_matches_and_totals_equal_sacrebleus_segment_statistics(
    compared: _Compared,
) -> None:
    differences = []
    for corpus, ours, (segments, _, _) in compared:
        n = corpus.max_order
        theirs = [(stats[2 : 2 + n], stats[2 + n :]) for stats in segments]
        mine = [(list(s.matches), list(s.totals)) for s in ours.segments]
        if mine != theirs:
            differences.append((corpus, mine, theirs))
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"


def test_summed_matches_and_totals_equal_sacrebleus_counts_and_totals(
    compared: _Compared,
) -> None:
    differences = [
        corpus
        for corpus, ours, (_, counts, totals) in compared
        if (list(ours.matches), list(ours.totals)) != (counts, totals)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"


def test_a_token_with_whitespace_is_one_token_here_and_two_for_sacrebleu() -> None:
    # Why the differential draws whitespace-free tokens: sacreBLEU splits "new york" again.
    ours = ngram_counts([["new york"]], [[["new", "york"]]], max_order=1)
    theirs = BLEU(tokenize="none", max_ngram_order=1).corpus_score(["new york"], [["new york"]])
    assert (ours.matches, ours.totals) == ((0,), (1,))
    assert (theirs.counts, theirs.totals) == ([2], [2])
