"""rouge-score 0.1.2, the peer the oracle reproduces, as the tests call it."""

from collections.abc import Sequence

from rouge_score import rouge_scorer

from mtcompute.metrics.rouge.scores import Score

ALL_TYPES = ("rouge1", "rouge2", "rouge3", "rouge4", "rouge9", "rougeL", "rougeLsum")


def peer_score_multi(
    references: Sequence[str], hypothesis: str, rouge_types: Sequence[str], use_stemmer: bool
) -> dict[str, Score]:
    scorer = rouge_scorer.RougeScorer(list(rouge_types), use_stemmer=use_stemmer)
    scores = scorer.score_multi(list(references), hypothesis)
    return {name: Score(*map(float, value)) for name, value in scores.items()}


def peer_score(
    reference: str, hypothesis: str, rouge_types: Sequence[str], use_stemmer: bool
) -> dict[str, Score]:
    scorer = rouge_scorer.RougeScorer(list(rouge_types), use_stemmer=use_stemmer)
    scores = scorer.score(reference, hypothesis)
    return {name: Score(*map(float, value)) for name, value in scores.items()}


HOSTILE = (
    "",
    " ",
    "\n",
    "\n\n\n",
    "...!!!",
    "\u2014 \u00ab \u00bb \u201c \u201d \u2018 \u2019",
    "中文文本\uff0c没有空格。",
    "中文文本\uff0c没有空格。\n第二句。",
    "İstanbul İİ \u0131i",  # "İ".lower() is "i" and a combining dot
    "\u212a Kelvin \u212a\u212a",  # the Kelvin sign lowers to "k"
    "Straße STRASSE straße",
    "café naïve résumé CAFÉ",
    "1990s 1,000,000 3.14159 0x1F 007",
    "a-b-c d_e_f g/h/i",
    "The\tquick\rbrown\x0bfox\x0cjumps\u2028over\u00a0the\u3000lazy dog",
    "line one\r\nline two\r\n\r\nline three",
    "running runner runs ran easily fairly generously conditional relational",
    "skies dying lying tying news innings outings cannings howe proceed exceed succeed",
    "yyyy yayay syzygy toy toys enjoying happy happiness",
    "a a a a a a a a a a the the the",
    "emoji 🙂🙃 text 🙂",
    "\ud7ff\ue000\U0010ffff",
)
