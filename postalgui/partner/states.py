"""An attendance's state in the partner's ledger, and how the operator's situations map onto it."""

from __future__ import annotations

from enum import StrEnum

from postalgui.api.models.ster import AttendanceStatus

__all__ = ["FINAL_STATES", "AttendanceState", "from_operator"]


class AttendanceState(StrEnum):
    """Where one attendance stands, as the partner knows it."""

    RECEIVED = "received"
    """Model 1: the form came and was answered ``00``; the counter has not concluded it yet."""
    REGISTERED = "registered"
    """Model 2: registered with the operator (we hold its protocol); not concluded yet."""
    CONFIRMED = "confirmed"
    """Concluded at the counter (callback ``00`` or FINALIZADO): book it."""
    NOT_CONFIRMED = "not_confirmed"
    """Callback ``99``: must not be booked; reconciliation tells cancelled from reversed."""
    CANCELLED = "cancelled"
    """CANCELADO, or a form the partner refused (the counter then cancels it)."""
    REVERSED = "reversed"
    """ESTORNADO: undone after the fact (a registration 500 too)."""
    PENDING = "pending"
    """The operator still had it open at reconciliation."""


FINAL_STATES = frozenset({AttendanceState.CONFIRMED, AttendanceState.CANCELLED, AttendanceState.REVERSED})
"""States reconciliation does not ask the operator about again."""

_FROM_OPERATOR = {
    AttendanceStatus.FINALISED: AttendanceState.CONFIRMED,
    AttendanceStatus.CANCELLED: AttendanceState.CANCELLED,
    AttendanceStatus.REVERSED: AttendanceState.REVERSED,
    AttendanceStatus.PENDING: AttendanceState.PENDING,
}


def from_operator(status: AttendanceStatus) -> AttendanceState:
    """FINALIZADO, CANCELADO, ESTORNADO (and still pending) as ledger states."""
    return _FROM_OPERATOR[status]
