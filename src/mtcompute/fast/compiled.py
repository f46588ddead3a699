"""The compiled fast paths, which ``setup.py`` builds where it finds a C compiler; None where the
package was installed without them. Each has a pure-Python path that computes the same results.
"""

import importlib
from collections.abc import Callable, Sequence
from typing import Any, cast

# Matches and totals per order, the hypothesis length and the closest reference length.
SegmentCounts = tuple[tuple[int, ...], tuple[int, ...], int, int]
SegmentStatistics = Callable[[Sequence[str], Sequence[Sequence[str]], int], SegmentCounts | None]
CorpusCounts = Callable[
    [Sequence[Sequence[str]], Sequence[Sequence[Sequence[str]]], int], SegmentCounts | None
]
# bleu, brevity penalty, the smoothed precisions (None where l_n = 0) and N_eff.
SentenceScore = tuple[float, float, tuple[float | None, ...], int]
# matches, totals, c, r, method (0 none, 1 floor, 2 exp), its value, effective order or not.
SentenceScorer = Callable[
    [tuple[int, ...], tuple[int, ...], int, int, int, float, bool], SentenceScore
]
# The tokens and their UTF-8 bytes.
TokenCheck = Callable[[Sequence[Sequence[str]], int | None], tuple[int, int] | None]
# One matrix to fill: distinct texts (or token lists), int32 row and column indices into them,
# and the float64 buffer of rows times columns that receives the scores.
MatrixJob = tuple[list[Any], Any, Any, Any]
# jobs, char_order, word_order, beta, eps_smoothing, include_whitespace, threads.
ChrfMatrices = Callable[[list[MatrixJob], int, int, int, bool, bool, int], None]
# jobs, max_order, method (0 none, 1 floor, 2 exp, 3 add-k), its value, effective order, threads.
BleuMatrices = Callable[[list[MatrixJob], int, int, float, bool, int], None]
# The kept reference's index, its F and its statistics: hypothesis, reference, matches.
ChrfSegmentCounts = tuple[int, float, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# hypothesis, references, char_order, word_order, beta, eps_smoothing, include_whitespace.
ChrfSegmentScorer = Callable[[str, list[str], int, int, int, bool, bool], ChrfSegmentCounts]
# hypotheses, references (each segment's), char_order, word_order, beta, eps_smoothing,
# include_whitespace: each segment's sentence score (or ChrfSegmentCounts); None where a text is
# too long for the kernel.
ChrfSentenceScorer = Callable[
    [Sequence[str], Sequence[Sequence[str]], int, int, int, bool, bool], list[float] | None
]
ChrfSentenceCounter = Callable[
    [Sequence[str], Sequence[Sequence[str]], int, int, int, bool, bool],
    list[ChrfSegmentCounts] | None,
]
# Texts, a tokenizer's name and lowercase or not: each text's tokens.
TokenizeMany = Callable[[Sequence[str], str, bool], list[list[str]]]
# Hypotheses, references (each segment's, or with the flag true the streams, None for none), the
# flag, a tokenizer's name, lowercase or not and max_order: the summed counts.
TextStatistics = Callable[
    [Sequence[str], Sequence[Sequence[str | None]], bool, str, bool, int], SegmentCounts
]
# TER's fewest edits from a hypothesis to any of its references, all as word ids.
TerEdits = Callable[[Sequence[int], Sequence[Sequence[int]]], int]
# Every system's texts, each segment's references, char_order, word_order, beta, eps_smoothing,
# include_whitespace, the float64 buffer (systems x segments x 3K) that receives the rows and
# the threads to share them among; False where the call must be computed in Python.
ChrfRows = Callable[
    [Sequence[Sequence[str]], Sequence[Sequence[str]], int, int, int, bool, bool, Any, int], bool
]
# Every system's token lists, each segment's references' token lists, max_order and the float64
# buffer (systems x segments x (2 + 2N)) that receives the rows; False as ChrfRows.
BleuRows = Callable[
    [Sequence[Sequence[Sequence[str]]], Sequence[Sequence[Sequence[str]]], int, Any], bool
]
# Hypotheses, references, characters (else words), a mode (0 each pair's counts, 1 their sum, 2
# each pair's error rate times 100): the counts (hits, substitutions, deletions, insertions) or
# rates, and the pairs left to the oracle.
EditCounts = tuple[int, int, int, int]
EditStatistics = Callable[
    [Sequence[str], Sequence[str], bool, int],
    tuple[list[EditCounts | None] | EditCounts | list[float | None], list[int]],
]
# A float64 buffer of values and one of their results, as long.
EachValue = Callable[[Any, Any], None]
# Bootstrap resamples' segments (int64, rows of n), n, and the float32 buffer of their counts.
ResampleCounts = Callable[[Any, int, Any], None]
# Packed coins (uint8, least significant bit first), the first coin, the float32 buffer to fill.
UnpackCoins = Callable[[Any, int, Any], None]
# Packed coins, trials, n, int32 statistics (n rows) and the int32 buffer of each trial's sums.
KeptSums = Callable[[Any, int, int, Any, Any], None]
# Resamples' segments (int32, samples x n), int32 statistics (n rows), the int32 buffer of sums.
ResampleSums = Callable[[Any, Any, Any], None]
# The portable draws: a seed, n and the buffer of indexes below n; a seed and the coins' bytes.
PortableIndexes = Callable[[int, int, Any], None]
PortableCoins = Callable[[int, Any], None]
# A block of lines, where its lines end and the longest a line may be: its newlines, its first
# problem (0 none, 1 not UTF-8, 2 too long) and where that is.
LineSurvey = Callable[[bytes | memoryview, int, int], tuple[int, int, int]]


def compiled_function(extension: str, name: str) -> Any:
    """``name`` of the compiled ``extension``, or None where it was not built."""
    return _compiled(extension, name)


def _compiled(extension: str, name: str) -> Any:
    """``name`` of the compiled ``extension``, or None where it was not built."""
    try:
        module = importlib.import_module(f"mtcompute.fast.{extension}")
    except ImportError:
        return None
    return getattr(module, name, None)  # an extension may leave a function out where it cannot


segment_statistics = cast(SegmentStatistics | None, _compiled("_segment", "segment_statistics"))
"""``_segment.c``: one segment's counts, or None where a list or token is not a plain list, tuple
or str (then the strings serve)."""

corpus_counts = cast(CorpusCounts | None, _compiled("_segment", "corpus_statistics"))
"""``_segment.c``: every segment's counts summed in one call, or None where a segment's would be
None, a segment has no reference or the lists differ in length (then the arrays serve)."""

sentence_score = cast(SentenceScorer | None, _compiled("_sentence_score", "score"))
"""``_sentence_score.c``: sentence BLEU with smoothing none, floor or exp, unrounded."""

token_check = cast(TokenCheck | None, _compiled("_tokens", "check"))
"""``_tokens.c``: the token rule's bulk check, or None where a token breaks it (then the walker
tells which)."""

chrf_matrices = cast(ChrfMatrices | None, _compiled("_pairwise", "chrf_matrices"))
bleu_matrices = cast(BleuMatrices | None, _compiled("_pairwise", "bleu_matrices"))
chrf_segment = cast(ChrfSegmentScorer | None, _compiled("_pairwise", "chrf_segment"))
"""``_pairwise.c``: pairwise chrF and sentence BLEU matrices, and one segment's kept chrF
statistics (``chrf_segment``)."""

chrf_sentence_scores = cast(ChrfSentenceScorer | None, _compiled("_chrf_sentences", "scores"))
chrf_sentence_statistics = cast(
    ChrfSentenceCounter | None, _compiled("_chrf_sentences", "statistics")
)
"""``_chrf_sentences.c``: every segment's sentence chrF (or its kept reference, F and
statistics) in one call."""

tokenize_many = cast(TokenizeMany | None, _compiled("_tokenize", "tokenize_many"))
"""``_tokenize.c``: sacreBLEU's BLEU tokenizers, each text's tokens in one call."""

tokenize_unicode = cast(TokenizeMany | None, _compiled("_tokenize", "tokenize_unicode"))
"""``_tokenize.c``: ``tokenize_many``, refusing a text with a lone surrogate (ValueError)."""

text_statistics = cast(TextStatistics | None, _compiled("_tokenize", "corpus_statistics"))
"""``_tokenize.c``: corpus BLEU statistics of raw texts, tokenized and counted in one pass."""

# Hypotheses, reference streams, a tokenizer's name, lowercase or not, max_order, the smoothing
# method (0 none, 1 floor, 2 exp) and its value, the head of each line, the score's decimals and
# whether the verbose part follows: each segment's line.
SentenceLines = Callable[
    [Sequence[str], Sequence[Sequence[str]], str, bool, int, int, float, str, int, bool],
    list[str],
]
sentence_lines = cast(SentenceLines | None, _compiled("_tokenize", "sentence_lines"))
"""``_tokenize.c``: each segment's sentence BLEU as sacreBLEU's ``-sl`` text line, tokenized,
counted, scored and written in one pass (left out where doubles are not evaluated as written)."""

ter_edits = cast(TerEdits | None, _compiled("_ter", "fewest_edits"))
"""``_ter.c``: TER's fewest edits over a segment's references, on word ids."""

edit_statistics = cast(EditStatistics | None, _compiled("_edits", "statistics"))
"""``_edits.c``: WER's and CER's counts per pair or summed, or each pair's error rate, on jiwer
4.0's default items."""

chrf_rows = cast(ChrfRows | None, _compiled("_shared_references", "chrf_rows"))
bleu_rows = cast(BleuRows | None, _compiled("_shared_references", "bleu_rows"))
"""``_shared_references.c``: every system's per-segment chrF (kept reference) and BLEU statistics,
each segment's references counted once for all systems."""

log_each = cast(EachValue | None, _compiled("_resampling", "log_each"))
exp_each = cast(EachValue | None, _compiled("_resampling", "exp_each"))
fdlibm_log_each = cast(EachValue | None, _compiled("_resampling", "fdlibm_log_each"))
fdlibm_exp_each = cast(EachValue | None, _compiled("_resampling", "fdlibm_exp_each"))
resample_counts = cast(ResampleCounts | None, _compiled("_resampling", "resample_counts"))
unpack_coins = cast(UnpackCoins | None, _compiled("_resampling", "unpack_coins"))
kept_sums = cast(KeptSums | None, _compiled("_resampling", "kept_sums"))
resample_sums = cast(ResampleSums | None, _compiled("_resampling", "resample_sums"))
portable_indexes = cast(PortableIndexes | None, _compiled("_resampling", "portable_indexes"))
portable_coins = cast(PortableCoins | None, _compiled("_resampling", "portable_coins"))
"""``_resampling.c``: ``math.log`` and ``math.exp`` (the C library's), and fdlibm's, of each
double of an array; how many times each bootstrap resample takes each segment, and its
statistics summed; randomization coins as floats, and each trial's kept statistics summed
straight from its coins; the portable draws."""

# Hypotheses, each segment's references (texts, or with ``rouge_token_scores`` sentences of
# tokens), the kinds (n of ROUGE-N, 0 for ROUGE-L, -1 for ROUGE-Lsum), with rouge_scores the
# stemmer or not, the LCS's limits (dense mask words, trace bytes and rows) and the float64 buffer
# (segments x kinds x 3) that receives each precision, recall and F-measure.
RougeLimits = tuple[int, int, int]
RougeScores = Callable[
    [Sequence[str], Sequence[Sequence[str]], Sequence[int], bool, RougeLimits, Any], None
]
RougeTokenScores = Callable[
    [
        Sequence[Sequence[Sequence[str]]],
        Sequence[Sequence[Sequence[Sequence[str]]]],
        Sequence[int],
        RougeLimits,
        Any,
    ],
    None,
]
rouge_scores = cast(RougeScores | None, _compiled("_rouge", "scores"))
rouge_token_scores = cast(RougeTokenScores | None, _compiled("_rouge", "token_scores"))
RougeStem = Callable[[str], str]  # a word's Porter stem, as rouge-score's stemmer gives it
rouge_stem = cast(RougeStem | None, _compiled("_rouge", "stem"))
# A float64 buffer of segments x types x 3, the type names and the score class (a named tuple).
RougeScoreDicts = Callable[[Any, tuple[str, ...], Any], list[dict[str, Any]]]
rouge_score_dicts = cast(RougeScoreDicts | None, _compiled("_rouge", "score_dicts"))
"""``_rouge.c``: every segment's ROUGE scores in one call (rouge-score's tokenizer, or texts
given as sentences of tokens), the Porter stem of a word, and the scores as each segment's dict
of named tuples."""

survey_lines = cast(LineSurvey | None, _compiled("_lines", "survey_lines"))
"""``_lines.c``: the newlines of a block of lines and its first problem (``fast.survey``)."""
