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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject

from postalgui.api.values import format_brl
from postalgui.api.values.text import fold
from postalgui.gui.messages import local_datetime
from postalgui.gui.models.row_table import Column, FilteredRowTableModel, TextRow
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


def _code_tip(row: TextRow[Claim]) -> str | None:
    return kind_word(row.item.kind) if row.item.kind else None


def _state_tip(row: TextRow[Claim]) -> str | None:
    return row.texts[ClaimColumn.STATE]


def _situation_tip(row: TextRow[Claim]) -> str | None:
    claim = row.item
    return "\n".join(text for text in (claim.last_event, claim.reply) if text) or None


_COLUMNS: tuple[Column[Claim], ...] = (
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Object"), tip=_code_tip),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "State"), tip=_state_tip, alarm=True),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Protocol")),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Reason")),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Kind")),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Filed by")),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Filed on")),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Situation"), tip=_situation_tip),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Merit")),
    Column(
        QT_TRANSLATE_NOOP("ClaimModel", "Latest delivery date"),
        header_tip=QT_TRANSLATE_NOOP("ClaimModel", 'The operator\'s "Data Máxima de Entrega"'),
    ),
    Column(
        QT_TRANSLATE_NOOP("ClaimModel", "Estimate"),
        numeric=True,
        header_tip=QT_TRANSLATE_NOOP(
            "ClaimModel", "Likely compensation: an estimate from consumer guides (Settings: Claims)"
        ),
    ),
    Column(QT_TRANSLATE_NOOP("ClaimModel", "Last followed")),
)


def _day(day: date | None) -> str:
    return day.strftime("%d/%m/%Y") if day is not None else ""


def _moment(moment: datetime | None) -> str:
    return local_datetime(moment) if moment is not None else ""


class ClaimModel(FilteredRowTableModel[Claim]):
    """Rows are the claims the filter keeps; `all_claims` are every claim read."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)

    # --- the data ------------------------------------------------------------------------

    def set_claims(self, claims: Sequence[Claim]) -> None:
        """A newly read list: worded once, then filtered as before."""
        self.set_all(claims)

    def keeps(self, item: Claim, choice: str) -> bool:
        """The claims in state ``choice`` (one of `SHOWN_STATES`)."""
        return shown_state(item) == choice

    def all_claims(self) -> list[Claim]:
        return self.all_items()

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
