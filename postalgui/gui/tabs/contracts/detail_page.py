"""`ContractDetailPage`: one contract's validity, status and what it means, category and contacts.

The list's record shows at once; the contract's freshest record, its category and both
contact lists follow in one background task (key ``contracts.detail``), and a part
that fails alone says so in its place while the others show.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from postalgui.api.models.contracts import Contract
from postalgui.gui.messages import arg, describe_error, or_dash
from postalgui.gui.tabs.contracts.contacts_view import ContactsView
from postalgui.gui.tabs.contracts.contract_model import contract_status_meaning, status_line, validity_text
from postalgui.gui.tabs.contracts.labels import field_label
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.selectable_label import selectable_label

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Category
    from postalgui.gui.tabs.contracts.desk import Desk
    from postalgui.services.contracts.use_cases import ContractDetail
from postalgui.services.contracts.use_cases import contract_detail

__all__ = ["ContractDetailPage"]

KEY = "contracts.detail"


class ContractDetailPage(QScrollArea):
    """The Details page of the selected contract.

    Signals: ``detailLoaded(Contract)`` with the contract's freshest `Contract` once its
    category and contacts are in; ``contactCopied(str)`` with the contact text a Copy
    put on the clipboard.
    """

    detailLoaded = Signal(Contract)
    contactCopied = Signal(str)

    def __init__(self, desk: Desk, today: date, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.today = today
        self._contract: Contract | None = None

        holder = QWidget(self)
        holder.setObjectName("contractDetailsPage")
        column = QVBoxLayout(holder)
        self.contract_title = QLabel(holder)
        font = QFont(self.contract_title.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.contract_title.setFont(font)
        column.addWidget(self.contract_title)
        column.addLayout(self._build_form(holder))
        self.management_view = ContactsView(holder)
        self.management_view.setObjectName("managementContacts")
        self.administration_view = ContactsView(holder)
        self.administration_view.setObjectName("administrationContacts")
        for title, view in (
            (self.tr("Management contacts (the operator's account managers)"), self.management_view),
            (
                self.tr("Administration contacts (the company's contract administrators)"),
                self.administration_view,
            ),
        ):
            view.contactCopied.connect(self._on_contacts_contact_copied)
            group = QGroupBox(title, holder)
            QVBoxLayout(group).addWidget(view)
            column.addWidget(group)
        column.addStretch(1)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(holder)
        self._show_fields(None)

    def _build_form(self, holder: QWidget) -> QFormLayout:
        self.dr_value = selectable_label(holder)
        self.validity_value = selectable_label(holder, "contractValidity")
        self.status_value = selectable_label(holder, "contractStatus")
        self.combo_value = selectable_label(holder)
        self.category_value = selectable_label(holder, "contractCategory")
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        form.addRow(self.tr("DR:"), self.dr_value)
        form.addRow(self.tr("Validity:"), self.validity_value)
        form.addRow(self.tr("Status:"), self.status_value)
        form.addRow(self.tr("Combo:"), self.combo_value)
        form.addRow(self.tr("Category:"), self.category_value)
        return form

    # --- the contract ------------------------------------------------------------------------

    def show_contract(self, contract: Contract | None) -> None:
        """Show ``contract`` (``None``: none) and load its detail in the background."""

        self._contract = contract
        self._show_fields(contract)
        self.desk.messages.clear(KEY)
        if contract is None:
            self.management_view.set_contacts([])
            self.administration_view.set_contacts([])
            return
        self.management_view.show_loading()
        self.administration_view.show_loading()
        self.category_value.setText(self.tr("Loading…"))
        self.desk.run(
            contract_detail,
            contract.nuContrato,
            name="contract detail",
            key=KEY,
            on_result=self._on_detail_task_result,
            on_error=self._on_detail_task_error,
            on_finished=self._on_detail_task_finished,
        )
        self.desk.activity.set_activity(KEY, arg(self.tr("Loading contract %1…"), contract.nuContrato))

    def _show_fields(self, contract: Contract | None) -> None:
        if contract is None:
            self.contract_title.setText(self.tr("Select a contract"))
            for label in (self.dr_value, self.validity_value, self.status_value, self.combo_value):
                label.setText(or_dash(None))
            self.category_value.setText(or_dash(None))
            return
        self.contract_title.setText(arg(self.tr("Contract %1"), contract.nuContrato))
        self.dr_value.setText(or_dash(None if contract.nuSe is None else str(contract.nuSe)))
        self.validity_value.setText(
            validity_text(contract.dtInicioVigencia, contract.dtFimVigencia, self.today)
        )
        status = status_line(contract.status, contract_status_meaning(contract.status))
        if (contract.status or "").upper() != "ATIVO":
            status += "\n" + self.tr("Its cards cannot be used for quoting while the contract is not active.")
        self.status_value.setText(status)
        self.combo_value.setText(or_dash(contract.nuCombo))
        if contract.categoria:
            self.category_value.setText(contract.categoria)

    def _show_category(self, category: Category | None, error: str | None, contract: Contract) -> None:
        if error:
            self.category_value.setText(arg(self.tr("Could not be loaded: %1"), error))
            return
        parts: list[str] = []
        if category is not None:
            head = " — ".join(p for p in (category.codigo, category.descricao) if p)
            if head:
                parts.append(head)
            parts.extend(
                f"{field_label(key)}: {value}"
                for key, value in category.extras.items()
                if value not in (None, "")
            )
        if not parts and contract.categoria:
            parts.append(contract.categoria)
        self.category_value.setText("\n".join(parts) or or_dash(None))

    # --- slots -------------------------------------------------------------------------------

    @Slot(object)
    def _on_detail_task_result(self, detail: ContractDetail) -> None:
        current = self._contract
        if current is None or detail.contract.nuContrato != current.nuContrato:
            return
        self._contract = detail.contract
        self._show_fields(detail.contract)
        self._show_category(detail.category, detail.category_error, detail.contract)
        self.management_view.set_contacts(detail.management, detail.management_error)
        self.administration_view.set_contacts(detail.administration, detail.administration_error)
        self.detailLoaded.emit(detail.contract)

    @Slot(object)
    def _on_detail_task_error(self, error: BaseException) -> None:
        text = describe_error(error)
        self.management_view.set_contacts([], text)
        self.administration_view.set_contacts([], text)
        self.category_value.setText(or_dash(None))
        self.desk.messages.show_message(
            arg(self.tr("The contract's details could not be loaded: %1"), text),
            MessageKind.ERROR,
            key=KEY,
        )

    @Slot(bool)
    def _on_detail_task_finished(self, cancelled: bool) -> None:
        self.desk.activity.set_activity(KEY, None)

    @Slot(str)
    def _on_contacts_contact_copied(self, text: str) -> None:
        name = text.splitlines()[0] if text else ""
        self.desk.messages.show_message(
            arg(self.tr("Contact copied to the clipboard (%1)."), name),
            MessageKind.INFO,
            key="contracts.copy",
        )
        self.contactCopied.emit(text)
