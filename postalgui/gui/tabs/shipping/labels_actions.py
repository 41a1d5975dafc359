"""The Shipping tab's printing actions over the selected pre-postings: Labels…, Content
declaration… and Posting list… (of the selected, or of today's labelled objects).

Each opens a non-modal `DocumentPreview` (the labels one, `LabelsDialog`, with its layout
and source) that makes its PDF as a task and shows it as soon as it is made. The page
hands over how to read its selection (`ShipmentPage.selected_ids`) and adds `actions()`
to its toolbar; the keys work while the focus is in the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from postalgui.gui.i18n import ui_language
from postalgui.gui.tabs.shipping.labels_dialog import LabelsDialog
from postalgui.gui.tabs.shipping.labels_preview import DocumentPreview
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.page_action import page_action
from postalgui.services.shipping.posting_lists import posting_list_in, todays_posting_list
from postalgui.services.shipping.printing import declarations

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.shipping.service import ShippingService

__all__ = ["LabelsActions"]

MESSAGE_KEY = "shipping.labels"


class LabelsActions(QObject):
    """Three actions and the preview dialogs they opened (kept until closed).

    Signals: ``dialogOpened(DocumentPreview)`` with the dialog just shown.
    """

    dialogOpened = Signal(DocumentPreview)

    def __init__(
        self, desk: Desk[ShippingService], selected_ids: Callable[[], list[str]], parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.selected_ids = selected_ids
        self._widget = parent
        self._dialogs: list[DocumentPreview] = []
        self.labels_action = self._action(
            self.tr("Labels…"), "Ctrl+L", self.tr("Make, preview and print the selected pre-postings' labels")
        )
        self.declaration_action = self._action(
            self.tr("Content declaration…"),
            "Ctrl+Shift+D",
            self.tr("The content declaration of the selected pre-postings, to print and put in the parcel"),
        )
        self.posting_list_action = self._action(
            self.tr("Posting list…"),
            "Ctrl+Shift+P",
            self.tr("The list for the counter: the selected objects, or all labelled today when none is"),
        )
        self.labels_action.triggered.connect(self._on_labels_action_triggered)
        self.declaration_action.triggered.connect(self._on_declaration_action_triggered)
        self.posting_list_action.triggered.connect(self._on_posting_list_action_triggered)

    def _action(self, text: str, key: str, tip: str) -> QAction:
        keys = QKeySequence(key)
        shown = keys.toString(QKeySequence.SequenceFormat.NativeText)
        return page_action(self._widget, text, f"{tip} ({shown})", keys)

    def actions(self) -> list[QAction]:
        """For the page's toolbar, in order."""
        return [self.labels_action, self.declaration_action, self.posting_list_action]

    def dialogs(self) -> list[DocumentPreview]:
        """The preview dialogs open now."""
        return list(self._dialogs)

    # --- opening ---------------------------------------------------------------------------------

    def open_labels(self) -> LabelsDialog | None:
        """The labels dialog of the selection, making them at once; ``None`` with nothing selected."""
        ids = self._selection(self.tr("Select the pre-postings whose labels you want to print."))
        if not ids:
            return None
        dialog = LabelsDialog(self.desk, ids, self._widget)
        dialog.labelsMade.connect(self._on_dialog_labels_made)
        self._show(dialog)
        dialog.start()
        return dialog

    def open_declaration(self) -> DocumentPreview | None:
        """The content declarations of the selection (the operator's form, in Portuguese)."""
        ids = self._selection(self.tr("Select the pre-postings whose content declaration you want."))
        if not ids:
            return None
        dialog = DocumentPreview(
            self.desk, self.tr("Content declaration"), self.tr("content-declaration"), self._widget
        )
        dialog.setObjectName("shippingDeclarationDialog")
        self._show(dialog)
        dialog.make(declarations, ids, name="content declaration")
        return dialog

    def open_posting_list(self) -> DocumentPreview:
        """The posting list of the selected objects, or of every object labelled today, in the
        interface's language."""
        ids = self.selected_ids()
        dialog = DocumentPreview(self.desk, self.tr("Posting list"), self.tr("posting-list"), self._widget)
        dialog.setObjectName("shippingPostingListDialog")
        self._show(dialog)
        if ids:
            dialog.make(posting_list_in, ids, ui_language(), name="posting list")
        else:
            dialog.setWindowTitle(self.tr("Posting list of today's labelled objects"))
            dialog.make(todays_posting_list, ui_language(), name="posting list of the day")
        return dialog

    def _selection(self, missing: str) -> list[str]:
        ids = self.selected_ids()
        if not ids:
            self.desk.messages.show_message(missing, MessageKind.INFO, key=MESSAGE_KEY)
        return ids

    def _show(self, dialog: DocumentPreview) -> None:
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        dialog.finished.connect(self._on_dialog_finished)
        self._dialogs.append(dialog)
        dialog.show()
        self.dialogOpened.emit(dialog)

    # --- slots -----------------------------------------------------------------------------------

    @Slot()
    def _on_labels_action_triggered(self) -> None:
        self.open_labels()

    @Slot()
    def _on_declaration_action_triggered(self) -> None:
        self.open_declaration()

    @Slot()
    def _on_posting_list_action_triggered(self) -> None:
        self.open_posting_list()

    @Slot(int)
    def _on_dialog_labels_made(self, count: int) -> None:
        if not count:  # every object was followed before: nothing new to say
            return
        self.desk.messages.show_message(
            self.tr("%Ln object(s) now followed in Tracking.", "", count), MessageKind.INFO, key=MESSAGE_KEY
        )

    @Slot(int)
    def _on_dialog_finished(self, _result: int) -> None:
        sender = self.sender()
        self._dialogs = [dialog for dialog in self._dialogs if dialog is not sender]
