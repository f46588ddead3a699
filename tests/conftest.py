"""Settings for the whole suite, and the markers that split a fast lane from the full one.

``live`` marks a test that serves the app on a real port (it asks for one of ``LIVE_FIXTURES``;
``client`` calls the app in this process and is not one),
``browser`` one that drives Chromium, ``slow`` one that takes seconds by itself; each is set here
from what a test uses, or by the test module. ``scripts/test`` runs the rest, the fast lane.

Coverage is measured on every test but the slow ones: those run the same code as the others on
many more inputs (differentials against the peers and the oracles, exhaustive tables), and
tracing each line they run took two thirds of the suite's time. Measured so, coverage counts a
line only if a test that is not slow runs it, which can only under-count.
"""

import contextlib
from collections.abc import Iterator

import coverage
import pytest
from hypothesis import HealthCheck, settings

from mtcompute.fast import compiled
from tests.compiled_paths import compiled_paths

pytest_plugins = ["tests.live_fixtures"]

# A test that asks for one of these serves the app on a real port.
LIVE_FIXTURES = frozenset({"base_url", "live_client", "serve", "mcp_url"})

# No property test has a time limit: speed is measured in bench/, and a shared machine can take
# any example well past Hypothesis's default 200 ms deadline, or generate data slowly.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package as installed without a C compiler: every compiled fast path absent, so that
    the pure-Python paths that stand in for them are tested too."""
    for name in compiled_paths():
        monkeypatch.setattr(compiled, name, None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that serves the app on a real port ``live``; run the slow tests first,
    so that on several workers none is left running one alone at the end."""
    for item in items:
        if LIVE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.live)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: in order


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    with _untraced_if_slow(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    with _untraced_if_slow(item):
        return (yield)


@contextlib.contextmanager
def _untraced_if_slow(item: pytest.Item) -> Iterator[None]:
    """Coverage paused while a slow test (or its fixtures) runs: every measurement started in
    this process (an xdist worker has two, pytest-cov's marker ``no_cover`` pauses one)."""
    paused: list[coverage.Coverage] = []
    if item.get_closest_marker("slow") is not None:
        while (measuring := coverage.Coverage.current()) is not None:
            measuring.stop()
            paused.append(measuring)
    try:
        yield
    finally:
        for measuring in reversed(paused):
            measuring.start()
