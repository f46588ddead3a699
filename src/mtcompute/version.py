"""The package's version, one place: ``mtcompute.__version__``, signatures and the CLI's
``--version`` read it (a test pins it to pyproject.toml's)."""

__version__ = "0.3.0"
