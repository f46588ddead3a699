"""The ``mtcompute`` command: parse arguments, delegate to the library, print JSON, exit with the
code of the error class (0 success, 2 usage or input error, 1 anything else)."""

import sys
from typing import BinaryIO, NoReturn

import click

from mtcompute import api, jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import MtcomputeError, ServiceError
from mtcompute.meta.batch import run_batch
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_SECONDS


def _print_json(value: object) -> None:
    click.echo(jsonio.dumps(value, indent=True).decode("utf-8"))


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
    type=click.File("rb"),
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
    help="Seconds to wait for the service (with --base-url).",
)
def run(
    tool_id: str, version: str, input_file: BinaryIO, base_url: str | None, timeout: float
) -> None:
    """Run tool ID at VERSION on an input and print {"result": ...}."""
    try:
        result = _execute(tool_id, version, input_file.read(), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json({"result": result})


def _execute(
    tool_id: str, version: str, body: bytes, base_url: str | None, timeout: float
) -> JsonObject:
    if base_url is None:
        return api.execute(tool_id, version, jsonio.loads(body))
    from mtcompute.http.client import execute_remote  # noqa: PLC0415 - httpx only when needed

    return execute_remote(base_url, tool_id, version, body, timeout=timeout)


@cli.command()
@click.option(
    "--input",
    "input_file",
    type=click.File("rb"),
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
    help="Seconds to wait for the service (with --base-url).",
)
def batch(input_file: BinaryIO, base_url: str | None, timeout: float) -> None:
    """Run a batch of tool calls and print {"results": ...}, whatever their statuses."""
    try:
        answer = _run_batch(input_file.read(), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json(answer)


def _run_batch(body: bytes, base_url: str | None, timeout: float) -> JsonObject:
    if base_url is None:
        return run_batch(jsonio.loads(body))
    from mtcompute.http.client import batch_remote  # noqa: PLC0415 - httpx only when needed

    return batch_remote(base_url, body, timeout=timeout)


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
@click.option(
    "--check-host",
    is_flag=True,
    help="Refuse (421) a Host header /mcp would refuse on every path, not only /mcp.",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="Address the pages show for calling the service, e.g. https://mt.example.org "
    "(default: the address a request arrived on; never its Host header).",
)
@click.option(
    "--request-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    metavar="SECONDS",
    help="Time for a request's head and body to arrive; past it, 408 and the connection closed.",
)
@click.option(
    "--limit-concurrency",
    type=click.IntRange(min=1),
    metavar="N",
    help="Connections or requests at once per worker; past it, 503 with Retry-After.",
)
@click.option(
    "--graceful-timeout",
    type=click.IntRange(min=0),
    default=30,
    show_default=True,
    metavar="SECONDS",
    help="On SIGTERM, how long requests in flight may take to finish before they are cut.",
)
def serve(
    *,
    host: str,
    port: int,
    workers: int,
    max_body_bytes: int,
    allowed_hosts: tuple[str, ...],
    allowed_origins: tuple[str, ...],
    check_host: bool,
    public_url: str | None,
    request_timeout: float,
    limit_concurrency: int | None,
    graceful_timeout: int,
) -> None:
    """Serve the HTTP API, tool pages and MCP at /mcp until SIGTERM or Ctrl-C."""
    from mtcompute.http.app import HttpSettings  # noqa: PLC0415 - starlette only when serving
    from mtcompute.http.listening import ListenError  # noqa: PLC0415
    from mtcompute.http.protocol import ProtocolSettings  # noqa: PLC0415
    from mtcompute.http.serve import serve as serve_http  # noqa: PLC0415
    from mtcompute.mcp.transport import McpSettings  # noqa: PLC0415

    mcp = McpSettings(host, allowed_hosts, allowed_origins)
    settings = HttpSettings(max_body_bytes, mcp, public_url=public_url, check_host=check_host)
    protocol = ProtocolSettings(request_timeout, limit_concurrency)
    try:
        serve_http(
            host, port, workers, settings, protocol=protocol, graceful_timeout=graceful_timeout
        )
    except ListenError as error:
        click.echo(f"mtcompute: {error}", err=True)
        sys.exit(1)


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
