"""Released tools declared above this layer, handed to the registry from the top of the package.

A tool that scores texts as ``mtcompute score`` does runs the scoring layer's metrics, which sit
above the contracts; its module lives there, and this layer cannot import it. The package's
``__init__``, which sits above every layer, declares a loader of such tools here (``declare``);
the registry calls each loader once, the first time it lists the tools, so that importing the
package loads no tool. This module imports nothing, so declaring costs nothing either.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mtcompute.contracts.contract import Tool

Loader = Callable[[], Sequence["Tool[Any]"]]

_LOADERS: list[Loader] = []
_LOADED: list["Tool[Any]"] = []


def declare(loader: Loader) -> None:
    """Add the tools ``loader`` returns to the released ones, when they are first listed."""
    _LOADERS.append(loader)


def declared_tools() -> tuple["Tool[Any]", ...]:
    """Every declared tool, each loader called once."""
    while _LOADERS:
        _LOADED.extend(_LOADERS.pop(0)())
    return tuple(_LOADED)
