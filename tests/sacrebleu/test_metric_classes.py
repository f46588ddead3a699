"""``from mtcompute.sacrebleu.metrics import BLEU, CHRF, TER`` replaces sacreBLEU 2.6's classes:
every constructor argument, ``corpus_score``, ``sentence_score`` and ``get_signature`` give
sacreBLEU's numbers to the bit, its fields, its lines and its signatures (the version part
mtcompute's), on generated inputs and with the multilingual tokenizers."""

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu import metrics as theirs
from sacrebleu.tokenizers import tokenizer_spm

from mtcompute import InputError
from mtcompute.sacrebleu import metrics as ours
from mtcompute.version import __version__
from tests.sentencepiece_models import train_models

# sacreBLEU's spm tokenizer logs its rename through Logger.warn, which Python deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")

WORDS = ("the", "cat", "sat", "(on)", "mat.", "don't", "3,000.5", "«oui»", "中文。", "İ", "!", "A")
JAPANESE = ("今日は", "良い", "天気", "です", "ね", "。", "東京", "に", "行き", "ました")
KOREAN = ("오늘", "날씨가", "좋습니다", ".", "한국어", "문장을", "분석합니다")


def _text(rng: random.Random, words: tuple[str, ...] = WORDS, joiner: str = " ") -> str:
    return joiner.join(rng.choice(words) for _ in range(rng.randint(0, 14)))


def _corpus(
    seed: int, words: tuple[str, ...] = WORDS, joiner: str = " ", segments: int = 40
) -> tuple[list[str], list[list[str | None]]]:
    rng = random.Random(seed)
    hypotheses = [_text(rng, words, joiner) for _ in range(segments)]
    streams: list[list[str | None]] = [[_text(rng, words, joiner) for _ in hypotheses] for _ in "ab"]
    streams[1][3] = None
    return hypotheses, streams


def _version_ours(signature: str) -> str:
    return signature.replace("version:2.6.0", f"mtcompute:{__version__}").replace(
        "v:2.6.0", f"mtcompute:{__version__}"
    )


def _same_score(mine: Any, their: Any) -> None:
    assert mine.score == their.score  # to the bit
    assert mine.name == their.name
    assert str(mine) == str(their)
    assert repr(mine) == repr(their)
    for width in (1, 2, 4):
        assert mine.format(width) == their.format(width)
        assert mine.format(width, score_only=True) == their.format(width, score_only=True)
    for field in ("counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio",
                  "prec_str", "char_order", "word_order", "beta", "num_edits", "ref_length"):  # fmt: skip
        assert getattr(mine, field, None) == getattr(their, field, None), field


def _same_signature(mine: Any, their: Any) -> None:
    for short in (False, True):
        assert mine.get_signature().format(short) == _version_ours(
            their.get_signature().format(short)
        )
    assert str(mine.get_signature()) == _version_ours(str(their.get_signature()))


def _json(score: Any, signature: str) -> Any:
    return json.loads(score.format(signature=signature, is_json=True))


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
    hypotheses, streams = _corpus(seed)
    mine, their = ours.BLEU(**arguments), theirs.BLEU(**arguments)
    _same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    _same_signature(mine, their)
    for hypothesis, *refs in zip(hypotheses, *streams, strict=True):
        _same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))
    _same_signature(mine, their)


@pytest.mark.parametrize(("words", "tokenize"), [(JAPANESE, "ja-mecab"), (KOREAN, "ko-mecab")])
def test_bleu_with_mecab_is_sacrebleus(words: tuple[str, ...], tokenize: str) -> None:
    for joiner in ("", " "):
        hypotheses, streams = _corpus(4, words, joiner)
        mine, their = ours.BLEU(tokenize=tokenize), theirs.BLEU(tokenize=tokenize)
        mine_score = mine.corpus_score(hypotheses, streams)
        _same_score(mine_score, their.corpus_score(hypotheses, streams))
        _same_signature(mine, their)


@pytest.fixture(scope="module")
def sacrebleu_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


@pytest.fixture
def models(sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_cache))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_cache))
    yield sacrebleu_cache


@pytest.mark.parametrize("tokenize", ["flores101", "flores200", "spBLEU-1K", "spm"])
def test_spbleu_is_sacrebleus(tokenize: str, models: Path) -> None:
    words = WORDS + JAPANESE + KOREAN
    hypotheses, streams = _corpus(5, words)
    mine, their = ours.BLEU(tokenize=tokenize), theirs.BLEU(tokenize=tokenize)
    _same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    _same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:10]:
        _same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))


@settings(max_examples=60, deadline=None)
@given(
    segments=st.lists(
        st.tuples(st.text(st.sampled_from("ab c.d!"), max_size=20), st.text("ab c.d!", max_size=20)),
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
    _same_score(mine.corpus_score(hypotheses, refs), their.corpus_score(hypotheses, refs))
    _same_score(
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
            _same_score(mine, their)


def test_cached_references_give_the_same_scores_as_given_ones() -> None:
    hypotheses, streams = _corpus(6)
    other, _ = _corpus(7)
    for metric in (ours.BLEU, theirs.BLEU, ours.CHRF, theirs.CHRF, ours.TER, theirs.TER):
        cached = metric(references=streams)  # type: ignore[operator]
        plain = metric()  # type: ignore[operator]
        for system in (hypotheses, other):
            assert cached.corpus_score(system, None).score == plain.corpus_score(
                system, streams
            ).score
    mine, their = ours.BLEU(references=streams), theirs.BLEU(references=streams)
    _same_score(mine.corpus_score(other, None), their.corpus_score(other, None))
    _same_signature(mine, their)


CHRF_SETTINGS = [
    {},
    {"word_order": 2},
    {"word_order": 1, "char_order": 4, "beta": 3},
    {"lowercase": True},
    {"whitespace": True},
    {"eps_smoothing": True},
    {"char_order": 3, "word_order": 2, "whitespace": True, "lowercase": True},
]


@pytest.mark.parametrize("arguments", CHRF_SETTINGS)
def test_chrf_is_sacrebleus(arguments: dict[str, Any]) -> None:
    hypotheses, streams = _corpus(8)
    mine, their = ours.CHRF(**arguments), theirs.CHRF(**arguments)
    _same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    _same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:15]:
        _same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))


TER_SETTINGS = [
    {},
    {"normalized": True},
    {"no_punct": True},
    {"asian_support": True, "normalized": True},
    {"case_sensitive": True},
]


@pytest.mark.parametrize("arguments", TER_SETTINGS)
def test_ter_is_sacrebleus(arguments: dict[str, Any]) -> None:
    hypotheses, streams = _corpus(9)
    mine, their = ours.TER(**arguments), theirs.TER(**arguments)
    _same_score(mine.corpus_score(hypotheses, streams), their.corpus_score(hypotheses, streams))
    _same_signature(mine, their)
    for hypothesis, *refs in list(zip(hypotheses, *streams, strict=True))[:15]:
        _same_score(mine.sentence_score(hypothesis, refs), their.sentence_score(hypothesis, refs))


def test_a_score_formats_as_sacrebleus_json() -> None:
    hypotheses, streams = _corpus(10)
    mine, their = ours.BLEU(), theirs.BLEU()
    mine_score = mine.corpus_score(hypotheses, streams)
    their_score = their.corpus_score(hypotheses, streams)
    signature = str(their.get_signature())
    assert mine_score.format(signature=signature, is_json=True) == their_score.format(
        signature=signature, is_json=True
    )
    assert _json(mine_score, str(mine.get_signature()))["mtcompute"] == __version__


def test_a_signature_before_any_score_is_refused_as_sacrebleu_refuses_it() -> None:
    with pytest.raises(ValueError, match="Number of references unknown"):
        ours.BLEU().get_signature()


def test_segments_with_different_numbers_of_references_sign_var() -> None:
    hypotheses, streams = _corpus(11)
    mine = ours.CHRF()
    mine.corpus_score(hypotheses, streams)
    assert mine.get_signature().format().startswith("nrefs:var|")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.corpus_score("a b", [["a b"]]), "`hyps` should be a sequence of strings"),
        (lambda m: m.corpus_score([1], [["a"]]), "Each element of `hyps` should be a string"),
        (lambda m: m.corpus_score(["a"], ["a"]), "Each element of `refs` should be a sequence"),
        (lambda m: m.corpus_score(["a"], "a"), "`refs` should be a sequence of sequence"),
        (lambda m: m.corpus_score(["a"], [[1]]), "`refs` should be a sequence of sequence"),
        (lambda m: m.sentence_score(1, ["a"]), "The argument `hyp` should be a string"),
        (lambda m: m.sentence_score("a", "a"), "The argument `refs` should be a sequence"),
        (lambda m: m.sentence_score("a", [1]), "Each element of `refs` should be a string"),
    ],
)
@pytest.mark.parametrize("metric", [ours.BLEU, ours.CHRF, ours.TER])
def test_what_sacrebleu_refuses_is_a_type_error(metric: Any, call: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        call(metric())


def test_without_references_or_a_cache_the_score_is_refused() -> None:
    with pytest.raises(RuntimeError, match="No references provided and the cache is empty"):
        ours.BLEU().corpus_score(["a"], None)


def test_streams_of_other_lengths_are_refused_never_truncated() -> None:
    with pytest.raises(InputError, match="one per hypothesis"):
        ours.BLEU().corpus_score(["a", "b"], [["a"]])
    with pytest.raises(InputError, match="of one length"):
        ours.CHRF().corpus_score(["a", "b"], [["a", "b"], ["a"]])


def test_an_unknown_smoothing_or_tokenizer_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown smooth_method 'add-one'"):
        ours.BLEU(smooth_method="add-one")
    with pytest.raises(ValueError, match="unknown tokenizer 'moses'"):
        ours.BLEU(tokenize="moses")


def test_n_bootstrap_is_refused_with_where_to_get_it() -> None:
    with pytest.raises(ValueError, match="n_bootstrap"):
        ours.BLEU().corpus_score(["a"], [["a"]], n_bootstrap=100)


def test_every_class_is_exported() -> None:
    assert set(ours.METRICS) == {"BLEU", "CHRF", "TER"}
    assert cast(Any, ours).__all__
