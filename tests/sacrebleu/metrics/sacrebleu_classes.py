"""What the drop-in's classes are compared with: sacreBLEU 2.6's classes on generated corpora,
score for score, field for field, line for line and signature for signature (the version part
mtcompute's)."""

import json
import random
from typing import Any

from sacrebleu import metrics as sacrebleu_metrics

from mtcompute.version import __version__

theirs: Any = sacrebleu_metrics  # its classes, untyped here

WORDS = ("the", "cat", "sat", "(on)", "mat.", "don't", "3,000.5", "«oui»", "中文。", "İ", "!", "A")
JAPANESE = ("今日は", "良い", "天気", "です", "ね", "。", "東京", "に", "行き", "ました")
KOREAN = ("오늘", "날씨가", "좋습니다", ".", "한국어", "문장을", "분석합니다")


def text(rng: random.Random, words: tuple[str, ...] = WORDS, joiner: str = " ") -> str:
    return joiner.join(rng.choice(words) for _ in range(rng.randint(0, 14)))


def corpus(
    seed: int, words: tuple[str, ...] = WORDS, joiner: str = " ", segments: int = 40
) -> tuple[list[str], list[list[str | None]]]:
    rng = random.Random(seed)
    hypotheses = [text(rng, words, joiner) for _ in range(segments)]
    streams: list[list[str | None]] = [[text(rng, words, joiner) for _ in hypotheses] for _ in "ab"]
    streams[1][3] = None
    return hypotheses, streams


def version_ours(signature: str) -> str:
    return signature.replace("version:2.6.0", f"mtcompute:{__version__}").replace(
        "v:2.6.0", f"mtcompute:{__version__}"
    )


FIELDS = (
    *("counts", "totals", "precisions", "bp", "sys_len", "ref_len", "ratio", "prec_str"),
    *("char_order", "word_order", "beta", "num_edits", "ref_length"),
)


def same_score(mine: Any, their: Any) -> None:
    assert mine.score == their.score  # to the bit
    assert mine.name == their.name
    assert str(mine) == str(their)
    assert repr(mine) == repr(their)
    for width in (1, 2, 4):
        assert mine.format(width) == their.format(width)
        assert mine.format(width, score_only=True) == their.format(width, score_only=True)
    for field in FIELDS:
        assert getattr(mine, field, None) == getattr(their, field, None), field


def same_signature(mine: Any, their: Any) -> None:
    for short in (False, True):
        assert mine.get_signature().format(short) == version_ours(
            their.get_signature().format(short)
        )
    assert str(mine.get_signature()) == version_ours(str(their.get_signature()))


def json_of(score: Any, signature: str) -> Any:
    return json.loads(score.format(signature=signature, is_json=True))
