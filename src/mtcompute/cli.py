"""The ``mtcompute`` command: parse arguments, delegate to the library, print JSON, exit with the
code of the error class (0 success, 2 usage or input error, 1 anything else)."""

import os
import sys
from typing import BinaryIO, NoReturn, TypeVar

import click

from mtcompute import api, jsonio
from mtcompute.cli_extras import require_server_extra
from mtcompute.cli_input import InputFile, exit_1, read_input
from mtcompute.cli_remote import (
    base_url_option,
    remote_describe,
    remote_tools,
    timeout_option,
    within,
)
from mtcompute.cli_score import score
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import MtcomputeError, ServiceError
from mtcompute.http.origins import check_origin
from mtcompute.meta.batch import run_batch
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

T = TypeVar("T")


def _print_json(value: object) -> None:
    """The answer on stdout; exit 1 with a message when it cannot be written there (stdout
    closed, a pipe whose reader is gone, a full disk), never exit 0 with the answer lost."""
    text = jsonio.dumps(value, indent=True).decode("utf-8")
    if sys.stdout is None:
        exit_1("cannot write the answer: standard output is closed")
    try:
        click.echo(text)
    except OSError as error:
        # Nothing more can reach stdout; the interpreter's last flush must not try again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        reason = error.strerror or type(error).__name__
        exit_1(f"cannot write the answer to standard output: {reason}")


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
    """Exact, versioned compute tools for machine-translation evaluation.

    \b
    Examples:
      mtcompute score -i hyp.txt -r ref.txt -m bleu -m chrf
      mtcompute run bleu-corpus-compute latest --input input.json
      mtcompute tools --base-url http://127.0.0.1:8000
    """


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
@click.option(
    "--input",
    "input_file",
    type=InputFile("rb"),
    required=True,
    help="JSON file with the tool's input; '-' reads standard input.",
)
@base_url_option("Call the mtcompute service at URL instead of computing in this process.")
@timeout_option()
def run(
    tool_id: str, version: str, input_file: BinaryIO, base_url: str | None, timeout: float
) -> None:
    """Run tool ID at VERSION (or latest) on an input and print {"result": ...} (with latest,
    also the "version" it named).

    \b
    Example:
      mtcompute run bleu-corpus-compute 1.0.0 --input examples/bleu-corpus-compute-1.0.0.json
    """
    try:
        answer = _execute(tool_id, version, read_input(input_file), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json(answer)


def _execute(
    tool_id: str, version: str, body: bytes, base_url: str | None, timeout: float
) -> JsonObject:
    if base_url is None:
        return api.execute_answer(tool_id, version, jsonio.loads(body))
    from mtcompute.http.client import execute_remote_answer  # noqa: PLC0415 - httpx when needed

    def call() -> JsonObject:
        return execute_remote_answer(base_url, tool_id, version, body, timeout=timeout)

    return within(timeout, call, base_url)


@cli.command()
@click.option(
    "--input",
    "input_file",
    type=InputFile("rb"),
    required=True,
    help="JSON file with the batch, {\"operations\": [...]}; '-' reads standard input.",
)
@base_url_option("Send the batch to the mtcompute service at URL instead of computing here.")
@timeout_option()
def batch(input_file: BinaryIO, base_url: str | None, timeout: float) -> None:
    """Run a batch of tool calls and print {"results": ...}, whatever their statuses.

    \b
    Example:
      mtcompute batch --input batch.json
    """
    try:
        answer = _run_batch(read_input(input_file), base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json(answer)


def _run_batch(body: bytes, base_url: str | None, timeout: float) -> JsonObject:
    if base_url is None:
        return run_batch(jsonio.loads(body))
    from mtcompute.http.client import batch_remote  # noqa: PLC0415 - httpx only when needed

    return within(timeout, lambda: batch_remote(base_url, body, timeout=timeout), base_url)


@cli.command()
@base_url_option("List the tools of the mtcompute service at URL.")
@timeout_option()
def tools(base_url: str | None, timeout: float) -> None:
    """List the tools with their versions.

    \b
    Example:
      mtcompute tools
    """
    try:
        listed = api.tools() if base_url is None else remote_tools(base_url, timeout)
    except MtcomputeError as error:
        _fail(error)
    _print_json({"tools": listed})


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
@base_url_option("Read the contract from the mtcompute service at URL.")
@timeout_option()
def describe(tool_id: str, version: str, base_url: str | None, timeout: float) -> None:
    """Print the contract of tool ID at VERSION (or latest).

    \b
    Example:
      mtcompute describe bleu-corpus-compute latest
    """
    try:
        if base_url is None:
            contract = api.describe(tool_id, version)
        else:
            contract = remote_describe(base_url, tool_id, version, timeout)
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
    "--allow-cors-origin",
    "cors_origins",
    multiple=True,
    metavar="ORIGIN",
    callback=lambda _, __, values: _cors_origins(values),
    help="Browser origin allowed to call the API cross-origin (CORS), e.g. "
    "https://app.example.org; repeatable; off by default (/mcp also needs --allowed-origin).",
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
    cors_origins: tuple[str, ...],
    check_host: bool,
    public_url: str | None,
    request_timeout: float,
    limit_concurrency: int | None,
    graceful_timeout: int,
) -> None:
    """Serve the HTTP API, tool pages and MCP at /mcp until SIGTERM or Ctrl-C.

    \b
    Example:
      mtcompute serve --port 8000
    """
    require_server_extra("serve")
    from mtcompute.http.app import HttpSettings  # noqa: PLC0415 - starlette only when serving
    from mtcompute.http.listening import ListenError  # noqa: PLC0415
    from mtcompute.http.protocol import ProtocolSettings  # noqa: PLC0415
    from mtcompute.http.serve import serve as serve_http  # noqa: PLC0415
    from mtcompute.mcp.transport import McpSettings  # noqa: PLC0415

    mcp = McpSettings(host, allowed_hosts, allowed_origins)
    settings = HttpSettings(
        max_body_bytes=max_body_bytes,
        mcp=mcp,
        cors_origins=cors_origins,
        public_url=public_url,
        check_host=check_host,
    )
    protocol = ProtocolSettings(request_timeout, limit_concurrency)
    try:
        serve_http(
            host, port, workers, settings, protocol=protocol, graceful_timeout=graceful_timeout
        )
    except ListenError as error:
        click.echo(f"mtcompute: {error}", err=True)
        sys.exit(1)


def _cors_origins(values: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(check_origin(value) for value in values)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--allow-cors-origin'") from None


@cli.command("mcp")
def mcp_stdio() -> None:
    """Serve MCP on stdin and stdout, for an MCP client to start.

    \b
    Example (an MCP client's configuration):
      {"command": "/absolute/path/to/.venv/bin/mtcompute", "args": ["mcp"]}
    """
    require_server_extra("mcp")
    from mtcompute.mcp.server import run_stdio  # noqa: PLC0415 - the MCP SDK only when serving it

    run_stdio()


cli.add_command(score)


def main() -> None:
    """Entry point: anything unforeseen is one line on stderr and exit 1, never a traceback."""
    try:
        cli(standalone_mode=True)
    except Exception as error:
        click.echo(f"mtcompute: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
