"""The catalogue's commands: ``run``, ``batch``, ``tools`` and ``describe``, computed in this
process or, with ``--base-url``, by a running service."""

from typing import BinaryIO

import click

from mtcompute import api, jsonio
from mtcompute.cli.failure import fail
from mtcompute.cli.input import InputFile, read_input
from mtcompute.cli.output import print_json, print_text
from mtcompute.cli.remote import (
    base_url_option,
    remote_describe,
    remote_tools,
    timeout_option,
    within,
)
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import MtcomputeError
from mtcompute.meta.batch.run import run_batch
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


@click.command()
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
    from mtcompute.meta.bodies import tool_body_limit  # noqa: PLC0415 - the contracts, to run one

    try:
        limit = tool_body_limit(tool_id, version, DEFAULT_MAX_BODY_BYTES)
        answer = _execute(tool_id, version, read_input(input_file, limit), base_url, timeout)
    except MtcomputeError as error:
        fail(error)
    print_json(answer)


def _execute(
    tool_id: str, version: str, body: bytes, base_url: str | None, timeout: float
) -> JsonObject:
    if base_url is None:
        return api.execute_answer(tool_id, version, jsonio.loads(body))
    from mtcompute.remote.client import execute_remote_answer  # noqa: PLC0415 - httpx when needed

    def call() -> JsonObject:
        return execute_remote_answer(base_url, tool_id, version, body, timeout=timeout)

    return within(timeout, call, base_url)


@click.command()
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
        fail(error)
    print_json(answer)


def _run_batch(body: bytes, base_url: str | None, timeout: float) -> JsonObject:
    if base_url is None:
        return run_batch(jsonio.loads(body))
    from mtcompute.remote.client import batch_remote  # noqa: PLC0415 - httpx only when needed

    return within(timeout, lambda: batch_remote(base_url, body, timeout=timeout), base_url)


@click.command()
@base_url_option("List the tools of the mtcompute service at URL.")
@timeout_option()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON, for programs.")
def tools(base_url: str | None, timeout: float, as_json: bool) -> None:
    """List the tools with their versions: a table, or JSON with --json.

    \b
    Example:
      mtcompute tools
      mtcompute tools --json
    """
    try:
        listed = api.tools() if base_url is None else remote_tools(base_url, timeout)
    except MtcomputeError as error:
        fail(error)
    if as_json:
        print_json({"tools": listed})
    else:
        print_text(tools_table(listed))


def tools_table(listed: list[JsonObject]) -> str:
    """One row a tool (its id, its versions with the latest first, its title), aligned, and a
    line on what to do next."""
    rows = [("ID", "VERSIONS", "TITLE")]
    for tool in listed:
        latest = str(tool["latest"])
        others = [str(v) for v in reversed(tool["versions"]) if v != latest]
        rows.append((str(tool["id"]), ", ".join([latest, *others]), str(tool["title"])))
    widths = [max(len(row[column]) for row in rows) for column in range(2)]
    lines = [f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]}" for row in rows]
    lines.append("")
    lines.append(
        f"{len(listed)} tools. `mtcompute describe ID latest` prints a tool's contract; "
        "`mtcompute tools --json` prints this list as JSON."
    )
    return "\n".join(lines)


@click.command()
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
        fail(error)
    print_json(contract)
