"""Every feature's services and its CLI command load without Qt: the CLI, scripts and unit
tests run the use cases with a `PlainTask` (DESIGN.md: services are Qt-free but the runner)."""

from __future__ import annotations

import subprocess
import sys

import pytest

_PROBE = """
import importlib, pkgutil, sys
package = importlib.import_module("postalgui.services.{feature}")
for module in pkgutil.iter_modules(package.__path__):
    importlib.import_module(f"{{package.__name__}}.{{module.name}}")
importlib.import_module("postalgui.cli.{command}")
print(sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken6"))
             or name == "postalgui.gui.tasks"))
"""


@pytest.mark.parametrize(
    ("feature", "command"),
    [("price", "price_cmd"), ("invoices", "invoices_cmd"), ("contracts", "contracts_cmd")],
)
def test_feature_services_and_cli_import_no_qt(feature: str, command: str) -> None:
    probe = _PROBE.format(feature=feature, command=command)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
