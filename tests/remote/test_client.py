"""``mtcompute.Client`` answers what the library answers and raises the library's errors: in this
process through httpx's transport seam (the app served by Starlette's test transport), and
over a real port where the network is the point."""

import socket
import time
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

import mtcompute
from mtcompute import Client, InputError, ServiceError, UnknownToolError
from mtcompute.errors import InvalidBaseUrlError, MalformedJsonError
from mtcompute.http.app import create_app
from mtcompute.remote.client import execute_remote
from tests.http.inputs import SMALL_INPUT, TOOL, VERSION
from tests.remote import hostile_servers as hostile

IN_PROCESS = "http://testserver"


class InProcess(httpx.BaseTransport):
    """The app served in this process by Starlette's test client, as a transport whose answers
    are read whole, as the network's would be."""

    def __init__(self, test_client: TestClient) -> None:
        self._test_client = test_client

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = self._test_client.request(
            request.method, str(request.url), headers=dict(request.headers), content=request.read()
        )
        return httpx.Response(answer.status_code, headers=answer.headers, content=answer.content)


@pytest.fixture(scope="module")
def app_transport() -> Any:
    with TestClient(create_app(), base_url=IN_PROCESS) as test_client:
        yield InProcess(test_client)


@pytest.fixture
def remote(app_transport: httpx.BaseTransport) -> Any:
    with Client(IN_PROCESS, transport=app_transport) as client:
        yield client


def test_execute_over_a_real_port_answers_the_librarys_result(base_url: str) -> None:
    with Client(base_url) as client:
        assert client.execute(TOOL, VERSION, SMALL_INPUT) == mtcompute.execute(
            TOOL, VERSION, SMALL_INPUT
        )


def test_execute_answers_the_librarys_result(remote: Client) -> None:
    assert remote.execute(TOOL, VERSION, SMALL_INPUT) == mtcompute.execute(
        TOOL, VERSION, SMALL_INPUT
    )


def test_execute_takes_latest_for_the_newest_version(remote: Client) -> None:
    assert remote.execute(TOOL, "latest", SMALL_INPUT) == mtcompute.execute(
        TOOL, VERSION, SMALL_INPUT
    )


def test_describe_answers_the_contract_and_latest_names_its_version(remote: Client) -> None:
    assert remote.describe(TOOL, VERSION) == mtcompute.describe(TOOL, VERSION)
    assert remote.describe(TOOL, "latest")["version"] == mtcompute.resolve_version(TOOL, "latest")


def test_tools_answers_the_catalogue(remote: Client) -> None:
    assert remote.tools() == mtcompute.tools()


def test_execute_batch_answers_the_librarys_results(remote: Client) -> None:
    operations = [
        {"id": TOOL, "version": VERSION, "input": SMALL_INPUT},
        {"id": "no-such-tool", "version": VERSION, "input": {}},
    ]
    assert remote.execute_batch(operations) == mtcompute.execute_batch(operations)


def test_an_input_error_is_raised_with_the_librarys_violations(remote: Client) -> None:
    bad = {"hypotheses": [["a"]], "references": []}
    with pytest.raises(InputError) as remote_error:
        remote.execute(TOOL, VERSION, bad)
    with pytest.raises(InputError) as local_error:
        mtcompute.execute(TOOL, VERSION, bad)
    assert remote_error.value.errors == local_error.value.errors


@pytest.mark.parametrize(("tool_id", "version"), [("no-such-tool", VERSION), (TOOL, "9.9.9")])
def test_an_unknown_tool_or_version_is_an_unknown_tool_error(
    remote: Client, tool_id: str, version: str
) -> None:
    with pytest.raises(UnknownToolError) as caught:
        remote.describe(tool_id, version)
    with pytest.raises(UnknownToolError) as also:
        remote.execute(tool_id, version, SMALL_INPUT)
    assert caught.value.code == also.value.code


def test_an_input_that_is_not_json_is_refused_before_it_is_sent(remote: Client) -> None:
    with pytest.raises(MalformedJsonError, match="cannot be sent as JSON"):
        remote.execute(TOOL, VERSION, {"hypotheses": {1, 2}})


def test_a_server_that_is_not_there_is_a_service_error() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with (
        Client(f"http://127.0.0.1:{port}") as client,
        pytest.raises(ServiceError, match="cannot reach"),
    ):
        client.tools()


def test_a_malformed_base_url_is_refused_with_how_to_fix_it() -> None:
    with pytest.raises(InvalidBaseUrlError, match=r"write it as http://127\.0\.0\.1:8000"):
        Client("127.0.0.1:8000")


def test_the_client_names_its_service(base_url: str) -> None:
    with Client(base_url + "/") as client:
        assert repr(client) == f"Client({base_url!r})"


def _refused(speech: Any, call: Any = Client.tools, **options: Any) -> str:
    """The message of the ``ServiceError`` that ``call`` raises against a server answering
    ``speech()``."""
    with (
        hostile.answering(speech) as url,
        Client(url, **options) as client,
        pytest.raises(ServiceError) as raised,
    ):
        call(client)
    return str(raised.value)


@pytest.mark.parametrize(
    "speech",
    [
        lambda: [(0.0, hostile.head("200 OK", "Content-Length: 2000000000") + b"[]")],
        hostile.endless_chunks,
    ],
    ids=["announced", "endless"],
)
def test_an_answer_past_the_size_bound_is_a_service_error(speech: Any) -> None:
    message = _refused(speech, max_answer_bytes=1 << 20)
    assert message.startswith("expected an answer of at most 1048576 bytes")


def test_a_compressed_answer_is_refused_never_inflated() -> None:
    assert "without Content-Encoding, got 'gzip'" in _refused(hostile.gzip_bomb)


def test_an_answer_that_trickles_past_the_timeout_is_a_service_error() -> None:
    answer = b'{"tools": []}' + b" " * 200  # whole after about 20 s
    message = _refused(lambda: hostile.trickle(answer, 0.1), timeout=1)
    assert message.startswith("no answer from ")
    assert message.endswith(" within 1 s")


# A head that drips for ever is cut at the timeout; the bound asserted is loose (three times
# the timeout) so that a busy machine does not fail it, and far below where a per-read bound
# would stop: at h11's largest head (100 KiB), hours.
_DRIP_TIMEOUT = 1.0


@pytest.mark.parametrize(
    "call",
    [
        Client.tools,
        lambda client: execute_remote(
            client.base_url, TOOL, VERSION, b"{}", timeout=client.timeout
        ),
    ],
    ids=["client", "cli"],
)
def test_an_answer_head_that_drips_for_ever_is_a_service_error_within_the_timeout(
    call: Any,
) -> None:
    start = time.monotonic()
    message = _refused(lambda: hostile.dripping_head(0.1), call, timeout=_DRIP_TIMEOUT)
    assert time.monotonic() - start < 3 * _DRIP_TIMEOUT
    assert message.startswith("no answer from ")
    assert message.endswith(" within 1 s")


@pytest.mark.parametrize(
    "problem",
    [
        b'{"errors": "everything"}',
        b'{"errors": [{}]}',
        b'{"errors": [{"code": 7, "pointer": "", "message": "m"}]}',
        b'{"errors": [{"code": "unknown_tool", "pointer": 0, "message": "m"}]}',
        b'{"errors": [{"code": "unknown_tool", "pointer": ""}]}',
        b'{"errors": [null]}',
        b'{"errors": {"code": "unknown_tool", "pointer": "", "message": "m"}}',
        b'{"errors": []}',
        b'{"errors": null}',
        b"[1, 2]",
        b'"errors"',
        b"7",
        b"",
    ],
)
@pytest.mark.parametrize(
    "status", ["400 Bad Request", "404 Not Found", "422 Unprocessable Content"]
)
def test_a_problem_of_any_other_shape_is_a_service_error(problem: bytes, status: str) -> None:
    message = _refused(
        lambda: hostile.whole(status, problem),
        lambda client: client.execute(TOOL, VERSION, SMALL_INPUT),
    )
    assert message.endswith(f"answered {status}")


def test_a_well_formed_problem_with_a_status_the_service_never_answers_is_a_service_error() -> None:
    problem = b'{"errors": [{"code": "internal", "pointer": "", "message": "m"}]}'
    message = _refused(
        lambda: hostile.whole("500 Internal Server Error", problem),
        lambda client: client.execute(TOOL, VERSION, SMALL_INPUT),
    )
    assert message.endswith("answered 500 Internal Server Error")


def test_an_ok_answer_without_its_member_is_a_service_error() -> None:
    assert _refused(lambda: hostile.whole("200 OK", b"[]")).endswith("answered 200 OK")


@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        ("text/html", "'text/html'"),
        ("text/html; charset=utf-8", "'text/html'"),
        (None, "no Content-Type"),
    ],
)
@pytest.mark.parametrize(
    ("status", "body"),
    [
        ("200 OK", b'{"tools": []}'),
        (
            "422 Unprocessable Content",
            b'{"errors": [{"code": "c", "pointer": "", "message": "m"}]}',
        ),
    ],
)
def test_json_labelled_as_anything_but_json_is_a_service_error_saying_so(
    content_type: str | None, shown: str, status: str, body: bytes
) -> None:
    message = _refused(lambda: hostile.labelled(status, body, content_type))
    assert message.endswith(
        f"answered {status} with {shown}, expected JSON (application/json or "
        "application/problem+json)"
    )


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "Application/JSON"])
def test_json_labelled_json_with_parameters_or_in_capitals_is_read(content_type: str) -> None:
    with (
        hostile.answering(
            lambda: hostile.labelled("200 OK", b'{"tools": []}', content_type)
        ) as url,
        Client(url) as client,
    ):
        assert client.tools() == []
