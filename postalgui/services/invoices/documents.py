"""Invoice tasks answered at once: the list, the tariff divergences, the PDFs.

Plain functions of a `TaskControl` and the feature's `InvoiceService`; the HTTP
client loads inside them, on the worker thread (the GUI's task, the CLI's own
thread). Invoices are authorized by contract (spec 001, 5): the facade's client
carries the contract's token scope.

PDFs of invoices go to ``<cache>/invoices/<env_key>/`` unless the caller names the
file (the CLI's ``--out``); the GUI offers the cached ones for "Save as".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from postalgui.api.cancel import TaskControl, cancel_scope
from postalgui.api.errors import ApiError
from postalgui.api.said import Said
from postalgui.services.setting_missing import SettingMissingError

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Divergence, Invoice
    from postalgui.services.invoices.service import InvoiceService
from postalgui.api.values import pad_dr_fatura, pad_item_fatura

DEFAULT_ITEM = "001"
"""``itemFatura`` of every invoice but instalment ones (spec 001, 2.1)."""

DocumentKind = Literal["synthetic", "slip"]


@dataclass(frozen=True)
class DocumentRef:
    """What names an invoice's documents on the wire: ``fatura``, ``tipoDocumento``,
    ``drFatura`` (5 digits) and ``itemFatura`` (3 digits), spec 001, 4.1."""

    fatura: str
    tipo: str
    dr_fatura: str
    item: str

    def params(self) -> dict[str, str]:
        """The request's inputs as a job records them (the operator's names)."""
        return {
            "fatura": self.fatura,
            "tipoDocumento": self.tipo,
            "drFatura": self.dr_fatura,
            "itemFatura": self.item,
        }


def last_twelve_months(today: date) -> tuple[date, date]:
    """The default period of the invoice list: the first day of the month 11 months back, to today."""
    months = today.year * 12 + today.month - 1 - 11
    return date(months // 12, months % 12 + 1, 1), today


def document_ref(service: InvoiceService, invoice: Invoice | DocumentRef) -> DocumentRef:
    """An invoice's document parameters; ``drFatura`` is the invoice's own, else the contract's DR."""

    if isinstance(invoice, DocumentRef):
        return invoice
    tipo = (invoice.tipoDocumento or "").strip().upper()
    if not tipo:
        raise ApiError(
            Said("Invoice {number} does not say its document type (tipoDocumento)", number=invoice.id)
        )
    dr: str | int | None = (invoice.drFatura or "").strip() or service.dr
    if dr is None:
        raise SettingMissingError("invoices.dr")
    item = pad_item_fatura((invoice.itemFatura or "").strip() or DEFAULT_ITEM)
    return DocumentRef(str(invoice.id), tipo, pad_dr_fatura(dr), item)


def list_invoices(
    task: TaskControl, service: InvoiceService, contrato: str, dr: int, start: date, end: date
) -> list[Invoice]:
    """The contract's invoices in the period; none found is an empty list. The office
    database keeps them (the Overview's spending), or logs why not."""
    # lazy: the database library loads in the task, not with the window
    from postalgui.services.invoices.book import keep_quietly

    client = service.client()
    with cancel_scope(task.token):
        invoices = client.list_invoices(contrato, dr, start, end)
    keep_quietly(
        f"the invoices of contract {contrato}", lambda: service.book().keep_invoices(invoices, contrato)
    )
    return invoices


def divergences(
    task: TaskControl, service: InvoiceService, contrato: str, dr: int, start: date, end: date
) -> list[Divergence]:
    """Tariff divergences of open billing in the period."""
    client = service.client()
    with cancel_scope(task.token):
        return client.divergences(contrato, dr, start, end)


def fetch_document(
    task: TaskControl,
    service: InvoiceService,
    invoice: Invoice | DocumentRef,
    kind: DocumentKind,
    dest: Path | None = None,
) -> Path:
    """Download the synthetic statement or the payment slip (PDF) to ``dest`` (default: the cache).

    Always downloaded again: an open invoice's slip changes (interest, new due date),
    and the client writes a temporary file renamed when complete, so the old copy
    stays whole until the new one is.
    """
    if kind not in ("synthetic", "slip"):
        raise ValueError(f"unknown invoice document {kind!r}")
    ref = document_ref(service, invoice)
    if dest is None:
        dest = service.cache_dir / "invoices" / service.env_key / f"{ref.fatura}-{ref.item}-{kind}.pdf"
        dest.parent.mkdir(parents=True, exist_ok=True)
    client = service.client()
    download = client.synthetic_pdf if kind == "synthetic" else client.payment_slip_pdf
    with cancel_scope(task.token):
        return download(ref.fatura, ref.tipo, ref.dr_fatura, ref.item, dest)
