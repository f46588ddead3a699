"""The compiled fast paths are built wherever a C compiler is, and their fdlibm is the Python
port's to the bit."""

import math
import shutil
import struct
import sysconfig

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.numerics import fdlibm

_PATHS = {
    "segment_statistics": compiled.segment_statistics,
    "sentence_score": compiled.sentence_score,
    "token_check": compiled.token_check,
    "chrf_sentence_scores": compiled.chrf_sentence_scores,
    "chrf_sentence_statistics": compiled.chrf_sentence_statistics,
    "edit_statistics": compiled.edit_statistics,
    "rouge_scores": compiled.rouge_scores,
}


def _has_a_c_compiler() -> bool:
    command = str(sysconfig.get_config_var("CC") or "cc").split()
    return bool(command) and shutil.which(command[0]) is not None


def test_every_compiled_path_is_built_where_a_c_compiler_is() -> None:
    absent = [name for name, path in _PATHS.items() if path is None]
    if _has_a_c_compiler():
        assert absent == [], f"not built though a C compiler is here: {absent}"
    else:  # installed without one: the pure-Python paths serve, all of them
        assert absent == list(_PATHS)


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

    @settings(max_examples=5_000)
    @given(
        st.floats(allow_nan=True, allow_infinity=True) | st.integers(0, 2**64 - 1).map(_double_of)
    )
    def test_the_compiled_log_is_the_python_ports_to_the_bit(x: float) -> None:
        assert _same(_sentence_score.log(x), fdlibm.log.__wrapped__(x))

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
