"""PySide's per-import check, made cheap (`pyside_imports`): the same answers as PySide's own."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

import postalgui.gui  # installs the quick check
import postalgui.gui.app_icon
import postalgui.services.paths
from postalgui.gui import pyside_imports
from postalgui.gui.pyside_imports import FEATURE_MODULE, quicken_feature_check


def check() -> pyside_imports._QuickCheck:
    found = getattr(sys.modules[FEATURE_MODULE], pyside_imports.CHECK)
    assert isinstance(found, pyside_imports._QuickCheck)
    return found


class Loader:
    """A frozen app's loader: no source file, and what ``get_source`` says instead."""

    def __init__(self, source: str | Exception | None) -> None:
        self.source = source

    def get_source(self, name: str) -> str | None:
        if isinstance(self.source, Exception):
            raise self.source
        return self.source


def frozen_module(tmp_path: Path, suffix: str, source: str | Exception | None) -> types.ModuleType:
    module = types.ModuleType(f"frozen_{suffix.strip('.')}_{abs(hash(str(source)))}")
    module.__file__ = str(tmp_path / f"gone{suffix}")  # no such file (a PYZ entry, a .pyc alone)
    module.__loader__ = Loader(source)  # type: ignore[assignment]
    return module


def test_the_gui_installs_it_once() -> None:
    installed = check()
    assert quicken_feature_check() is False  # already there: not wrapped twice
    assert check() is installed


def test_it_answers_as_pyside_does_for_modules_with_their_source() -> None:
    quick = check()
    for module in (postalgui.gui.app_icon, postalgui.services.paths, pyside_imports, pytest, sys):
        assert quick(module) == quick.slow(module), module.__name__
    assert quick(postalgui.gui.app_icon) is True  # its source says PySide6
    assert quick(postalgui.services.paths) is False


SAYS_PYSIDE = "from PySide6.QtCore import QObject\n"


@pytest.mark.parametrize("suffix", [".py", ".pyc"])
@pytest.mark.parametrize("source", [SAYS_PYSIDE, "import os\n", None, ImportError("gone"), OSError("gone")])
def test_it_answers_as_pyside_does_for_a_frozen_module(
    tmp_path: Path, suffix: str, source: str | Exception | None
) -> None:
    quick = check()
    module = frozen_module(tmp_path, suffix, source)
    assert quick(module) == quick.slow(module)
    assert quick(module) is (source == SAYS_PYSIDE)


def test_a_module_without_a_file_is_asked_pyside_s_way() -> None:
    asked: list[str] = []

    def slow(module: types.ModuleType) -> bool:
        asked.append(module.__name__)
        return False

    quick = pyside_imports._QuickCheck(slow)
    assert quick(types.ModuleType("made_up")) is False
    assert asked == ["made_up"]
