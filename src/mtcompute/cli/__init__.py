"""The ``mtcompute`` command: the entry point (``main``), ``score``'s own parser and the click
group of every other command (``cli``, loaded on first use: ``score`` runs without click)."""

from typing import TYPE_CHECKING, Any

from mtcompute.cli.main import main

if TYPE_CHECKING:
    from mtcompute.cli.group import cli

__all__ = ["cli", "main"]


def __getattr__(name: str) -> Any:
    if name == "cli":
        from mtcompute.cli.group import cli  # noqa: PLC0415

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
