"""Attendance's words: a ledger state and the operator's situation of an attendance
(`postalgui.services.words`).

The Attendance tab's ledger, counter and report, the reconciliation's CSV and PDF and
``postalgui attendance`` read these, so they say the same words.
"""

from __future__ import annotations

from postalgui.api.models.ster import AttendanceStatus
from postalgui.partner.states import AttendanceState
from postalgui.services.words import Words, catalogue

__all__ = ["OPERATOR_STATUS", "STATE", "state_words"]

STATE = catalogue(
    AttendanceState,
    {
        AttendanceState.RECEIVED: Words("Received", "Recebido"),
        AttendanceState.REGISTERED: Words("Registered", "Registrado"),
        AttendanceState.CONFIRMED: Words("Confirmed", "Confirmado"),
        AttendanceState.NOT_CONFIRMED: Words("Not confirmed", "Não confirmado"),
        AttendanceState.CANCELLED: Words("Cancelled", "Cancelado"),
        AttendanceState.REVERSED: Words("Reversed", "Estornado"),
        AttendanceState.PENDING: Words("Pending", "Pendente"),
    },
)

OPERATOR_STATUS = catalogue(
    AttendanceStatus,
    {
        AttendanceStatus.FINALISED: Words("Concluded (FINALIZADO)", "Concluído (FINALIZADO)"),
        AttendanceStatus.PENDING: Words("Pending at the counter", "Pendente no balcão"),
        AttendanceStatus.CANCELLED: Words("Cancelled (CANCELADO)", "Cancelado (CANCELADO)"),
        AttendanceStatus.REVERSED: Words("Reversed (ESTORNADO)", "Estornado (ESTORNADO)"),
    },
)


def state_words(value: object, language: str) -> str:
    """A ledger state (``confirmed``) or the operator's situation (``F``) in words; a value
    this version does not know as it is."""
    text = str(value or "")
    if text in STATE:
        return STATE[AttendanceState(text)].said(language)
    if text in OPERATOR_STATUS:
        return OPERATOR_STATUS[AttendanceStatus(text)].said(language)
    return text
