"""Claims' words: a candidate's kind, a filed claim's state and its outcome
(`postalgui.services.words`).

The Claims tab's pages and filter, the exports, the accountant's PDF and ``postalgui
claims`` read these, so they say the same words.
"""

from __future__ import annotations

from postalgui.services.claims.candidates import Kind
from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.words import Words, catalogue

__all__ = ["KIND", "OUTCOME", "STATE"]

KIND = catalogue(
    Kind,
    {
        Kind.LATE: Words("Delivered late", "Entregue com atraso"),
        Kind.LOST: Words("Lost", "Extraviado"),
        Kind.STOLEN: Words("Stolen", "Roubado"),
        Kind.DAMAGED: Words("Damaged", "Avariado"),
        Kind.OVERDUE: Words("Not delivered, overdue", "Não entregue, prazo vencido"),
    },
)

STATE = catalogue(
    ClaimState,
    {
        ClaimState.SENDING: Words("Being sent", "Em envio"),
        ClaimState.FILED: Words("Filed", "Registrada"),
        ClaimState.REFUSED: Words("Not filed", "Não registrada"),
        ClaimState.UNCONFIRMED: Words("Unconfirmed", "Não confirmada"),
        ClaimState.UNREADABLE: Words("Sent, answer unreadable", "Enviada, resposta ilegível"),
    },
)

OUTCOME = catalogue(
    Outcome,
    {
        Outcome.NONE: Words("", ""),
        Outcome.OPEN: Words("Open", "Em análise"),
        Outcome.REOPENED: Words("Reopened", "Reaberta"),
        Outcome.ACCEPTED: Words("Accepted", "Procedente"),
        Outcome.REFUSED: Words("Refused", "Improcedente"),
        Outcome.PAID: Words("Paid", "Paga"),
    },
)
