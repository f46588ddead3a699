"""The commands that serve need the ``server`` extra; without it they say how to install it
instead of failing on an import."""

from importlib.util import find_spec

from mtcompute.cli.failure import fail_line

# What `pip install 'mtcompute[server]'` adds (pyproject.toml's "server" extra).
SERVER_PACKAGES = ("jinja2", "mcp", "starlette", "uvicorn")


def missing_server_packages() -> list[str]:
    return [name for name in SERVER_PACKAGES if find_spec(name) is None]


def require_server_extra(command: str) -> None:
    """Exit 1 with the install command if the server extra is not installed."""
    missing = missing_server_packages()
    if missing:
        fail_line(
            f"{command} needs the server extra ({', '.join(missing)} not installed):"
            " pip install 'mtcompute[server]'"
        )
