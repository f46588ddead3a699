"""What a call will cost to compute, estimated from its raw input before anything runs.

A server admits costly work by what it will take (``http.server.compute``): CPU seconds and the
working memory it holds at its peak. The estimates are upper bounds calibrated on a shared
2-core machine (Intel Xeon, Python 3.11) with the dearest inputs each tool accepts
(``bench/worst_valid.py``), so that ordinary inputs are estimated above what they take:

- TER searches its shifts within a beam, so its time grows with the words, not their square:
  about 110 us of CPU per word of the longer text of each (hypothesis, reference) pair, brackets
  with ``normalized`` (a word a byte) as much as two-word vocabularies; 150 us is charged.
- chrF pairwise compares every hypothesis with every reference: its time is the cells times
  the texts' bytes times the orders (0.5 ns each), and it holds each text's n-grams for the
  whole matrix: about 36 bytes per text byte per order (423 MiB for 1 MiB at 12 orders).
- paired significance computes each system's segment scores, then resamples them: samples x
  systems x segments x metrics steps. score-texts does the same for several systems or with
  confidence, its steps counted as its contract bounds them (ROUGE's weighed); at most 4 ns a
  step (a bootstrap of BLEU; randomization takes about 1 ns, ROUGE 40 ns a step weighed 16),
  with its draws held per segment: two bytes a bootstrap resample, a bit a randomization
  trial, and two int64 indexes a resample of the intervals beside randomization.
- WER and CER align each pair: words (characters) of the hypothesis times the reference's.
- score-texts's TER by its word pairs (``ter_pair_cost``), its CER by its weighted cells
  (``character_pair_cost``): the measures its limits bound.
- The rest take time and memory in proportion to their input: a rate per byte of text.

An input the estimate cannot read (it is invalid, and its tool refuses it) costs little.

    estimate(id, version, input)     one execute
    batch_estimate(batch)            the sum over a batch's operations (bound keys unknown: 0)
"""

import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.inputs import resampling
from mtcompute.contracts.registry import get_tool
from mtcompute.errors import UnknownToolError

_MIB = 1024 * 1024
# Time and memory every call takes, however small: parsing, validation, answer.
_BASE_SECONDS = 0.0005
_BASE_MEMORY = _MIB
# Working memory per byte of input text, and per byte of answer beyond the input.
_MEMORY_PER_TEXT_BYTE = 48
# Tools that keep per-segment statistics, not per-text structures: paired significance at
# 16 x 10,000 segments of 40 MB peaks about 140 MiB above its input.
_MEMORY_PER_TEXT_BYTE_OF: Mapping[str, int] = {"paired-significance": 8}
_MEMORY_PER_ANSWER_BYTE = 16
_TER_SECONDS_PER_WORD = 150e-6
# score-texts' TER, per word pair (``ter_pair_cost``): texts of 27 to 40 words over a few
# symbols take about 110 ns each (shuffled distinct words as much), translations about 35 ns.
TER_CANDIDATES = 1000
_TER_SECONDS_PER_WORD_PAIR = 150e-9
# rapidfuzz splits a pair of this many cells (and 65 and 10 items) before aligning its halves.
SPLIT_CELLS = 4 * 1024 * 1024
SPLIT_WEIGHT = 4
# score-texts' CER per weighted cell (``character_pair_cost``): the bit-parallel alignment takes
# about 0.2 ns a cell, a split pair's (compiled too, its band rows recomputed) well under 1:
# the estimate stays where the released weights put it, on the side of caution.
_CER_SECONDS_PER_CELL = 4e-9
_PAIRWISE_SECONDS_PER_CELL_BYTE = 0.6e-9
_PAIRWISE_SECONDS_PER_TEXT_BYTE = 60e-9  # each text's n-grams, per order
_PAIRWISE_MEMORY_PER_BYTE_ORDER = 36
_ALIGNMENT_SECONDS_PER_CELL = 3e-9
_RESAMPLING_SECONDS_PER_STEP = 2e-9
_SCORE_TEXTS_SECONDS_PER_STEP = 4e-9
# Bytes per segment of each resample's draws, by the flag that asks for them; the intervals
# beside randomization (confidence with paired_ar) hold two sets of int64 indexes.
_DRAW_BYTES = {"paired_bs": 4, "paired_ar": 1, "confidence": 4}
_BESIDE_RANDOMIZATION_BYTES = 16
_CHRF_SECONDS_PER_BYTE_ORDER = 50e-9
# Paired significance scores its segments in one compiled pass a system, with no answer per
# segment: 16 x 10,000 segments of chrF++ at 12 orders take about 3.7 s of CPU in all.
_SIGNIFICANCE_CHRF_SECONDS_PER_BYTE_ORDER = 8e-9
_SIGNIFICANCE_SECONDS_PER_BYTE = 0.1e-6
_SHARED_CHRF_SECONDS_PER_BYTE_ORDER = 20e-9  # references counted once for every system
# The rate per byte of text of the tools whose time is in proportion to it.
_SECONDS_PER_BYTE: Mapping[str, float] = {
    "bleu-ngrams-count": 4e-6,
    "bleu-pairwise-compute": 1e-6,
    "rouge-compute": 4e-6,
    "chrf-compute": 0.5e-6,
    "chrf-plus-plus-compute": 1e-6,
    "wer-from-statistics": 0.2e-6,
    "cer-from-statistics": 0.2e-6,
}
_DEFAULT_SECONDS_PER_BYTE = 0.1e-6
# The characters TER's normalization can make words of their own (with every non-ASCII one):
# counted by ``str.count``, which a regular expression over 1 MiB is 100 times slower than.
_PUNCTUATION = tuple(string.punctuation)


@dataclass(frozen=True)
class Cost:
    """CPU seconds and peak working bytes of a call, estimated before it runs."""

    seconds: float = 0.0
    memory: int = 0

    def __add__(self, other: "Cost") -> "Cost":
        return Cost(self.seconds + other.seconds, self.memory + other.memory)


def estimate(tool_id: object, version: object, raw: object) -> Cost:
    """The cost of executing ``tool_id`` at ``version`` on ``raw``."""
    if not isinstance(tool_id, str) or not isinstance(version, str):
        return Cost(_BASE_SECONDS, _BASE_MEMORY)
    try:
        tool = get_tool(tool_id, version)
    except UnknownToolError:
        return Cost(_BASE_SECONDS, _BASE_MEMORY)
    if not isinstance(raw, Mapping):
        return Cost(_BASE_SECONDS, _BASE_MEMORY)
    text_bytes = _text_bytes(raw)
    per_byte = _MEMORY_PER_TEXT_BYTE_OF.get(tool.contract.id, _MEMORY_PER_TEXT_BYTE)
    memory = _BASE_MEMORY + per_byte * text_bytes
    memory += _MEMORY_PER_ANSWER_BYTE * tool.answer_bytes(raw)
    special = _SPECIAL.get(tool.contract.id)
    if special is not None:
        work = special(raw)
        return Cost(_BASE_SECONDS + work.seconds, memory + work.memory)
    rate = _SECONDS_PER_BYTE.get(tool.contract.id, _DEFAULT_SECONDS_PER_BYTE)
    return Cost(_BASE_SECONDS + rate * text_bytes, memory)


def batch_estimate(batch: object) -> Cost:
    """The cost of a raw batch ``{"operations": [...]}``, operation by operation (a bound key
    is not known yet, and costs nothing)."""
    operations = batch.get("operations") if isinstance(batch, Mapping) else None
    if not isinstance(operations, list):
        return Cost(_BASE_SECONDS, _BASE_MEMORY)
    total = Cost(_BASE_SECONDS, _BASE_MEMORY)
    for operation in operations:
        if isinstance(operation, Mapping):
            total += estimate(operation.get("id"), operation.get("version"), operation.get("input"))
    return total


def _text_bytes(value: object) -> int:
    """The characters of every string in ``value``, and 8 for every other scalar."""
    total = 0
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, Mapping):
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            pending.extend(item)
        else:
            total += 8
    return total


def _strings(value: object) -> list[str]:
    """``value`` if a list of strings (others left out), else nothing."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, str)]


def _reference_sets(value: object) -> list[list[str]]:
    """Each segment's references, from a list of lists of strings."""
    if not isinstance(value, list):
        return []
    return [_strings(item) for item in value]


def ter_words_at_most(text: str, normalized: bool) -> int:
    """At most the words of ``text`` for TER (``normalized`` splits punctuation off)."""
    words = len(text.split())
    if not normalized:
        return words
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    return words + non_ascii + sum(map(text.count, _PUNCTUATION))


def ter_pair_cost(hypothesis_words: int, reference_words: int) -> int:
    """TER's shift search on one (hypothesis, reference) pair, in word pairs: the longer text's
    words times the same number up to ``TER_CANDIDATES``. A pair tries at most that many candidate
    shifts, each an edit distance over the words: its time grows with the square of its words up
    to the budget, and with the words past it."""
    longer = max(hypothesis_words, reference_words)
    return longer * min(longer, TER_CANDIDATES)


def character_pair_cost(hypothesis_length: int, reference_length: int) -> int:
    """CER's alignment of one pair, in cells: code points times code points, ``SPLIT_WEIGHT``
    times for a pair so long that the alignment is first split (as rapidfuzz splits it): the
    weight score-texts@1.0.0 was released with, from when the split ran in pure Python at about
    100 times the cost per cell; the compiled split is now within a few times the unsplit."""
    cells = hypothesis_length * reference_length
    split = cells >= SPLIT_CELLS and reference_length >= 65 and hypothesis_length >= 10
    return SPLIT_WEIGHT * cells if split else cells


def _ter_seconds(hypotheses: list[str], references: list[list[str]], options: object) -> float:
    """TER's time over the (hypothesis, reference) pairs of one system."""
    normalized = isinstance(options, Mapping) and bool(options.get("normalized"))
    words = 0
    for hypothesis, texts in zip(hypotheses, references, strict=False):
        length = ter_words_at_most(hypothesis, normalized)
        words += sum(max(length, ter_words_at_most(text, normalized)) for text in texts)
    return _TER_SECONDS_PER_WORD * words


def _ter_word_pairs(hypotheses: list[str], references: list[list[str]], options: object) -> int:
    normalized = isinstance(options, Mapping) and bool(options.get("normalized"))
    total = 0
    for hypothesis, texts in zip(hypotheses, references, strict=False):
        words = ter_words_at_most(hypothesis, normalized)
        total += sum(ter_pair_cost(words, ter_words_at_most(t, normalized)) for t in texts)
    return total


def _ter(raw: Mapping[str, Any]) -> Cost:
    hypotheses = _strings(raw.get("hypotheses"))
    return Cost(_ter_seconds(hypotheses, _reference_sets(raw.get("references")), raw))


def _orders(options: object, char_default: int, word_default: int) -> int:
    """chrF's character and word orders (the defaults when not integers)."""
    if not isinstance(options, Mapping):
        return char_default + word_default
    char, word = options.get("char_order"), options.get("word_order")
    char = char if isinstance(char, int) and 0 < char <= 64 else char_default
    word = word if isinstance(word, int) and 0 <= word <= 64 else word_default
    return char + word


def _chrf_pairwise(raw: Mapping[str, Any]) -> Cost:
    hypotheses, references = _strings(raw.get("hypotheses")), _strings(raw.get("references"))
    hypothesis_bytes = sum(len(text) for text in hypotheses)
    reference_bytes = sum(len(text) for text in references)
    orders = _orders(raw, 6, 0)
    cell_bytes = len(references) * hypothesis_bytes + len(hypotheses) * reference_bytes
    text_bytes = hypothesis_bytes + reference_bytes
    seconds = orders * (
        _PAIRWISE_SECONDS_PER_CELL_BYTE * cell_bytes + _PAIRWISE_SECONDS_PER_TEXT_BYTE * text_bytes
    )
    return Cost(seconds, _PAIRWISE_MEMORY_PER_BYTE_ORDER * orders * text_bytes)


def _alignment_cells(raw: Mapping[str, Any], unit: Callable[[str], int]) -> int:
    hypotheses, references = _strings(raw.get("hypotheses")), _strings(raw.get("references"))
    return sum(unit(h) * unit(r) for h, r in zip(hypotheses, references, strict=False))


def _wer(raw: Mapping[str, Any]) -> Cost:
    cells = _alignment_cells(raw, lambda text: len(text.split()))
    return Cost(_ALIGNMENT_SECONDS_PER_CELL * cells + 0.2e-6 * _text_bytes(raw))


def _cer(raw: Mapping[str, Any]) -> Cost:
    cells = _alignment_cells(raw, len)
    return Cost(_ALIGNMENT_SECONDS_PER_CELL * cells + 0.2e-6 * _text_bytes(raw))


def _metric_seconds(metric: str, raw: Mapping[str, Any], hypotheses: list[str]) -> float:
    """One system's segment scores by ``metric`` (the references are counted once for every
    system, ``_references_seconds``)."""
    if metric == "ter":
        return _ter_seconds(hypotheses, _reference_sets(raw.get("references")), raw.get("ter"))
    text_bytes = sum(len(text) for text in hypotheses)
    if metric in ("chrf", "chrf++"):
        return _SIGNIFICANCE_CHRF_SECONDS_PER_BYTE_ORDER * _chrf_orders(metric, raw) * text_bytes
    return _SIGNIFICANCE_SECONDS_PER_BYTE * text_bytes


def _chrf_orders(metric: str, raw: Mapping[str, Any]) -> int:
    return _orders(raw.get(metric), 6, 2 if metric == "chrf++" else 0)


def _references_seconds(metric: str, raw: Mapping[str, Any]) -> float:
    """The references' share of ``metric``'s work, shared by every system (TER's is in its
    pairs)."""
    text_bytes = _text_bytes(raw.get("references"))
    if metric in ("chrf", "chrf++"):
        return _SHARED_CHRF_SECONDS_PER_BYTE_ORDER * _chrf_orders(metric, raw) * text_bytes
    return 0.0 if metric == "ter" else _SIGNIFICANCE_SECONDS_PER_BYTE * text_bytes


def _systems(raw: Mapping[str, Any]) -> list[list[str]]:
    systems = raw.get("systems")
    if not isinstance(systems, list):
        return []
    return [_strings(s.get("hypotheses")) for s in systems if isinstance(s, Mapping)]


def _significance(raw: Mapping[str, Any]) -> Cost:
    systems = _systems(raw)
    metrics = [m for m in _listed(raw.get("metrics"), ["bleu"]) if isinstance(m, str)]
    seconds = sum(_metric_seconds(m, raw, system) for m in metrics for system in systems)
    seconds += sum(_references_seconds(m, raw) for m in metrics)
    samples = raw.get("samples")
    samples = samples if isinstance(samples, int) and 0 < samples <= 10_000 else 10_000
    segments = max((len(system) for system in systems), default=0) or _statistics_segments(raw)
    steps = samples * len(systems) * segments * len(metrics)
    return Cost(seconds + _RESAMPLING_SECONDS_PER_STEP * steps)


def _statistics_segments(raw: Mapping[str, Any]) -> int:
    """The segments of systems given by their statistics (``paired-significance@1.1.0``):
    the longest list of any metric's."""
    systems = raw.get("systems")
    if not isinstance(systems, list):
        return 0
    lengths = [
        len(segments)
        for system in systems
        if isinstance(system, Mapping) and isinstance(system.get("statistics"), Mapping)
        for segments in system["statistics"].values()
        if isinstance(segments, list)
    ]
    return max(lengths, default=0)


def _listed(value: object, default: list[object]) -> Iterable[object]:
    return value if isinstance(value, list) else default


def _score_texts(raw: Mapping[str, Any]) -> Cost:
    """One system's test set scored as ``_one_set`` says; several systems (or one with
    confidence) by each system's segment statistics, as paired significance's, and their
    resampling."""
    systems = _systems(raw)
    cost = Cost() if systems else _one_set(raw)
    steps = resampling.resampling_steps(raw)
    if not systems and not steps:
        return cost
    metrics = {m for m in _listed(raw.get("metrics"), ["bleu"]) if isinstance(m, str)}
    every = systems or [_strings(raw.get("hypotheses"))]
    seconds = sum(_segment_seconds(m, raw, system) for m in metrics for system in every)
    seconds += sum(_references_seconds(m, raw) for m in metrics if m != "rouge")
    seconds += _SCORE_TEXTS_SECONDS_PER_STEP * steps
    return cost + Cost(seconds, _draw_bytes(raw))


def _segment_seconds(metric: str, raw: Mapping[str, Any], hypotheses: list[str]) -> float:
    """One system's segment statistics: ROUGE's at its corpus rate, with its references."""
    if metric != "rouge":
        return _metric_seconds(metric, raw, hypotheses)
    text_bytes = sum(map(len, hypotheses)) + _text_bytes(raw.get("references"))
    return _DEFAULT_SECONDS_PER_BYTE * 4 * text_bytes


def _draw_bytes(raw: Mapping[str, Any]) -> int:
    """The resamples' draws held at once, for every segment."""
    references = raw.get("references")
    segments = len(references) if isinstance(references, list) else 0
    per_segment = 0
    for flag, (name, default, _) in resampling.COUNTS.items():
        if flag == "confidence" and resampling.asked(raw, "paired_bs"):
            continue  # the bootstrap's resamples give the intervals
        if resampling.asked(raw, flag):
            count = resampling.whole(raw.get(name, default), default)
            beside = flag == "confidence" and resampling.asked(raw, "paired_ar")
            per_segment += count * (_BESIDE_RANDOMIZATION_BYTES if beside else _DRAW_BYTES[flag])
    return segments * per_segment


def _one_set(raw: Mapping[str, Any]) -> Cost:
    """A test set scored by each metric named: TER by its word pairs, CER by its cells, chrF by
    its orders, the others by their bytes."""
    hypotheses = _strings(raw.get("hypotheses"))
    references = _reference_sets(raw.get("references"))
    text_bytes = _text_bytes(raw.get("hypotheses")) + _text_bytes(raw.get("references"))
    seconds = 0.0
    for metric in (m for m in _listed(raw.get("metrics"), ["bleu"]) if isinstance(m, str)):
        if metric == "ter":
            pairs = _ter_word_pairs(hypotheses, references, raw.get("ter"))
            times = 2 if raw.get("sentence_level") is True else 1  # segments scored again
            seconds += _TER_SECONDS_PER_WORD_PAIR * times * pairs
        elif metric == "cer":
            cells = sum(
                character_pair_cost(len(h), len(r))
                for h, texts in zip(hypotheses, references, strict=False)
                for r in texts
            )
            seconds += _CER_SECONDS_PER_CELL * cells
        elif metric in ("chrf", "chrf++"):
            seconds += _CHRF_SECONDS_PER_BYTE_ORDER * _chrf_orders(metric, raw) * text_bytes
        else:
            seconds += _DEFAULT_SECONDS_PER_BYTE * 4 * text_bytes
    return Cost(seconds)


_SPECIAL: Mapping[str, Callable[[Mapping[str, Any]], Cost]] = {
    "ter-compute": _ter,
    "chrf-pairwise-compute": _chrf_pairwise,
    "wer-compute": _wer,
    "cer-compute": _cer,
    "paired-significance": _significance,
    "score-texts": _score_texts,
}
