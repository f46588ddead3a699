"""``mtcompute.sacrebleu.metrics.BLEU`` is sacreBLEU 2.6's ``BLEU``: every constructor argument,
the target language's tokenizer, the multilingual tokenizers (SentencePiece models trained here,
read by both from one ``$SACREBLEU``), cached references and ``compute_bleu``, to the bit."""

from pathlib import Path
from typing import Any

import pytest
import sacrebleu as sacrebleu_module
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers import tokenizer_spm

import mtcompute.sacrebleu
from mtcompute.sacrebleu import metrics as ours
from tests.sacrebleu.metrics.sacrebleu_classes import (
    JAPANESE,
    KOREAN,
    WORDS,
    corpus,
    same_score,
    same_signature,
    theirs,
)
from tests.sentencepiece_models import train_models

sacrebleu: Any = sacrebleu_module  # its functions, untyped here

# sacreBLEU's spm tokenizer logs its rename through Logger.warn, which Python deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")

BLEU_SETTINGS = [
    {},
    {"lowercase": True},
    {"tokenize": "intl"},
    {"tokenize": "zh", "smooth_method": "floor"},
    {"tokenize": "char", "smooth_method": "add-k", "smooth_value": 2},
    {"tokenize": "none", "smooth_method": "none"},
    {"smooth_method": "floor", "smooth_value": 0.3, "effective_order": True},
    {"max_ngram_order": 2},
    {"max_ngram_order": 6, "effective_order": True},
    {"trg_lang": "zh"},
    {"trg_lang": "ja"},
    {"trg_lang": "ko"},
    {"tokenize": "13a", "trg_lang": "ja", "force": True},
]


@pytest.mark.parametrize("arguments", BLEU_SETTINGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bleu_corpus_and_sentence_scores_are_sacrebleus(
    arguments: dict[str, Any], seed: int
) -> None:
    hypotheses, streams = corpus(seed)
    mine, their = ours.BLEU(**arguments), theirs.BLEU(**arguments)
    same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    same_signature(mine, their)
    for hypothesis, *refs in zip(hypotheses, *streams, strict=True):
        same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))
    same_signature(mine, their)


@pytest.mark.parametrize(("words", "tokenize"), [(JAPANESE, "ja-mecab"), (KOREAN, "ko-mecab")])
def test_bleu_with_mecab_is_sacrebleus(words: tuple[str, ...], tokenize: str) -> None:
    for joiner in ("", " "):
        hypotheses, streams = corpus(4, words, joiner)
        mine, their = ours.BLEU(tokenize=tokenize), theirs.BLEU(tokenize=tokenize)
        mine_score = mine.corpus_score(hypotheses, streams)
        same_score(mine_score, their.corpus_score(hypotheses, streams))
        same_signature(mine, their)


@pytest.fixture(scope="module")
def sacrebleu_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


@pytest.fixture
def models(sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_cache))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_cache))
    return sacrebleu_cache


@pytest.mark.parametrize("tokenize", ["flores101", "flores200", "spBLEU-1K", "spm"])
def test_spbleu_is_sacrebleus(tokenize: str, models: Path) -> None:
    words = WORDS + JAPANESE + KOREAN
    hypotheses, streams = corpus(5, words)
    mine, their = ours.BLEU(tokenize=tokenize), theirs.BLEU(tokenize=tokenize)
    same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:10]:
        same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))


@settings(max_examples=60, deadline=None)
@given(
    segments=st.lists(
        st.tuples(
            st.text(st.sampled_from("ab c.d!"), max_size=20), st.text("ab c.d!", max_size=20)
        ),
        min_size=1,
        max_size=8,
    ),
    smooth_method=st.sampled_from(["exp", "none", "floor", "add-k"]),
    effective_order=st.booleans(),
)
def test_bleu_is_sacrebleus_on_generated_segments(
    segments: list[tuple[str, str]], smooth_method: str, effective_order: bool
) -> None:
    hypotheses = [h for h, _ in segments]
    refs = [[r for _, r in segments]]
    arguments = {"smooth_method": smooth_method, "effective_order": effective_order}
    mine, their = ours.BLEU(**arguments), theirs.BLEU(**arguments)  # type: ignore[arg-type]
    same_score(mine.corpus_score(hypotheses, refs), their.corpus_score(hypotheses, refs))
    same_score(
        mine.sentence_score(hypotheses[0], [refs[0][0]]),
        their.sentence_score(hypotheses[0], [refs[0][0]]),
    )


def test_compute_bleu_from_statistics_is_sacrebleus() -> None:
    cases = [
        ([5, 3, 1, 0], [8, 7, 6, 5], 8, 9),
        ([5, 3, 2, 1], [8, 7, 6, 5], 8, 7),
        ([0, 0, 0, 0], [3, 2, 1, 0], 3, 4),
    ]
    for correct, total, sys_len, ref_len in cases:
        for method in ("exp", "none", "floor", "add-k"):
            mine = ours.BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, method)
            their = theirs.BLEU.compute_bleu(list(correct), list(total), sys_len, ref_len, method)
            same_score(mine, their)


def test_cached_references_give_the_same_scores_as_given_ones() -> None:
    hypotheses, streams = corpus(6)
    other, _ = corpus(7)
    for metric in (ours.BLEU, theirs.BLEU, ours.CHRF, theirs.CHRF, ours.TER, theirs.TER):
        cached = metric(references=streams)
        plain = metric()
        for system in (hypotheses, other):
            assert (
                cached.corpus_score(system, None).score == plain.corpus_score(system, streams).score
            )
    mine, their = ours.BLEU(references=streams), theirs.BLEU(references=streams)
    same_score(mine.corpus_score(other, None), their.corpus_score(other, None))
    same_signature(mine, their)


@pytest.mark.parametrize("tokenize", ["13a", "intl", "zh", "char", "none", "ja-mecab"])
@pytest.mark.parametrize("smooth_method", ["exp", "none", "floor", "add-k"])
def test_the_functions_are_sacrebleus_to_the_bit(tokenize: str, smooth_method: str) -> None:
    hypotheses, streams = corpus(14)
    mine = mtcompute.sacrebleu.corpus_bleu(
        hypotheses, streams, smooth_method=smooth_method, tokenize=tokenize
    )
    their = sacrebleu.corpus_bleu(
        hypotheses, streams, smooth_method=smooth_method, tokenize=tokenize
    )
    same_score(mine, their)
    same_score(
        mtcompute.sacrebleu.raw_corpus_bleu(hypotheses, streams),
        sacrebleu.raw_corpus_bleu(hypotheses, streams),
    )
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:10]:
        present = [ref for ref in refs if ref is not None]
        same_score(
            mtcompute.sacrebleu.sentence_bleu(
                hypothesis, present, smooth_method, tokenize=tokenize
            ),
            sacrebleu.sentence_bleu(hypothesis, present, smooth_method, tokenize=tokenize),
        )
