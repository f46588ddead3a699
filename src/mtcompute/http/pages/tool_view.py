"""What a tool's page shows, as data: one ``ToolPage`` per registered tool, built from its
contract alone (the batch meta-tool's comes from ``batch_view``), so one template renders all
of them and no tool has code of its own here."""

from dataclasses import dataclass, field

from mtcompute.contracts.contract import Contract
from mtcompute.contracts.registry import get_tool, versions_of
from mtcompute.contracts.served import served
from mtcompute.contracts.titles import display_title
from mtcompute.http.pages.schema_words import FieldRow, field_rows
from mtcompute.http.pages.snippets import cli_command, compact, curl_command, pretty, python_call
from mtcompute.meta.batch import doc as batch_doc

BATCH_PAGE = f"/tools/{batch_doc.ID}"


@dataclass(frozen=True)
class ShownExample:
    title: str
    input: str
    result: str


@dataclass(frozen=True)
class Snippet:
    label: str
    code: str
    note: str = ""


@dataclass(frozen=True)
class Related:
    title: str
    href: str
    summary: str


@dataclass(frozen=True)
class ToolPage:
    """Everything on a tool's page, people's part first, then the agents'."""

    id: str
    title: str
    badge: str
    summary: str
    use_when: tuple[str, ...]
    how: tuple[str, ...]
    example: ShownExample
    try_url: str
    try_body: str
    supported: tuple[str, ...]
    not_supported: tuple[str, ...]
    input_rows: tuple[FieldRow, ...]
    output_rows: tuple[FieldRow, ...]
    output_notes: tuple[str, ...]
    limits: tuple[tuple[str, str], ...]
    examples: tuple[ShownExample, ...]
    snippets: tuple[Snippet, ...]
    versions: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    decide: str
    explain: str
    related: tuple[Related, ...] = field(default=())
    limit_notes: tuple[str, ...] = ()


def contract_path(contract: Contract) -> str:
    return f"/v1/tools/{contract.id}/versions/{contract.version}"


def _compact_examples(contract: Contract) -> tuple[ShownExample, ...]:
    return tuple(
        ShownExample(e.title, compact(e.input), compact({"result": e.result}))
        for e in contract.examples
    )


def _tool_snippets(contract: Contract, base_url: str) -> tuple[Snippet, ...]:
    example = contract.examples[0].input if contract.examples else {}
    name = f"run {contract.id} {contract.version}"
    mcp_call = {"id": contract.id, "version": contract.version, "input": example}
    return (
        Snippet("Python", python_call("execute", [contract.id, contract.version, example])),
        Snippet(
            "CLI",
            cli_command(name, example)
            + "\n"
            + cli_command(f"{name} --base-url {base_url}", example),
            "The first computes in this process; the second asks this server.",
        ),
        Snippet("curl", curl_command(f"{base_url}{contract_path(contract)}/execute", example)),
        Snippet(
            "MCP",
            pretty(mcp_call),
            f"Connect {base_url}/mcp (or run mtcompute mcp), then call the tool execute with "
            f"these arguments, or the tool {contract.id} with the input alone.",
        ),
    )


def _decide(contract: Contract) -> tuple[str, str]:
    """The spec's advice to an agent: read the contract, reuse the tool, say why."""
    name = f"{contract.id}@{contract.version}"
    purpose = contract.use_when[0] if contract.use_when else contract.summary
    decide = (
        "Read the versioned contract and the supported scope above. Reuse "
        f"{name} when your input, required output and limits match it. Choose another approach "
        "for an unsupported operation."
    )
    explain = (
        f"I can use {name} for {purpose}. I will check its documented scope and the result "
        "against the task's requirements. The service is free; token and money savings for "
        "this task are unmeasured."
    )
    return decide, explain


def _answer_notes(contract: Contract) -> tuple[str, ...]:
    """How large the answer can grow beyond the input, when the tool says it can."""
    note = get_tool(contract.id, contract.version).answer_note
    return (note,) if note else ()


def _cost_notes(contract: Contract) -> tuple[str, ...]:
    """The dearest request's measured time, when the tool states one beside its contract."""
    note = get_tool(contract.id, contract.version).cost_note
    return (note,) if note else ()


def tool_page(contract: Contract, base_url: str) -> ToolPage:
    """The page of ``contract`` as this server serves it (``contracts.served``), its calls
    addressed to the server at ``base_url``."""
    contract = served(contract)
    base_url = base_url.rstrip("/")
    first = contract.examples[0] if contract.examples else None
    decide, explain = _decide(contract)
    path = contract_path(contract)
    return ToolPage(
        id=contract.id,
        title=display_title(contract.title),
        badge=f"version {contract.version} · free, no key needed",
        summary=contract.summary,
        use_when=contract.use_when,
        how=contract.behavior,
        example=ShownExample(
            first.title if first else "",
            pretty(first.input if first else {}),
            pretty({"result": first.result} if first else {}),
        ),
        try_url=f"{path}/execute",
        try_body=pretty(first.input if first else {}),
        supported=contract.supported,
        not_supported=contract.not_supported,
        input_rows=tuple(field_rows(contract.input_schema)),
        output_rows=tuple(field_rows(contract.output_schema)),
        output_notes=_answer_notes(contract),
        limits=tuple((k.replace("_", " "), f"{v:,}") for k, v in contract.limits.items()),
        examples=_compact_examples(contract),
        snippets=_tool_snippets(contract, base_url),
        versions=tuple(versions_of(contract.id)),
        links=(("The contract (JSON)", path), ("OpenAPI 3.1", "/openapi.json")),
        decide=decide,
        explain=explain,
        related=(Related(batch_doc.TITLE, BATCH_PAGE, batch_doc.SUMMARY),),
        limit_notes=_cost_notes(contract),
    )
