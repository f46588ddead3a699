"""Servers on a real port that answer what no mtcompute service would: too much, for ever,
compressed, a byte at a time (the body, or the head), or a problem of the wrong shape."""

import gzip
import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

# Each answer is a sequence of (pause in seconds, bytes to send).
Speech = Iterable[tuple[float, bytes]]

_WAIT_SECONDS = 60.0


def head(status: str, *headers: str) -> bytes:
    lines = [f"HTTP/1.1 {status}", "Content-Type: application/json", *headers, "", ""]
    return "\r\n".join(lines).encode()


def whole(status: str, body: bytes, *headers: str) -> Speech:
    """A complete answer of ``body``."""
    yield 0.0, head(status, f"Content-Length: {len(body)}", *headers) + body


def labelled(status: str, body: bytes, content_type: str | None) -> Speech:
    """A complete answer of ``body`` whose Content-Type is ``content_type`` (None: none)."""
    lines = [f"HTTP/1.1 {status}", f"Content-Length: {len(body)}"]
    lines += [] if content_type is None else [f"Content-Type: {content_type}"]
    yield 0.0, "\r\n".join([*lines, "", ""]).encode() + body


def endless_chunks() -> Speech:
    """A chunked answer that never ends."""
    yield 0.0, head("200 OK", "Transfer-Encoding: chunked")
    chunk = b"[" * 65536
    while True:
        yield 0.0, b"%x\r\n%s\r\n" % (len(chunk), chunk)


def gzip_bomb() -> Speech:
    """64 KiB of gzip that inflates to 64 MiB."""
    body = gzip.compress(b" " * (64 * 1024 * 1024))
    return whole("200 OK", body, "Content-Encoding: gzip")


def trickle(body: bytes, every: float) -> Speech:
    """A valid answer whose body comes a byte every ``every`` seconds."""
    yield 0.0, head("200 OK", f"Content-Length: {len(body)}")
    for byte in body:
        yield every, bytes([byte])


def dripping_head(every: float) -> Speech:
    """An answer's head that never ends: a byte every ``every`` seconds, each read answered
    well within any per-read timeout."""
    yield 0.0, b"HTTP/1.1 200 OK\r\nX-Drip: "
    while True:
        yield every, b"."


@contextmanager
def answering(speech: Callable[[], Speech]) -> Iterator[str]:
    """A server at the URL yielded, answering each request with ``speech()`` until the client
    goes."""
    stop = threading.Event()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.1)
        thread = threading.Thread(target=_serve, args=(listener, speech, stop), daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{listener.getsockname()[1]}"
        finally:
            stop.set()
            thread.join(_WAIT_SECONDS)


def _serve(listener: socket.socket, speech: Callable[[], Speech], stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            continue
        with connection:
            connection.recv(65536)  # the request, small enough to come in one read
            try:
                for pause, data in speech():
                    if stop.wait(pause) if pause else stop.is_set():
                        return
                    connection.sendall(data)
            except OSError:
                continue  # the client went
