"""`TimelineModel`: an object's events, newest first, as the Tracking detail lists them.

One row per event: when (the operator's local time), what (its ``descricao``, with the
``detalhe`` the operator sends apart on a second line: "Objeto em trânsito" / "Por favor,
aguarde"), where (the unit's name and city/UF) and, for a transfer, the
unit it was headed to. The operator's words are shown as sent (Portuguese in both
languages: they are what its support desk and the customer read).
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from postalgui.api.models.tracking import TrackingEvent, TrackingUnit
from postalgui.gui.models.row_table import RowTableModel, TextRow
from postalgui.gui.tabs.tracking.detail_words import moment_text

__all__ = ["EventColumn", "TimelineModel", "unit_text"]


class EventColumn(IntEnum):
    WHEN = 0
    EVENT = 1
    WHERE = 2
    HEADED_TO = 3


_HEADERS: tuple[object, ...] = (  # QT_TRANSLATE_NOOP is typed as returning object
    QT_TRANSLATE_NOOP("TimelineModel", "When"),
    QT_TRANSLATE_NOOP("TimelineModel", "Event"),
    QT_TRANSLATE_NOOP("TimelineModel", "Where"),
    QT_TRANSLATE_NOOP("TimelineModel", "Headed to"),
)


def unit_text(unit: TrackingUnit | None) -> str:
    """``AC CAMPINAS, Campinas/SP``: the unit's name and its city/UF, what is known of them."""
    if unit is None:
        return ""
    return ", ".join(part for part in (unit.nome or "", unit.place) if part)


def event_text(event: TrackingEvent) -> str:
    """The description, then the operator's detail on a line of its own (the manual's
    details end with a stray CR LF: blank edges are dropped)."""
    parts = ((event.descricao or "").strip(), (event.detalhe or "").strip())
    return "\n".join(part for part in parts if part)


class TimelineModel(RowTableModel[TrackingEvent]):
    """The events of one object (read only; sortable, newest first as the operator sends them)."""

    def make_row(self, item: TrackingEvent) -> TextRow[TrackingEvent]:
        texts = (
            moment_text(item.dtHrCriado),
            event_text(item),
            unit_text(item.unidade),
            unit_text(item.unidadeDestino),
        )
        return TextRow(item, texts, (item.dtHrCriado, *texts[1:]))

    def column_count(self) -> int:
        return len(EventColumn)

    def header(self, section: int) -> str:
        return QCoreApplication.translate("TimelineModel", str(_HEADERS[section]))

    def tooltip(self, row: TextRow[TrackingEvent], column: int) -> str | None:
        """The event's code and type (``BDE 01``) over its description: what the operator's desk asks."""
        if column != EventColumn.EVENT:
            return None
        code, kind = row.item.key
        return f"{code} {kind}".strip() or None
