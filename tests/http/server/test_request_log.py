"""One log line per request: method, path, status and duration."""

import logging
import re

import httpx
import pytest

from mtcompute.http.server.log import LOGGER
from tests.http.logs import request_log_lines


def test_each_request_is_logged_once_with_method_path_status_and_duration(
    client: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger=LOGGER.name):
        client.get("/healthz")
        client.post("/v1/tools", content=b"")
        lines = request_log_lines(caplog, 2)
    assert len(lines) == 2
    assert re.fullmatch(r"GET /healthz 200 \d+\.\dms", lines[0])
    assert re.fullmatch(r"POST /v1/tools 405 \d+\.\dms", lines[1])


def test_a_path_cannot_forge_a_second_log_line(
    client: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger=LOGGER.name):
        client.get("/x%0AGET%20/forged%20200")
        lines = request_log_lines(caplog, 1)
    assert len(lines) == 1
    assert "\n" not in lines[0]
    assert lines[0].startswith("GET /x%0AGET%20/forged%20200 404 ")
