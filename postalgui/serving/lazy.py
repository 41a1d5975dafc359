"""Names a package loads on first use (PEP 562), so importing the package stays cheap.

`postalgui.serving` and `postalgui.sandbox` re-export names from modules that import
uvicorn or FastAPI (a few hundred milliseconds): a parent that only starts a child, or
the window that only reads the demo account while it opens, never pays for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``<package>.<where[name]>`` when ``name`` is first read."""

    def load(name: str) -> Any:
        if name in where:
            return getattr(import_module(f"{package}.{where[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return load
