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
