"""Analytic statements read and written: a downloaded CSV loaded and reconciled, items exported.

Plain functions of a `TaskControl`; no client, no Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.analytic import DETAIL_TITLES
from postalgui.api.cancel import TaskControl
from postalgui.services.spreadsheet import CellKind, SheetColumn, SheetWriter, is_xlsx, write_csv

if TYPE_CHECKING:
    from postalgui.api.analytic import Reconciliation
    from postalgui.api.models.invoices import AnalyticItem, AnalyticStatement
    from postalgui.services.invoices.book import StatementKeeper
from postalgui.api.analytic import parse_analytic_csv, reconcile

DETAIL_COLUMNS = DETAIL_TITLES
"""The detail block's titles, as exported (the operator's own order and words, spec 001, 2.1)."""


def load_analytic(
    task: TaskControl, path: Path, keep: StatementKeeper | None = None
) -> tuple[AnalyticStatement, Reconciliation]:
    """Read an analytic statement CSV and check its items against its totals; ``keep``
    (`InvoiceService.statement_keeper`) hands it to the office database on the way."""

    task.raise_if_cancelled()
    statement = parse_analytic_csv(Path(path))
    task.raise_if_cancelled()
    if keep is not None:
        keep(statement)
    return statement, reconcile(statement)


def _decimal(value: Decimal, places: int = 2) -> str:
    """Decimal comma, at least ``places`` decimals, no thousands separator (spreadsheets read it)."""
    exponent = value.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -places:
        value = value.quantize(Decimal(1).scaleb(-places))
    return format(value, "f").replace(".", ",")


_MONEY_TITLES = frozenset({"VALOR UNITARIO", "DESCONTO", "VALOR LIQUIDO", "VALOR DECLARADO"})
_KINDS = {"DATA POSTAGEM": CellKind.DATE, "PESO": CellKind.INT, "QUANTIDADE": CellKind.INT}
_WIDTHS = {"TITULAR CARTAO": 30, "SERVICO": 30, "UNIDADE POSTAGEM": 24, "ETIQUETA": 16}

DETAIL_SHEET_COLUMNS = tuple(
    SheetColumn(
        title,
        CellKind.MONEY if title in _MONEY_TITLES else _KINDS.get(title, CellKind.TEXT),
        _WIDTHS.get(title),
    )
    for title in DETAIL_COLUMNS
)
"""The detail columns in a workbook: card, service code, CEP and label as text, money and dates typed."""


def _item_values(item: AnalyticItem) -> list[object]:
    return [
        item.cartao,
        item.titular,
        item.codigo_servico,
        item.servico,
        item.data_postagem,
        item.servicos_adicionais,
        item.unidade_postagem,
        item.cep_destinatario,
        item.etiqueta,
        item.documento,
        item.peso,
        item.valor_unitario,
        item.desconto,
        item.quantidade,
        item.valor_liquido,
        item.valor_declarado,
    ]


def _item_row(item: AnalyticItem) -> list[str]:
    """The item's CSV cells: the workbook's values, money with a decimal comma."""
    return [
        _decimal(value) if isinstance(value, Decimal) and column.kind is CellKind.MONEY else str(value)
        for value, column in zip(_item_values(item), DETAIL_SHEET_COLUMNS, strict=True)
    ]


def export_items_xlsx(task: TaskControl, path: Path, items: Sequence[AnalyticItem]) -> Path:
    """Write detail items as an Excel workbook (`spreadsheet.SheetWriter`), atomically."""
    path = Path(path)
    task.raise_if_cancelled()
    with SheetWriter(path, DETAIL_SHEET_COLUMNS, title="Itens") as sheet:
        for done, item in enumerate(items):
            if done % 5000 == 0:
                task.raise_if_cancelled()
            sheet.write(_item_values(item))
    return path


def export_items_csv(task: TaskControl, path: Path, items: Sequence[AnalyticItem]) -> Path:
    """Write detail items (a filtered view of a statement): ``;``, decimal comma, UTF-8 with BOM.

    Written to a temporary file renamed over ``path``, so a failure leaves no half file. A
    ``path`` ending in ``.xlsx`` gets a workbook instead (`export_items_xlsx`).
    """
    path = Path(path)
    if is_xlsx(path):
        return export_items_xlsx(task, path, items)
    task.raise_if_cancelled()
    return write_csv(path, DETAIL_COLUMNS, map(_item_row, items), check=task.raise_if_cancelled)
