"""The Qt binding itself: faults in it that would crash the app are caught here first."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12 on")
def test_void_calls_keep_the_reference_count_of_none(qapp: object) -> None:
    """PySide6 6.12.0 dropped one reference to None on every call of a void method.

    On Python 3.11 the count then reaches zero after enough calls and the interpreter
    aborts ("deallocating None"); pyproject pins PySide6 below 6.12 for that reason.
    """
    del qapp
    item = QStandardItem("x")
    before = sys.getrefcount(None)
    for _ in range(1000):
        item.setData(1.5, Qt.ItemDataRole.UserRole)
        item.setEditable(False)
    assert sys.getrefcount(None) - before > -100
