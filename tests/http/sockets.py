"""Raw sockets to a server on loopback: requests cut short, and everything answered until close."""

import socket

# Generous: only to prove that nothing hangs.
WAIT_SECONDS = 30.0


def send_raw(port: int, data: bytes) -> socket.socket:
    """A connection to ``port`` that has sent ``data`` and nothing more."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
    connection.sendall(data)
    return connection


def read_until_closed(connection: socket.socket) -> bytes:
    """Every byte the server sends until it closes the connection (``TimeoutError`` if it does
    not within ``WAIT_SECONDS``)."""
    chunks = []
    try:
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    except ConnectionResetError:
        pass  # closed with bytes of ours unread: what was answered has arrived
    return b"".join(chunks)


def answers_in(data: bytes) -> list[int]:
    """The statuses of the HTTP/1.1 answers in ``data``, in order."""
    return [int(line[9:12]) for line in data.split(b"\r\n") if line.startswith(b"HTTP/1.1 ")]
