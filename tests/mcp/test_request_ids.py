"""Request ids the SDK would misread, found in a message or a batch on any transport."""

import json

import pytest

from mtcompute.mcp.request_ids import has_invalid_id

PING = {"jsonrpc": "2.0", "method": "ping"}


@pytest.mark.parametrize("request_id", [None, {}, [], 1.5, 1.0, True, False])
def test_an_id_neither_string_nor_integer_is_invalid(request_id: object) -> None:
    assert has_invalid_id(json.dumps({**PING, "id": request_id}).encode())


@pytest.mark.parametrize("request_id", [7, -1, "seven", ""])
def test_a_string_or_integer_id_is_valid(request_id: object) -> None:
    assert not has_invalid_id(json.dumps({**PING, "id": request_id}).encode())


def test_a_notification_and_a_document_that_is_not_json_are_left_to_the_sdk() -> None:
    assert not has_invalid_id(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    assert not has_invalid_id(b"{not json")
    assert not has_invalid_id(b'{"jsonrpc": "2.0", "id": null, "method": "ping", "x": "\xff"}')


def test_one_invalid_id_in_a_batch_is_found() -> None:
    assert has_invalid_id(b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}, {"id": null}]')


def test_a_lone_surrogate_elsewhere_in_the_message_hides_no_id() -> None:
    assert has_invalid_id(b'{"jsonrpc": "2.0", "id": null, "method": "ping", "x": "\\ud800"}')
    assert not has_invalid_id(b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "x": "\\ud800"}')


@pytest.mark.parametrize("digits", ["18446744073709551616", "-123456789012345678901234567890"])
def test_an_integer_id_past_64_bits_is_an_integer_as_the_sdk_reads_it(digits: str) -> None:
    assert not has_invalid_id(f'{{"jsonrpc": "2.0", "id": {digits}, "method": "ping"}}'.encode())


@pytest.mark.parametrize("literal", ["1e20", "1.5", "18446744073709551616.0"])
def test_a_number_written_with_a_fraction_or_exponent_stays_invalid(literal: str) -> None:
    assert has_invalid_id(f'{{"jsonrpc": "2.0", "id": {literal}, "method": "ping"}}'.encode())


def test_a_float_id_in_a_document_too_deep_to_reread_is_still_found() -> None:
    # orjson reads 1,000 levels; Python's json gives up on them (RecursionError).
    deep = "[" * 1_000 + "]" * 1_000
    assert has_invalid_id(f'{{"jsonrpc": "2.0", "id": 1.5, "x": {deep}}}'.encode())
