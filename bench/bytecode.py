"""mtcompute's modules compiled to bytecode, as ``pip install`` leaves an installed package
(and as an editable install is after its first run, where the environment lets Python write
bytecode): whole-process races then time the start-up a user gets, not a compilation of every
module at every start. The peers are installed packages, already compiled.
"""

import compileall
from pathlib import Path

import mtcompute


def compile_mtcompute() -> None:
    """Write the bytecode of every module of the package that is missing or stale."""
    for folder in mtcompute.__path__:
        compileall.compile_dir(Path(folder), quiet=1)
