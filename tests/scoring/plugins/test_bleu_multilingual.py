"""``score -tok`` with sacreBLEU's multilingual tokenizers: one system's BLEU and several
systems' (with a paired test) are sacreBLEU's, the signature names the tokenizer as sacreBLEU's
does, a SentencePiece model is named by its sha256 beside the result, and a missing model is an
input error saying what to run."""

import hashlib
import random
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.tokenizers import tokenizer_spm

from mtcompute.errors import InputError
from mtcompute.scoring.plugins.bleu import Bleu
from mtcompute.scoring.systems import Resampling, score_systems
from tests.sentencepiece_models import train_models

pytestmark = pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")

JAPANESE = ("今日は", "良い", "天気", "です", "ね", "。", "東京", "に", "行き", "ました", "ABC")
KOREAN = ("오늘", "날씨가", "좋습니다", ".", "한국어", "문장을", "분석합니다")


def _texts(seed: int, words: tuple[str, ...], joiner: str, count: int = 30) -> list[str]:
    rng = random.Random(seed)
    return [joiner.join(rng.choice(words) for _ in range(rng.randint(1, 12))) for _ in range(count)]


@pytest.fixture(scope="module")
def sacrebleu_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_models(tmp_path_factory.mktemp("sacrebleu"))


@pytest.mark.parametrize(
    ("tokenizer", "words", "joiner"),
    [("ja-mecab", JAPANESE, ""), ("ko-mecab", KOREAN, " ")],
)
def test_mecab_corpus_bleu_and_signature_are_sacrebleus(
    tokenizer: str, words: tuple[str, ...], joiner: str
) -> None:
    hypotheses, references = _texts(1, words, joiner), _texts(2, words, joiner)
    scored = Bleu({"tokenize": tokenizer}).corpus(hypotheses, [references])
    theirs = sacrebleu.corpus_bleu(hypotheses, [references], tokenize=tokenizer)
    assert scored.score == pytest.approx(theirs.score, rel=1e-12)
    assert scored.result["matches"] == theirs.counts
    their_tok = theirs_signature_tok(tokenizer)
    assert f"|tok:{their_tok}|" in scored.signature
    assert "model_sha256" not in scored.result


def theirs_signature_tok(tokenizer: str) -> str:
    metric = sacrebleu.BLEU(tokenize=tokenizer)
    metric.corpus_score(["a"], [["a"]])
    signature: str = metric.get_signature().format()
    return signature.split("|tok:")[1].split("|", maxsplit=1)[0]


def test_spbleu_is_sacrebleus_and_names_the_model(
    sacrebleu_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(sacrebleu_cache))
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_cache))
    words = JAPANESE + KOREAN + ("the", "cat", "sat")
    hypotheses, references = _texts(3, words, " "), _texts(4, words, " ")
    scored = Bleu({"tokenize": "flores200"}).corpus(hypotheses, [references])
    theirs = sacrebleu.corpus_bleu(hypotheses, [references], tokenize="flores200")
    assert scored.score == pytest.approx(theirs.score, rel=1e-12)
    assert "|tok:flores200|" in scored.signature
    model = sacrebleu_cache / "models" / "flores200sacrebleuspm"
    assert scored.result["model_sha256"] == hashlib.sha256(model.read_bytes()).hexdigest()
    sentences = list(
        Bleu({"tokenize": "flores200"}, sentence_level=True).sentences(hypotheses, [references])
    )
    for mine, hypothesis, reference in zip(sentences, hypotheses, references, strict=True):
        their = sacrebleu.sentence_bleu(hypothesis, [reference], tokenize="flores200")
        assert mine.score == pytest.approx(their.score, rel=1e-12, abs=1e-12)
        assert mine.result["model_sha256"] == scored.result["model_sha256"]


def test_several_systems_are_scored_with_the_multilingual_tokenizer() -> None:
    references = _texts(5, JAPANESE, "")
    systems = [("a", _texts(6, JAPANESE, "")), ("b", _texts(7, JAPANESE, ""))]
    report = score_systems(systems, [references], ["bleu"], {"tokenize": "ja-mecab"}, Resampling())
    for row, (_, hypotheses) in zip(report.rows, systems, strict=True):
        theirs = sacrebleu.corpus_bleu(hypotheses, [references], tokenize="ja-mecab")
        assert row.score == pytest.approx(theirs.score, rel=1e-12)
    assert "|tok:ja-mecab-0.996-IPA|" in report.signatures["bleu"]


def test_a_missing_model_is_an_input_error_naming_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    with pytest.raises(InputError, match="sacrebleu x -tok spBLEU-1K"):
        Bleu({"tokenize": "spBLEU-1K"})
