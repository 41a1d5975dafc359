"""PySide's check of every module imported after it, made cheap.

Once ``PySide6.QtCore`` is loaded, shiboken's import hook asks of each new module whether
its source says "PySide6" (for PySide's opt-in ``__feature__`` switches, which we do not
use) and finds out with ``inspect.getsource``: the whole file read, decoded and split into
lines through ``linecache``, and kept there. Over the some 280 modules the window imports
before its first tab is painted that is 40-55 ms on this machine kind. The same question,
answered from the file's bytes, takes a few: the answer is the same one, so features
would still work, and a module without a readable ``.py`` file (a frozen one) is asked
PySide's own way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

import PySide6.QtCore  # noqa: F401  # loads shiboken's feature support, whose check this replaces

FEATURE_MODULE = "shibokensupport.feature"
CHECK = "_mod_uses_pyside"
"""PySide's private hook (6.4 and later): if a later PySide has none, nothing changes."""


def quicken_feature_check() -> bool:
    """Answer shiboken's per-import question from the file's bytes; True if installed (once)."""
    feature = sys.modules.get(FEATURE_MODULE)
    check: Callable[[ModuleType], bool] | None = getattr(feature, CHECK, None)
    if check is None or isinstance(check, _QuickCheck):
        return False
    setattr(feature, CHECK, _QuickCheck(check))
    return True


class _QuickCheck:
    """``"PySide6" in source``, the source read as bytes; PySide's own check where there is no file."""

    def __init__(self, slow: Callable[[ModuleType], bool]) -> None:
        self.slow = slow

    def __call__(self, module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return self.slow(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return self.slow(module)
