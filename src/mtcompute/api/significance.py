"""Several systems compared: bootstrap confidence intervals and paired significance tests
(paired bootstrap, approximate randomization), as sacreBLEU 2.6 computes them or portably.

``resampling="sacrebleu"`` draws sacreBLEU's resamples (NumPy's ``default_rng(seed)``) and
emulates its float32 arithmetic, so p-values, means and intervals are sacreBLEU's;
``resampling="portable"`` draws from splitmix64 and scores exact integer sums with mtcompute's
own formulas, the same doubles on every platform (``fast.resampling.draws`` specifies it).
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from mtcompute.errors import InputError, Violation
from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.modes import RESAMPLINGS, Resampling
from mtcompute.fast.resampling.paired import TESTS, Interval, Pair, Test
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    resampled_metrics,
)
from mtcompute.metrics.significance import SignificanceResult, SystemScore

Systems = Sequence[tuple[str, Sequence[str]]] | Mapping[str, Sequence[str]]
DEFAULT_SAMPLES: dict[str, int] = {"bootstrap": 1000, "randomization": 10000}
DEFAULT_SEED = 12345
_SEED_BOUND = 1 << 64


def _error(code: str, pointer: str, message: str) -> InputError:
    return InputError([Violation(code=code, pointer=pointer, message=message)])


def resampled(metric: str) -> ResampledMetric:
    """The resampled metric called ``metric``; ``InputError`` naming those there are
    otherwise."""
    known = resampled_metrics()
    if metric not in known:
        names = ", ".join(known)
        message = f"expected a metric among {names}, got {metric!r}"
        raise _error("unknown_metric", "/metrics", message)
    return known[metric]


def metric_options(metric: str, given: Mapping[str, Any] | None) -> Any:
    """The options of ``metric`` from keywords (``bleu``: tokenizer, lowercase, smoothing,
    smoothing_value, max_order; ``chrf``/``chrf++``: char_order, word_order, beta,
    eps_smoothing, include_whitespace; ``ter``: normalized, no_punct, asian_support,
    case_sensitive; ``rouge``: rouge_types, use_stemmer, tokenizer, sentence_separator; every
    other resampled metric: its own)."""
    described = resampled(metric)
    try:
        return described.options(dict(given or {}))
    except (TypeError, ValueError) as error:
        raise _error("invalid_option", f"/{metric}", f"options of {metric}: {error}") from None


def _named(systems: Systems) -> list[tuple[str, list[str]]]:
    pairs = list(systems.items()) if isinstance(systems, Mapping) else list(systems)
    named = [(str(name), list(texts)) for name, texts in pairs]
    names = [name for name, _ in named]
    if len(set(names)) != len(names):
        raise _error("duplicate_system", "/systems", f"expected distinct names, got {names}")
    return named


def _check(
    named: list[tuple[str, list[str]]], references: Sequence[Sequence[str]], least: int
) -> list[list[str]]:
    if len(named) < least:
        message = f"expected at least {least} systems, got {len(named)}"
        raise _error("too_few_systems", "/systems", message)
    refs = [list(segment) for segment in references]
    errors: list[Violation] = []
    for i, segment in enumerate(refs):
        if not segment or not all(isinstance(text, str) for text in segment):
            message = "expected 1 or more reference strings"
            errors.append(
                Violation(code="bad_references", pointer=f"/references/{i}", message=message)
            )
    for k, (name, texts) in enumerate(named):
        if len(texts) != len(refs):
            message = f"system {name!r} has {len(texts)} segments, the references {len(refs)}"
            errors.append(
                Violation(code="length_mismatch", pointer=f"/systems/{k}", message=message)
            )
        elif not all(isinstance(text, str) for text in texts):
            message = f"system {name!r}: expected strings"
            errors.append(
                Violation(code="bad_hypotheses", pointer=f"/systems/{k}", message=message)
            )
    if errors:
        raise InputError(errors)
    return refs


def _check_draws(samples: int, seed: int | None, resampling: str) -> Resampling:
    if resampling not in RESAMPLINGS:
        raise _error(
            "unknown_resampling",
            "/resampling",
            f"expected sacrebleu or portable, got {resampling!r}",
        )
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise _error("bad_samples", "/samples", f"expected a positive integer, got {samples!r}")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_BOUND
    ):
        raise _error(
            "bad_seed", "/seed", f"expected an integer from 0 to 2**64 - 1 or None, got {seed!r}"
        )
    return "portable" if resampling == "portable" else "sacrebleu"


def _all_options(
    metrics: Sequence[str],
    options: Mapping[str, Mapping[str, Any]] | None,
    groups: Mapping[str, Mapping[str, Any] | None],
) -> list[tuple[ResampledMetric, Any]]:
    """Each metric with its options: those given under its name in ``options``, else under
    its group's keyword (``bleu=``, ``chrf=``, ``ter=``)."""
    if isinstance(metrics, str) or not metrics:
        raise _error(
            "bad_metrics", "/metrics", f"expected a non-empty list of metric names, got {metrics!r}"
        )
    by_name = dict(options or {})
    chosen = []
    for metric in metrics:
        described = resampled(metric)
        given = by_name[metric] if metric in by_name else groups.get(described.group)
        chosen.append((described, metric_options(metric, given)))
    return chosen


def _statistics(  # noqa: PLR0917
    systems: Systems,
    references: Sequence[Sequence[str]],
    least: int,
    metrics: Sequence[str],
    options: Mapping[str, Mapping[str, Any]] | None,
    groups: Mapping[str, Mapping[str, Any] | None],
    mode: Resampling,
) -> tuple[list[str], Iterator[MetricStatistics]]:
    """The systems' names (``least`` of them at least, checked with the references) and each
    score's statistics, made when it is reached."""
    named = _named(systems)
    refs = _check(named, references, least)
    texts = [hypotheses for _, hypotheses in named]
    return [name for name, _ in named], _each_score(metrics, options, groups, texts, refs, mode)


def _each_score(  # noqa: PLR0917
    metrics: Sequence[str],
    options: Mapping[str, Mapping[str, Any]] | None,
    groups: Mapping[str, Mapping[str, Any] | None],
    texts: Sequence[Sequence[str]],
    refs: Sequence[Sequence[str]],
    mode: Resampling,
) -> Iterator[MetricStatistics]:
    """Each score of each metric (one, or a metric's several: ROUGE's types), its statistics
    made when it is reached."""
    for described, chosen in _all_options(metrics, options, groups):
        yield from described.each_score(chosen, texts, refs, mode)


def score_keys(metric: str, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """The scores that ``metric`` gives with ``options``, as results' ``metric`` names them:
    its name alone, or each of its several (``rouge``: each ROUGE type)."""
    return resampled(metric).score_keys(metric_options(metric, options))


def paired_test(
    systems: Systems,
    references: Sequence[Sequence[str]],
    *,
    metrics: Sequence[str] = ("bleu",),
    test: str = "bootstrap",
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
    resampling: str = "sacrebleu",
    pairs: str = "baseline",
    confidence: int = 0,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    bleu: Mapping[str, Any] | None = None,
    chrf: Mapping[str, Any] | None = None,
    ter: Mapping[str, Any] | None = None,
) -> SignificanceResult:
    """Each system against the first (the baseline), or with ``pairs="all"`` every pair of
    systems, by paired bootstrap (``test="bootstrap"``, 1,000 resamples unless ``samples``
    says) or approximate randomization (``"randomization"``, 10,000 trials), for each metric
    of ``metrics`` (``bleu``, ``chrf``, ``chrf++``, ``ter``, ``wer``, ``cer``, ``rouge`` or any
    other resampled metric), each with its options in ``options[name]`` (``rouge``:
    ``rouge_types``, ``use_stemmer``, ``tokenizer``, ``sentence_separator``), or in the older
    keywords ``bleu``, ``chrf`` (chrF and chrF++) and ``ter``. A metric with several scores
    gives a result per score, its ``metric`` the score's key (ROUGE: each type's name).

    ``systems`` maps names to hypotheses (or lists ``(name, hypotheses)`` pairs), one text a
    segment; ``references[i]`` lists segment i's references. The bootstrap gives each system a
    mean and 95% interval; randomization does when ``confidence`` (its resamples) is positive.
    ``seed=None`` draws the seed from the operating system. Results come system by system
    (for ``pairs="all"``, pair by pair), each metric in order; a baseline's ``p_value`` is
    None. Raises ``InputError`` for a bad argument.
    """
    drawn = _paired_draws(test, pairs, samples, seed, resampling)
    groups = {"bleu": bleu, "chrf": chrf, "ter": ter}
    names, statistics = _statistics(systems, references, 2, metrics, options, groups, drawn[2])
    return paired_test_from_statistics(
        names,
        statistics,
        test=test,
        samples=drawn[1],
        seed=seed,
        resampling=resampling,
        pairs=pairs,
        confidence=confidence,
    )


def _paired_draws(
    test: str, pairs: str, samples: int | None, seed: int | None, resampling: str
) -> tuple[Test, int, Resampling]:
    """The test, its resamples (or trials) and the resampling, checked."""
    if test not in TESTS:
        raise _error("unknown_test", "/test", f"expected bootstrap or randomization, got {test!r}")
    if pairs not in {"baseline", "all"}:
        raise _error("unknown_pairs", "/pairs", f"expected baseline or all, got {pairs!r}")
    count = DEFAULT_SAMPLES[test] if samples is None else samples
    mode = _check_draws(count, seed, resampling)
    return ("bootstrap" if test == "bootstrap" else "randomization"), count, mode


def _check_names(names: Sequence[str], least: int) -> list[str]:
    """The systems' names given with their statistics: distinct, and at least ``least``."""
    if isinstance(names, str):
        raise _error("bad_systems", "/systems", f"expected a list of names, got {names!r}")
    listed = [str(name) for name in names]
    if len(set(listed)) != len(listed):
        raise _error("duplicate_system", "/systems", f"expected distinct names, got {listed}")
    if len(listed) < least:
        message = f"expected at least {least} systems, got {len(listed)}"
        raise _error("too_few_systems", "/systems", message)
    return listed


def _checked(stats: MetricStatistics, systems: int) -> MetricStatistics:
    """One score's statistics: a matrix per system, all of one segment count."""
    lengths = {len(matrix) for matrix in stats.matrices}
    if len(stats.matrices) != systems or len(lengths) > 1:
        message = (
            f"{stats.key or stats.name}: expected a statistics matrix for each of {systems} "
            f"systems, of one segment count, got {len(stats.matrices)} of {sorted(lengths)}"
        )
        raise _error("bad_statistics", "/statistics", message)
    return stats


def paired_test_from_statistics(
    names: Sequence[str],
    statistics: Iterable[MetricStatistics],
    *,
    test: str = "bootstrap",
    samples: int | None = None,
    seed: int | None = DEFAULT_SEED,
    resampling: str = "sacrebleu",
    pairs: str = "baseline",
    confidence: int = 0,
) -> SignificanceResult:
    """``paired_test`` of systems given by their per-segment statistics: ``names`` the
    systems', ``statistics`` each score's (``MetricStatistics``: its name, key and formula, a
    matrix per system in the order of ``names``), as the resampled metrics make them of texts
    (``ResampledMetric.each_score``, or ``joined`` of a test set's chunks: see
    ``chunked_statistics``) or of their parts tools' answers (``from_segments``). Read one at
    a time, after the arguments are checked; the other arguments as ``paired_test``'s."""
    chosen_test, count, mode = _paired_draws(test, pairs, samples, seed, resampling)
    listed = _check_names(names, 2)
    every: list[Pair] = (
        [(i, j) for i in range(len(listed)) for j in range(len(listed)) if i < j]
        if pairs == "all"
        else [(0, k) for k in range(1, len(listed))]
    )
    rows: list[list[SystemScore]] = [[] for _ in range(len(every) + (pairs != "all"))]
    for stats in statistics:
        metric = _checked(stats, len(listed)).key
        outcome = paired.compare_pairs(
            stats.formula,
            stats.matrices,
            test=chosen_test,
            samples=count,
            seed=seed,
            resampling=mode,
            pairs=every,
            confidence=confidence,
        )
        if pairs != "all":
            rows[0].append(
                _row(listed[0], metric, stats.name, outcome.scores[0], outcome.intervals[0])
            )
        for k, (base, system) in enumerate(every):
            row = _row(
                listed[system],
                metric,
                stats.name,
                outcome.scores[system],
                outcome.intervals[system],
            )
            row = replace(row, p_value=outcome.p_values[base, system], baseline=listed[base])
            rows[k + (pairs != "all")].append(row)
    flat = tuple(row for group in rows for row in group)
    shown_confidence = count if chosen_test == "bootstrap" else max(confidence, 0)
    return SignificanceResult(chosen_test, count, shown_confidence, seed, mode, flat)


def _row(
    system: str, metric: str, name: str, score: float, interval: Interval | None
) -> SystemScore:
    if interval is None:
        return SystemScore(system, metric, name, score)
    return SystemScore(system, metric, name, score, interval.mean, interval.ci)


def confidence_interval(
    systems: Systems,
    references: Sequence[Sequence[str]],
    *,
    metrics: Sequence[str] = ("bleu",),
    samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    resampling: str = "sacrebleu",
    options: Mapping[str, Mapping[str, Any]] | None = None,
    bleu: Mapping[str, Any] | None = None,
    chrf: Mapping[str, Any] | None = None,
    ter: Mapping[str, Any] | None = None,
) -> SignificanceResult:
    """Each system's score with its bootstrap mean and 95% interval (``samples`` resamples),
    as sacreBLEU's ``--confidence`` reports it for one system (in ``sacrebleu`` mode the mean
    is ``statistics.mean``'s, as its ``Score.estimate_ci`` takes it). Arguments as
    ``paired_test``'s; one system is enough."""
    mode = _check_draws(samples, seed, resampling)
    groups = {"bleu": bleu, "chrf": chrf, "ter": ter}
    names, statistics = _statistics(systems, references, 1, metrics, options, groups, mode)
    return confidence_interval_from_statistics(
        names,
        statistics,
        samples=samples,
        seed=seed,
        resampling=resampling,
    )


def confidence_interval_from_statistics(
    names: Sequence[str],
    statistics: Iterable[MetricStatistics],
    *,
    samples: int = 1000,
    seed: int | None = DEFAULT_SEED,
    resampling: str = "sacrebleu",
) -> SignificanceResult:
    """``confidence_interval`` of systems given by their per-segment statistics, as
    ``paired_test_from_statistics`` takes them."""
    mode = _check_draws(samples, seed, resampling)
    listed = _check_names(names, 1)
    rows: list[list[SystemScore]] = [[] for _ in listed]
    for stats in statistics:
        metric = _checked(stats, len(listed)).key
        intervals = paired.confidence_intervals(
            stats.formula, stats.matrices, samples=samples, seed=seed, resampling=mode, single=True
        )
        for k, matrix in enumerate(stats.matrices):
            score = paired.corpus_score(stats.formula, matrix, mode)
            rows[k].append(_row(listed[k], metric, stats.name, score, intervals[k]))
    flat = tuple(row for group in rows for row in group)
    return SignificanceResult(None, samples, samples, seed, mode, flat)
