"""CONTRIBUTING's tree of the package is checked against ``src/``: every folder of the package
is named in it (as ``name/``) under its parent's entry, and every top-level folder has an
entry of its own, so the page cannot fall behind the code unnoticed."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "mtcompute"
_NOT_PACKAGES = {"__pycache__", "static", "templates"}


def _tree() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    return text.split("```\nsrc/mtcompute/\n", 1)[1].split("```", 1)[0]


def _entries() -> dict[str, str]:
    """Each top-level folder's entry: its line and the lines under it, until the next one."""
    entries: dict[str, str] = {}
    current = ""
    for line in _tree().splitlines():
        named = re.match(r"  (\w+)/ ", line)
        if named:
            current = named.group(1)
        if current:
            entries[current] = entries.get(current, "") + line + "\n"
    return entries


def _folders() -> list[Path]:
    return sorted(
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*")
        if path.is_dir() and not _NOT_PACKAGES & set(path.relative_to(PACKAGE).parts)
    )


def test_every_top_level_folder_of_the_package_has_an_entry_in_the_tree() -> None:
    top = {folder.parts[0] for folder in _folders()}
    assert top <= set(_entries()), sorted(top - set(_entries()))


def test_every_folder_of_the_package_is_named_under_its_top_level_entry() -> None:
    entries = _entries()
    missing = [
        str(folder)
        for folder in _folders()
        if len(folder.parts) > 1 and f"{folder.name}/" not in entries.get(folder.parts[0], "")
    ]
    assert not missing, f"not in CONTRIBUTING's tree: {missing}"


def test_every_module_at_the_root_of_the_package_is_listed() -> None:
    listed = set(_tree().splitlines()[0].split())
    modules = {path.name for path in PACKAGE.glob("*.py")}
    assert modules <= listed, sorted(modules - listed)
