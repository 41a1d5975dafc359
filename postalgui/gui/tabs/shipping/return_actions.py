"""`ReturnActions`: what a clerk hands the customer of a return authorization: Print
authorization…, Save authorization as PDF… and Copy e-mail text.

One component for the Returns page (over its selection) and for the return dialog's result
(over the authorization just made), so both print, save and word it alike. The PDF
("Autorização de postagem", `authorization_pdf`) is made as a task, never on the GUI
thread: Print opens it in a `DocumentPreview` (the system's print dialog from there),
Save writes it where the clerk says; both in the language the window speaks, as the
e-mail text put on the clipboard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QWidget

from postalgui.gui.i18n import ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.shipping.labels_preview import DocumentPreview
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.page_action import page_action
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, pdf_type
from postalgui.services.shipping.returns import authorization_pdf, authorization_text

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.return_records import ReturnAuthorization
    from postalgui.services.shipping.service import ShippingService

__all__ = ["MESSAGE_KEY", "ReturnActions"]

MESSAGE_KEY = "shipping.returns.document"


def made_pdf(
    task: TaskControl, service: ShippingService, authorizations: Sequence[ReturnAuthorization], language: str
) -> bytes:
    """The authorizations' PDF, as a task of the preview (which hands it the service)."""
    del task, service
    return authorization_pdf(authorizations, language)


def saved_pdf(
    task: TaskControl,
    service: ShippingService,
    authorizations: Sequence[ReturnAuthorization],
    language: str,
    path: Path,
) -> Path:
    """The authorizations' PDF written to ``path``; the path."""
    del task, service
    path.write_bytes(authorization_pdf(authorizations, language))
    return path


def file_stem(authorizations: Sequence[ReturnAuthorization]) -> str:
    """``autorizacao-CODE`` for one, ``autorizacoes`` for several (the file's suggested name)."""
    if len(authorizations) == 1:
        return arg(
            QGuiApplication.translate("ReturnActions", "return-authorization-%1"), authorizations[0].code
        )
    return QGuiApplication.translate("ReturnActions", "return-authorizations")


class ReturnActions(QObject):
    """Three actions over ``selected()`` (the page's selection, or the dialog's result).

    Signals: ``dialogOpened(DocumentPreview)`` with the print preview just shown;
    ``copied(str)`` with the text put on the clipboard.
    """

    dialogOpened = Signal(DocumentPreview)
    copied = Signal(str)

    def __init__(
        self,
        desk: Desk[ShippingService],
        selected: Callable[[], list[ReturnAuthorization]],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.selected = selected
        self._widget = parent
        self._dialogs: list[DocumentPreview] = []
        self.ask_save: Callable[[str], Path | None] = self._ask_save_path
        self.saved = SavedFileReporter(desk.messages, MESSAGE_KEY, self)
        self.print_action = page_action(
            parent,
            self.tr("&Print authorization…"),
            self.tr("The authorization for the customer, to print (Ctrl+P)"),
            QKeySequence(QKeySequence.StandardKey.Print),
        )
        self.save_action = page_action(
            parent,
            self.tr("Save as P&DF…"),
            self.tr("The authorization for the customer as a PDF file, to send (Ctrl+Shift+S)"),
            QKeySequence("Ctrl+Shift+S"),
        )
        self.copy_action = page_action(
            parent,
            self.tr("Cop&y e-mail text"),
            self.tr("The text of an e-mail to the customer: the code, where to post it and until when"),
            QKeySequence("Ctrl+Shift+C"),
        )
        self.print_action.triggered.connect(self._on_print_action_triggered)
        self.save_action.triggered.connect(self._on_save_action_triggered)
        self.copy_action.triggered.connect(self._on_copy_action_triggered)

    def actions(self) -> list[QAction]:
        """For a toolbar, in order."""
        return [self.print_action, self.save_action, self.copy_action]

    def update(self) -> None:
        """Enabled for a selection (the e-mail text for one authorization)."""
        chosen = self.selected()
        self.print_action.setEnabled(bool(chosen))
        self.save_action.setEnabled(bool(chosen))
        self.copy_action.setEnabled(len(chosen) == 1)

    def dialogs(self) -> list[DocumentPreview]:
        return list(self._dialogs)

    # --- what the actions do -------------------------------------------------------------------

    def print_authorizations(self) -> DocumentPreview | None:
        """The preview of the selected authorizations' PDF, made at once; ``None`` with none selected."""
        chosen = self.selected()
        if not chosen:
            return None
        dialog = DocumentPreview(self.desk, self.tr("Return authorization"), file_stem(chosen), self._widget)
        dialog.setObjectName("shippingReturnPreview")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.finished.connect(self._on_dialog_finished)
        self._dialogs.append(dialog)
        dialog.show()
        self.dialogOpened.emit(dialog)
        dialog.make(made_pdf, chosen, ui_language(), name="return authorization")
        return dialog

    def save_authorizations(self) -> bool:
        """Ask where, then write the selected authorizations' PDF there (a task); False when not asked."""
        chosen = self.selected()
        path = self.ask_save(file_stem(chosen)) if chosen else None
        if path is None:
            return False
        self.desk.run(
            saved_pdf,
            chosen,
            ui_language(),
            path,
            name="save return authorization",
            key=MESSAGE_KEY,
            owner=self,
            on_result=self.saved.saved,
            on_error=self.saved.failed,
        )
        return True

    def copy_text(self) -> str:
        """The e-mail text of the one selected authorization on the clipboard; the text ("" when none)."""
        chosen = self.selected()
        if len(chosen) != 1:
            return ""
        text = authorization_text(chosen[0], ui_language())
        QGuiApplication.clipboard().setText(text)
        self.desk.messages.show_message(
            arg(
                self.tr("The e-mail text of authorization %1 is on the clipboard: paste it into an e-mail."),
                chosen[0].code,
            ),
            MessageKind.INFO,
            key=MESSAGE_KEY,
        )
        self.copied.emit(text)
        return text

    def _ask_save_path(self, stem: str) -> Path | None:
        return ask_save_path(self._widget, self.tr("Save the return authorization"), stem, [pdf_type()])

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_print_action_triggered(self) -> None:
        self.print_authorizations()

    @Slot()
    def _on_save_action_triggered(self) -> None:
        self.save_authorizations()

    @Slot()
    def _on_copy_action_triggered(self) -> None:
        self.copy_text()

    @Slot(int)
    def _on_dialog_finished(self, _result: int) -> None:
        sender = self.sender()
        self._dialogs = [dialog for dialog in self._dialogs if dialog is not sender]
