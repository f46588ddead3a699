"""Golden request/response files, shared by every adapter's tests (library, CLI, HTTP, MCP).

``<tool id>/<version>/<name>.request.json`` is a tool input as a client would send it, and
``<name>.response.json`` the exact bytes the library answers with: ``jsonio.dumps`` of
``{"result": ...}`` for a success, or of ``{"errors": [...]}`` for an input error. Names of
error cases start with ``error-``.
"""

from dataclasses import dataclass
from pathlib import Path

GOLDEN_ROOT = Path(__file__).parent
_REQUEST_SUFFIX = ".request.json"
_RESPONSE_SUFFIX = ".response.json"


@dataclass(frozen=True)
class GoldenCase:
    tool_id: str
    version: str
    name: str
    request: bytes
    response: bytes

    @property
    def is_error(self) -> bool:
        """True when the expected response is ``{"errors": [...]}`` rather than a result."""
        return self.response.startswith(b'{"errors":')

    @property
    def id(self) -> str:
        """A readable test id: ``bleu-corpus-compute@1.0.0/spec-example``."""
        return f"{self.tool_id}@{self.version}/{self.name}"


def golden_cases() -> list[GoldenCase]:
    """Every golden case, ordered by tool, version and name."""
    cases = []
    for request_file in sorted(GOLDEN_ROOT.glob(f"*/*/*{_REQUEST_SUFFIX}")):
        name = request_file.name.removesuffix(_REQUEST_SUFFIX)
        response_file = request_file.with_name(name + _RESPONSE_SUFFIX)
        cases.append(
            GoldenCase(
                tool_id=request_file.parent.parent.name,
                version=request_file.parent.name,
                name=name,
                request=request_file.read_bytes(),
                response=response_file.read_bytes(),
            )
        )
    return cases
