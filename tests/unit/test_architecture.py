"""The layers of DESIGN.md, machine-checked: import-linter's contracts in pyproject.toml."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

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
    (contract,) = _contracts("independence")
    assert set(contract["modules"]) == on_disk


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


def test_services_and_cli_use_qt_core_only() -> None:
    """import-linter cannot forbid a subpackage of an external package; this can."""
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            name
            for name in _imported_modules(path)
            if name.startswith(("PySide6.QtWidgets", "PySide6.QtGui"))
        )
        for package in ("services", "cli")
        for path in (ROOT / "postalgui" / package).rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


MAX_FUNCTION_LINES = 80


def test_no_function_is_longer_than_a_screen() -> None:
    """A widget is pages and controllers, a builder is steps: nothing over ~80 lines (issue 9)."""
    long: list[str] = []
    package = ROOT / "postalgui"
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
