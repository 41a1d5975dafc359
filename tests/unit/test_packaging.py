"""The frozen app carries what Alembic reads as source at run time: every migrations
folder, and the modules its scripts import (which PyInstaller's analysis never sees)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "postalgui.spec"


def _spec() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"))


def _assigned(name: str) -> ast.expr:
    for node in _spec().body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == name for target in node.targets
        ):
            return node.value
    raise AssertionError(f"{SPEC.name} assigns no {name}")


def _migration_folders() -> set[str]:
    envs = (ROOT / "postalgui").rglob("migrations/env.py")
    return {env.parent.relative_to(ROOT).as_posix() for env in envs}


def _imported_modules(folder: Path) -> set[str]:
    found: set[str] = set()
    for script in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("postalgui."):
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names if alias.name.startswith("postalgui.")}
    return found


def test_every_alembic_folder_is_a_data_folder_of_the_frozen_app() -> None:
    folders = _migration_folders()
    assert {"postalgui/store/migrations", "postalgui/partner/ledger/migrations"} <= folders
    assert "postalgui/services/branches/migrations" in folders
    assert set(ast.literal_eval(_assigned("MIGRATIONS"))) == folders


def test_what_the_migration_scripts_import_is_a_hidden_import() -> None:
    hidden = {
        node.value
        for node in ast.walk(_assigned("hiddenimports"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    needed = set().union(*(_imported_modules(ROOT / folder) for folder in _migration_folders()))
    assert "postalgui.store.tables" in needed
    assert needed <= hidden, sorted(needed - hidden)


def test_the_frozen_app_ships_the_translations_source_the_cli_reads() -> None:
    """The CLI says the rules' and the services' Portuguese from the .ts, without Qt
    (`services.translations`): a frozen app without it would speak English there."""
    datas = ast.unparse(_assigned("datas"))
    for name in ("postalgui_pt_BR.qm", "postalgui_en.qm", "postalgui_pt_BR.ts"):
        assert f"'{name}'" in datas, name
