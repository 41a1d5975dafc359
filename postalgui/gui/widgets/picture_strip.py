"""`PictureStrip`: small pictures in a row; a click shows one large (`PictureDialog`).

A proof of delivery is a few pictures (the digital delivery receipt, a facade photo, a
signature) a clerk glances at and then shows the customer large. The operator sends the
bytes and their type: PNG and JPEG are drawn as thumbnails; a PDF (an AR digital image
may come as one) is a button that opens the app's own PDF viewer on it, from a file in a
folder of the strip's, removed with the strip. A picture Qt cannot read says so on a
disabled button rather than showing nothing.

The Tracking detail and the Claims tab's filing dialog both show a proof with it.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.widgets.pdf_viewer import PdfViewerWindow
from postalgui.gui.widgets.screen_fit import fit_to_screen, screen_room

__all__ = ["THUMBNAIL", "Picture", "PictureDialog", "PictureStrip", "is_pdf"]

THUMBNAIL = 72
"""A thumbnail's longer side in pixels: a face and a signature are recognisable, and three
fit beside the proof's facts in the Tracking detail at 1366 x 768."""


class Picture(Protocol):
    """What the strip draws: the bytes, their type as the operator gave it, and a caption."""

    @property
    def content_type(self) -> str: ...

    @property
    def data(self) -> bytes: ...

    @property
    def comment(self) -> str: ...


def is_pdf(picture: Picture) -> bool:
    """A PDF by its type, or by its first bytes when the type says nothing useful."""
    return "pdf" in picture.content_type.casefold() or picture.data[:5] == b"%PDF-"


class PictureDialog(QDialog):
    """One picture at its own size, scaled down to the screen, scrolling when still larger. Signals: none."""

    def __init__(self, pixmap: QPixmap, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pictureDialog")
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.image_label = QLabel(self)
        self.image_label.setObjectName("pictureLarge")
        self.image_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        room = screen_room(self)
        bound = (room - QSize(48, 96)) if room is not None else pixmap.size()
        if pixmap.width() > bound.width() or pixmap.height() > bound.height():
            pixmap = pixmap.scaled(
                bound, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        self.image_label.setPixmap(pixmap)
        scroll = QScrollArea(self)
        scroll.setWidget(self.image_label)
        scroll.setWidgetResizable(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        fit_to_screen(self, pixmap.size() + QSize(48, 96))


class PictureStrip(QWidget):
    """The thumbnails of some pictures; a click opens one large.

    Signals: ``pictureOpened(int)`` with the index of the picture just shown large (in a
    `PictureDialog`, or in a PDF viewer window).
    """

    pictureOpened = Signal(int)

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._pictures: list[Picture] = []
        self._captions: list[str] = []
        self.buttons: list[QToolButton] = []
        self.windows: list[QWidget] = []
        """The large views open now (dialogs and PDF windows), dropped when closed."""
        self._folder: Path | None = None
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addStretch(1)

    def set_pictures(self, pictures: Sequence[Picture], captions: Sequence[str]) -> None:
        """Show ``pictures`` (none: the strip is empty), each named by its caption."""
        for button in self.buttons:
            self._row.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        self._pictures, self._captions = list(pictures), list(captions)
        for index, picture in enumerate(self._pictures):
            button = self._button(index, picture, self._captions[index])
            self._row.insertWidget(index, button)
            self.buttons.append(button)

    def _button(self, index: int, picture: Picture, caption: str) -> QToolButton:
        button = QToolButton(self)
        button.setObjectName(f"{self.objectName()}Picture{index}")
        button.setAutoRaise(False)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        tip = f"{caption}: {picture.comment}" if picture.comment else caption
        button.setToolTip(tip)
        button.setAccessibleName(caption)
        if is_pdf(picture):
            button.setText(arg(self.tr("%1 (PDF)"), caption))
        else:
            pixmap = QPixmap()
            if pixmap.loadFromData(picture.data):
                button.setIcon(QIcon(pixmap))
                button.setIconSize(
                    pixmap.size().scaled(THUMBNAIL, THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio)
                )
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            else:
                button.setText(self.tr("Unreadable picture"))
                button.setEnabled(False)
        button.clicked.connect(self._on_picture_clicked)
        return button

    def open_picture(self, index: int) -> QWidget | None:
        """Show picture ``index`` large; the window showing it (``None``: it cannot be read)."""
        picture, caption = self._pictures[index], self._captions[index]
        window: QWidget
        if is_pdf(picture):
            viewer = PdfViewerWindow(None, self)
            if not viewer.open(self._file_of(index, picture)):
                viewer.close()
                return None
            viewer.setWindowTitle(caption)
            viewer.closed.connect(self._on_window_closed)
            window = viewer
        else:
            pixmap = QPixmap()
            if not pixmap.loadFromData(picture.data):
                return None
            window = PictureDialog(pixmap, caption, self)
            window.finished.connect(self._on_window_closed)
        self.windows.append(window)
        window.show()
        self.pictureOpened.emit(index)
        return window

    def _file_of(self, index: int, picture: Picture) -> Path:
        """The PDF's bytes in a file the viewer can read (the strip's folder, removed with it)."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="postalgui-pictures-"))
            weakref.finalize(self, shutil.rmtree, self._folder, True)
        path = self._folder / f"picture-{index + 1}.pdf"
        path.write_bytes(picture.data)
        return path

    @Slot()
    def _on_picture_clicked(self) -> None:
        sender = self.sender()
        if sender in self.buttons:
            self.open_picture(self.buttons.index(sender))

    @Slot()
    def _on_window_closed(self) -> None:
        sender = self.sender()
        if sender in self.windows:
            self.windows.remove(sender)
