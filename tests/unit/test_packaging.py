"""The frozen app carries what Alembic reads as source at run time: every migrations
folder, and the modules its scripts import (which PyInstaller's analysis never sees);
and it leaves out only the run-time hooks of what it never does."""

from __future__ import annotations

import ast
import importlib.util
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


def _literal(name: str) -> object:
    return ast.literal_eval(_assigned(name))


def _imports_of(package: Path) -> set[str]:
    found: set[str] = set()
    for source in package.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
    return found


def test_the_frozen_app_keeps_the_run_time_hooks_it_needs() -> None:
    """Qt's plugin path (pyside6), frozen source files for fastapi and reportlab
    (inspect) and OpenSSL's modules (cryptography) are set by hooks that must still run."""
    left_out = _literal("UNNEEDED_RTHOOKS")
    assert left_out == ("pyi_rth_multiprocessing", "pyi_rth_pkgutil")
    for needed in ("pyi_rth_pyside6", "pyi_rth_inspect", "pyi_rth_cryptography_openssl"):
        assert needed not in left_out, needed


def test_the_app_never_needs_the_hooks_the_frozen_app_leaves_out() -> None:
    """Without multiprocessing's hook a spawned worker of the frozen app would start the
    app again, and without pkgutil's, iter_modules would not see the frozen modules:
    the app uses neither (its servers are subprocess children, `postalgui.serving`)."""
    imported = _imports_of(ROOT / "postalgui")
    unsupported = ("multiprocessing", "concurrent.futures.ProcessPoolExecutor", "pkgutil")
    used = {name for name in imported if name.startswith(unsupported)}
    assert not used, sorted(used)


def test_the_frozen_app_leaves_setuptools_out() -> None:
    """It came only as tomli's vendored copy, and its run-time hook imported setuptools
    and distutils on every start."""
    excluded = {
        node.value
        for node in ast.walk(_assigned("excludes"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert {"setuptools", "pkg_resources", "_distutils_hack", "distutils"} <= excluded


def test_the_frozen_app_carries_qtcharts_and_leaves_the_opengl_modules_out() -> None:
    """The Overview tab draws with QtCharts (its library links QtOpenGLWidgets, which
    PyInstaller collects as a library); the QtOpenGL Python modules stay out."""
    excluded = {
        node.value
        for node in ast.walk(_assigned("excludes"))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    names = {
        f"PySide6.{node.value}" for node in ast.walk(_assigned("excludes")) if isinstance(node, ast.Constant)
    }
    assert "PySide6.QtCharts" not in names | excluded
    assert {"PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtGraphs"} <= names


def test_every_module_kept_as_plain_bytecode_is_one_the_app_can_import() -> None:
    """The frozen app keeps the modules its window imports first as .pyc files beside the
    archive (no decompression on import): a name that no longer names a module would
    leave its bytes in the archive unnoticed."""
    names = _literal("STARTUP_PYC")
    assert isinstance(names, tuple)
    assert "postalgui" in names
    missing = [name for name in names if importlib.util.find_spec(name) is None]
    assert not missing, missing
