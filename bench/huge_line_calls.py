"""One measured call of ``bench.huge_line``, in a process of its own: ``python -m
bench.huge_line_calls RUNNER METRIC HYPOTHESIS_FILE REFERENCE_FILE [-- SCORE_ARGS...]``
prints ``PEAK_KIB K SECONDS S``.

Runners:
- ``score`` and ``sacrebleu-score``: the command, run in this process as a user runs it
  (``SCORE_ARGS`` after ``--``); K is the whole process's peak resident memory (``ru_maxrss``).
- ``library`` and ``peer-library``: mtcompute's typed function of the metric, or the peer's
  (sacreBLEU's metric class, jiwer, rouge-score) on the files' one line each; the inputs are
  built first (BLEU's token lists by ``mtcompute.tokenize``) and the function called once on
  a short line (what it imports on first use), then the high-water mark of
  resident memory is reset and K is how far it rose above the resident size during the call.

S is the wall time of the command, or of the call alone.
"""

import gc
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import procfs

Call = Callable[[], object]


def _library(metric: str, hypothesis: str, reference: str) -> Call:
    import mtcompute  # noqa: PLC0415 - imported before the measurement starts

    if metric == "bleu":
        hypothesis_tokens, reference_tokens = mtcompute.tokenize([hypothesis, reference])
        return lambda: mtcompute.corpus_bleu([hypothesis_tokens], [[reference_tokens]])
    if metric in {"chrf", "chrf++"}:
        order = 2 if metric == "chrf++" else 0
        return lambda: mtcompute.chrf([hypothesis], [[reference]], word_order=order)
    if metric == "ter":
        return lambda: mtcompute.ter([hypothesis], [[reference]])
    if metric in {"wer", "cer"}:
        rate = mtcompute.wer if metric == "wer" else mtcompute.cer
        return lambda: rate([hypothesis], [reference])
    return lambda: mtcompute.rouge([hypothesis], [[reference]], rouge_types=[metric])


def _peer_library(metric: str, hypothesis: str, reference: str) -> Call:
    if metric in {"bleu", "chrf", "chrf++", "ter"}:
        return _sacrebleu_metric(metric, hypothesis, reference)
    if metric in {"wer", "cer"}:
        import jiwer  # noqa: PLC0415

        rate = jiwer.wer if metric == "wer" else jiwer.cer
        return lambda: rate(reference, hypothesis)
    from rouge_score.rouge_scorer import RougeScorer  # noqa: PLC0415

    rouge = RougeScorer([metric])
    return lambda: rouge.score(reference, hypothesis)


def _sacrebleu_metric(metric: str, hypothesis: str, reference: str) -> Call:
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415
    from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415
    from sacrebleu.metrics.ter import TER  # noqa: PLC0415

    scorer: Any = TER()
    if metric == "bleu":
        scorer = BLEU()
    elif metric != "ter":
        scorer = CHRF(word_order=2 if metric == "chrf++" else 0)
    return lambda: scorer.corpus_score([hypothesis], [[reference]])


def _command(runner: str, arguments: list[str]) -> Call:
    if runner == "score":
        from mtcompute.cli.group import cli  # noqa: PLC0415

        return lambda: cli(arguments, standalone_mode=False)
    from sacrebleu import sacrebleu  # noqa: PLC0415

    def run() -> None:
        sys.argv = ["sacrebleu", *arguments]
        sacrebleu.main()  # type: ignore[no-untyped-call]

    return run


def _measured_call(call: Call) -> tuple[int, float]:
    """The rise of the resident high-water mark during ``call`` (KiB), and its seconds."""
    gc.collect()
    processes: list[int | str] = ["self", *procfs.children()]
    resets = [procfs.reset_high_water_mark(pid) for pid in processes]  # every one, none skipped
    exact = all(resets)
    before = sum(procfs.status_kib(pid, "VmRSS") for pid in processes)
    before_max = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    call()
    seconds = time.perf_counter() - start
    if exact:
        return sum(procfs.status_kib(pid, "VmHWM") for pid in processes) - before, seconds
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before_max, seconds


def main(argv: list[str]) -> None:
    runner, metric, hypothesis_file, reference_file, *rest = argv
    if runner in {"score", "sacrebleu-score"}:
        start = time.perf_counter()
        try:
            _command(runner, rest[1:] if rest[:1] == ["--"] else rest)()
        except SystemExit as exit_:  # sacreBLEU's main exits; a failure is reported as such
            if exit_.code not in {None, 0}:
                raise
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"PEAK_KIB {peak} SECONDS {seconds:.3f}", file=sys.stderr)
        return
    hypothesis = Path(hypothesis_file).read_text(encoding="utf-8").rstrip("\n")
    reference = Path(reference_file).read_text(encoding="utf-8").rstrip("\n")
    build = _library if runner == "library" else _peer_library
    build(metric, "a word", "a word")()  # what the first call imports is not the call's
    call = build(metric, hypothesis, reference)
    rise, seconds = _measured_call(call)
    print(f"PEAK_KIB {rise} SECONDS {seconds:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
