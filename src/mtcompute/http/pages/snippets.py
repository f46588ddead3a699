"""Copy-ready calls of a tool, for the pages: curl, the CLI, Python and MCP.

Each is built from the input as data and quoted for its language whatever the input holds (a
``'`` in a token, a ``$HOME``, a backslash): a person pastes it and it runs.
"""

import pprint
import shlex
import textwrap

from mtcompute import jsonio

# Beyond this many characters a line of JSON on a page breaks into one line per member.
_WIDTH = 76


def pretty(value: object) -> str:
    """JSON as the pages show it: the top object one member a line, any value that fits the
    line on one line (``[4, 3, 2, 1]`` rather than a column of numbers), JavaScript numbers."""
    return _pretty(value, 0, always_break=True)


def _pretty(value: object, level: int, always_break: bool = False) -> str:
    flat = _flat(value)
    if not value or not isinstance(value, dict | list):
        return flat
    if not always_break and len(flat) + 2 * level <= _WIDTH:
        return flat
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        lines = [f"{pad}{compact(k)}: {_pretty(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(lines) + "\n" + "  " * level + "}"
    lines = [pad + _pretty(item, level + 1) for item in value]
    return "[\n" + ",\n".join(lines) + "\n" + "  " * level + "]"


def _flat(value: object) -> str:
    """One line, with a space after each comma and colon."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{compact(k)}: {_flat(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flat(item) for item in value) + "]"
    return compact(value)


def compact(value: object) -> str:
    return jsonio.dumps(value).decode("utf-8")


def curl_command(url: str, body: object) -> str:
    """A POST of ``body`` as JSON, quoted for a POSIX shell whatever the input holds;
    --data-binary sends the bytes as they are."""
    data = shlex.quote(compact(body))
    return (
        f"curl -X POST {shlex.quote(url)} \\\n  -H 'Content-Type: application/json' \\\n"
        f"  --data-binary {data}"
    )


def cli_command(arguments: str, body: object) -> str:
    """``mtcompute ARGUMENTS --input -`` fed ``body`` on standard input; ``printf '%s'``, not
    ``echo``, because some shells' echo rewrites backslashes."""
    return f"printf '%s' {shlex.quote(compact(body))} \\\n  | mtcompute {arguments} --input -"


def python_call(function: str, arguments: list[object]) -> str:
    """``import mtcompute`` and one call, each argument a Python literal of the JSON value
    (``repr`` quotes any string correctly)."""
    written = ",\n".join(
        textwrap.indent(pprint.pformat(argument, sort_dicts=False, width=84), "    ")
        for argument in arguments
    )
    return f"import mtcompute\n\nresult = mtcompute.{function}(\n{written},\n)"
