"""The click adapter: the ``mtcompute`` group and its commands, one module per family."""

from mtcompute.cli.main import cli, main

__all__ = ["cli", "main"]
