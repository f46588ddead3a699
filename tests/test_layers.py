"""The layers, read from the imports: a module imports only from its own layer or those below.

    cli → http → mcp → scale → scoring → (api | remote) → meta → contracts
    → (fast → helper | metrics) → numerics

Each layer is a folder of the package; errors, jsonio, settings, version and types sit at the
root beside all of them, and the package's ``__init__`` on top. cli, http and mcp are three
layers, so that an adapter that reaches up into another (mcp into http, say) fails here.
"""

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "mtcompute"
TESTS = Path(__file__).resolve().parent
ROOT_MODULES = ("errors", "jsonio", "settings", "version", "types")
LAYERS = {
    **dict.fromkeys(ROOT_MODULES, 0),
    "numerics": 0,
    "metrics": 1,
    "helper": 1,
    "fast": 2,
    "contracts": 3,
    "meta": 4,
    "api": 5,
    "remote": 5,
    "scoring": 6,
    "sacrebleu": 6,
    "scale": 7,
    "mcp": 8,
    "http": 9,
    "cli": 10,
    "__init__": 11,
}
MODULES = sorted(SOURCE.rglob("*.py"))


def part_of(module: str) -> str:
    """The top part of ``mtcompute.<part>...``; the package itself is its ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    relative = path.relative_to(SOURCE.parent).with_suffix("")
    return ".".join(part for part in relative.parts if part != "__init__") or "mtcompute"


def imported_modules(path: Path) -> set[str]:
    """Every mtcompute module ``path`` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            # "from mtcompute import api" imports the module mtcompute.api.
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            subpackages = {n for n in names if part_of(n) in LAYERS and node.module == "mtcompute"}
            found |= subpackages or {node.module}
    return {name for name in found if name.split(".")[0] == "mtcompute"}


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {part_of(module_name(path)) for path in MODULES}
    assert parts <= set(LAYERS)


@pytest.mark.parametrize("path", MODULES, ids=[module_name(path) for path in MODULES])
def test_a_module_imports_nothing_from_a_layer_above_its_own(path: Path) -> None:
    own = LAYERS[part_of(module_name(path))]
    above = {name for name in imported_modules(path) if LAYERS.get(part_of(name), own) > own}
    assert not above, f"{module_name(path)} (layer {own}) imports from above: {sorted(above)}"


def test_the_oracles_use_no_numpy() -> None:
    for path in (SOURCE / "metrics").rglob("*.py"):
        assert "numpy" not in imported_modules_any(path), path.name


def test_the_imports_are_read_from_every_form_of_import_statement(tmp_path: Path) -> None:
    module = tmp_path / "example.py"
    module.write_text(
        "import mtcompute.fast.bleu.corpus\nfrom mtcompute import api, jsonio\n"
        "from mtcompute.meta.search import search\n"
        "def later():\n    from mtcompute.http import app\n",
        encoding="utf-8",
    )
    assert imported_modules(module) == {
        "mtcompute.fast.bleu.corpus",
        "mtcompute.api",
        "mtcompute.jsonio",
        "mtcompute.meta.search",
        "mtcompute.http",
    }


def test_only_the_helper_and_scale_start_processes_or_pickle() -> None:
    for path in MODULES:
        if part_of(module_name(path)) in ("helper", "scale"):  # the server's helper; workers
            continue
        names = imported_modules_any(path)
        assert not names & {"subprocess", "pickle", "multiprocessing"}, module_name(path)


def imported_modules_any(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_the_package_root_holds_at_most_five_modules_besides_its_init() -> None:
    root = {path.stem for path in SOURCE.glob("*.py")} - {"__init__"}
    assert root <= set(ROOT_MODULES)


def test_every_folder_of_the_package_has_its_mirror_among_the_tests() -> None:
    folders = {path.parent.relative_to(SOURCE) for path in MODULES} - {Path()}
    missing = sorted(str(folder) for folder in folders if not (TESTS / folder).is_dir())
    assert not missing, f"no tests/ folder for: {missing}"


def test_a_module_of_one_adapter_that_imports_another_above_it_is_caught(tmp_path: Path) -> None:
    module = tmp_path / "server.py"
    module.write_text("from mtcompute.http.app import create_app\n", encoding="utf-8")
    above = {n for n in imported_modules(module) if LAYERS[part_of(n)] > LAYERS["mcp"]}
    assert above == {"mtcompute.http.app"}
