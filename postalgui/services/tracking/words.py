"""An object's status and lateness in words, for what is written outside the window: the
exports, the PDF report and the command line.

Brazilian Portuguese (``"pt"``) by default, English with ``"en"`` (the CLI speaks either, `cli.language`);
the window words them with its own translations (``tr``). Qt-free.
"""

from __future__ import annotations

from collections.abc import Mapping

from postalgui.api.values import format_number
from postalgui.services.tracking.lateness import Lateness, Timing
from postalgui.services.tracking.status import Problem, Status

__all__ = ["language_of", "lateness_words", "status_words"]

_STATUS: Mapping[str, Mapping[str, str]] = {
    "pt": {
        Status.POSTED: "Postado",
        Status.IN_TRANSIT: "Em trânsito",
        Status.OUT_FOR_DELIVERY: "Saiu para entrega",
        Status.ATTEMPT_FAILED: "Entrega não realizada",
        Status.AWAITING_PICKUP: "Aguardando retirada",
        Status.DELIVERED: "Entregue",
        Status.RETURNED: "Devolvido ao remetente",
        Status.PROBLEM: "Problema",
        Status.COMPENSATED: "Indenizado",
        Status.NOT_FOUND: "Ainda não encontrado",
        Status.INVALID: "Código inválido",
        Problem.LOST: "Extraviado",
        Problem.STOLEN: "Roubado",
        Problem.DAMAGED: "Avariado",
        "": "Não consultado",
    },
    "en": {
        Status.POSTED: "Posted",
        Status.IN_TRANSIT: "In transit",
        Status.OUT_FOR_DELIVERY: "Out for delivery",
        Status.ATTEMPT_FAILED: "Delivery attempt failed",
        Status.AWAITING_PICKUP: "Waiting at a branch",
        Status.DELIVERED: "Delivered",
        Status.RETURNED: "Returned to sender",
        Status.PROBLEM: "Problem",
        Status.COMPENSATED: "Compensation paid",
        Status.NOT_FOUND: "Not found yet",
        Status.INVALID: "Invalid code",
        Problem.LOST: "Lost",
        Problem.STOLEN: "Stolen",
        Problem.DAMAGED: "Damaged",
        "": "Not checked yet",
    },
}

_LATENESS: Mapping[Timing, tuple[str, str, str, str]] = {
    Timing.LATE: ("{n} dia de atraso", "{n} dias de atraso", "{n} day late", "{n} days late"),
    Timing.OVERDUE: ("{n} dia vencido", "{n} dias vencido", "{n} day overdue", "{n} days overdue"),
    Timing.DUE_TODAY: ("previsto para hoje", "previsto para hoje", "due today", "due today"),
    Timing.ON_TIME: ("no prazo", "no prazo", "on time", "on time"),
    Timing.UNKNOWN: ("", "", "", ""),
}
"""Per timing: Portuguese one and many, English one and many."""


def language_of(language: str) -> str:
    """``"en"`` for any English, else ``"pt"`` (the app's default)."""
    return "en" if language.lower().startswith("en") else "pt"


def status_words(status: Status | None, problem: Problem | None = None, language: str = "pt") -> str:
    """``Entregue`` / ``Delivered``; a problem by its kind (``Extraviado`` / ``Lost``) when known."""
    words = _STATUS[language_of(language)]
    if status is Status.PROBLEM and problem is not None and problem in words:
        return words[problem]
    return words[status if status is not None else ""]


def lateness_words(lateness: Lateness, language: str = "pt") -> str:
    """``3 dias de atraso`` / ``3 days late``, ``previsto para hoje`` / ``due today``; ``""`` unknown."""
    language = language_of(language)
    words = _LATENESS[lateness.timing]
    one, many = words[2:] if language == "en" else words[:2]
    return (one if lateness.days == 1 else many).format(n=format_number(lateness.days, language))
