"""The metrics of ``mtcompute score``, one module each; every module here registers its own."""
