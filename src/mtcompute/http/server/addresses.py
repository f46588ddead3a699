"""The lines ``mtcompute serve`` prints once it listens: where the pages, the API, /mcp and
/openapi.json are. They follow uvicorn's own "Uvicorn running on URL" line, which is the first
moment the address is known (``--port 0`` picks a port then)."""

import logging
import re
import sys

_RUNNING = re.compile(r"^Uvicorn running on (https?://\S+)")


def address_lines(base_url: str) -> list[str]:
    return [
        f"mtcompute: pages for people  {base_url}/",
        f"mtcompute: HTTP API          {base_url}/v1/tools",
        f"mtcompute: MCP               {base_url}/mcp",
        f"mtcompute: OpenAPI           {base_url}/openapi.json",
    ]


class AddressesHandler(logging.Handler):
    """Writes ``address_lines`` to stderr when uvicorn logs the address it listens on."""

    def emit(self, record: logging.LogRecord) -> None:
        running = _RUNNING.match(record.getMessage())
        if running:
            sys.stderr.write("".join(line + "\n" for line in address_lines(running.group(1))))
            sys.stderr.flush()
