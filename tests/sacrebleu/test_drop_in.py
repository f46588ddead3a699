"""``import mtcompute.sacrebleu as sacrebleu`` switches a script: sacreBLEU 2.6's functions, with
its arguments and defaults, give its numbers and its score objects' attributes and lines."""

import math
import random
from typing import cast

import pytest
import sacrebleu as theirs

import mtcompute.sacrebleu as ours
from mtcompute import InputError

WORDS = ("the", "cat", "sat", "(on)", "mat.", "don't", "3,000.5", "«oui»", "中文。", "İ", "!")


def _text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 14)))


def _corpus(seed: int, segments: int = 60) -> tuple[list[str], list[list[str | None]]]:
    rng = random.Random(seed)
    hypotheses = [_text(rng) for _ in range(segments)]
    streams: list[list[str | None]] = [[_text(rng) for _ in hypotheses] for _ in range(2)]
    streams[1][3] = None  # a segment with one reference fewer, as sacreBLEU allows
    return hypotheses, streams


def _theirs(streams: list[list[str | None]]) -> list[list[str]]:
    return cast(list[list[str]], streams)  # sacreBLEU's annotations leave out its None


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("tokenize", ["13a", "intl", "zh", "char", "none"])
@pytest.mark.parametrize("smooth_method", ["exp", "none", "floor", "add-k"])
def test_corpus_bleu_gives_sacrebleus_score_and_attributes(
    tokenize: str, smooth_method: str
) -> None:
    hypotheses, streams = _corpus(1)
    mine = ours.corpus_bleu(hypotheses, streams, smooth_method=smooth_method, tokenize=tokenize)
    their = theirs.corpus_bleu(
        hypotheses, _theirs(streams), smooth_method=smooth_method, tokenize=tokenize
    )
    assert _close(mine.score, their.score)
    assert list(mine.counts) == their.counts
    assert list(mine.totals) == their.totals
    assert all(map(_close, mine.precisions, their.precisions))
    assert (mine.sys_len, mine.ref_len) == (their.sys_len, their.ref_len)
    assert _close(mine.bp, their.bp)
    assert mine.format() == their.format()
    assert mine.format(width=4, score_only=True) == their.format(width=4, score_only=True)


@pytest.mark.parametrize("lowercase", [False, True])
def test_sentence_bleu_gives_sacrebleus_score_for_every_segment(lowercase: bool) -> None:
    hypotheses, streams = _corpus(2)
    for i, hypothesis in enumerate(hypotheses):
        refs = [text for stream in streams if (text := stream[i]) is not None]
        mine = ours.sentence_bleu(hypothesis, refs, lowercase=lowercase)
        their = theirs.sentence_bleu(hypothesis, refs, lowercase=lowercase)
        assert _close(mine.score, their.score), (hypothesis, refs)
        assert str(mine) == str(their)


@pytest.mark.parametrize("word_order", [0, 2])
def test_chrf_is_sacrebleus_bit_for_bit(word_order: int) -> None:
    hypotheses, streams = _corpus(3)
    mine = ours.corpus_chrf(hypotheses, streams, word_order=word_order)
    assert (
        mine.score == theirs.corpus_chrf(hypotheses, _theirs(streams), word_order=word_order).score
    )
    assert str(mine) == str(theirs.corpus_chrf(hypotheses, _theirs(streams), word_order=word_order))
    refs = [text for text in (streams[0][0], streams[1][0]) if text is not None]
    assert (
        ours.sentence_chrf(hypotheses[0], refs, word_order=word_order).score
        == theirs.sentence_chrf(hypotheses[0], refs, word_order=word_order).score
    )


def test_ter_is_sacrebleus_bit_for_bit() -> None:
    hypotheses, streams = _corpus(4)
    mine, their = (
        ours.corpus_ter(hypotheses, streams),
        theirs.corpus_ter(hypotheses, _theirs(streams)),
    )
    assert (mine.score, str(mine)) == (their.score, str(their))
    assert mine.num_edits == their.num_edits
    assert mine.ref_length == their.ref_length
    refs = [text for text in (streams[0][5], streams[1][5]) if text is not None]
    assert (
        ours.sentence_ter(hypotheses[5], refs, normalized=True).score
        == theirs.sentence_ter(hypotheses[5], refs, normalized=True).score
    )


def test_a_stream_of_another_length_is_refused_not_truncated() -> None:
    with pytest.raises(InputError) as caught:
        ours.corpus_bleu(["a", "b"], [["a", "b"], ["a"]])
    assert [e["pointer"] for e in caught.value.errors] == ["/references/1"]
