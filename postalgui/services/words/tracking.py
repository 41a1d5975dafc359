"""Tracking's words: an object's status, its problem and its timing (`postalgui.services.words`).

The Tracking tab's table, its detail, its filters and notifications, the exports, the
late-objects report and ``postalgui track`` all read these, so they say the same words.
"""

from __future__ import annotations

from postalgui.services.tracking.lateness import Timing
from postalgui.services.tracking.status import Problem, Status
from postalgui.services.words import Words, catalogue

__all__ = [
    "NOT_ASKED",
    "PROBLEM",
    "PROBLEM_OF",
    "PROOF_NOT_DELIVERED",
    "PROOF_TITLE",
    "PROOF_WAITING",
    "STATUS",
    "TIMING",
]

STATUS = catalogue(
    Status,
    {
        Status.POSTED: Words("Posted", "Postado"),
        Status.IN_TRANSIT: Words("In transit", "Em trânsito"),
        Status.OUT_FOR_DELIVERY: Words("Out for delivery", "Saiu para entrega"),
        Status.ATTEMPT_FAILED: Words("Delivery attempt failed", "Tentativa de entrega sem sucesso"),
        Status.AWAITING_PICKUP: Words("Waiting at a branch", "Aguardando retirada na agência"),
        Status.DELIVERED: Words("Delivered", "Entregue"),
        Status.RETURNED: Words("Returned to sender", "Devolvido ao remetente"),
        Status.PROBLEM: Words("Problem", "Problema"),
        Status.COMPENSATED: Words("Compensation paid", "Indenização paga"),
        Status.NOT_FOUND: Words("Not found yet", "Ainda não encontrado"),
        Status.INVALID: Words("Unknown to the operator", "Desconhecido pela operadora"),
    },
)

PROBLEM = catalogue(
    Problem,
    {
        Problem.LOST: Words("Lost", "Extraviado"),
        Problem.STOLEN: Words("Stolen", "Roubado"),
        Problem.DAMAGED: Words("Damaged", "Avariado"),
        Problem.OTHER: Words("Problem", "Problema"),
    },
)

TIMING = catalogue(
    Timing,
    {
        Timing.ON_TIME: Words("On time", "No prazo"),
        Timing.DUE_TODAY: Words("Expected today", "Previsto para hoje"),
        Timing.OVERDUE: Words("Overdue", "Em atraso"),
        Timing.LATE: Words("Delivered late", "Entregue com atraso"),
        Timing.UNKNOWN: Words("No expected date", "Sem data prevista"),
    },
)

NOT_ASKED = Words("Not asked yet", "Ainda não consultado")
"""An object the operator was never asked about (no status yet)."""

PROBLEM_OF = Words("Problem: {problem}", "Problema: {problem}")
"""A problem of a known kind: ``Problem: lost`` / ``Problema: extraviado``."""

PROOF_TITLE = Words("Proof of delivery", "Comprovante de entrega")
"""The proof of delivery: the PDF's title, the detail's section, the CLI's."""

PROOF_NOT_DELIVERED = Words("Not delivered: no proof yet", "Não entregue: ainda sem comprovante")
"""A proof asked for an object that is not delivered (nothing was asked of the operator)."""

PROOF_WAITING = Words(
    "Waiting for the delivery images: ask again later",
    "Aguardando as imagens da entrega: peça de novo mais tarde",
)
"""A proof whose delivery images the operator had not made when the wait ran out."""
