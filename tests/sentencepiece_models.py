"""SentencePiece models trained on generated text, placed where sacreBLEU keeps its models: a
folder to use as ``$SACREBLEU``, so that mtcompute and sacreBLEU read the same files and no model
is ever downloaded."""

import random
from pathlib import Path

import sentencepiece

# The file names sacreBLEU 2.6 gives the models in $SACREBLEU/models, and a vocabulary size
# for each, so that the three models cut differently.
MODEL_FILES = {
    "sacrebleu_tokenizer_spm.model": 300,  # flores101 and spm
    "flores200sacrebleuspm": 400,  # flores200
    "spbleu-1k_tokenizer_spm.model": 250,  # spBLEU-1K
}
_WORD_LINES = (
    "the cat sat on mat and dog ran far away from home while birds sing",
    "Haus Straße über café naïve 2024 3.5 $10 (note) «quote» — ok!",
    "東京 日本語 今日は 天気 いい ですね 한국어 문장 오늘 날씨 좋다 中文 我们 学习",
    "Привет мир как дела مرحبا بالعالم नमस्ते दुनिया",
)
WORDS = tuple(word for line in _WORD_LINES for word in line.split())


ALPHABETS = (
    "abcdefghijklmnopqrstuvwxyz",
    "あいうえおかきくけこさしすせそたちつてと",
    "가나다라마바사아자차카타파하",
    "абвгдежзиклмнопрст",
)


def _word(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(WORDS)
    alphabet = rng.choice(ALPHABETS)
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6)))


def training_text(lines: int = 3000, seed: int = 1) -> str:
    """Lines of words drawn from several scripts: known words and random syllables."""
    rng = random.Random(seed)
    return "\n".join(" ".join(_word(rng) for _ in range(rng.randint(3, 14))) for _ in range(lines))


def train_models(folder: Path) -> Path:
    """``folder`` made a sacreBLEU cache holding the three models; returns ``folder``."""
    models = folder / "models"
    models.mkdir(parents=True, exist_ok=True)
    corpus = folder / "corpus.txt"
    corpus.write_text(training_text(), encoding="utf-8")
    for file_name, vocab_size in MODEL_FILES.items():
        prefix = folder / f"trained-{vocab_size}"
        sentencepiece.SentencePieceTrainer.train(
            input=str(corpus),
            model_prefix=str(prefix),
            vocab_size=vocab_size,
            character_coverage=1.0,
            minloglevel=2,
        )
        (prefix.with_suffix(".model")).rename(models / file_name)
    return folder
