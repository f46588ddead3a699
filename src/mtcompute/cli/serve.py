"""The commands that serve: ``serve`` (HTTP API, pages and MCP at /mcp) and ``mcp`` (stdio).
Both need the ``server`` extra, imported only when they run."""

from pathlib import Path

import click

from mtcompute.cli.extras import require_server_extra
from mtcompute.cli.failure import fail_line
from mtcompute.http.server.origins import check_origin
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


@click.command()
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
    "--compute-lanes",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    metavar="N",
    help="Costly computations at once per worker (small ones never wait for them).",
)
@click.option(
    "--compute-memory",
    type=click.IntRange(min=1),
    default=1024,
    show_default=True,
    metavar="MIB",
    help="Estimated working memory the costly computations of a worker may hold at once.",
)
@click.option(
    "--max-wait",
    type=click.FloatRange(min=0),
    default=5.0,
    show_default=True,
    metavar="SECONDS",
    help="Longest wait for a lane; a request expected to wait longer gets 503 with Retry-After.",
)
@click.option(
    "--compute-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=60.0,
    show_default=True,
    metavar="SECONDS",
    help="Longest computation; past it, 503 (the computation runs on, holding its lane).",
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
    compute_lanes: int,
    compute_memory: int,
    max_wait: float,
    compute_timeout: float,
    graceful_timeout: int,
) -> None:
    """Serve the HTTP API, tool pages and MCP at /mcp until SIGTERM or Ctrl-C.

    \b
    Example:
      mtcompute serve --port 8000
    """
    require_server_extra("serve")
    from mtcompute.http.app import HttpSettings  # noqa: PLC0415 - starlette only when serving
    from mtcompute.http.server.compute import ComputeSettings  # noqa: PLC0415
    from mtcompute.http.server.listening import ListenError  # noqa: PLC0415
    from mtcompute.http.server.protocol import ProtocolSettings  # noqa: PLC0415
    from mtcompute.http.server.serve import serve as serve_http  # noqa: PLC0415
    from mtcompute.mcp.transport import McpSettings  # noqa: PLC0415

    mcp = McpSettings(host, allowed_hosts, allowed_origins)
    settings = HttpSettings(
        max_body_bytes=max_body_bytes,
        mcp=mcp,
        cors_origins=cors_origins,
        public_url=public_url,
        check_host=check_host,
        compute=ComputeSettings(
            lanes=compute_lanes,
            memory_bytes=compute_memory * 1024 * 1024,
            max_wait=max_wait,
            deadline=compute_timeout,
        ),
    )
    protocol = ProtocolSettings(request_timeout, limit_concurrency)
    try:
        serve_http(
            host, port, workers, settings, protocol=protocol, graceful_timeout=graceful_timeout
        )
    except ListenError as error:
        fail_line(str(error))


def _cors_origins(values: tuple[str, ...]) -> tuple[str, ...]:
    try:
        return tuple(check_origin(value) for value in values)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--allow-cors-origin'") from None


@click.command("mcp")
@click.option(
    "--files-root",
    type=click.Path(exists=True, file_okay=False, resolve_path=True, path_type=Path),
    help="Let score-texts read hypotheses_file and references_files, paths relative to this "
    "folder (only regular files under it); off by default.",
)
def mcp_stdio(files_root: Path | None) -> None:
    """Serve MCP on stdin and stdout, for an MCP client to start.

    \b
    Example (an MCP client's configuration):
      {"command": "/absolute/path/to/.venv/bin/mtcompute", "args": ["mcp"]}
    """
    require_server_extra("mcp")
    from mtcompute.mcp.files import FilesRoot  # noqa: PLC0415 - the MCP SDK only when serving it
    from mtcompute.mcp.server import run_stdio  # noqa: PLC0415

    run_stdio(None if files_root is None else FilesRoot(files_root))
