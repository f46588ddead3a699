"""The published JSON of every released contract, one file each in published/, as released.

``python -m tests.contracts.snapshots`` writes the snapshot of a newly released version; it never
rewrites one that exists, since a released version never changes.
"""

from pathlib import Path

from mtcompute import jsonio
from mtcompute.contracts.registry import all_tools

FOLDER = Path(__file__).resolve().parent / "published"


def snapshot_path(tool_id: str, version: str) -> Path:
    return FOLDER / f"{tool_id}-{version}.json"


def published(tool_id: str, version: str) -> bytes:
    """The contract as ``describe`` serves it, in the snapshots' form: indented, keys as served."""
    from mtcompute import api  # noqa: PLC0415 - tests import this module before the package

    return jsonio.dumps(api.describe(tool_id, version), indent=True) + b"\n"


def write_new_snapshots() -> list[Path]:
    """The snapshot of every released version that has none yet."""
    written = []
    for tool in all_tools():
        contract = tool.contract
        path = snapshot_path(contract.id, contract.version)
        if not path.exists():
            path.write_bytes(published(contract.id, contract.version))
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write_new_snapshots():
        print(f"wrote {path.name}")
