"""Services of a contract or a posting card as a table: `ServiceModel` and its search proxy.

The contract's list arrives page by page (`ServiceModel` is a `PagedTableModel`); a
card's list comes whole. A search filters the rows already here and, for a paged list,
loads the remaining pages so nothing is missed. `lookup_text` says the answer to "does
this card have service X?" in one sentence, with the operator's code (``CON-011``)
when it has not.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt

from postalgui.gui.messages import arg
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.models.paged import PagedTableModel
from postalgui.gui.models.row_table import Column, TextRow
from postalgui.gui.tabs.contracts.labels import field_label

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Service, ServiceLookup
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.contracts.service import ContractService
from postalgui.services.contracts.use_cases import contract_services_page

__all__ = [
    "SERVICE_PAGE_SIZE",
    "ServiceColumn",
    "ServiceFilterProxy",
    "ServiceModel",
    "lookup_text",
    "service_detail_text",
]

SERVICE_PAGE_SIZE = 50
"""Contract services asked for per page."""


class ServiceColumn(IntEnum):
    CODE = 0
    DESCRIPTION = 1
    SEGMENT = 2


def _segment(service: Service) -> str:
    parts = [p for p in (service.coSegmento, service.descSegmento) if p]
    return " — ".join(parts)


def service_detail_text(service: Service) -> str:
    """A service's fields, one a line, including those the operator sent beyond the spec's."""
    lines = [
        arg(QCoreApplication.translate("ServiceModel", "Service: %1"), service.codigo),
        arg(QCoreApplication.translate("ServiceModel", "Description: %1"), service.descricao or "—"),
        arg(QCoreApplication.translate("ServiceModel", "Segment: %1"), _segment(service) or "—"),
    ]
    lines.extend(
        f"{field_label(key)}: {value}" for key, value in service.extras.items() if value not in (None, "")
    )
    return "\n".join(lines)


def lookup_text(lookup: ServiceLookup, contract: str, card: str | None) -> str:
    """The answer to "does this card (or contract) have service X?" in one sentence."""
    service = lookup.service
    if service is not None:
        detail = service.descricao or ""
        if card:
            template = QCoreApplication.translate("ServiceModel", "Card %1 has service %2 (%3).")
        else:
            template = QCoreApplication.translate("ServiceModel", "Contract %1 has service %2 (%3).")
    else:
        detail = str(lookup.missing) if lookup.missing is not None else ""
        if card:
            template = QCoreApplication.translate("ServiceModel", "Card %1 does not have service %2 (%3).")
        else:
            template = QCoreApplication.translate(
                "ServiceModel", "Contract %1 does not have service %2 (%3)."
            )
    return arg(template, card or contract, lookup.codigo, detail)


def _detail(row: TextRow[Service]) -> str:
    return service_detail_text(row.item)


_COLUMNS: tuple[Column[Service], ...] = (
    Column(QT_TRANSLATE_NOOP("ServiceModel", "Code"), lambda service: service.codigo, tip=_detail),
    Column(
        QT_TRANSLATE_NOOP("ServiceModel", "Description"), lambda service: service.descricao or "", tip=_detail
    ),
    Column(QT_TRANSLATE_NOOP("ServiceModel", "Segment"), _segment, tip=_detail),
)


class ServiceModel(PagedTableModel["Service"]):
    """`Service`s in `ServiceColumn` order: a contract's page by page, or a card's whole list.

    Signals: those of `PagedTableModel`.
    """

    def __init__(self, runner: TaskRunner, key: str, parent: QObject | None = None) -> None:
        super().__init__(runner, key, _COLUMNS, parent)
        self.page_size = SERVICE_PAGE_SIZE

    def load_contract(self, service: ContractService, contract: str | None) -> None:
        """The contract's services, page by page (``None``: none)."""

        if not contract:
            self.clear()
            return
        self.set_source(contract_services_page, service, contract)

    def service(self, row: int) -> Service:
        return self.item(row)

    def services(self) -> list[Service]:
        return self.items()


class ServiceFilterProxy(SortKeyProxy):
    """Sorting by the model's native keys, and a search over every column (case-insensitive)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_text(self, text: str) -> None:
        self.setFilterFixedString(text.strip())
        source = self.sourceModel()
        if text.strip() and isinstance(source, PagedTableModel):
            source.fetch_all()  # a search must see every page, not only those scrolled to

    def service(self, row: int) -> Service:
        source = self.sourceModel()
        if not isinstance(source, ServiceModel):
            raise TypeError("the source model is not a ServiceModel")
        return source.service(self.mapToSource(self.index(row, 0)).row())
