"""``score``'s options for several systems, as sacreBLEU 2.6 names them: ``--confidence``,
``--paired-bs``, ``--paired-ar`` (with their ``-n`` counts), ``--paired-all``, ``--seed`` and
``--resampling``; and what they ask for, as a ``scoring.systems.Resampling``.

The seed is ``--seed``, else the ``SACREBLEU_SEED`` variable read as sacreBLEU reads it (``none``
in any case draws from the operating system), else 12345; unlike sacreBLEU, 0 is a seed like
any other (sacreBLEU's paired tests silently draw from the operating system for 0).
"""

import os
from typing import TYPE_CHECKING, Any

from mtcompute.cli.arguments import UsageError, add_integer, add_switch, shown_default
from mtcompute.fast.resampling.modes import RESAMPLINGS

if TYPE_CHECKING:
    import argparse

    from mtcompute.scoring.systems import Resampling

DEFAULT_SEED = "12345"
_SEED_BOUND = 1 << 64


def add_resampling_arguments(group: "argparse._ArgumentGroup") -> None:
    """The options, in the order ``--help`` lists them."""
    add_switch(
        group,
        "-ci",
        "--confidence",
        help_text="Each system's bootstrap mean and 95%% interval (beside --paired-ar too).",
    )
    add_integer(
        group,
        "-cin",
        "--confidence-n",
        low=1,
        default=1000,
        help_text="Bootstrap resamples of --confidence.",
    )
    add_switch(
        group, "-pbs", "--paired-bs", help_text="Paired bootstrap test against the baseline."
    )
    add_integer(
        group, "-pbsn", "--paired-bs-n", low=1, default=1000, help_text="Resamples of --paired-bs."
    )
    add_switch(
        group,
        "-par",
        "--paired-ar",
        help_text="Paired approximate randomization test against the baseline.",
    )
    add_integer(
        group, "-parn", "--paired-ar-n", low=1, default=10000, help_text="Trials of --paired-ar."
    )
    add_switch(
        group,
        "--paired-all",
        help_text="Test every pair of systems, not only against the first (with --paired-bs, the "
        "default, or --paired-ar).",
    )
    group.add_argument(
        "--seed",
        metavar="N|none",
        help="The resampling seed: an integer, or none to draw one from the operating system."
        "  [default: SACREBLEU_SEED, else 12345]",
    )
    group.add_argument(
        "--resampling",
        choices=RESAMPLINGS,
        default="sacrebleu",
        help=shown_default(
            "sacrebleu: sacreBLEU 2.6's resamples and numbers; portable: splitmix64 and exact "
            "sums, the same numbers everywhere.",
            "sacrebleu",
        ),
    )


def _seed(given: str | None, mode: str) -> int | None:
    text = given if given is not None else os.environ.get("SACREBLEU_SEED", DEFAULT_SEED)
    if text.strip().lower() == "none":
        return None
    try:
        seed = int(text)
    except ValueError:
        raise UsageError(f"argument --seed: expected an integer or none, got {text!r}") from None
    bound = _SEED_BOUND if mode == "portable" else None
    if seed < 0 or (bound is not None and seed >= bound):
        limit = "2**64 - 1" if bound else "any size"
        raise UsageError(f"argument --seed: expected an integer from 0 to {limit}, got {seed}")
    return seed


KEYS = (
    "confidence",
    "confidence_n",
    "paired_bs",
    "paired_bs_n",
    "paired_ar",
    "paired_ar_n",
    "paired_all",
    "seed",
    "resampling",
)


def resampling_of(options: dict[str, Any], systems: int) -> "Resampling | None":
    """What the options ask for (None: no interval and no test); usage errors for options
    that contradict each other or the number of systems."""
    if options["paired_bs"] and options["paired_ar"]:
        raise UsageError("--paired-bs and --paired-ar exclude each other")
    test = (
        "randomization"
        if options["paired_ar"]
        else "bootstrap"
        if options["paired_bs"] or options["paired_all"]
        else None
    )
    seed = _seed(options["seed"], options["resampling"])  # a bad seed is an error anyway
    if test is None and not options["confidence"]:
        return None
    if test is not None and systems < 2:
        raise UsageError("paired tests need at least two systems after -i")
    from mtcompute.scoring.systems import Resampling  # noqa: PLC0415 - numpy's, when asked

    mode = options["resampling"]
    samples = options["paired_ar_n"] if test == "randomization" else options["paired_bs_n"]
    return Resampling(
        confidence=options["confidence_n"] if options["confidence"] else 0,
        test=test,
        samples=samples if test else 0,
        every_pair=options["paired_all"],
        seed=seed,
        mode=mode,
    )
