"""The invoice list written out: CSV for other programs, an Excel workbook for people.

Plain functions of a `TaskControl`; no client, no Qt. The columns are the operator's
field names (``GET /v1/faturas``), as the CSV of quotes uses its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import TaskControl
from postalgui.api.values import format_money_wire
from postalgui.services.spreadsheet import CellKind, SheetColumn, SheetWriter, is_xlsx, write_csv

if TYPE_CHECKING:
    from postalgui.api.models.invoices import Invoice

__all__ = ["INVOICE_SHEET_COLUMNS", "export_invoices"]

INVOICE_SHEET_COLUMNS = (
    SheetColumn("fatura", CellKind.TEXT, 12),
    SheetColumn("itemFatura"),
    SheetColumn("drFatura"),
    SheetColumn("tipoDocumento"),
    SheetColumn("contrato", CellKind.TEXT, 12),
    SheetColumn("status", CellKind.TEXT, 14),
    SheetColumn("vencimento", CellKind.DATE),
    SheetColumn("dataFechamento", CellKind.DATE),
    SheetColumn("valor", CellKind.MONEY),
    SheetColumn("valorEmAberto", CellKind.MONEY),
    SheetColumn("tipoPagamento"),
    SheetColumn("lote"),
    SheetColumn("centroCusto"),
    SheetColumn("nomeContrato", CellKind.TEXT, 30),
)
"""Invoice number, contract, item, DR and codes as text; dates and money typed."""


def _values(invoice: Invoice) -> list[object]:
    return [
        str(invoice.id),
        invoice.itemFatura,
        invoice.drFatura,
        invoice.tipoDocumento,
        invoice.contrato,
        invoice.status,
        invoice.vencimento,
        invoice.dataFechamento,
        invoice.valor,
        invoice.valorEmAberto,
        invoice.tipoPagamento,
        invoice.lote,
        invoice.centroCusto,
        invoice.nomeContrato,
    ]


def _csv_cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, date):
        return f"{value.day:02d}/{value.month:02d}/{value.year:04d}"
    if isinstance(value, Decimal):
        return format_money_wire(value)
    return str(value)


def export_invoices(task: TaskControl, path: Path, invoices: Sequence[Invoice]) -> Path:
    """Write ``invoices`` (in the order given) to ``path``, atomically: an Excel workbook when
    the name ends in ``.xlsx``, else CSV (``;``, decimal comma, ``DD/MM/YYYY``, UTF-8 with BOM)."""
    path = Path(path)
    task.raise_if_cancelled()
    if is_xlsx(path):
        with SheetWriter(path, INVOICE_SHEET_COLUMNS, title="Faturas") as sheet:
            for invoice in invoices:
                sheet.write(_values(invoice))
        return path
    return write_csv(
        path,
        [column.title for column in INVOICE_SHEET_COLUMNS],
        ([_csv_cell(value) for value in _values(invoice)] for invoice in invoices),
    )
