"""The Invoices use cases and the CLI command over them load without Qt (the CLI, scripts and
unit tests run them with a `PlainTask`)."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import importlib, pkgutil, sys
import postalgui.services.invoices as package
for module in pkgutil.iter_modules(package.__path__):
    importlib.import_module(f"postalgui.services.invoices.{module.name}")
import postalgui.cli.invoices_cmd
print(sorted(name for name in sys.modules if name.startswith(("PySide6", "shiboken6"))))
"""


def test_invoice_services_and_cli_import_no_qt() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
