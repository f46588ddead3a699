"""JSON in and out: strict input, and numbers written as a JavaScript engine writes them."""

import gc
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute import jsonio
from mtcompute.errors import MalformedJsonError

# What node 20's JSON.stringify writes for each double.
JAVASCRIPT_WRITES = [
    pytest.param(1.0, "1", id="1.0 without a fraction"),
    pytest.param(0.0, "0", id="0.0"),
    pytest.param(-0.0, "0", id="negative zero as 0"),
    pytest.param(0.5, "0.5", id="0.5"),
    pytest.param(0.1, "0.1", id="0.1 shortest"),
    pytest.param(1 / 3, "0.3333333333333333", id="one third"),
    pytest.param(0.8025738, "0.8025738", id="a BLEU score"),
    pytest.param(123456789.125, "123456789.125", id="a fraction above 1"),
    pytest.param(1e-7, "1e-7", id="1e-7 in exponent form"),
    pytest.param(1e-6, "0.000001", id="1e-6 plain"),
    pytest.param(1.5e-6, "0.0000015", id="1.5e-6 plain"),
    pytest.param(4.046429087859345e-6, "0.000004046429087859345", id="17 digits below 1e-5"),
    pytest.param(-3.25e-6, "-0.00000325", id="negative below 1e-5"),
    pytest.param(9.999999999999999e-6, "0.000009999999999999999", id="just below 1e-5"),
    pytest.param(1e-5, "0.00001", id="1e-5 plain"),
    pytest.param(1.234e-5, "0.00001234", id="1.234e-5"),
    pytest.param(5e-324, "5e-324", id="the smallest double"),
    pytest.param(2.0**53, "9007199254740992", id="2**53"),
    pytest.param(2.0**53 + 2, "9007199254740994", id="2**53 + 2"),
    pytest.param(2.0**63, "9223372036854776000", id="2**63 with shortest digits"),
    pytest.param(2.0**64, "18446744073709552000", id="2**64"),
    pytest.param(1e20, "100000000000000000000", id="1e20 plain"),
    pytest.param(-1e20, "-100000000000000000000", id="-1e20"),
    pytest.param(999999999999999900000.0, "999999999999999900000", id="just below 1e21"),
    pytest.param(1e21, "1e+21", id="1e21 stays in exponent form"),
    pytest.param(1.7976931348623157e308, "1.7976931348623157e+308", id="the largest double"),
]


@pytest.mark.parametrize(("value", "text"), JAVASCRIPT_WRITES)
def test_a_double_is_written_as_javascript_writes_it(value: float, text: str) -> None:
    assert jsonio.dumps(value) == text.encode()
    assert jsonio.dumps([value]) == f"[{text}]".encode()


def test_integral_doubles_in_a_result_print_without_a_fraction() -> None:
    result = {"bleu": 1.0, "brevity_penalty": 1.0, "matches": [4, 3], "score": 0.25}
    assert jsonio.dumps({"result": result}) == (
        b'{"result":{"bleu":1,"brevity_penalty":1,"matches":[4,3],"score":0.25}}'
    )


def test_integers_beyond_64_bits_are_written_exactly() -> None:
    assert jsonio.dumps([2**64, -(2**63) - 1, 2**63]) == (
        b"[18446744073709551616,-9223372036854775809,9223372036854775808]"
    )


def test_booleans_and_null_stay_as_they_are() -> None:
    assert jsonio.dumps({"a": True, "b": False, "c": None}) == b'{"a":true,"b":false,"c":null}'


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_every_double_is_written_in_a_form_that_reads_back_as_itself(value: float) -> None:
    assert float(jsonio.loads(jsonio.dumps(value))) == value  # type: ignore[arg-type]


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_every_double_is_written_with_at_most_17_significant_digits(value: float) -> None:
    text = jsonio.dumps(value).decode().lstrip("-")
    digits = text.split("e")[0].replace(".", "").strip("0")
    assert len(digits) <= 17


def test_indented_output_uses_two_spaces_and_no_trailing_newline() -> None:
    assert jsonio.dumps({"result": {"bleu": 1.0}}, indent=True) == (
        b'{\n  "result": {\n    "bleu": 1\n  }\n}'
    )


def test_text_is_written_as_utf_8_without_escapes() -> None:
    assert jsonio.dumps(["\u05e9\u05dc\u05d5\u05dd", "\U0001f600"]) == (
        '["\u05e9\u05dc\u05d5\u05dd","\U0001f600"]'.encode()
    )


def test_valid_json_is_parsed_from_bytes_or_text() -> None:
    document = {"hypotheses": [["a"]], "max_order": 4.0}
    assert jsonio.loads(b'{"hypotheses": [["a"]], "max_order": 4.0}') == document
    assert jsonio.loads('{"hypotheses": [["a"]], "max_order": 4.0}') == document
    assert jsonio.loads(b'["\\ud83d\\ude00"]') == ["\U0001f600"]


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"NaN", id="NaN"),
        pytest.param(b"[Infinity]", id="Infinity"),
        pytest.param(b"[-Infinity]", id="-Infinity"),
        pytest.param(b'{"max_order": NaN}', id="NaN in an object"),
        pytest.param(b"[1e400]", id="a number too large for a double"),
        pytest.param(b'["\xff"]', id="invalid UTF-8"),
        pytest.param(b'["\xed\xa0\x80"]', id="a surrogate encoded in UTF-8"),
        pytest.param(b"", id="nothing"),
        pytest.param(b'{"a": 1', id="a truncated document"),
        pytest.param(b'{"a": 1} {"b": 2}', id="two documents"),
        pytest.param(b"{'a': 1}", id="single quotes"),
        pytest.param(b'{"a": 1,}', id="a trailing comma"),
    ],
)
def test_anything_but_strict_json_in_utf_8_is_malformed(data: bytes) -> None:
    with pytest.raises(MalformedJsonError) as caught:
        jsonio.loads(data)
    [error] = caught.value.errors
    assert error["code"] == "invalid_json"
    assert error["pointer"] == ""
    assert error["message"].startswith("expected a JSON document, got invalid JSON: ")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(b'["\\ud800"]', ["\ud800"], id="a lone high surrogate escape"),
        pytest.param(b'["\\udc00"]', ["\udc00"], id="a lone low surrogate escape"),
        pytest.param(b'["\\udc00\\ud800"]', ["\udc00\ud800"], id="surrogates in the wrong order"),
        pytest.param(b'{"\\ud800": "\\ud83d\\ude00"}', {"\ud800": "\U0001f600"}, id="in a key"),
        pytest.param('["\\ud800", 1]', ["\ud800", 1], id="in text input"),
    ],
)
def test_a_lone_surrogate_escape_is_read_for_the_contract_to_refuse_where_it_is(
    data: bytes | str, expected: object
) -> None:
    assert jsonio.loads(data) == expected


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b'["\\ud800", NaN]', id="NaN"),
        pytest.param(b'["\\ud800", -Infinity]', id="-Infinity"),
        pytest.param(b'["\\ud800", 1e400]', id="a number too large for a double"),
        pytest.param(b'["\\ud800", 1' + b"0" * 5000 + b"]", id="an integer of 5,001 digits"),
        pytest.param(b'["\\ud800", "\xff"]', id="invalid UTF-8"),
        pytest.param(b'["\\ud800",]', id="a trailing comma"),
        pytest.param(b"[" * 5000 + b'"\\ud800"' + b"]" * 5000, id="nested 5,000 deep"),
    ],
)
def test_a_document_with_a_lone_surrogate_escape_is_still_strict_json(data: bytes) -> None:
    with pytest.raises(MalformedJsonError) as caught:
        jsonio.loads(data)
    [error] = caught.value.errors
    assert error["message"].startswith("expected a JSON document, got invalid JSON: ")


def test_a_long_integer_beside_a_lone_surrogate_is_read_as_orjson_reads_it() -> None:
    numbers = b"123456789012345678901234, 18446744073709551615, -9223372036854775808, 1.5"
    read: Any = jsonio.loads(b'["\\ud800", ' + numbers + b"]")
    assert read[1:] == orjson.loads(b"[" + numbers + b"]")
    assert [type(number) for number in read[1:]] == [float, int, int, float]


def test_a_string_with_a_lone_surrogate_is_written_as_its_escape() -> None:
    assert jsonio.dumps({"pointer": "/\ud800", "n": 1.0}) == b'{"pointer":"/\\ud800","n":1}'


def test_a_lone_surrogate_in_text_input_is_malformed() -> None:
    with pytest.raises(MalformedJsonError):
        jsonio.loads('["\ud800"]')


def test_nan_and_infinity_are_never_written_as_literals() -> None:
    written = jsonio.dumps([math.nan, math.inf, -math.inf])
    assert written == b"[null,null,null]"  # as JSON.stringify writes them


def test_the_cyclic_collector_does_not_run_again_and_again_over_a_document_being_parsed() -> None:
    # In a fresh interpreter: the collector as users have it, whatever this process's other
    # tests and threads did to it.
    program = (
        "import orjson\n"
        "from mtcompute import jsonio\n"
        "from tests.test_jsonio import collections_during\n"
        "document = b'[' + b','.join([b'[]'] * 100_000) + b']'  # 100,000 containers\n"
        "assert collections_during(orjson.loads, document) > 10  # the collector unpaused\n"
        "# At most the one collection that the parse's allocations start once it is resumed.\n"
        "assert collections_during(jsonio.loads, document) <= 1\n"
        "assert collections_during(jsonio.loads, b'[\"\\\\ud800\", ' + document + b']') <= 1\n"
    )
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, "-c", program], check=True, cwd=root)


def collections_during(parse: Any, document: bytes) -> int:
    started: list[int] = []

    def record(phase: str, info: dict[str, Any]) -> None:
        started.extend([info["generation"]] if phase == "start" else [])

    # With the collector on, as users have it (another test of this process may have left it
    # off), and as it was after.
    was_enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.collect()
    gc.enable()
    gc.set_threshold(700, 10, 10)  # CPython's defaults: a library may have raised them
    gc.callbacks.append(record)
    try:
        parse(document)
    finally:
        gc.callbacks.remove(record)
        gc.set_threshold(*thresholds)
        if not was_enabled:
            gc.disable()
    return len(started)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_left_as_it_was_after_a_parse_or_a_refusal(enabled: bool) -> None:
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        jsonio.loads(b"[1]")
        with pytest.raises(MalformedJsonError):
            jsonio.loads(b"[1,")
        assert gc.isenabled() == enabled
    finally:
        (gc.enable if was else gc.disable)()
