"""The fdlibm ports give the same bits as node's ``Math.log`` and ``Math.exp``.

Each test generates its arguments with a seeded generator, sends them all to one node process and
compares bit patterns (two NaNs count as equal: JavaScript does not promise a NaN's payload).
"""

import math
import random
from collections.abc import Callable, Iterator

from mtcompute.numerics.fdlibm import exp, log
from tests.javascript import from_hex, run_node, to_hex

_MAX_BLEU_TOTAL = 10**6
_SPECIALS = (0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324)
_LARGEST = 1.7976931348623157e308
_SMALLEST_NORMAL = 2.2250738585072014e-308


def _double(bits: int) -> float:
    return from_hex(f"{bits:016x}")


def _neighbours(x: float, count: int) -> Iterator[float]:
    """``x`` and the ``count`` doubles on each side of it."""
    yield x
    below = above = x
    for _ in range(count):
        below, above = math.nextafter(below, -math.inf), math.nextafter(above, math.inf)
        yield below
        yield above


def _random_finite(rng: random.Random, count: int, *, positive: bool) -> Iterator[float]:
    """Doubles with uniformly random bits: every exponent equally likely."""
    while count:
        bits = rng.getrandbits(63 if positive else 64)
        if (bits >> 52) & 0x7FF != 0x7FF:
            count -= 1
            yield _double(bits)


def _subnormals(rng: random.Random, count: int) -> Iterator[float]:
    for _ in range(count):
        yield _double(rng.randint(1, 2**52 - 1))
    yield _double(2**52 - 1)  # the largest subnormal


def _powers_of_two() -> Iterator[float]:
    for k in range(-1074, 1024):
        yield 2.0**k


def _bleu_ratio(rng: random.Random) -> float:
    """m / l as BLEU forms it: clipped matches over n-gram totals, 1 <= m <= l."""
    total = rng.randint(1, _MAX_BLEU_TOTAL)
    return rng.randint(1, total) / total


def _ratio_near_one(rng: random.Random) -> float:
    """(l - d) / l for l beyond 2**20, so that |f| < 2**-20 takes fdlibm's short path."""
    total = rng.randint(2**20, 10**9)
    return (total - rng.randint(0, 16)) / total


def _log_bleu_arguments() -> list[float]:
    rng = random.Random(1_2002)  # Papineni et al. 2002
    every_small_ratio = [m / total for total in range(1, 101) for m in range(1, total + 1)]
    return (
        every_small_ratio
        + [_bleu_ratio(rng) for _ in range(95_000)]
        + [_ratio_near_one(rng) for _ in range(5_000)]
    )


def _log_edge_arguments() -> list[float]:
    rng = random.Random(2_2002)
    near_one = [1.0 + k * 2.0**-53 for k in range(-2_000, 2_001)]
    near_one += [1.0 + rng.uniform(-1.0, 1.0) * 2.0**-20 for _ in range(5_000)]
    near_one += [y for x in (1.0 - 2.0**-20, 1.0 + 2.0**-20) for y in _neighbours(x, 4)]
    # fdlibm reduces x to 2**k * (1 + f): the short path is taken near every power of two
    near_powers = [2.0**k * (1.0 + rng.uniform(-1.0, 1.0) * 2.0**-20) for k in range(-1022, 1024)]
    return [
        *_SPECIALS,
        _LARGEST,
        *_neighbours(_SMALLEST_NORMAL, 4),
        *_subnormals(rng, 2_000),
        *_powers_of_two(),
        *near_one,
        *near_powers,
        *_random_finite(rng, 10_000, positive=True),
        *_random_finite(rng, 1_000, positive=False),
    ]


def _mean_log_precision(rng: random.Random) -> float:
    """(1/N) * sum of ln(m_n / l_n), summed left to right: the argument of BLEU's exp."""
    order = rng.randint(1, 8)
    total = 0.0
    for _ in range(order):
        total += log(_bleu_ratio(rng))
    return (1.0 / order) * total


def _brevity_argument(rng: random.Random) -> float:
    """1 - r/c for 0 < c <= r: the argument of the brevity penalty's exp."""
    candidate = rng.randint(1, _MAX_BLEU_TOTAL)
    return 1.0 - rng.randint(candidate, 2 * candidate) / candidate


def _exp_bleu_arguments() -> list[float]:
    rng = random.Random(3_2002)
    return (
        [rng.uniform(-30.0, 1.0) for _ in range(60_000)]
        + [_mean_log_precision(rng) for _ in range(25_000)]
        + [_brevity_argument(rng) for _ in range(20_000)]
    )


# The bounds where fdlibm's exp changes path: overflow, underflow, |x| > 0.5 ln2, |x| < 1.5 ln2,
# |x| < 2**-28, and the high word 0x40862E42 below which no overflow check is made.
_EXP_THRESHOLDS = (
    7.09782712893383973096e02,
    -7.45133219101941108420e02,
    _double(0x3FD62E42 << 32),
    _double((0x3FD62E42 << 32) | 0xFFFFFFFF),
    _double(0x3FF0A2B2 << 32),
    _double(0x3E300000 << 32),
    _double(0x40862E42 << 32),
)


def _exp_edge_arguments() -> list[float]:
    rng = random.Random(4_2002)
    thresholds = [y for x in _EXP_THRESHOLDS for sign in (1, -1) for y in _neighbours(sign * x, 8)]
    tiny = [sign * x for x in (*_powers_of_two(), *_subnormals(rng, 500)) for sign in (1, -1)]
    return [
        *_SPECIALS,
        _LARGEST,
        -_LARGEST,
        *thresholds,
        *tiny,
        *(rng.uniform(-746.0, 710.0) for _ in range(5_000)),
        *(rng.uniform(-1.0, 1.0) for _ in range(5_000)),
        *_random_finite(rng, 5_000, positive=False),
    ]


def _same_double(a: float, b: float) -> bool:
    return to_hex(a) == to_hex(b) or (math.isnan(a) and math.isnan(b))


def _assert_same_bits_as_node(
    function: Callable[[float], float], name: str, arguments: list[float]
) -> None:
    answers = run_node("math.mjs", [name], [to_hex(x) for x in arguments])
    differences = []
    for x, answer in zip(arguments, answers, strict=True):
        ours, theirs = function(x), from_hex(answer)
        if not _same_double(ours, theirs):
            differences.append(f"{name}({x!r}): python {ours!r}, node {theirs!r}")
    assert not differences, f"{len(differences)} differences, first: {differences[:10]}"


def test_log_gives_the_bits_of_javascript_math_log_on_bleu_ratios() -> None:
    arguments = _log_bleu_arguments()
    assert len(arguments) >= 100_000
    _assert_same_bits_as_node(log, "log", arguments)


def test_log_gives_the_bits_of_javascript_math_log_on_edge_cases() -> None:
    _assert_same_bits_as_node(log, "log", _log_edge_arguments())


def test_exp_gives_the_bits_of_javascript_math_exp_on_bleu_arguments() -> None:
    arguments = _exp_bleu_arguments()
    assert len(arguments) >= 100_000
    assert min(arguments) >= -30.0
    assert max(arguments) <= 1.0
    _assert_same_bits_as_node(exp, "exp", arguments)


def test_exp_gives_the_bits_of_javascript_math_exp_on_edge_cases() -> None:
    _assert_same_bits_as_node(exp, "exp", _exp_edge_arguments())
