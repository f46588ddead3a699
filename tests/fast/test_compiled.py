"""The compiled fast paths are built wherever a C compiler is, and their fdlibm is the Python
port's to the bit."""

import ast
import math
import shutil
import struct
import sysconfig
from pathlib import Path
from types import BuiltinFunctionType as BuiltinFunction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mypy import api as mypy

from mtcompute.fast import compiled
from mtcompute.numerics import fdlibm
from tests.compiled_paths import compiled_paths

_PATHS = {name: getattr(compiled, name) for name in compiled_paths()}
_FAST = Path(compiled.__file__).parent
# Exported by a kernel beside its paths for the bit-for-bit tests of its fdlibm, and bound where
# it is used (``compiled_function``): not a path that ``pure_python`` takes away.
_FDLIBM = frozenset({"log", "exp"})


def _has_a_c_compiler() -> bool:
    command = str(sysconfig.get_config_var("CC") or "cc").split()
    return bool(command) and shutil.which(command[0]) is not None


def test_every_compiled_path_is_built_where_a_c_compiler_is() -> None:
    absent = [name for name, path in _PATHS.items() if path is None]
    if _has_a_c_compiler():
        assert absent == [], f"not built though a C compiler is here: {absent}"
    else:  # installed without one: the pure-Python paths serve, all of them
        assert absent == list(_PATHS)


def _stub_functions() -> set[tuple[str, str]]:
    """Each function a ``.pyi`` stub beside the extensions declares, as (module, name)."""
    return {
        (f"mtcompute.fast.{stub.stem}", node.name)
        for stub in _FAST.glob("_*.pyi")
        for node in ast.parse(stub.read_text(encoding="utf-8")).body
        if isinstance(node, ast.FunctionDef) and node.name not in _FDLIBM
    }


def test_every_function_the_stubs_declare_is_a_compiled_path_and_no_other() -> None:
    bound = {(path.__module__, path.__name__) for path in _PATHS.values() if path is not None}
    assert len(_PATHS) == len(_stub_functions())
    assert bound in (set(), _stub_functions())


def test_pure_python_takes_away_every_compiled_path(pure_python: None) -> None:
    assert all(getattr(compiled, name) is None for name in _PATHS)
    assert not [value for value in vars(compiled).values() if isinstance(value, BuiltinFunction)]


def _bindings() -> list[tuple[str, str, str, str]]:
    """Each ``name = cast(Alias | None, _compiled("_extension", "function"))`` of ``compiled``,
    as (name, alias, extension, function)."""
    found = []
    for node in ast.parse(Path(compiled.__file__).read_text(encoding="utf-8")).body:
        match node:
            case ast.Assign(
                targets=[ast.Name(name)],
                value=ast.Call(
                    func=ast.Name("cast"),
                    args=[
                        ast.BinOp(left=ast.Name(alias)),
                        ast.Call(
                            func=ast.Name("_compiled"),
                            args=[ast.Constant(str(extension)), ast.Constant(str(function))],
                        ),
                    ],
                ),
            ):
                found.append((name, alias, extension, function))
    return found


@pytest.mark.slow
def test_each_compiled_paths_type_is_its_stubs(tmp_path: Path) -> None:
    bindings = _bindings()
    assert sorted(name for name, *_ in bindings) == sorted(_PATHS)
    lines = ["from mtcompute.fast import compiled"]
    for k, (_, alias, extension, function) in enumerate(bindings):
        lines.append(f"from mtcompute.fast.{extension} import {function} as f{k}")
        lines.append(f"a{k}: compiled.{alias} = f{k}")
    module = tmp_path / "paths.py"
    module.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cache = str(tmp_path / "cache")
    stdout, _, status = mypy.run(["--strict", "--cache-dir", cache, str(module)])
    assert status == 0, stdout


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def _same(a: float, b: float) -> bool:
    return _bits(a) == _bits(b) or (math.isnan(a) and math.isnan(b))


def _double_of(bits: int) -> float:
    value: float = struct.unpack("<d", struct.pack("<Q", bits))[0]
    return value


_ANY_DOUBLE = st.floats(allow_nan=True, allow_infinity=True) | st.integers(0, 2**64 - 1).map(
    _double_of
)

if compiled.sentence_score is not None:
    from mtcompute.fast import _sentence_score

    @pytest.mark.slow
    @settings(max_examples=5_000)
    @given(
        st.floats(allow_nan=True, allow_infinity=True) | st.integers(0, 2**64 - 1).map(_double_of)
    )
    def test_the_compiled_log_is_the_python_ports_to_the_bit(x: float) -> None:
        assert _same(_sentence_score.log(x), fdlibm.log.__wrapped__(x))

    @pytest.mark.slow
    @settings(max_examples=5_000)
    @given(st.floats(min_value=-800, max_value=800) | _ANY_DOUBLE)
    def test_the_compiled_exp_is_the_python_ports_to_the_bit(x: float) -> None:
        assert _same(_sentence_score.exp(x), fdlibm.exp(x))

    def test_the_compiled_fdlibm_keeps_the_edges_of_its_ranges() -> None:
        edges = [0.0, -0.0, 1.0, 5e-324, 2.0**-1022, 2.0**-28, 709.782712893384, -745.1332191019411]
        for high in (0x40862E42, 0x3FD62E42, 0x3E300000, 0x3FF0A2B2, 0x00100000, 0x7FF00000):
            edges += [
                _double_of(((high + d) << 32) | low) for d in (-1, 0) for low in (0, 2**32 - 1)
            ]
        for x in edges + [-x for x in edges]:
            assert _same(_sentence_score.exp(x), fdlibm.exp(x)), x
            assert _same(_sentence_score.log(x), fdlibm.log.__wrapped__(x)), x
