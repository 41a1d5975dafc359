"""Where the window was and how its panes were split, kept between sessions.

A clerk arranges the window once (size, position, the width of the quote form beside
the results) and expects it back the next morning. The state is Qt's own
(`saveGeometry`, `QSplitter.saveState`), kept in ``window.ini`` beside the settings
file: it is the window's, not a setting the user chooses, so `Settings` stays free of
Qt blobs. Splitters are built lazily with their pages, so each `RememberedSplitter`
restores itself when first shown, from the `WindowState` of the window it is in.

Qt's own file dialog keeps its state (view mode, sidebar, history) in
``QSettings(UserScope, "QtProject")``: by default ``~/.config/QtProject.conf``, outside
the config folder; `keep_dialog_state_in` moves it beside ``window.ini``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

if TYPE_CHECKING:
    from PySide6.QtCore import Qt  # at run time its namespace's enums wait until after the frame shows

FILENAME = "window.ini"


def keep_dialog_state_in(folder: Path) -> None:
    """Qt's dialogs keep their state in ``folder`` (``QtProject.conf``), as everything else
    of the app's does (``POSTALGUI_CONFIG_DIR``). Call before the first dialog.

    Qt reads ``QSettings(UserScope, "QtProject")`` in its native format: a file on Linux
    and the BSDs, which this moves; the registry on Windows and a plist on macOS, which
    Qt does not let a path move."""
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(folder))


class WindowState:
    """The ``window.ini`` of one config folder."""

    def __init__(self, config_dir: Path) -> None:
        self.path = config_dir / FILENAME
        self._settings = QSettings(str(self.path), QSettings.Format.IniFormat)

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._settings.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def restore_window(self, window: QMainWindow) -> bool:
        """Size and position as last left (Qt keeps it on a screen that still exists)."""
        geometry = self._bytes("window/geometry")
        return geometry is not None and window.restoreGeometry(geometry)

    def restore_splitter(self, splitter: RememberedSplitter) -> None:
        state = self._bytes(f"splitters/{splitter.name}")
        if state is not None:
            splitter.restoreState(state)

    def save(self, window: QMainWindow) -> None:
        """The window's geometry and every remembered splitter that was shown."""
        self._settings.setValue("window/geometry", window.saveGeometry())
        for splitter in window.findChildren(RememberedSplitter):
            if splitter.shown:
                self._settings.setValue(f"splitters/{splitter.name}", splitter.saveState())
        self._settings.sync()


class RememberedSplitter(QSplitter):
    """A splitter whose sizes come back next session (by ``name``, unique in the app)."""

    def __init__(self, name: str, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.name = name
        self.setObjectName(f"{name}.splitter")
        self.shown = False

    @classmethod
    def of(
        cls,
        name: str,
        orientation: Qt.Orientation,
        parent: QWidget,
        panes: Sequence[tuple[QWidget, int]],
        *,
        collapsible: bool = False,
    ) -> RememberedSplitter:
        """The splitter of ``panes``, each ``(widget, stretch factor)``, in order.

        Panes do not collapse by default: a pane dragged to nothing looks like a lost one.
        """
        splitter = cls(name, orientation, parent)
        for index, (widget, stretch) in enumerate(panes):
            splitter.addWidget(widget)
            splitter.setStretchFactor(index, stretch)
        splitter.setChildrenCollapsible(collapsible)
        return splitter

    def showEvent(self, event: QShowEvent) -> None:
        if not self.shown:
            self.shown = True
            state = getattr(self.window(), "window_state", None)
            if isinstance(state, WindowState):
                state.restore_splitter(self)
        super().showEvent(event)
