"""One deadline for a whole call: connecting, sending, the answer's head and its body.

httpx's timeout bounds each network operation (a connect, a read, a write), never a call: a
server that drips its answer's head a byte every 100 ms is read for as long as it drips, since
no single read waits long (a total timeout is httpx's open issue #1450). ``DeadlineTransport``
sends through httpcore's connection pool with a network backend whose every operation may wait
only for the time left before the deadline of the call in progress (``deadline(seconds)``, set
by the caller around the call, in its thread), and fails with a timeout once that has passed.

    with deadline(timeout):
        response = http.send(request, stream=True)   # http has a DeadlineTransport
        ...read the body...

Outside ``deadline`` the transport is httpx's, operation by operation. The name lookup before a
connect is not bounded: the system's resolver takes no timeout.
"""

import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import httpcore
import httpx

_DEADLINE: ContextVar[float | None] = ContextVar("mtcompute_remote_deadline", default=None)

# httpcore's errors as httpx raises them, so that a caller catches httpx's alone; the subclasses
# (ReadTimeout, ConnectError, ...) are reported by their base here, which is all a caller tells.
_HTTPX_ERRORS: tuple[tuple[type[Exception], type[httpx.TransportError]], ...] = (
    (httpcore.TimeoutException, httpx.TimeoutException),
    (httpcore.NetworkError, httpx.NetworkError),
    (httpcore.ProtocolError, httpx.ProtocolError),
    (httpcore.UnsupportedProtocol, httpx.UnsupportedProtocol),
    (httpcore.ProxyError, httpx.ProxyError),
)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Bound the network operations of the calls in this block (this thread) to end within
    ``seconds`` from now, all together."""
    token = _DEADLINE.set(time.monotonic() + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def _left(timeout: float | None, late: type[httpcore.TimeoutException]) -> float | None:
    """The operation's own ``timeout`` cut to the time left before the deadline; ``late``
    raised once there is none left."""
    end = _DEADLINE.get()
    if end is None:
        return timeout
    left = end - time.monotonic()
    if left <= 0:
        raise late("the call's deadline has passed")
    return left if timeout is None else min(timeout, left)


class _BoundedStream(httpcore.NetworkStream):
    """A connection whose reads and writes wait at most until the deadline."""

    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        bound = _left(timeout, httpcore.ConnectTimeout)
        return _BoundedStream(self._stream.start_tls(ssl_context, server_hostname, bound))

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _BoundedBackend(httpcore.NetworkBackend):
    """httpcore's blocking sockets, connecting within the deadline to bounded streams. (The
    pool below asks for nothing else: no Unix socket, no retries and so no sleep.)"""

    def __init__(self) -> None:
        self._backend = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        bound = _left(timeout, httpcore.ConnectTimeout)
        stream = self._backend.connect_tcp(host, port, bound, local_address, socket_options)
        return _BoundedStream(stream)


class DeadlineTransport(httpx.BaseTransport):
    """httpx's transport to the network, over a pool whose connections keep the deadline.
    (Unlike httpx's default transport it goes through no proxy named by the environment.)"""

    def __init__(self) -> None:
        # The pool httpx's default transport makes, limits included, but for the backend.
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(),
            max_connections=100,
            max_keepalive_connections=20,
            keepalive_expiry=5.0,
            network_backend=_BoundedBackend(),
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not isinstance(request.stream, httpx.SyncByteStream):
            raise TypeError("DeadlineTransport sends the requests of a synchronous client")
        url = request.url
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(
                scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path
            ),
            headers=request.headers.raw,
            content=request.stream,
            extensions=request.extensions,
        )
        with _as_httpx_errors():
            answer = self._pool.handle_request(core_request)
        return httpx.Response(
            answer.status,
            headers=answer.headers,
            stream=_AnswerStream(answer),
            extensions=answer.extensions,
        )

    def close(self) -> None:
        self._pool.close()


class _AnswerStream(httpx.SyncByteStream):
    """An answer's body as httpx reads it, httpcore's errors raised as httpx's."""

    def __init__(self, answer: httpcore.Response) -> None:
        self._answer = answer

    def __iter__(self) -> Iterator[bytes]:
        with _as_httpx_errors():
            yield from self._answer.iter_stream()

    def close(self) -> None:
        with _as_httpx_errors():
            self._answer.close()


@contextmanager
def _as_httpx_errors() -> Iterator[None]:
    try:
        yield
    except Exception as error:
        for core_error, httpx_error in _HTTPX_ERRORS:
            if isinstance(error, core_error):
                raise httpx_error(str(error) or type(error).__name__) from error
        raise
