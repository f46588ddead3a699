"""sacreBLEU's multilingual tokenizers (ja-mecab, ko-mecab, flores101, flores200, spBLEU-1K,
spm) give sacreBLEU 2.6's tokens and signature on generated Japanese, Korean and multilingual
text, with SentencePiece models trained here and read by both from one ``$SACREBLEU``."""

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers import tokenizer_spm
from sacrebleu.tokenizers.tokenizer_ja_mecab import TokenizerJaMecab
from sacrebleu.tokenizers.tokenizer_ko_mecab import TokenizerKoMecab

from mtcompute.fast.tokenize import tokenize_many as fast_tokenize_many
from mtcompute.metrics.tokenizers import (
    MODEL_TOKENIZER_NAMES,
    available_tokenizers,
    tokenize,
    tokenize_many,
    tokenizer_model_sha256,
    tokenizer_signature,
)
from mtcompute.metrics.tokenizers.spm import spm_tokenizer
from tests.sentencepiece_models import train_models, training_text

# sacreBLEU's spm tokenizer logs its rename through Logger.warn, which Python deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")

SPM_NAMES = ("flores101", "flores200", "spBLEU-1K", "spm")
SACREBLEU_SPM = {
    "spm": tokenizer_spm.TokenizerSPM,
    "flores101": tokenizer_spm.Flores101Tokenizer,
    "flores200": tokenizer_spm.Flores200Tokenizer,
    "spBLEU-1K": tokenizer_spm.spBLEU1KTokenizer,
}

HIRAGANA = st.characters(min_codepoint=0x3041, max_codepoint=0x3096)
KATAKANA = st.characters(min_codepoint=0x30A1, max_codepoint=0x30FA)
KANJI = st.sampled_from("日本語東京今天気学校先生雨山川人大小中上下")
HANGUL = st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3)
LATIN = st.characters(min_codepoint=0x21, max_codepoint=0x7E)
SPACE = st.sampled_from(" \t\u3000\n")
PUNCT = st.sampled_from("、。！？「」（）・…")  # noqa: RUF001


def _texts(*alphabets: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.text(st.one_of(*alphabets), max_size=60)


JAPANESE = _texts(HIRAGANA, KATAKANA, KANJI, PUNCT, SPACE, LATIN)
KOREAN = _texts(HANGUL, SPACE, LATIN, PUNCT)
MULTILINGUAL = _texts(
    HIRAGANA, KANJI, HANGUL, LATIN, SPACE, PUNCT, st.characters(codec="utf-8", max_codepoint=0x3000)
)

JAPANESE_SENTENCES = ["今日は良い天気ですね。", "  東京に行きました!  ", "", "ＡＢＣ　データ"]  # noqa: RUF001
KOREAN_SENTENCES = ["오늘 날씨가 좋습니다.", "한국어 문장을 분석합니다 ", "", "ABC 데이터"]


@pytest.fixture(scope="module")
def sacrebleu_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


@pytest.fixture
def models(sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Both read the trained models: mtcompute from $SACREBLEU, sacreBLEU from the folder it
    resolved from $SACREBLEU when it was imported."""
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_cache))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_cache))
    return sacrebleu_cache


def _sacrebleu(tokenizer: Callable[[str], str], text: str, lowercase: bool) -> list[str]:
    line = text.lower() if lowercase else text
    return tokenizer(line.rstrip()).split()


JA: Any = TokenizerJaMecab()  # type: ignore[no-untyped-call]
KO: Any = TokenizerKoMecab()  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("text", JAPANESE_SENTENCES)
def test_ja_mecab_cuts_japanese_sentences_as_sacrebleu(text: str) -> None:
    assert tokenize(text, "ja-mecab") == _sacrebleu(JA, text, False)


@pytest.mark.parametrize("text", KOREAN_SENTENCES)
def test_ko_mecab_cuts_korean_sentences_as_sacrebleu(text: str) -> None:
    assert tokenize(text, "ko-mecab") == _sacrebleu(KO, text, False)


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(JAPANESE, MULTILINGUAL), lowercase=st.booleans())
def test_ja_mecab_gives_sacrebleus_tokens_on_generated_text(text: str, lowercase: bool) -> None:
    assert tokenize(text, "ja-mecab", lowercase) == _sacrebleu(JA, text, lowercase)


@settings(max_examples=150, deadline=None)
@given(text=st.one_of(KOREAN, MULTILINGUAL), lowercase=st.booleans())
def test_ko_mecab_gives_sacrebleus_tokens_on_generated_text(text: str, lowercase: bool) -> None:
    assert tokenize(text, "ko-mecab", lowercase) == _sacrebleu(KO, text, lowercase)


def test_the_mecab_signatures_are_sacrebleus() -> None:
    assert tokenizer_signature("ja-mecab") == JA.signature() == "ja-mecab-0.996-IPA"
    assert tokenizer_signature("ko-mecab") == KO.signature()
    assert tokenizer_signature("ko-mecab").startswith("ko-mecab-0.996/ko-")
    assert tokenizer_model_sha256("ja-mecab") is None


@pytest.mark.parametrize("name", SPM_NAMES)
@settings(max_examples=60, deadline=None)
@given(texts=st.lists(st.one_of(JAPANESE, KOREAN, MULTILINGUAL), max_size=6))
def test_sentencepiece_tokenizers_give_sacrebleus_tokens(
    name: str, texts: list[str], sacrebleu_cache: Path
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SACREBLEU", str(sacrebleu_cache))
        patch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_cache))
        theirs = _sacrebleu_spm(name)
        for lowercase in (False, True):
            expected = [_sacrebleu(theirs, text, lowercase) for text in texts]
            assert tokenize_many(texts, name, lowercase) == expected
            assert [tokenize(text, name, lowercase) for text in texts] == expected


_SACREBLEU_MADE: dict[tuple[str, str], Callable[[str], str]] = {}


def _sacrebleu_spm(name: str) -> Callable[[str], str]:
    key = (name, cast(Any, tokenizer_spm).SACREBLEU_DIR)
    if key not in _SACREBLEU_MADE:
        _SACREBLEU_MADE[key] = SACREBLEU_SPM[name]()
    return _SACREBLEU_MADE[key]


@pytest.mark.parametrize("name", SPM_NAMES)
def test_sentencepiece_signatures_are_sacrebleus_and_name_the_models_sha256(
    name: str, models: Path
) -> None:
    theirs = _sacrebleu_spm(name)
    assert tokenizer_signature(name) == theirs.signature()  # type: ignore[attr-defined]
    file_name = {
        "spm": "sacrebleu_tokenizer_spm.model",
        "flores101": "sacrebleu_tokenizer_spm.model",
        "flores200": "flores200sacrebleuspm",
        "spBLEU-1K": "spbleu-1k_tokenizer_spm.model",
    }[name]
    data = (models / "models" / file_name).read_bytes()
    assert tokenizer_model_sha256(name) == hashlib.sha256(data).hexdigest()


def test_the_three_models_cut_differently(models: Path) -> None:
    text = training_text(lines=20, seed=9)
    cuts = {tuple(tokenize(text, name)) for name in ("flores101", "flores200", "spBLEU-1K")}
    assert len(cuts) == 3


def test_every_multilingual_tokenizer_is_available_where_its_package_and_model_are(
    models: Path,
) -> None:
    assert set(MODEL_TOKENIZER_NAMES) <= set(available_tokenizers())


def test_a_model_is_loaded_once_per_process_and_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    train_models(tmp_path)
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    loaded = spm_tokenizer("flores200")
    before = tokenize("東京 한국어 café", "flores200")
    (tmp_path / "models" / "flores200sacrebleuspm").unlink()  # no second read could find it
    assert spm_tokenizer("flores200") is loaded
    assert tokenize("東京 한국어 café", "flores200") == before


@pytest.mark.usefixtures("pure_python")
def test_without_a_compiler_the_fast_path_gives_the_same_tokens(models: Path) -> None:
    texts = ["今日は良い天気ですね。", "오늘 날씨가 좋습니다.", "Straße café 東京"]
    for name in MODEL_TOKENIZER_NAMES:
        assert fast_tokenize_many(texts, name, True) == tokenize_many(texts, name, True)


def test_spm_and_flores101_share_one_loaded_model(models: Path) -> None:
    spm, flores101 = spm_tokenizer("spm"), spm_tokenizer("flores101")
    assert spm is not flores101  # each signs as sacreBLEU signs it
    assert spm._encode == flores101._encode
    assert spm.sha256 == flores101.sha256
