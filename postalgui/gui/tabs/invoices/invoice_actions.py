"""The actions on the selected invoice (and the contract's preview), shared by the toolbar,
the table's context menu and the tab's shortcuts. Texts keep the `InvoicesTab` translation
context, where the catalog has them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from postalgui.gui.messages import arg

__all__ = ["InvoiceActions"]


class InvoiceActions(QObject):
    """Synthetic statement, payment slip, typed line, analytic statement, preview.

    Each action is added to ``widget``, so its shortcut works anywhere in it (the tab).
    """

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self.synthetic = self._action(
            QCoreApplication.translate("InvoicesTab", "&Synthetic statement"),
            QCoreApplication.translate("InvoicesTab", "Open the invoice's synthetic statement (PDF) (Enter)"),
            None,
        )
        self.slip = self._action(
            QCoreApplication.translate("InvoicesTab", "Payment &slip"),
            QCoreApplication.translate("InvoicesTab", "Open the invoice's payment slip (PDF)"),
            QKeySequence(Qt.Modifier.CTRL | Qt.Key.Key_B),
        )
        self.copy_line = self._action(
            QCoreApplication.translate("InvoicesTab", "&Copy typed line"),
            QCoreApplication.translate(
                "InvoicesTab", "Copy the payment slip's typed line, checked against its check digits"
            ),
            QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_C),
        )
        self.analytic = self._action(
            QCoreApplication.translate("InvoicesTab", "&Analytic statement"),
            QCoreApplication.translate(
                "InvoicesTab", "Request the invoice's analytic statement (CSV); it appears in Jobs when ready"
            ),
            QKeySequence(Qt.Modifier.CTRL | Qt.Modifier.SHIFT | Qt.Key.Key_A),
        )
        self.preview = self._action(
            QCoreApplication.translate("InvoicesTab", "&Preview…"),
            QCoreApplication.translate("InvoicesTab", "Request a preview of the contract's next invoice"),
            None,
        )

    @property
    def on_invoice(self) -> tuple[QAction, ...]:
        """The actions on the selected invoice (not the preview, which is the contract's)."""
        return (self.synthetic, self.slip, self.copy_line, self.analytic)

    def _action(self, text: str, tip: str, shortcut: QKeySequence | None) -> QAction:
        action = QAction(text, self._widget)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        if shortcut is not None:
            action.setShortcut(shortcut)
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(
                arg(
                    QCoreApplication.translate("InvoicesTab", "%1 (%2)"),
                    tip,
                    shortcut.toString(QKeySequence.SequenceFormat.NativeText),
                )
            )
        self._widget.addAction(action)  # the shortcut works anywhere in the widget
        return action
