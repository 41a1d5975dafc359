"""What the Filed claims and Money back tests share: the page's desk on the real context,
and claims written straight into the office's claim book (as a desk that filed and
followed them would have left them)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.models.claims import ClaimProgress, FiledClaim
from postalgui.gui.desk import Desk
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims.service import ClaimsService
from postalgui.services.context import AppContext

WAIT_MS = 30_000


def code(serial: int) -> str:
    return object_label("QF", 70_000_000 + serial)


def holder(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> tuple[QWidget, Desk[ClaimsService]]:
    """A widget holding the message area (the runner's error sink) and, next, a page."""
    box = QWidget()
    qtbot.addWidget(box)
    box.resize(1200, 600)
    messages = MessageArea(box)
    QVBoxLayout(box).addWidget(messages)
    return box, Desk(context.claims, runner, messages)


def row(serial: int, *, reason: int = 135, kind: str = "late", estimate: str = "12.50") -> dict[str, object]:
    return {
        "code": code(serial),
        "reason": reason,
        "manifestation": "I",
        "package": "C",
        "email": "sac@empresa.com.br",
        "phone": "11987654321",
        "recipient": "",
        "kind": kind,
        "days_late": 4,
        "postage": "50.00",
        "estimate": estimate,
        "invoice": None,
    }


def write_claims(
    service: ClaimsService,
    filed: Iterable[tuple[int, dict[str, object]]],
    refused: Iterable[tuple[int, int, str]] = (),
    at: datetime | None = None,
) -> None:
    """Claims ``filed`` (serial, the operator's ``acompanha`` answer) and ``refused``
    (serial, code, message) at filing, recorded and followed now (not due again)."""
    book = service.book()
    now = at or service.now()
    filed, refused = list(filed), list(refused)
    book.reserve([row(serial) for serial, _ in filed] + [row(serial) for serial, _, _ in refused], now)
    results = [FiledClaim(code=code(serial), protocol=f"{9_000_000_000 + serial}") for serial, _ in filed]
    results += [
        FiledClaim(code=code(serial), return_code=number, message=text) for serial, number, text in refused
    ]
    book.record(results, "2026112500001", now)
    answers = {
        code(serial): ClaimProgress.model_validate({"protocolo": f"{9_000_000_000 + serial}"} | answer)
        for serial, answer in filed
    }
    book.followed(answers, now)


OPEN = {
    "situacao": "Em análise",
    "merito": "",
    "Data Máxima de Entrega": "2026-10-06",
    "ultimoEvento": "Em análise",
}
ACCEPTED = {"situacao": "Encerrado", "merito": "Procedente", "resposta": "Indenização aprovada."}
REFUSED = {"situacao": "Encerrado", "merito": "Improcedente", "resposta": "Não foi constatada falha."}
