"""The metrics of ``mtcompute score``, by name: the one list the CLI and the library read.

Adding a metric is one module in ``scoring/plugins/`` whose class is decorated ``@register``:
every module there is imported the first time the metrics are read. A name that is not
registered is an input error, never another metric.
"""

import functools
import importlib
import pkgutil

from mtcompute.errors import InputError, Violation
from mtcompute.scoring.metric import Option, ScoringMetric

_METRICS: dict[str, type[ScoringMetric]] = {}
_PACKAGE = "mtcompute.scoring.plugins"


def register(metric: type[ScoringMetric]) -> type[ScoringMetric]:
    """Make ``metric`` one of ``score``'s, under its ``name``."""
    if metric.name in _METRICS:
        raise ValueError(f"a metric named {metric.name!r} is registered already")
    _METRICS[metric.name] = metric
    return metric


def metrics() -> dict[str, type[ScoringMetric]]:
    """Every registered metric by name, in registration order."""
    _import_plugins()
    return _METRICS


@functools.cache
def _import_plugins() -> None:
    """Every module of the plugins' package, imported (once: the folder is listed once)."""
    package = importlib.import_module(_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{_PACKAGE}.{module.name}")


def metric_named(name: str) -> type[ScoringMetric]:
    """The metric called ``name``; ``InputError`` naming the metrics there are otherwise."""
    metric = metrics().get(name)
    if metric is None:
        known = ", ".join(f"'{known}'" for known in metrics())
        message = f"expected a metric among {known}, got {name!r}"
        raise InputError([Violation(code="unknown_metric", pointer="", message=message)])
    return metric


def every_option() -> list[Option]:
    """Every registered metric's options, each once, in registration order."""
    seen: dict[str, Option] = {}
    for metric in metrics().values():
        for option in metric.options:
            seen.setdefault(option.name, option)
    return list(seen.values())
