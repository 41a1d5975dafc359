"""`CandidateModel`: the claim candidates as a table, and `CandidateProxy`, its search.

One `RowTableModel` row per candidate, its cells and native sort keys worked out once
per read (days and money sort as numbers, dates as dates). The expired ones (past the 90
days: never fileable) are rows too, hidden by the proxy until asked for; a row filed from
this desk shows its result in the Claim column and is not fileable again. The search
(code, tag, invoice) is the C++ `WordFilterProxy`'s, over a key on each row's first cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.values import format_brl, format_date_ui
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.models.key_sorted import SortKeyProxy
from postalgui.gui.models.roles import FILTER_ROLE, filter_key
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.tabs.claims.words import kind_word, postage_source_word
from postalgui.gui.widgets.word_filter import WordFilterProxy
from postalgui.services.claims.candidates import Candidate

__all__ = ["URGENT_DAYS", "CandidateColumn", "CandidateModel", "CandidateProxy", "CandidateRow"]

URGENT_DAYS = 15
"""A candidate with this many days left to claim, or fewer, stands out."""


class CandidateColumn:
    """Column positions of `CandidateModel`."""

    CODE, KIND, DAYS_LATE, EXPECTED, DELIVERED, POSTAGE, ESTIMATE, DAYS_LEFT = range(8)
    PRODUCT, INVOICE, TAG, CLAIM = range(8, 12)
    COUNT = 12


OPEN, EXPIRED = "open", "expired"


@dataclass(frozen=True, slots=True)
class CandidateRow:
    """A candidate as the page shows it: expired (never fileable) or filed (a result said)."""

    candidate: Candidate
    days_left: int
    expired: bool = False
    filed: bool = False
    result: str = ""

    @property
    def fileable(self) -> bool:
        return not (self.expired or self.filed)


def _money(amount: Decimal | None) -> str:
    return format_brl(amount) if amount is not None else "—"


def _day(day: date | None) -> str:
    return format_date_ui(day) if day is not None else ""


def _claim_text(row: CandidateRow) -> str:
    if row.result:
        return row.result
    if row.expired:
        return QCoreApplication.translate("CandidateModel", "Expired: past the 90 days, not fileable")
    if row.filed:
        return QCoreApplication.translate("CandidateModel", "Filed")
    return ""


def _row(row: CandidateRow) -> TextRow[CandidateRow]:
    candidate = row.candidate
    locale = app_locale()
    postage = arg(
        QCoreApplication.translate("CandidateModel", "%1 (%2)"),
        _money(candidate.postage),
        postage_source_word(candidate.postage_source),
    )
    texts = (
        candidate.code,
        kind_word(candidate.kind),
        locale.toString(candidate.days_late) if candidate.days_late else "",
        _day(candidate.expected_on),
        _day(candidate.arrived_on),
        postage if candidate.postage is not None else postage_source_word(None),
        _money(candidate.estimate),
        locale.toString(row.days_left),
        candidate.product,
        candidate.invoice or "",
        candidate.tag,
        _claim_text(row),
    )
    keys: tuple[object, ...] = (
        candidate.code,
        (texts[CandidateColumn.KIND].casefold(), candidate.code),
        candidate.days_late,
        candidate.expected_on,
        candidate.arrived_on,
        candidate.postage,
        candidate.estimate,
        row.days_left,
        candidate.product.casefold() or None,
        candidate.invoice or None,
        candidate.tag.casefold() or None,
        texts[CandidateColumn.CLAIM].casefold() or None,
    )
    return TextRow(row, texts, keys, row.days_left <= URGENT_DAYS and row.fileable)


def _deadline_tip(row: TextRow[CandidateRow]) -> str | None:
    return arg(QCoreApplication.translate("CandidateModel", "Claim by %1"), _day(row.item.candidate.deadline))


def _estimate_tip(row: TextRow[CandidateRow]) -> str | None:
    del row
    return QCoreApplication.translate("CandidateModel", "An estimate (the table in Settings)")


def _claim_tip(row: TextRow[CandidateRow]) -> str | None:
    return row.texts[CandidateColumn.CLAIM] or None


_COLUMNS: tuple[Column[CandidateRow], ...] = (
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Code")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Kind")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Days late"), numeric=True),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Expected")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Delivered")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Postage paid"), numeric=True),
    Column(
        QT_TRANSLATE_NOOP("CandidateModel", "Estimated compensation"),
        numeric=True,
        header_tip=QT_TRANSLATE_NOOP(
            "CandidateModel",
            "An estimate from the compensation table in Settings (Claims): the operator decides",
        ),
        tip=_estimate_tip,
    ),
    Column(
        QT_TRANSLATE_NOOP("CandidateModel", "Days left to claim"),
        numeric=True,
        header_tip=QT_TRANSLATE_NOOP(
            "CandidateModel", "Claims are accepted within 90 days of the delivery or expected date"
        ),
        tip=_deadline_tip,
        alarm=True,
    ),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Product")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Invoice")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Tag")),
    Column(QT_TRANSLATE_NOOP("CandidateModel", "Claim"), tip=_claim_tip),
)


class CandidateModel(RowTableModel[CandidateRow]):
    """`CandidateRow`s as a table; `FILTER_ROLE` on the first cell (open or expired, and
    code, tag and invoice); few days left stand out in the error colour."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self.answer_role(FILTER_ROLE, self._filter_key)

    def make_row(self, item: CandidateRow) -> TextRow[CandidateRow]:
        return _row(item)

    def _filter_key(self, row: TextRow[CandidateRow], column: int) -> str:
        del column
        candidate = row.item.candidate
        search = " ".join((candidate.code, candidate.tag, candidate.invoice or "")).casefold()
        return filter_key(EXPIRED if row.item.expired else OPEN, search)

    def set_candidates(self, rows: Sequence[CandidateRow]) -> None:
        self.set_items(rows)

    def row_of_code(self, code: str) -> int | None:
        return next((at for at, row in enumerate(self._rows) if row.item.candidate.code == code), None)


class CandidateProxy(WordFilterProxy, SortKeyProxy):
    """The search (every word in code, tag or invoice) and "open" (expired hidden) of
    `WordFilterProxy`; sorting goes to the source (`SortKeyProxy`: Decimal and dates as such)."""

    STATUSES = ("all", OPEN)

    def __init__(self, model: CandidateModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.candidates = model
        self.setSourceModel(model)
        self.set_status(OPEN)

    def row(self, row: int) -> CandidateRow:
        return self.candidates.item(self.mapToSource(self.index(row, 0)).row())
