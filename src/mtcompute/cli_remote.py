"""What the CLI's commands that can go remote share: ``--base-url`` (or ``MTCOMPUTE_URL``),
checked before anything is sent, ``--timeout``, and the calls to a service. httpx is imported
only when a command goes remote."""

from collections.abc import Callable
from typing import Any, TypeVar

import click

from mtcompute.baseurl import ENVIRONMENT_VARIABLE, checked_base_url
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import InvalidBaseUrlError
from mtcompute.settings import DEFAULT_TIMEOUT_SECONDS

F = TypeVar("F", bound=Callable[..., Any])


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


def timeout_option() -> Callable[[F], F]:
    return click.option(
        "--timeout",
        type=click.FloatRange(min=0, min_open=True),
        default=DEFAULT_TIMEOUT_SECONDS,
        show_default=True,
        help="Seconds to wait for the service (with --base-url).",
    )


def remote_tools(base_url: str, timeout: float) -> list[JsonObject]:
    from mtcompute.http.client import Client  # noqa: PLC0415 - httpx only when needed

    with Client(base_url, timeout=timeout) as client:
        return client.tools()


def remote_describe(base_url: str, tool_id: str, version: str, timeout: float) -> JsonObject:
    from mtcompute.http.client import Client  # noqa: PLC0415 - httpx only when needed

    with Client(base_url, timeout=timeout) as client:
        return client.describe(tool_id, version)
