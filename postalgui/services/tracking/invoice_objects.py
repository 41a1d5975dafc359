"""The objects of an analytic statement, to follow: one `NewObject` per label (``ETIQUETA``).

Every line of an analytic statement is an object the office paid for: its label is the
object code, and the line knows the product (``CODIGO SERVICO``), the posting day, the
destination CEP and what it cost (``VALOR LIQUIDO``), which the Tracking detail shows
beside the timeline with the invoice it was billed on (``"RE 1234567"``). A label on
several lines (an additional service billed apart) is one object whose amount is their
sum. Lines without a label, or with one that is not an object code, are counted apart
(`InvoiceObjects.skipped`): the statement carries them (a registered letter's
surcharge...), the operator does not track them.

The statement has no origin CEP (its ``UNIDADE POSTAGEM`` is a unit's name), so the
delivery-time fallback waits for the operator's ``dtPrevista`` on these objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from postalgui.api.models.invoices import AnalyticItems
from postalgui.api.values import InvalidValue, parse_cep
from postalgui.api.values.object_codes import object_codes_or_none
from postalgui.services.invoices.item_index import date_key, key_date
from postalgui.services.ports import NewObject, NewObjects

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.models.invoices import AnalyticItem
    from postalgui.services.invoices.item_index import ItemIndex
    from postalgui.services.ports import Follow

__all__ = ["InvoiceObjects", "follow_index_objects", "index_objects", "invoice_objects"]


@dataclass(frozen=True)
class InvoiceObjects:
    """The objects of some statement lines, and how many lines had no object code."""

    objects: NewObjects
    skipped: int = 0


def invoice_objects(items: Sequence[AnalyticItem], invoice: str | None) -> InvoiceObjects:
    """One `NewObject` per label of ``items`` (in their order), billed on ``invoice``, each
    made when read (`NewObjects`): a statement's claim candidates read 13,600 of 100,000,
    and making them all was 0.2 s of that path's CPU (bench_claims_candidates)."""
    lines = _Lines(items, invoice)
    return InvoiceObjects(NewObjects(list(lines.rows), lines.object), lines.skipped)


_LINE_FIELDS = ("etiqueta", "codigo_servico", "cep_destinatario", "data_postagem", "valor_liquido")


class _Lines:
    """The lines of a statement by object code: its first line, the later ones of a label
    billed on several lines (an additional service billed apart), and what an object is made of."""

    def __init__(self, items: Sequence[AnalyticItem], invoice: str | None) -> None:
        labels, self._products, self._ceps, self._days, self._amounts = _columns(items)
        self._invoice = invoice
        self._read = _Days()
        self.rows: dict[str, int] = {}
        """Each code's first line, in their order."""
        self._more: dict[str, list[int]] = {}
        self.skipped = 0
        rows, more = self.rows, self._more
        for row, code in enumerate(object_codes_or_none(labels)):
            if code is None:
                self.skipped += 1
            elif rows.setdefault(code, row) != row:
                more.setdefault(code, []).append(row)

    def object(self, code: str) -> NewObject:
        """The object of ``code``: its first line's facts, the net amount of all its lines."""
        row = self.rows[code]
        amount = self._amounts[row]
        for other in self._more.get(code, ()):
            amount = (amount or Decimal(0)) + self._amounts[other]
        return NewObject(
            code,
            co_produto=self._read.product(self._products[row]),
            cep_destino=_cep(self._ceps[row]),
            posted_on=self._read.day(self._days[row]),
            invoice=self._invoice,
            invoice_amount=amount,
        )


def _columns(items: Sequence[AnalyticItem]) -> list[list[Any]]:
    """Each line's label, product, CEP, posting day and amount, as five lists of their own (a
    parsed statement's columns are copied, not kept: a worker may empty them): from a parsed
    statement's columns when it keeps them, so no `AnalyticItem` is made (300 ms of 100,000 lines)."""
    if isinstance(items, AnalyticItems):
        return [list(items.column(name)) for name in _LINE_FIELDS]
    return [[getattr(item, name) for item in items] for name in _LINE_FIELDS]


class _Days:
    """Posting days and product codes as a statement writes them, each read once.

    A statement has a few dozen posting days and products for 100,000 lines: reading every
    line's day was an eighth of making its objects."""

    def __init__(self) -> None:
        self._days: dict[str, date | None] = {}
        self._products: dict[str, str | None] = {}

    def day(self, text: str) -> date | None:
        if text not in self._days:
            key = date_key(text)
            self._days[text] = key_date(key) if key is not None else None
        return self._days[text]

    def product(self, text: str) -> str | None:
        if text not in self._products:
            self._products[text] = text.strip() or None
        return self._products[text]


def index_objects(
    task: TaskControl, index: ItemIndex, rows: Sequence[int], invoice: str | None
) -> InvoiceObjects:
    """`invoice_objects` of these file rows of a loaded statement (a task: 100,000 lines)."""
    return invoice_objects(index.items_at(rows, task), invoice)


def follow_index_objects(
    task: TaskControl, follow: Follow, index: ItemIndex, rows: Sequence[int], invoice: str | None
) -> InvoiceObjects:
    """Follow the objects of these file rows (`index_objects`) through ``follow``, as
    ``"invoice"`` (the Invoices tab's "Track these objects"); the objects and lines left out."""
    found = index_objects(task, index, rows, invoice)
    task.raise_if_cancelled()
    if found.objects:
        follow.follow(found.objects, source="invoice")
    return found


def _cep(text: str) -> str | None:
    """The 8 digits; a spreadsheet's CEP that lost its leading zero (``1310100``) gets it back."""
    if len(text) == 8 and text.isdigit():  # how statements write nearly all of them
        return text
    digits = "".join(char for char in text if char.isdigit())
    try:
        return parse_cep(digits.zfill(8)) if 0 < len(digits) <= 8 else None
    except InvalidValue:
        return None
