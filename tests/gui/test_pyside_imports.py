"""PySide's per-import check, made cheap (`pyside_imports`): the same answers as PySide's own."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import postalgui.gui  # installs the quick check
import postalgui.gui.app_icon
import postalgui.services.paths
from postalgui.gui import pyside_imports
from postalgui.gui.pyside_imports import FEATURE_MODULE, quicken_feature_check


def check() -> pyside_imports._QuickCheck:
    found = getattr(sys.modules[FEATURE_MODULE], pyside_imports.CHECK)
    assert isinstance(found, pyside_imports._QuickCheck)
    return found


def test_the_gui_installs_it_once() -> None:
    installed = check()
    assert quicken_feature_check() is False  # already there: not wrapped twice
    assert check() is installed


def test_it_answers_as_pyside_does() -> None:
    quick = check()
    for module in (postalgui.gui.app_icon, postalgui.services.paths, pyside_imports):
        assert quick(module) == quick.slow(module)
    assert quick(postalgui.gui.app_icon) is True  # its source says PySide6
    assert quick(postalgui.services.paths) is False


def test_a_module_without_a_source_file_is_asked_pyside_s_way(tmp_path: Path) -> None:
    quick = check()
    asked: list[str] = []
    quick_of_a_fake = pyside_imports._QuickCheck(lambda module: asked.append(module.__name__) or False)
    builtin = types.ModuleType("made_up")
    gone = types.ModuleType("gone")
    gone.__file__ = str(tmp_path / "gone.py")  # no such file
    assert quick_of_a_fake(builtin) is False
    assert quick_of_a_fake(gone) is False
    assert asked == ["made_up", "gone"]
    assert quick(sys) is False
