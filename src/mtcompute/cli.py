"""The ``mtcompute`` command: parse arguments, delegate to the library, print JSON, exit with the
code of the error class (0 success, 2 usage or input error, 1 anything else)."""

import math
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, BinaryIO, NoReturn, TypeVar

import click

from mtcompute import api, jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import InputError, MtcomputeError, ServiceError, Violation
from mtcompute.meta.batch import run_batch
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_SECONDS

T = TypeVar("T")


def _print_json(value: object) -> None:
    """The answer on stdout; exit 1 with a message when it cannot be written there (stdout
    closed, a pipe whose reader is gone, a full disk), never exit 0 with the answer lost."""
    text = jsonio.dumps(value, indent=True).decode("utf-8")
    if sys.stdout is None:
        _exit_1("cannot write the answer: standard output is closed")
    try:
        click.echo(text)
    except OSError as error:
        # Nothing more can reach stdout; the interpreter's last flush must not try again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        reason = error.strerror or type(error).__name__
        _exit_1(f"cannot write the answer to standard output: {reason}")


def _exit_1(message: str) -> NoReturn:
    click.echo(f"mtcompute: {message}", err=True)
    sys.exit(1)


class _InputFile(click.File):
    """A binary input file; a closed standard input is a usage error, as a missing file is."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except RuntimeError:  # click's answer when sys.stdin is None
            self.fail("standard input is closed", param, ctx)


def _read_input(input_file: BinaryIO) -> bytes:
    """The whole input, read no further than one byte past the body limit: a larger input is
    an input error (exit 2) before it fills memory, the same refusal as the service's 413."""
    limit = DEFAULT_MAX_BODY_BYTES
    try:
        data = input_file.read(limit + 1)
    except OSError as error:
        _exit_1(f"cannot read the input: {error.strerror or error}")
    if len(data) > limit:
        message = f"expected an input of at most {limit} bytes, got more"
        raise InputError([Violation(code="body_too_large", pointer="", message=message)])
    return data


def _finite_seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    # FloatRange lets nan through (every comparison with it is false), and inf is no deadline.
    if not math.isfinite(value):
        raise click.BadParameter(f"expected a finite number of seconds, got {value}")
    return value


def _within(seconds: float, call: Callable[[], T], what: str) -> T:
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


def _fail(error: MtcomputeError) -> NoReturn:
    if isinstance(error, ServiceError):
        # Nothing about the input to point at: one line saying what went wrong.
        click.echo(f"mtcompute: {error}", err=True)
        sys.exit(error.exit_code)
    click.echo(jsonio.dumps({"errors": error.errors}, indent=True).decode("utf-8"), err=True)
    sys.exit(error.exit_code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtcompute")
def cli() -> None:
    """Exact, versioned compute tools for machine-translation evaluation."""


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
@click.option(
    "--input",
    "input_file",
    type=_InputFile("rb"),
    required=True,
    help="JSON file with the tool's input; '-' reads standard input.",
)
@click.option(
    "--base-url",
    metavar="URL",
    help="Call the mtcompute service at URL instead of computing in this process.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT_SECONDS,
    show_default=True,
    callback=_finite_seconds,
    help="Seconds the whole call to the service may take (with --base-url).",
)
def run(
    tool_id: str, version: str, input_file: BinaryIO, base_url: str | None, timeout: float
) -> None:
    """Run tool ID at VERSION on an input and print {"result": ...}."""
    try:
        result = _execute(tool_id, version, _read_input(input_file), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json({"result": result})


def _execute(
    tool_id: str, version: str, body: bytes, base_url: str | None, timeout: float
) -> JsonObject:
    if base_url is None:
        return api.execute(tool_id, version, jsonio.loads(body))
    from mtcompute.http.client import execute_remote  # noqa: PLC0415 - httpx only when needed

    def call() -> JsonObject:
        return execute_remote(base_url, tool_id, version, body, timeout=timeout)

    return _within(timeout, call, base_url)


@cli.command()
@click.option(
    "--input",
    "input_file",
    type=_InputFile("rb"),
    required=True,
    help="JSON file with the batch, {\"operations\": [...]}; '-' reads standard input.",
)
@click.option(
    "--base-url",
    metavar="URL",
    help="Send the batch to the mtcompute service at URL instead of computing in this process.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_TIMEOUT_SECONDS,
    show_default=True,
    callback=_finite_seconds,
    help="Seconds the whole call to the service may take (with --base-url).",
)
def batch(input_file: BinaryIO, base_url: str | None, timeout: float) -> None:
    """Run a batch of tool calls and print {"results": ...}, whatever their statuses."""
    try:
        answer = _run_batch(_read_input(input_file), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json(answer)


def _run_batch(body: bytes, base_url: str | None, timeout: float) -> JsonObject:
    if base_url is None:
        return run_batch(jsonio.loads(body))
    from mtcompute.http.client import batch_remote  # noqa: PLC0415 - httpx only when needed

    return _within(timeout, lambda: batch_remote(base_url, body, timeout=timeout), base_url)


@cli.command()
def tools() -> None:
    """List the tools with their versions."""
    _print_json({"tools": api.tools()})


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
def describe(tool_id: str, version: str) -> None:
    """Print the contract of tool ID at VERSION."""
    try:
        contract = api.describe(tool_id, version)
    except MtcomputeError as error:
        _fail(error)
    _print_json(contract)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--max-body-bytes",
    type=click.IntRange(min=1),
    default=DEFAULT_MAX_BODY_BYTES,
    show_default=True,
    help="Largest request body accepted; a larger one is refused with 413.",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    metavar="HOST[:PORT]",
    help="Host header /mcp accepts besides loopback's (behind a proxy); repeatable.",
)
@click.option(
    "--allowed-origin",
    "allowed_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Origin header /mcp accepts besides loopback's, e.g. https://example.org; repeatable.",
)
def serve(
    *,
    host: str,
    port: int,
    workers: int,
    max_body_bytes: int,
    allowed_hosts: tuple[str, ...],
    allowed_origins: tuple[str, ...],
) -> None:
    """Serve the HTTP API, tool pages and MCP at /mcp until SIGTERM or Ctrl-C."""
    from mtcompute.http.app import HttpSettings  # noqa: PLC0415 - starlette only when serving
    from mtcompute.http.serve import serve as serve_http  # noqa: PLC0415
    from mtcompute.mcp.transport import McpSettings  # noqa: PLC0415

    mcp = McpSettings(host, allowed_hosts, allowed_origins)
    serve_http(host, port, workers, HttpSettings(max_body_bytes=max_body_bytes, mcp=mcp))


@cli.command("mcp")
def mcp_stdio() -> None:
    """Serve MCP on stdin and stdout, for an MCP client to start."""
    from mtcompute.mcp.server import run_stdio  # noqa: PLC0415 - the MCP SDK only when serving it

    run_stdio()


def main() -> None:
    """Entry point: anything unforeseen is one line on stderr and exit 1, never a traceback."""
    try:
        cli(standalone_mode=True)
    except Exception as error:
        click.echo(f"mtcompute: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
