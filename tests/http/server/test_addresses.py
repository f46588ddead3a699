"""The addresses ``mtcompute serve`` prints after uvicorn's "running on" line."""

import logging

import pytest

from mtcompute.http.server.addresses import AddressesHandler, address_lines


def _record(message: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, message, args, None)


def test_the_lines_name_the_pages_the_api_mcp_and_openapi() -> None:
    lines = address_lines("http://127.0.0.1:8000")
    assert [line.rsplit(" ", 1)[1] for line in lines] == [
        "http://127.0.0.1:8000/",
        "http://127.0.0.1:8000/v1/tools",
        "http://127.0.0.1:8000/mcp",
        "http://127.0.0.1:8000/openapi.json",
    ]


def test_uvicorns_running_line_brings_the_addresses_with_its_port(
    capsys: pytest.CaptureFixture[str],
) -> None:
    message = "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)"
    AddressesHandler().handle(_record(message, "http", "127.0.0.1", 43117))
    assert capsys.readouterr().err.splitlines() == address_lines("http://127.0.0.1:43117")


def test_other_log_lines_bring_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    AddressesHandler().handle(_record("Started server process [%d]", 12))
    assert capsys.readouterr().err == ""
