"""The whole-process races time the package as installed: its modules compiled to bytecode."""

import importlib.util
from pathlib import Path

import mtcompute.version
from bench.bytecode import compile_mtcompute


def test_every_module_of_the_package_has_its_bytecode_after_compiling() -> None:
    compile_mtcompute()
    source = Path(mtcompute.version.__file__)
    cached = Path(importlib.util.cache_from_source(str(source)))
    assert cached.is_file()
    assert cached.stat().st_mtime >= source.stat().st_mtime
