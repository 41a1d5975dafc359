"""`DetailPanel` placeholder: the selected object's detail (the wt-detail helper's file replaces it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.services.tracking.service import TrackingService


class DetailPanel(QWidget):
    """Shows the selected object's code (the full timeline comes with the detail helper's panel)."""

    def __init__(self, desk: Desk[TrackingService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.label = QLabel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        self.show_object(None)

    def show_object(self, code: str | None) -> None:
        self.label.setText(code or self.tr("Select an object to see its events."))
