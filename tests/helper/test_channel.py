"""Messages arrive whole and in order, waiting only as long as asked, and the end of the other
side is told apart from a message that has not arrived yet."""

import contextlib
import os
import threading
from collections.abc import Iterator

import pytest

from mtcompute.helper.channel import MessageChannel


@pytest.fixture
def channels() -> Iterator[tuple[MessageChannel, MessageChannel, int]]:
    """A sender and a receiver over one pipe, and its write end, to close it."""
    read_end, write_end = os.pipe()
    try:
        yield MessageChannel(read_end, write_end), MessageChannel(read_end, write_end), write_end
    finally:
        for end in (read_end, write_end):
            with contextlib.suppress(OSError):  # closed by the test
                os.close(end)


def test_messages_arrive_whole_and_in_order_empty_ones_included(
    channels: tuple[MessageChannel, MessageChannel, int],
) -> None:
    sender, receiver, _ = channels
    for message in (b"first", b"", b"x" * 100_000):
        sender.send(message)
    assert [receiver.receive(None) for _ in range(3)] == [b"first", b"", b"x" * 100_000]


def test_a_message_larger_than_the_pipe_is_sent_while_the_other_side_reads(
    channels: tuple[MessageChannel, MessageChannel, int],
) -> None:
    sender, receiver, _ = channels
    message = bytes(range(256)) * 20_000  # 5 MB: more than any pipe holds
    writer = threading.Thread(target=sender.send, args=(message,))
    writer.start()
    assert receiver.receive(None) == message
    writer.join()


def test_without_waiting_nothing_is_received_before_anything_was_sent(
    channels: tuple[MessageChannel, MessageChannel, int],
) -> None:
    _, receiver, _ = channels
    assert receiver.receive(0.0) is None
    assert receiver.receive(0.01) is None


def test_a_message_only_part_of_which_arrived_is_not_received_yet(
    channels: tuple[MessageChannel, MessageChannel, int],
) -> None:
    _, receiver, write_end = channels
    os.write(write_end, (10).to_bytes(8, "little") + b"01234")
    assert receiver.receive(0.0) is None
    os.write(write_end, b"56789")
    assert receiver.receive(0.0) == b"0123456789"


def test_the_end_of_the_other_side_is_an_error_not_a_missing_message(
    channels: tuple[MessageChannel, MessageChannel, int],
) -> None:
    sender, receiver, write_end = channels
    sender.send(b"last")
    os.close(write_end)
    assert receiver.receive(None) == b"last"
    with pytest.raises(EOFError):
        receiver.receive(0.0)
