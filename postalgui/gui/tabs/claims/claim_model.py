"""`ClaimModel`: the office's claims on the Filed claims page, filtered as the user types.

Each claim's cells and sort keys are worked out once when the list is read (`TextRow`),
with the words searched; a filter (a state of `SHOWN_STATES` and the words typed) only
picks rows, so typing never words a claim again. Every desk's claims are here (who filed
each and when): the office database is shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from postalgui.api.values import format_brl
from postalgui.api.values.text import fold
from postalgui.gui.messages import local_datetime
from postalgui.gui.models.formatting import error_colour
from postalgui.gui.models.row_table import RowTableModel, TextRow
from postalgui.gui.tabs.claims.filed_words import shown_state, state_text
from postalgui.gui.tabs.claims.words import kind_word, manifestation_word, reason_word
from postalgui.services.claims.records import Claim

__all__ = ["ClaimColumn", "ClaimModel"]


class ClaimColumn(IntEnum):
    CODE = 0
    STATE = 1
    PROTOCOL = 2
    REASON = 3
    MANIFESTATION = 4
    FILED_BY = 5
    FILED_AT = 6
    SITUATION = 7
    MERIT = 8
    MAX_DELIVERY = 9
    ESTIMATE = 10
    FOLLOWED_AT = 11


_HEADERS: tuple[object, ...] = (  # QT_TRANSLATE_NOOP is typed object; it returns the str
    QT_TRANSLATE_NOOP("ClaimModel", "Object"),
    QT_TRANSLATE_NOOP("ClaimModel", "State"),
    QT_TRANSLATE_NOOP("ClaimModel", "Protocol"),
    QT_TRANSLATE_NOOP("ClaimModel", "Reason"),
    QT_TRANSLATE_NOOP("ClaimModel", "Kind"),
    QT_TRANSLATE_NOOP("ClaimModel", "Filed by"),
    QT_TRANSLATE_NOOP("ClaimModel", "Filed on"),
    QT_TRANSLATE_NOOP("ClaimModel", "Situation"),
    QT_TRANSLATE_NOOP("ClaimModel", "Merit"),
    QT_TRANSLATE_NOOP("ClaimModel", "Latest delivery date"),
    QT_TRANSLATE_NOOP("ClaimModel", "Estimate"),
    QT_TRANSLATE_NOOP("ClaimModel", "Last followed"),
)
_NUMERIC = frozenset({ClaimColumn.ESTIMATE})


def _day(day: date | None) -> str:
    return day.strftime("%d/%m/%Y") if day is not None else ""


def _moment(moment: datetime | None) -> str:
    return local_datetime(moment) if moment is not None else ""


class ClaimModel(RowTableModel[Claim]):
    """Rows are the claims the filter keeps; `all_claims` are every claim read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._all: list[TextRow[Claim]] = []
        self._search: list[str] = []
        self._state = ""
        self._words: tuple[str, ...] = ()

    # --- the data ------------------------------------------------------------------------

    def set_claims(self, claims: Sequence[Claim]) -> None:
        """A newly read list: worded once, then filtered as before."""
        self._all = [self.make_row(claim) for claim in claims]
        self._search = [fold(" ".join(row.texts)) for row in self._all]
        self._show()

    def set_filter(self, state: str, text: str) -> None:
        """Keep the claims in ``state`` (empty: any) whose words hold every word of ``text``."""
        words = tuple(fold(text).split())
        if (state, words) != (self._state, self._words):
            self._state, self._words = state, words
            self._show()

    def _show(self) -> None:
        kept = [
            row
            for row, search in zip(self._all, self._search, strict=True)
            if (not self._state or shown_state(row.item) == self._state)
            and all(word in search for word in self._words)
        ]
        self.beginResetModel()
        self._rows = kept
        self.endResetModel()
        self._resort()

    def all_claims(self) -> list[Claim]:
        return [row.item for row in self._all]

    def claim(self, row: int) -> Claim:
        return self.item(row)

    def row_of_code(self, code: str) -> int | None:
        for row, shown in enumerate(self._rows):
            if shown.item.code == code:
                return row
        return None

    # --- cells -----------------------------------------------------------------------------

    def make_row(self, item: Claim) -> TextRow[Claim]:
        claim = item
        estimate: Decimal | None = claim.estimate
        texts = (
            claim.code,
            state_text(claim),
            claim.protocol or "",
            reason_word(claim.reason) if claim.reason else "",
            manifestation_word(claim.manifestation),
            claim.filed_by or "",
            _moment(claim.filed_at),
            claim.situation or "",
            claim.merit or "",
            _day(claim.max_delivery),
            format_brl(estimate) if estimate is not None else "",
            _moment(claim.followed_at),
        )
        keys: tuple[object, ...] = (
            claim.code,
            (fold(texts[ClaimColumn.STATE]), claim.code),
            claim.protocol or None,
            claim.reason or None,
            texts[ClaimColumn.MANIFESTATION],
            fold(claim.filed_by) if claim.filed_by else None,
            claim.filed_at,
            fold(claim.situation) if claim.situation else None,
            fold(claim.merit) if claim.merit else None,
            claim.max_delivery,
            estimate,
            claim.followed_at,
        )
        return TextRow(claim, texts, keys, failed=shown_state(claim) == "not_filed")

    def column_count(self) -> int:
        return len(ClaimColumn)

    def header(self, section: int) -> str:
        return QCoreApplication.translate("ClaimModel", str(_HEADERS[section]))

    def header_tooltip(self, section: int) -> str | None:
        if section == ClaimColumn.ESTIMATE:
            return self.tr("Likely compensation: an estimate from consumer guides (Settings: Claims)")
        if section == ClaimColumn.MAX_DELIVERY:
            return self.tr('The operator\'s "Data Máxima de Entrega"')
        return None

    def is_numeric(self, column: int) -> bool:
        return column in _NUMERIC

    def tooltip(self, row: TextRow[Claim], column: int) -> str | None:
        claim = row.item
        if column == ClaimColumn.CODE and claim.kind:
            return kind_word(claim.kind)
        if column == ClaimColumn.STATE:
            return row.texts[ClaimColumn.STATE]
        if column == ClaimColumn.SITUATION and (claim.last_event or claim.reply):
            return "\n".join(text for text in (claim.last_event, claim.reply) if text)
        return None

    def foreground(self, row: TextRow[Claim], column: int) -> Any:
        return error_colour() if row.failed and column == ClaimColumn.STATE else None
