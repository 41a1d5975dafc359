"""`DetailPanel`: one tracked object as the clerk reads it out to a customer.

The code (selectable), the status and lateness in words ("Delivered 3 days late",
"Overdue by 2 days", "Expected today"), the expected date and whose it is (the
operator's, or the delivery-time service's), product, tag, the invoice line it was billed
on with its amount, and the timeline: every event, newest first, with its unit and city.
An object waiting at a branch shows that branch from the Branches data (`BranchBox`); a
delivered one, its proof of delivery on a page beside the timeline's (`ProofBox`).

The object is read in a task (`services.tracking.detail.object_detail`: the office
database may be a server away) and the branch in another (`branch_at`: it may ask the
operator); the newest request wins, so clicking through the list never shows a stale one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.branches import Unit
from postalgui.api.values import format_brl
from postalgui.gui.messages import arg, describe_error, local_datetime, or_dash
from postalgui.gui.tabs.tracking.branch_box import BranchBox, bold_label
from postalgui.gui.tabs.tracking.detail_words import expected_text, lateness_text, status_text
from postalgui.gui.tabs.tracking.proof_box import ProofBox
from postalgui.gui.tabs.tracking.timeline_model import EventColumn, TimelineModel
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.gui.widgets.tables import sortable_table
from postalgui.services.tracking.branch_link import branch_at
from postalgui.services.tracking.detail import object_detail
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Status

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.tracking.service import TrackingService

__all__ = ["PROOF_PAGE", "DetailPanel"]

PROOF_PAGE = 1
"""The page of the proof of delivery, beside the timeline's."""


class DetailPanel(QWidget):
    """The selected object's details and timeline.

    Signals: ``objectShown(WatchedObject)`` with the object shown; ``objectGone(str)`` with
    a code no longer followed; ``branchShown(Unit)`` with the branch an object waits at;
    ``branchMissing(str)`` with a unit code not in the branch data.
    """

    objectShown = Signal(WatchedObject)
    objectGone = Signal(str)
    branchShown = Signal(Unit)
    branchMissing = Signal(str)

    TASK_KEY = "tracking.detail"
    BRANCH_TASK_KEY = "tracking.detail.branch"

    def __init__(self, desk: Desk[TrackingService], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("trackingDetail")
        self.desk = desk
        self._code: str | None = None
        self._shown: WatchedObject | None = None
        self._handles: dict[str, TaskHandle] = {}
        self._branch_code = ""
        self._proof_wanted = False
        """The clerk turned to the proof's page: it comes forward for each delivered object."""
        self.code_label = bold_label(self, "trackingCode", 1.2)
        self.status_label = bold_label(self, "trackingStatus")
        self.lateness_label = selectable_label(self, "trackingLateness")
        self.message_label = selectable_label(self, "trackingMessage")
        self.branch_box = BranchBox(self)
        self.proof_box = ProofBox(desk, self)
        self.timeline = TimelineModel(self)
        self.timeline_table = sortable_table(self, self.timeline, "trackingTimeline", self.tr("Timeline"))
        self.timeline_table.setWordWrap(True)
        self._size_timeline()
        column = QVBoxLayout(self)
        column.addWidget(self.code_label)
        self.body = QWidget(self)
        """Everything but the heading: hidden while no object is picked (no empty fields).
        The facts on the left, the timeline beside them: below the table the panel is
        short and wide, and a timeline under the facts had room for one event."""
        facts = QVBoxLayout()
        for label in (self.status_label, self.lateness_label, self.message_label):
            facts.addWidget(label)
        facts.addLayout(self._build_form())
        facts.addWidget(self.branch_box)
        facts.addStretch()
        inner = QHBoxLayout(self.body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(facts, 2)
        inner.addWidget(self._build_sides(), 3)
        column.addWidget(self.body, 1)
        column.addStretch()  # the heading stays on top while the body is hidden
        self._clear()

    def _build_sides(self) -> QTabWidget:
        """The timeline and, for a delivered object, its proof of delivery, as two pages: side
        by side, at the window's default width the timeline wrapped every event."""
        self.sides = QTabWidget(self.body)
        self.sides.setObjectName("trackingDetailPages")
        self.sides.setDocumentMode(True)
        self.sides.addTab(self.timeline_table, self.tr("Timeline"))
        page = QWidget(self.sides)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.proof_box)
        layout.addStretch()
        self.proof_box.setTitle("")  # the page's tab names it
        self.proof_box.setFlat(True)
        self.sides.addTab(page, self.tr("Proof of delivery"))
        self.sides.currentChanged.connect(self._on_sides_current_changed)
        return self.sides

    def show_proof_page(self) -> None:
        """Bring the proof of delivery's page forward, and keep it forward for the next
        delivered object, as a clerk who turned to it does."""
        self._proof_wanted = True
        self.sides.setCurrentIndex(PROOF_PAGE)

    def _show_proof_of(self, found: WatchedObject | None) -> None:
        """The proof's page only for a delivered object; the page the clerk last turned to
        comes forward when it is there."""
        self.proof_box.show_object(found)
        delivered = found is not None and found.status is Status.DELIVERED
        wanted = self._proof_wanted
        self.sides.setTabVisible(PROOF_PAGE, delivered)
        self.sides.setCurrentIndex(PROOF_PAGE if delivered and wanted else 0)
        self._proof_wanted = wanted

    @Slot(int)
    def _on_sides_current_changed(self, index: int) -> None:
        if self.sides.isTabVisible(PROOF_PAGE):  # the clerk's choice, not a page hidden
            self._proof_wanted = index == PROOF_PAGE

    def _size_timeline(self) -> None:
        """When as wide as it needs, the event and the units share the rest; rows as tall
        as their wrapped text."""
        header = self.timeline_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(EventColumn.WHEN, QHeaderView.ResizeMode.ResizeToContents)
        self.timeline_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def _build_form(self) -> QFormLayout:
        self.expected_value = selectable_label(self, "trackingExpected")
        self.product_value = selectable_label(self, "trackingProduct")
        self.tag_value = selectable_label(self, "trackingTag")
        self.invoice_value = selectable_label(self, "trackingInvoice")
        self.checked_value = selectable_label(self, "trackingChecked")
        form = QFormLayout()
        for text, value in (
            (self.tr("Expected:"), self.expected_value),
            (self.tr("Product:"), self.product_value),
            (self.tr("Tag:"), self.tag_value),
            (self.tr("Billed on:"), self.invoice_value),
            (self.tr("Last asked:"), self.checked_value),
        ):
            form.addRow(QLabel(text, self), value)
        return form

    # --- public API ----------------------------------------------------------------------------

    def code(self) -> str | None:
        """The code asked for last (shown, or loading)."""
        return self._code

    def shown(self) -> WatchedObject | None:
        return self._shown

    def show_object(self, code: str | None) -> None:
        """Show ``code`` (read in the background; the newest request wins); ``None`` clears."""
        self._code = code
        self._cancel()
        if code is None:
            self._clear()
            return
        self._clear()  # never the last object's values under this code
        self.body.show()
        self.code_label.setText(code)
        self.status_label.setText(self.tr("Loading…"))
        self._handles[self.TASK_KEY] = self.desk.run(
            object_detail,
            code,
            name="tracking detail",
            key=self.TASK_KEY,
            on_result=self._on_detail_task_result,
            on_error=self._on_detail_task_error,
        )

    # --- showing -------------------------------------------------------------------------------

    def _clear(self) -> None:
        self._shown = None
        self.code_label.setText(self.tr("Pick an object in the list to see its history."))
        for label in (
            self.status_label,
            self.lateness_label,
            self.message_label,
            self.expected_value,
            self.product_value,
            self.tag_value,
            self.invoice_value,
            self.checked_value,
        ):
            label.clear()
        self.message_label.hide()
        self.branch_box.hide()
        self._show_proof_of(None)
        self.timeline.clear()
        self.body.hide()

    def _show(self, found: WatchedObject) -> None:
        self._shown = found
        self.code_label.setText(found.code)
        self.status_label.setText(status_text(found))
        self.lateness_label.setText(lateness_text(found, found.lateness(self.desk.service.today())))
        self.message_label.setText(found.message)
        self.message_label.setVisible(bool(found.message))
        self.expected_value.setText(expected_text(found))
        product = found.product or ""
        if found.co_produto:
            product = arg(self.tr("%1 (code %2)"), product, found.co_produto) if product else found.co_produto
        self.product_value.setText(or_dash(product))
        self.tag_value.setText(or_dash(found.tag))
        self.invoice_value.setText(self._invoice_text(found))
        self.checked_value.setText(
            local_datetime(found.checked_at) if found.checked_at is not None else self.tr("Not asked yet")
        )
        self.timeline.set_items(found.events)
        self.timeline_table.resizeRowsToContents()
        self._show_branch_of(found)
        self._show_proof_of(found)

    def _invoice_text(self, found: WatchedObject) -> str:
        """``RE 1234567 · R$ 1.234,56``: the statement line it was billed on, when known."""
        if not found.invoice:
            return "\N{EM DASH}"
        if found.invoice_amount is None:
            return found.invoice
        return arg(self.tr("%1 · %2"), found.invoice, format_brl(found.invoice_amount))

    def _show_branch_of(self, found: WatchedObject) -> None:
        waiting = found.status is Status.AWAITING_PICKUP
        self.branch_box.setVisible(waiting)
        if not waiting:
            return
        self.branch_box.show_deadline(found.pickup_until)
        unit = found.events[0].unidade if found.events else None
        if unit is None or not (unit.codSro or "").strip():
            self.branch_box.show_note(self.tr("The operator does not name the branch."))
            return
        self._branch_code = (unit.codSro or "").strip()
        self.branch_box.show_note(arg(self.tr("Looking up unit %1 in the branch data…"), self._branch_code))
        self._handles[self.BRANCH_TASK_KEY] = self.desk.run(
            branch_at,
            unit,
            name="tracking branch",
            key=self.BRANCH_TASK_KEY,
            on_result=self._on_branch_task_result,
            on_error=self._on_branch_task_error,
        )

    def _cancel(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()

    # --- tasks ---------------------------------------------------------------------------------

    @Slot(object)
    def _on_detail_task_result(self, found: WatchedObject | None) -> None:
        self._handles.pop(self.TASK_KEY, None)
        if found is None:
            code = self._code or ""
            self._clear()
            self.code_label.setText(code)
            self.status_label.setText(self.tr("This object is no longer followed."))
            self.objectGone.emit(code)
        else:
            self._show(found)
            self.objectShown.emit(found)

    @Slot(object)
    def _on_detail_task_error(self, error: BaseException) -> None:
        self._handles.pop(self.TASK_KEY, None)
        self.status_label.setText("")
        text = arg(self.tr("Could not read %1: %2"), self._code or "", describe_error(error))
        self.desk.messages.show_message(text, MessageKind.ERROR, key=self.TASK_KEY)

    @Slot(object)
    def _on_branch_task_result(self, unit: Unit | None) -> None:
        self._handles.pop(self.BRANCH_TASK_KEY, None)
        if unit is None:
            self.branch_box.show_note(arg(self.tr("Unit %1 is not in the branch data."), self._branch_code))
            self.branchMissing.emit(self._branch_code)
        else:
            self.branch_box.show_branch(unit, self.desk.service.now())
            self.branchShown.emit(unit)

    @Slot(object)
    def _on_branch_task_error(self, error: BaseException) -> None:
        self._handles.pop(self.BRANCH_TASK_KEY, None)
        self.branch_box.show_note(arg(self.tr("Could not look up the branch: %1"), describe_error(error)))
