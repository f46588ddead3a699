"""Confidence intervals and paired tests asked for as ``mtcompute score`` names them:
``confidence``, ``paired_bs``, ``paired_ar`` (booleans), their counts ``confidence_n``,
``paired_bs_n`` and ``paired_ar_n``, the ``seed`` and the ``resampling`` mode; with the rules a
schema cannot say and the count that bounds their work.

The work is systems x segments x resamples x scores: every resample (or trial) sums each
system's statistics of every segment, once for each score. ROUGE gives one per type, each
counted ``ROUGE_WEIGHT`` times: its scores are means of segment scores, summed in each
resample's order of segments as rouge-score adds them, not in one matrix product (about 40 ns a
step where the others take 1 to 4). The resamples are the paired test's, and ``confidence``'s
beside randomization (the paired bootstrap gives its intervals from its own resamples).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where
from mtcompute.fast.resampling.modes import RESAMPLINGS
from mtcompute.metrics.rouge.types import DEFAULT_TYPES

MAX_BOOTSTRAP = 2000
MAX_RANDOMIZATION = 10_000
MAX_SEED = 2**53 - 1  # an integer every JSON reader holds exactly
DEFAULT_SEED = 12345
# Each flag and its count, with sacreBLEU 2.6's default and this contract's largest.
COUNTS = {
    "confidence": ("confidence_n", 1000, MAX_BOOTSTRAP),
    "paired_bs": ("paired_bs_n", 1000, MAX_BOOTSTRAP),
    "paired_ar": ("paired_ar_n", 10_000, MAX_RANDOMIZATION),
}
TESTS = ("paired_bs", "paired_ar")
ROUGE_WEIGHT = 16


def properties() -> dict[str, Any]:
    """The input's resampling fields."""
    return {
        "confidence": fields.boolean(
            False, "Each system's bootstrap mean and 95% interval, as `score --confidence`."
        ),
        "confidence_n": _count("confidence", "Bootstrap resamples of confidence."),
        "paired_bs": fields.boolean(
            False, "Paired bootstrap test of each system against the first, as `--paired-bs`."
        ),
        "paired_bs_n": _count("paired_bs", "Resamples of paired_bs."),
        "paired_ar": fields.boolean(
            False, "Paired approximate randomization test against the first, as `--paired-ar`."
        ),
        "paired_ar_n": _count("paired_ar", "Trials of paired_ar."),
        "seed": fields.integer(0, MAX_SEED, "The resampling seed, as `--seed`.", DEFAULT_SEED),
        "resampling": {
            "type": "string",
            "enum": list(RESAMPLINGS),
            "default": "sacrebleu",
            "description": "sacrebleu: sacreBLEU 2.6's resamples and numbers; portable: "
            "splitmix64 and exact sums, the same numbers everywhere (as `--resampling`).",
        },
    }


def _count(flag: str, description: str) -> dict[str, Any]:
    _, default, most = COUNTS[flag]
    return fields.integer(1, most, f"{description} Only with {flag}.", default)


def asked(raw: Mapping[str, Any], flag: str) -> bool:
    return raw.get(flag) is True


def resamples(raw: Mapping[str, Any]) -> int:
    """The resamples and trials the input asks for (0: none)."""
    total = 0
    for flag, (name, default, _) in COUNTS.items():
        if flag == "confidence" and asked(raw, "paired_bs"):
            continue  # the bootstrap's own resamples give the intervals
        if asked(raw, flag):
            total += whole(raw.get(name, default), default)
    return total


def whole(value: object, default: int) -> int:
    """``value`` as the count it is (``4`` and ``4.0`` alike), else ``default``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return int(value) if 0 < value < 2**63 and value == int(value) else default


def score_count(raw: Mapping[str, Any]) -> int:
    """The scores of the metrics asked, each metric once: ROUGE one per type, each counted
    ``ROUGE_WEIGHT`` times."""
    metrics = raw.get("metrics", ["bleu"])
    names = {m for m in metrics if isinstance(m, str)} if isinstance(metrics, list) else {"bleu"}
    total = len(names - {"rouge"})
    if "rouge" in names:
        options = raw.get("rouge")
        types = options.get("rouge_types") if isinstance(options, Mapping) else None
        given = {str(t) for t in types} if isinstance(types, list) else set()
        total += ROUGE_WEIGHT * (len(given) or len(DEFAULT_TYPES))
    return total


def resampling_steps(raw: Mapping[str, Any]) -> int:
    """Systems x segments x resamples x scores (one system in ``hypotheses``)."""
    systems, references = raw.get("systems"), raw.get("references")
    count = len(systems) if isinstance(systems, list) else 1
    segments = len(references) if isinstance(references, list) else 0
    return count * segments * resamples(raw) * score_count(raw)


@dataclass(frozen=True)
class ResamplingSteps:
    """Systems x segments x resamples x scores at most ``most``."""

    most: int
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        return None if resampling_steps(raw) <= self.most else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        steps = resampling_steps(raw)
        if steps > self.most:
            message = (
                f"expected systems x segments x resamples x scores (each ROUGE type counting "
                f"{ROUGE_WEIGHT}) of at most {self.most}, got {steps}: test fewer systems (each "
                "call with the baseline) or fewer metrics a call, which leaves each pair's and "
                "each metric's numbers as they are, or ask fewer resamples"
            )
            found.add("too_many_resampling_steps", "", message)


@dataclass(frozen=True)
class ResamplingAsked:
    """One paired test at most, and only with several systems (``several`` names the field
    that gives them); a count only with its flag; ``single`` (fields of one system, such as
    per-segment scores) neither with several systems nor with resampling."""

    several: str
    single: tuple[str, ...] = ()
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        tests = [flag for flag in TESTS if asked(raw, flag)]
        if len(tests) > 1 or (tests and self.several not in raw):
            return FAILED
        if any(name in raw and not asked(raw, flag) for flag, (name, _, _) in COUNTS.items()):
            return FAILED
        resampled = bool(tests) or asked(raw, "confidence")
        if (resampled or self.several in raw) and any(raw.get(f) is True for f in self.single):
            return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        tests = [flag for flag in TESTS if asked(raw, flag)]
        if len(tests) > 1:
            message = "expected one paired test, paired_bs or paired_ar, got both at /paired_ar"
            found.add("conflicting_tests", "/paired_ar", message)
        elif tests and self.several not in raw:
            pointer = f"/{tests[0]}"
            message = (
                f"expected {self.several} (2 or more, the first the baseline) for a paired "
                f"test, got one system {where(pointer)}"
            )
            found.add("needs_systems", pointer, message)
        for flag, (name, _, _) in COUNTS.items():
            if name in raw and not asked(raw, flag):
                pointer = f"/{name}"
                message = f"expected {name} only with {flag} true {where(pointer)}"
                found.add("not_allowed", pointer, message)
        self._walk_single(raw, tests, found)

    def _walk_single(self, raw: dict[str, Any], tests: list[str], found: Violations) -> None:
        resampled = bool(tests) or asked(raw, "confidence")
        if not resampled and self.several not in raw:
            return
        why = f"with {self.several}" if self.several in raw else "with resampling"
        for name in self.single:
            if raw.get(name) is True:
                pointer = f"/{name}"
                message = f"expected no {name} {why}: it is one system's {where(pointer)}"
                found.add("not_allowed", pointer, message)
