"""Saving files: the save dialog (`ask_save_path`, starting in the folder last saved to) and
`SavedFileReporter`, which says where a background export went, or why it failed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QSettings, QStandardPaths, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QWidget

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.paths import app_paths

FOLDERS_FILE = "dialogs.ini"
LAST_FOLDER_KEY = "save/lastFolder"


@dataclass(frozen=True, slots=True)
class FileType:
    """One entry of a save dialog's type list: the suffix (``".xlsx"``) and its filter text."""

    suffix: str
    label: str


def xlsx_type() -> FileType:
    return FileType(".xlsx", QCoreApplication.translate("SaveDialog", "Excel workbook (*.xlsx)"))


def csv_type() -> FileType:
    return FileType(".csv", QCoreApplication.translate("SaveDialog", "CSV (*.csv)"))


def pdf_type() -> FileType:
    return FileType(".pdf", QCoreApplication.translate("SaveDialog", "PDF files (*.pdf)"))


def table_types() -> list[FileType]:
    """A table's exports: a workbook for people (first, the default), CSV for machines."""
    return [xlsx_type(), csv_type()]


def _folders() -> QSettings:
    """Dialog state beside ``settings.json`` (not in the user's settings: nothing to reset)."""
    return QSettings(str(app_paths().config_dir / FOLDERS_FILE), QSettings.Format.IniFormat)


def last_folder() -> Path:
    """The folder a file was last saved to from any dialog (this run or an earlier one)
    while it still exists, else the user's documents folder."""
    saved = _folders().value(LAST_FOLDER_KEY, "")
    if isinstance(saved, str) and saved and Path(saved).is_dir():
        return Path(saved)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents else Path.home()


def remember_folder(folder: Path) -> None:
    folders = _folders()
    folders.setValue(LAST_FOLDER_KEY, str(folder))
    folders.sync()


def ask_save_path(parent: QWidget, title: str, name: str, types: Sequence[FileType]) -> Path | None:
    """Ask where to save ``name`` (a file name without suffix), starting in `last_folder`.

    The type follows the name's suffix when it is one of ``types``; otherwise the type
    picked in the dialog's list adds its suffix. The folder chosen is remembered.
    """
    first = types[0]
    chosen, picked = QFileDialog.getSaveFileName(
        parent,
        title,
        str(last_folder() / f"{name}{first.suffix}"),
        ";;".join(t.label for t in types),
        first.label,
    )
    if not chosen:
        return None
    path = Path(chosen)
    if path.suffix.casefold() not in {t.suffix for t in types}:
        kind = next((t for t in types if t.label == picked), first)
        path = path.with_name(f"{path.name}{kind.suffix}")
    remember_folder(path.parent)
    return path


class SavedFileReporter(QObject):
    """Connect an export task's ``on_result``/``on_error`` to `saved`/`failed`.

    A saved file gets "Saved to …" with an Open folder action; a failure the system's
    or the operator's reason. Signals: ``exported(Path)`` with the saved file.
    """

    exported = Signal(Path)

    def __init__(self, messages: MessageArea, key: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.messages = messages
        self.key = key
        self._folder: Path | None = None

    @Slot(object)
    def saved(self, path: object) -> None:
        if isinstance(path, Path):
            self.saved_with(path, "")

    def saved_with(self, path: Path, note: str) -> None:
        """`saved`, with a sentence after "Saved to …" (what went with the file)."""
        self._folder = path.parent
        said = arg(self.tr("Saved to %1"), str(path))
        self.messages.show_message(
            f"{said}. {note}" if note else said,
            MessageKind.INFO,
            key=self.key,
            action_text=self.tr("Open &folder"),
            on_action=self._on_message_action,
        )
        self.exported.emit(path)

    @Slot(object)
    def failed(self, error: object) -> None:
        if not isinstance(error, BaseException):
            return
        reason = (error.strerror or str(error)) if isinstance(error, OSError) else describe_error(error)
        self.messages.show_message(
            arg(self.tr("Could not save the file: %1"), reason), MessageKind.ERROR, key=self.key
        )

    @Slot()
    def _on_message_action(self) -> None:
        if self._folder is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self._folder)))
