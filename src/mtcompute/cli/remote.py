"""What the CLI's commands that can go remote share: ``--base-url`` (or ``MTCOMPUTE_URL``),
checked before anything is sent, ``--timeout``, and the calls to a service. httpx is imported
only when a command goes remote."""

import math
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import click

from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import InvalidBaseUrlError, ServiceError
from mtcompute.remote.base_url import ENVIRONMENT_VARIABLE, checked_base_url
from mtcompute.settings import DEFAULT_TIMEOUT_SECONDS

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def _checked(_: click.Context, __: click.Parameter, value: str | None) -> str | None:
    if value is None or value == "":
        return None
    try:
        return checked_base_url(value)
    except InvalidBaseUrlError as error:
        raise click.BadParameter(str(error)) from None


def base_url_option(help: str) -> Callable[[F], F]:
    """``--base-url URL``, read from ``MTCOMPUTE_URL`` when not given."""
    return click.option(
        "--base-url",
        metavar="URL",
        envvar=ENVIRONMENT_VARIABLE,
        show_envvar=True,
        callback=_checked,
        help=help,
    )


def _finite_seconds(_: click.Context, __: click.Parameter, value: float) -> float:
    # FloatRange lets nan through (every comparison with it is false), and inf is no deadline.
    if not math.isfinite(value):
        raise click.BadParameter(f"expected a finite number of seconds, got {value}")
    return value


def timeout_option() -> Callable[[F], F]:
    """``--timeout SECONDS``: a deadline for the whole call to the service (see ``within``)."""
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        default=DEFAULT_TIMEOUT_SECONDS,
        show_default=True,
        callback=_finite_seconds,
        help="Seconds the whole call to the service may take (with --base-url).",
    )


def within(seconds: float, call: Callable[[], T], what: str) -> T:
    """``call()``, or ``ServiceError`` once ``seconds`` have passed: a deadline for the whole
    call, where the HTTP client's timeout bounds each read and a server that trickles its answer
    could hold it for ever. The call runs in a daemon thread, which exiting abandons."""
    outcome: list[tuple[bool, Any]] = []

    def target() -> None:
        try:
            outcome.append((True, call()))
        except BaseException as error:
            outcome.append((False, error))

    thread = threading.Thread(target=target, name="mtcompute-call", daemon=True)
    thread.start()
    thread.join(seconds)
    if not outcome:
        raise ServiceError(f"no answer from {what} within {seconds:g} s")
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value  # type: ignore[no-any-return]


def remote_tools(base_url: str, timeout: float) -> list[JsonObject]:
    from mtcompute.remote.client import Client  # noqa: PLC0415 - httpx only when needed

    def call() -> list[JsonObject]:
        with Client(base_url, timeout=timeout) as client:
            return client.tools()

    return within(timeout, call, base_url)


def remote_describe(base_url: str, tool_id: str, version: str, timeout: float) -> JsonObject:
    from mtcompute.remote.client import Client  # noqa: PLC0415 - httpx only when needed

    def call() -> JsonObject:
        with Client(base_url, timeout=timeout) as client:
            return client.describe(tool_id, version)

    return within(timeout, call, base_url)
