"""`TimelineModel`: an object's events, newest first, as the Tracking detail lists them.

One row per event: when (the operator's local time), what (its ``descricao``, with the
``detalhe`` the operator sends apart on a second line: "Objeto em trânsito" / "Por favor,
aguarde"), where (the unit's name and city/UF) and, for a transfer, the
unit it was headed to. The operator's words are shown as sent (Portuguese in both
languages: they are what its support desk and the customer read).
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject

from postalgui.api.models.tracking import TrackingEvent, TrackingUnit
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow
from postalgui.gui.tabs.tracking.detail_words import moment_text

__all__ = ["EventColumn", "TimelineModel", "unit_text"]


class EventColumn(IntEnum):
    WHEN = 0
    EVENT = 1
    WHERE = 2
    HEADED_TO = 3


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


def _where(event: TrackingEvent) -> str:
    return unit_text(event.unidade)


def _headed_to(event: TrackingEvent) -> str:
    return unit_text(event.unidadeDestino)


def _event_tip(row: TextRow[TrackingEvent]) -> str | None:
    """The event's code and type (``BDE 01``) over its description: what the operator's desk asks."""
    code, kind = row.item.key
    return f"{code} {kind}".strip() or None


_COLUMNS: tuple[Column[TrackingEvent], ...] = (
    Column(
        QT_TRANSLATE_NOOP("TimelineModel", "When"),
        lambda event: moment_text(event.dtHrCriado),
        lambda event: event.dtHrCriado,
    ),
    Column(QT_TRANSLATE_NOOP("TimelineModel", "Event"), event_text, event_text, tip=_event_tip),
    Column(QT_TRANSLATE_NOOP("TimelineModel", "Where"), _where, _where),
    Column(QT_TRANSLATE_NOOP("TimelineModel", "Headed to"), _headed_to, _headed_to),
)


class TimelineModel(RowTableModel[TrackingEvent]):
    """The events of one object (read only; sortable, newest first as the operator sends them)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(_COLUMNS, parent)
