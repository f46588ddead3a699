"""The collector is paused inside and left as it was after, an error or not."""

import gc

import pytest

from mtcompute.fast.collector import collector_paused


def test_the_collector_is_off_inside_and_on_again_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_still_turns_it_back_on() -> None:
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("inside")
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
