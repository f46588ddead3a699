"""The options of bleu-sentence-compute@1.0.0, each at its boundary, and the typed request:
smoothing_value's range depends on smoothing, and it is refused with none and exp."""

from collections.abc import Callable
from typing import Any

import pytest

from mtcompute import execute
from mtcompute.contracts.bleu_sentence_compute_1_0_0 import PARSER
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.smoothing import Smoothing

Input = dict[str, Any]
Make = Callable[[], object]


def one(**options: object) -> Input:
    return {"hypothesis": ["a", "b"], "references": [["a", "b"]], **options}


AT_THE_LIMIT = [
    pytest.param(one(smoothing="floor", smoothing_value=1e-10), id="floor ε 1e-10"),
    pytest.param(one(smoothing="floor", smoothing_value=1), id="floor ε 1"),
    pytest.param(one(smoothing="add-k", smoothing_value=1e-10), id="add-k k 1e-10"),
    pytest.param(one(smoothing="add-k", smoothing_value=100), id="add-k k 100"),
    pytest.param(one(smoothing="add-k", smoothing_value=0.25), id="add-k fractional k"),
    pytest.param(one(smoothing="none"), id="none without a value"),
    pytest.param(one(smoothing="exp"), id="exp without a value"),
    pytest.param(one(effective_order=False), id="effective_order false"),
    pytest.param(one(decimals=0), id="decimals 0"),
    pytest.param(one(decimals=15), id="decimals 15"),
    pytest.param(one(decimals=15.0), id="decimals 15.0"),
]


@pytest.mark.parametrize("raw", AT_THE_LIMIT)
def test_an_option_exactly_at_its_limit_is_accepted(raw: Input) -> None:
    assert PARSER.parse(raw).hypothesis is raw["hypothesis"]


def _bad(raw: Input, expected: list[tuple[str, str]], says: tuple[str, ...], id: str) -> Any:
    return pytest.param(raw, expected, says, id=id)


ONE_OVER = [
    _bad(one(smoothing_value=0.1), [("not_allowed", "/smoothing_value")],
         ('expected no smoothing_value with smoothing "exp"', 'only with "floor" or "add-k"',
          "got the number 0.1"), "a value with exp, the default"),
    _bad(one(smoothing="exp", smoothing_value=1), [("not_allowed", "/smoothing_value")],
         ('expected no smoothing_value with smoothing "exp"',), "a value with exp"),
    _bad(one(smoothing="none", smoothing_value=1), [("not_allowed", "/smoothing_value")],
         ('expected no smoothing_value with smoothing "none"',), "a value with none"),
    _bad(one(smoothing="floor", smoothing_value=1.0000000000000002),
         [("above_maximum", "/smoothing_value")],
         ('expected a number of at most 1 with smoothing "floor"',), "floor ε just over 1"),
    _bad(one(smoothing="floor", smoothing_value=9.999999999999999e-11),
         [("below_minimum", "/smoothing_value")],
         ("expected a number of at least 1e-10",), "floor ε just under 1e-10"),
    _bad(one(smoothing="add-k", smoothing_value=100.00000000000001),
         [("above_maximum", "/smoothing_value")],
         ("expected a number of at most 100",), "add-k k just over 100"),
    _bad(one(smoothing="add-k", smoothing_value=0), [("below_minimum", "/smoothing_value")],
         ("expected a number of at least 1e-10", "got 0"), "add-k k 0"),
    _bad(one(smoothing="add-k", smoothing_value=-1), [("below_minimum", "/smoothing_value")],
         ("expected a number of at least 1e-10", "got -1"), "add-k k negative"),
    _bad(one(smoothing="floor", smoothing_value="0.1"), [("type", "/smoothing_value")],
         ("expected a number", 'got the string "0.1"'), "a value as a string"),
    _bad(one(smoothing="floor", smoothing_value=None), [("type", "/smoothing_value")],
         ("expected a number", "got null"), "a null value"),
    _bad(one(smoothing="floor", smoothing_value=True), [("type", "/smoothing_value")],
         ("expected a number", "got the boolean true"), "a boolean value"),
    _bad(one(smoothing="method4"), [("not_allowed", "/smoothing")],
         ('expected one of "none", "floor", "add-k", "exp"', 'got the string "method4"'),
         "Chen and Cherry method 4"),
    _bad(one(smoothing="EXP"), [("not_allowed", "/smoothing")],
         ('expected one of "none"', 'got the string "EXP"'), "a method in capitals"),
    _bad(one(smoothing=3), [("type", "/smoothing")],
         ("expected a string", "got the number 3"), "a method as a number"),
    _bad(one(effective_order=1), [("type", "/effective_order")],
         ("expected a boolean", "got the number 1"), "effective_order 1"),
    _bad(one(effective_order="true"), [("type", "/effective_order")],
         ("expected a boolean", 'got the string "true"'), "effective_order as a string"),
    _bad(one(decimals=-1), [("below_minimum", "/decimals")],
         ("expected an integer of at least 0", "got -1"), "decimals -1"),
    _bad(one(decimals=16), [("above_maximum", "/decimals")],
         ("expected an integer of at most 15", "got 16"), "decimals 16"),
    _bad(one(decimals=2.5), [("type", "/decimals")],
         ("expected an integer", "got the number 2.5"), "decimals 2.5"),
    _bad(one(decimals=None), [("type", "/decimals")], ("expected an integer", "got null"),
         "decimals null"),
    _bad(one(smooth_method="exp"), [("unknown_property", "/smooth_method")],
         ("got the unknown property 'smooth_method'",), "sacreBLEU's option name"),
]  # fmt: skip


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


@pytest.mark.parametrize(("raw", "expected", "says"), ONE_OVER)
def test_an_option_one_over_its_limit_is_refused_with_code_and_pointer(
    raw: Input, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    errors = input_errors(raw)
    assert [(e["code"], e["pointer"]) for e in errors] == expected
    for fragment in says:
        assert fragment in errors[0]["message"]
    assert errors[0]["message"].startswith("expected ")


def test_omitted_options_mean_exp_with_effective_order_at_full_precision() -> None:
    options = PARSER.parse(one()).options
    assert (options.smoothing, options.effective_order, options.decimals) == (
        Smoothing("exp", None),
        True,
        None,
    )


@pytest.mark.parametrize(("method", "value"), [("floor", 0.1), ("add-k", 1.0)])
def test_a_method_without_a_value_takes_its_default_and_echoes_it(
    method: str, value: float
) -> None:
    assert PARSER.parse(one(smoothing=method)).options.smoothing == Smoothing(method, value)
    result = execute("bleu-sentence-compute", "1.0.0", one(smoothing=method))
    assert result["smoothing_value"] == value


def test_the_value_is_echoed_unrounded_and_integral_numbers_become_ints() -> None:
    result = execute(
        "bleu-sentence-compute",
        "1.0.0",
        one(smoothing="add-k", smoothing_value=0.123456789, decimals=2.0),
    )
    assert result["smoothing_value"] == 0.123456789
    assert result["bleu"] == 1.0
    assert PARSER.parse(one(decimals=2.0)).options.decimals == 2
    assert type(PARSER.parse(one(decimals=2.0)).options.decimals) is int


def test_every_violation_of_the_options_is_reported_at_once() -> None:
    raw = one(smoothing="none", smoothing_value=0.5, effective_order=None, decimals=99)
    raw["hypothesis"] = ["a", ""]
    assert [(e["code"], e["pointer"]) for e in input_errors(raw)] == [
        ("too_short", "/hypothesis/1"),
        ("type", "/effective_order"),
        ("above_maximum", "/decimals"),
        ("not_allowed", "/smoothing_value"),
    ]
