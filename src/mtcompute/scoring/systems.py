"""Several systems scored together, as sacreBLEU 2.6 reports them: each system's scores, with
``--confidence`` a bootstrap mean and 95% interval, with ``--paired-bs`` or ``--paired-ar`` a
p-value against the baseline (the first system), or with ``--paired-all`` against every other.

The numbers come from the library (``api.paired_test``, ``api.confidence_interval``) on the
resampled metrics each of ``score``'s names, with the options it gives; this module extends
each metric's signature with the resampling (``bs:``, ``ar:``, ``seed:``; ``resample:portable``
in portable mode) and prints sacreBLEU's table, header and signature block, or JSON.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mtcompute import api
from mtcompute.api.significance import metric_options, score_keys
from mtcompute.errors import InputError, Violation
from mtcompute.fast.resampling.registry import MetricStatistics
from mtcompute.metrics.significance import SignificanceResult, SystemScore
from mtcompute.scoring.metric import ScoringMetric, Streams, per_segment
from mtcompute.scoring.registry import metric_named
from mtcompute.scoring.report import Confidence, latex_booktabs
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.signature import shortened
from mtcompute.scoring.table import fancy_grid

_SIGNIFICANT = 0.05
# A test set's consecutive chunks, from the start at each call: each system's texts and each
# reference stream's (``Streams``) of the chunk's segments.
Chunks = Callable[[], Iterable[tuple[Sequence[Sequence[str]], Streams]]]


@dataclass(frozen=True, slots=True)
class Resampling:
    """What ``score`` was asked to resample: ``confidence`` (the bootstrap resamples of
    ``--confidence``, 0 for none), ``test`` (bootstrap, randomization or None), its
    ``samples``, ``every_pair``, the seed (None: from the operating system) and the mode."""

    confidence: int = 0
    test: str | None = None
    samples: int = 0
    every_pair: bool = False
    seed: int | None = 12345
    mode: str = "sacrebleu"


@dataclass(frozen=True, slots=True)
class SystemsReport:
    """Each metric's sacreBLEU name and signature, and the rows, system by system."""

    names: dict[str, str]
    signatures: dict[str, str]
    rows: tuple[SystemScore, ...]
    resampling: Resampling
    systems: tuple[str, ...]


def _draws(resampling: Resampling) -> list[tuple[str, str]]:
    pairs = []
    if resampling.test == "bootstrap":
        pairs.append(("bs", str(resampling.samples)))
    elif resampling.confidence:
        pairs.append(("bs", str(resampling.confidence)))
    if resampling.test == "randomization":
        pairs.append(("ar", str(resampling.samples)))
    seed = "none" if resampling.seed is None else str(resampling.seed)
    pairs.append(("seed", seed))
    if resampling.mode == "portable":
        pairs.append(("resample", "portable"))
    return pairs


def with_draws(signature: str, resampling: Resampling) -> str:
    """The signature with the resampling after ``nrefs``, where sacreBLEU puts it."""
    if not resampling.test and not resampling.confidence:
        return signature
    first, _, rest = signature.partition("|")
    added = "|".join(f"{key}:{value}" for key, value in _draws(resampling))
    return f"{first}|{added}|{rest}" if rest else f"{first}|{added}"


def score_systems(
    systems: Sequence[tuple[str, Sequence[str]]],
    references: Streams,
    metrics: Sequence[str],
    settings: Mapping[str, Any],
    resampling: Resampling,
) -> SystemsReport:
    """Every system's numbers for every metric; ``references[k]`` is the k-th reference
    stream."""
    chosen = [metric_named(metric)(settings) for metric in metrics]
    return compare_systems(systems, references, chosen, resampling)


def compare_systems(
    systems: Sequence[tuple[str, Sequence[str]]],
    references: Streams,
    metrics: Sequence[ScoringMetric],
    resampling: Resampling,
) -> SystemsReport:
    """``score_systems`` on metrics made already, each with options of its own: the test set
    as one chunk."""
    names = [name for name, _ in systems]
    texts = [hypotheses for _, hypotheses in systems]
    return compare_in_chunks(
        names, lambda: [(texts, references)], metrics, resampling, len(references)
    )


def compare_in_chunks(
    names: Sequence[str],
    chunks: Chunks,
    metrics: Sequence[ScoringMetric],
    resampling: Resampling,
    nrefs: int,
) -> SystemsReport:
    """``compare_systems`` of a test set read in chunks: ``chunks()`` gives its consecutive
    chunks from the start (each system's texts, each reference stream's), once for each
    resampled metric, whose statistics alone are held (``api.chunked_statistics``); the same
    report as of the whole texts."""
    chosen = _resampled(metrics)
    options = {name: scoring.resampling_options() for name, scoring in chosen.items()}

    def statistics() -> Iterator[MetricStatistics]:
        for name in chosen:  # every option refused before any text is scored, as of texts
            metric_options(name, options[name])
        for name in chosen:
            parts = ((texts, per_segment(streams)) for texts, streams in chunks())
            yield from api.chunked_statistics(
                name, parts, options=options[name], resampling=resampling.mode
            )

    common: dict[str, Any] = {"seed": resampling.seed, "resampling": resampling.mode}
    result: SignificanceResult
    if resampling.test:
        result = api.paired_test_from_statistics(
            names,
            statistics(),
            test=resampling.test,
            samples=resampling.samples,
            pairs="all" if resampling.every_pair else "baseline",
            confidence=resampling.confidence,
            **common,
        )
    else:
        samples = resampling.confidence or 1
        result = api.confidence_interval_from_statistics(
            names, statistics(), samples=samples, **common
        )
    return _report(result, chosen, nrefs, resampling, tuple(names))


def _report(
    result: SignificanceResult,
    chosen: Mapping[str, ScoringMetric],
    nrefs: int,
    resampling: Resampling,
    systems: tuple[str, ...],
) -> SystemsReport:
    """The report of the library's result: each score's name and signature, the rows."""
    if not resampling.test and not resampling.confidence:
        result = replace(result, results=tuple(_bare(row) for row in result.results))
    names = {row.metric: row.name for row in result.results}
    # Keyed by each score, as the rows are: a metric may give several (ROUGE's types).
    signatures = {
        key: with_draws(scoring.signature(nrefs), resampling)
        for name, scoring in chosen.items()
        for key in score_keys(name, scoring.resampling_options())
    }
    return SystemsReport(names, signatures, result.results, resampling, systems)


def _resampled(metrics: Sequence[ScoringMetric]) -> dict[str, ScoringMetric]:
    """Each resampled metric of ``metrics``, with the metric of ``score`` it is of."""
    chosen: dict[str, ScoringMetric] = {}
    for scoring in metrics:
        if not scoring.resampled:
            name = scoring.name
            message = f"expected metrics that several systems are compared on, got {name!r}"
            raise InputError([Violation(code="not_resampled", pointer="", message=message)])
        chosen.update(dict.fromkeys(scoring.resampled, scoring))
    return chosen


def _bare(row: SystemScore) -> SystemScore:
    return replace(row, mean=None, ci=None)


def json_rows(report: SystemsReport) -> list[dict[str, object]]:
    """One object per system (per pair with every pair) and metric, every number unrounded."""
    out = []
    for row in report.rows:
        item = row.to_dict()
        if not report.resampling.every_pair:
            item.pop("baseline")
        item["signature"] = report.signatures[row.metric]
        out.append(item)
    return out


def printed_rows(report: SystemsReport, width: int) -> list[dict[str, object]]:
    """The JSON ``score -f json`` prints for several systems: sacreBLEU's rows, or with every
    pair tested one object per pair and metric."""
    if report.resampling.every_pair:
        return json_rows(report)
    return sacrebleu_rows(report, width)


@dataclass(frozen=True, slots=True)
class ConfidentScore:
    """One score of one system with ``--confidence``: its key (``row.metric``), the corpus's
    name and verbose part, the resampled score, its signature with the resampling, and the
    bootstrap interval."""

    metric: str
    name: str
    score: float
    verbose: str
    signature: str
    confidence: Confidence


def confident_scores(report: SystemsReport, scored: Sequence[Scored]) -> list[ConfidentScore]:
    """One system's scores with ``--confidence``, a row of ``report`` per corpus score
    ``scored`` gives (ROUGE: one per type), in that order."""
    return [
        ConfidentScore(
            row.metric,
            one.name,
            row.score,
            one.verbose_score,
            report.signatures[row.metric],
            Confidence(row.mean or 0.0, row.ci or 0.0),  # --confidence gives both
        )
        for row, one in zip(report.rows, scored, strict=True)
    ]


def sacrebleu_rows(report: SystemsReport, width: int) -> list[dict[str, object]]:
    """sacreBLEU's JSON of several systems: each system's formatted score per metric, or with
    a paired test its score, p-value, mean and interval unrounded."""
    out: list[dict[str, object]] = []
    by_system: dict[str, dict[str, object]] = {}
    for row in report.rows:
        item = by_system.get(row.system)
        if item is None:
            item = by_system[row.system] = {"system": row.system}
            out.append(item)
        if report.resampling.test is None:
            item[row.name] = f"{row.score:.{width}f}"
        else:
            numbers = {"score": row.score, "p_value": row.p_value, "mean": row.mean, "ci": row.ci}
            item[row.name] = {key: _plain(value) for key, value in numbers.items()}
    return out


def _plain(value: float | None) -> float | None:
    return None if value is None else float(value)


def _p_value(p: float) -> str:
    text = f"(p = {p:.4f})"
    return text if p > _SIGNIFICANT else f"{text}*"


def _cell(row: SystemScore, width: int, p_break: str) -> str:
    text = f"{row.score:.{width}f}"
    if row.mean is not None and row.ci is not None:
        text += f" ({row.mean:.{width}f} ± {row.ci:.{width}f})"
    if row.p_value is not None:
        text += p_break + _p_value(row.p_value)
    return text


def text_report(
    report: SystemsReport, width: int, *, latex: bool = False, short: bool = False
) -> str:
    """sacreBLEU's table (``fancy_grid``, or ``latex_booktabs`` with ``latex``), the paired
    test's explanation, and the signatures (in their ``--short`` form with ``short``). With a
    paired test against the baseline, the systems are named as sacreBLEU shows them (the first
    ``Baseline: NAME``)."""
    metrics = list(report.signatures)
    with_interval = any(row.mean is not None for row in report.rows)
    headers = ["System"] if not report.resampling.every_pair else ["System", "Baseline"]
    for metric in metrics:
        name = report.names[metric]
        headers.append(f"{name} (μ ± 95% CI)" if with_interval else name)
    groups: dict[tuple[str | None, str], dict[str, SystemScore]] = {}
    for row in report.rows:
        groups.setdefault((row.baseline, row.system), {})[row.metric] = row
    paired = report.resampling.test is not None
    table = []
    for (baseline, system), by_metric in groups.items():
        first = [system] if not report.resampling.every_pair else [system, baseline or ""]
        p_break = " " if latex else "\n"
        table.append(first + [_cell(by_metric[metric], width, p_break) for metric in metrics])
    parts = [(latex_booktabs if latex else fancy_grid)(headers, table), ""]
    if paired:
        parts.append(_explanation(report))
    parts += ["-----------------", "Metric signatures", "-----------------"]
    for metric in metrics:
        sign = report.signatures[metric]
        sign = shortened(sign, ter=metric == "ter") if short else sign
        parts.append(f" - {report.names[metric]:<10} {sign}")
    return "\n".join(parts)


def _explanation(report: SystemsReport) -> str:
    bootstrap = report.resampling.test == "bootstrap"
    kind = "bootstrap resampling" if bootstrap else "approximate randomization"
    unit = "resampling trials" if bootstrap else "trials"
    message = f"Paired {kind} test with {report.resampling.samples} {unit}"
    if report.resampling.every_pair:
        compared = " - Each system is pairwise compared to every system before it (its Baseline)."
    else:
        # sacreBLEU names the baseline when it is a file's ("Baseline: NAME"), else nothing.
        first = report.systems[0]
        named = first if first.startswith("Baseline:") else ""
        compared = f" - Each system is pairwise compared to {named}."
    shown = (
        "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each "
        "metric."
        if bootstrap
        else "   Actual system score is provided for each metric."
    )
    lines = [
        "-" * len(message),
        message,
        "-" * len(message),
        compared,
        shown,
        "",
        " - Null hypothesis: the system and the baseline translations are essentially",
        "   generated by the same underlying process. For a given system and the baseline,",
        "   the p-value is roughly the probability of the absolute score difference (delta)",
        "   or higher occurring due to chance, under the assumption that the null hypothesis "
        "is correct.",
        "",
        " - Assuming a significance threshold of 0.05, the null hypothesis can be rejected",
        '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be '
        "attributed",
        '   to chance, hence the system is significantly "different" than the baseline.',
        "   Otherwise, the p-values are highlighted in red.",
        "",
        ' - NOTE: Significance does not tell whether a system is "better" than the baseline '
        "but rather",
        '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
        "",
    ]
    return "\n".join(lines)
