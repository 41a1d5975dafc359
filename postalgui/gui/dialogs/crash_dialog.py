"""The crash dialog: an unhandled error, what to send to support, and a way out.

The traceback arrives already scrubbed of secrets (`postalgui.gui.crash`), so it
can be copied into a support ticket as is.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.widgets.screen_fit import fit_to_screen


class CrashDialog(QDialog):
    """Shows a scrubbed traceback with Copy details, Close and Quit.

    Signals: ``quitRequested()`` when the user chose to quit PostalGUI.
    """

    quitRequested = Signal()

    def __init__(self, details: str, log_file: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log_file = log_file
        self.setWindowTitle(self.tr("PostalGUI: unexpected error"))
        fit_to_screen(self, QSize(720, 480))

        intro = QLabel(
            self.tr(
                "Something went wrong inside PostalGUI. You can keep working, but if things behave "
                "strangely, quit and start it again. Please send the details below to support."
            ),
            self,
        )
        intro.setWordWrap(True)

        self.details_edit = QPlainTextEdit(self)
        self.details_edit.setReadOnly(True)
        self.details_edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.details_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.details_edit.setAccessibleName(self.tr("Error details"))
        self.details_edit.setPlainText(details)

        self.log_label = QLabel(arg(self.tr("The log file has more: %1"), log_file), self)
        self.log_label.setWordWrap(True)
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.buttons = QDialogButtonBox(self)
        self.copy_button = QPushButton(self.tr("&Copy details"), self)
        self.copy_button.setAutoDefault(False)
        self.buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.quit_button = QPushButton(self.tr("&Quit PostalGUI"), self)
        self.quit_button.setAutoDefault(False)
        self.buttons.addButton(self.quit_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.close_button.setDefault(True)
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self.quit_button.clicked.connect(self._on_quit_button_clicked)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.details_edit, 1)
        layout.addWidget(self.log_label)
        layout.addWidget(self.buttons)

    def details(self) -> str:
        return self.details_edit.toPlainText()

    def add_report(self, details: str) -> None:
        """A further crash while the dialog is open goes below the first one."""
        self.details_edit.appendPlainText("\n" + details)

    def report_text(self) -> str:
        """What Copy details puts on the clipboard: the traceback and where the log is."""
        return f"{self.details()}\n\nLog file: {self.log_file}"

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.report_text())
        self.copy_button.setText(self.tr("Copied"))

    @Slot()
    def _on_quit_button_clicked(self) -> None:
        self.quitRequested.emit()
        self.accept()
