"""PySide's check of every module imported after it, made cheap.

Once ``PySide6.QtCore`` is loaded, shiboken's import hook asks of each new module whether
its source says "PySide6" (for PySide's opt-in ``__feature__`` switches, which we do not
use) and finds out with ``inspect.getsource``: the whole file read, decoded and split into
lines through ``linecache``, and kept there. Over the some 280 modules the window imports
before its first tab is painted that is 40-55 ms on this machine kind. The same question,
answered from the file's bytes, takes a few: the answer is the same one, so features
would still work. A module without its ``.py`` file (a frozen app's) is answered from what
its loader says its source is, as `inspect` asks it, without `inspect`'s detours.
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
    """``"PySide6" in source``, the source read as bytes; where the module has no source file
    (a frozen app's), what its loader says its source is, as `inspect` would ask it."""

    def __init__(self, slow: Callable[[ModuleType], bool]) -> None:
        self.slow = slow

    def __call__(self, module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith((".py", ".pyc")):
            return self.slow(module)
        try:
            with open(path.removesuffix("c"), "rb") as source:  # x.pyc: its source, x.py, if beside it
                return b"PySide6" in source.read()
        except FileNotFoundError:
            return _loader_says(module)
        except OSError:
            return self.slow(module)


def _loader_says(module: ModuleType) -> bool:
    """Whether the source the module's loader gives says "PySide6" (none: no)."""
    get_source = getattr(getattr(module, "__loader__", None), "get_source", None)
    if get_source is None:
        return False
    try:
        text = get_source(module.__name__)
    except (ImportError, OSError):  # as `linecache` takes them: no source
        return False
    return isinstance(text, str) and "PySide6" in text
