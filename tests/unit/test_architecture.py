"""The layers of DESIGN.md, machine-checked: import-linter's contracts in pyproject.toml."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_hold() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint_imports), "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def _contracts(kind: str) -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return [contract for contract in contracts if contract["type"] == kind]


def test_every_tab_package_is_independent_of_the_others() -> None:
    """A new tab (branches, attendance) joins the independence contract when it lands."""
    tabs = ROOT / "postalgui" / "gui" / "tabs"
    on_disk = {f"postalgui.gui.tabs.{p.parent.name}" for p in tabs.glob("*/__init__.py")}
    (contract,) = [c for c in _contracts("independence") if "gui.tabs" in c["modules"][0]]
    assert set(contract["modules"]) == on_disk


def test_every_service_feature_is_independent_of_the_others() -> None:
    """A feature reaches another only through its ports or a link the contract names (House III)."""
    services = ROOT / "postalgui" / "services"
    on_disk = {f"postalgui.services.{p.parent.name}" for p in services.glob("*/__init__.py")}
    (contract,) = [c for c in _contracts("independence") if "services" in c["modules"][0]]
    assert set(contract["modules"]) == on_disk - {"postalgui.services.words"}


def test_the_layers_cover_every_package() -> None:
    """``exhaustive``: import-linter fails while a top-level package has no layer."""
    (contract,) = _contracts("layers")
    assert contract["containers"] == ["postalgui"]
    assert contract["exhaustive"] is True
    assert contract["layers"][0] == "gui | cli"
    assert contract["layers"][1] == "services"


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_services_and_cli_import_no_qt() -> None:
    """Even under ``TYPE_CHECKING``: the services, the CLI and the servers are Qt-free (the
    import-linter contract sees the same; this names the line)."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name for name in _imported_modules(path) if name.startswith(("PySide6", "shiboken6"))
        )
        for package in ("services", "cli", "api", "partner", "storage", "serving")
        for path in (ROOT / "postalgui" / package).rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


MAX_FUNCTION_LINES = 60
MAX_CLASS_LINES = 500


def _sizes(kinds: tuple[type[ast.AST], ...], limit: int) -> list[str]:
    over: list[str] = []
    for path in sorted((ROOT / "postalgui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, kinds):
                assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > limit:
                    over.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    return over


def test_no_function_is_longer_than_a_screen() -> None:
    """A widget is pages and controllers, a builder is steps: nothing over 60 lines (DESIGN.md)."""
    assert _sizes((ast.FunctionDef, ast.AsyncFunctionDef), MAX_FUNCTION_LINES) == []


def test_no_class_is_a_god_object() -> None:
    """Past 500 lines a class is two things (DESIGN.md): pages and controllers, not one widget."""
    assert _sizes((ast.ClassDef,), MAX_CLASS_LINES) == []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Every import between postalgui modules, ``TYPE_CHECKING`` and function-level ones too
    (a circle through a type-only import still ties two modules together for a reader)."""
    files = {_module_name(path): path for path in (ROOT / "postalgui").rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, base] if base else up)
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component: list[str] = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_has_no_circles() -> None:
    """Arrows point one way (DESIGN.md): a facade gets providers, it never imports the root."""
    assert _cycles(_import_graph()) == []


def test_the_cycle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


MAX_GUI_CASTS = 5


def test_the_gui_types_its_task_results_instead_of_casting() -> None:
    """`TaskRunner.run` types ``on_result`` by the task's return (superqt's ``WorkerBase[R]``):
    a slot names its real type, and a ``cast(`` is left only where a comment says why."""
    casts = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "postalgui" / "gui").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and (getattr(node.func, "id", None) == "cast" or getattr(node.func, "attr", None) == "cast")
    ]
    assert len(casts) <= MAX_GUI_CASTS, casts


def test_documents_draws_with_reportlab_alone() -> None:
    """`postalgui.documents` is a leaf (DESIGN.md): the standard library, reportlab, zxing-cpp (the
    labels' barcodes) and itself. The import-linter contract forbids what it knows of; this also
    catches a new dependency."""
    allowed = set(sys.stdlib_module_names) | {"reportlab", "zxingcpp"}
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in _imported_modules(path)
            if name.split(".")[0] not in allowed
            and name != "postalgui.documents"
            and not name.startswith("postalgui.documents.")
        )
        for path in (ROOT / "postalgui" / "documents").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


DESIGN_CARD_TOP_LEVEL = {
    "pyproject.toml", "postalgui", "resources", "tests", "packaging", "README.md",
    ".ci", "uv.lock", ".gitignore",
}  # fmt: skip


def test_the_top_level_is_the_design_cards() -> None:
    """DESIGN.md's top level; a script that builds a resource lives beside it (``resources/geo/build``)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files are unknown")
    done = subprocess.run(
        ["git", "ls-files"],  # noqa: S607  # git from PATH, as a developer runs it
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    top = {line.split("/", 1)[0] for line in done.stdout.splitlines() if line}
    assert top <= DESIGN_CARD_TOP_LEVEL, sorted(top - DESIGN_CARD_TOP_LEVEL)
