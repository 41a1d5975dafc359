"""What the claims service answers, decided from the tracking world's history of an object.

Only the events up to a moment count (the sandbox clock's now when filing, the closing
time when judging). `Facts` reads them once; the filing code, the verdict and the
reopening code are plain functions of the facts, the claim and the moment, so the same
object and clock always get the same answer.

Verdicts (a compensation, "I"): an object lost or stolen is "Procedente"; one delivered
late (or still not delivered past its expected date at closing) is "Procedente" except
about 15 % drawn from its code, "Improcedente" with the reason in `resposta`; anything
else is "Improcedente". A complaint ("R") closes "Procedente" without payment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.deadline_engine import add_business_days
from postalgui.sandbox.tracking.history import Event, business_days_between, history
from postalgui.sandbox.tracking.objects import TrackedObject

CLAIM_DAYS = 90
"""Calendar days to claim, from the earlier of the delivery and the expected date."""
REOPEN_DAYS = 30
"""Calendar days after an "Improcedente" closing during which it can be reopened."""
ANALYSIS_BUSINESS_DAYS = 3
PAYMENT_BUSINESS_DAYS = 5
REJECTED_SHARE = 0.15
"""Part of the late objects whose compensation is judged "Improcedente"."""

DELIVERY_CODES = frozenset({"BDE", "BDI", "BDR"})
DELIVERED_TYPES = frozenset({"00", "01"})
ATTEMPT_TYPES = frozenset({"02", "20", "21", "54"})
LOST_TYPES = frozenset({"09"})
STOLEN_TYPES = frozenset({"50", "51", "52"})
NONDELIVERY_REASONS = frozenset({m.NOT_DELIVERED, m.NO_ATTEMPT})
NOT_DELIVERED_REFUSALS = frozenset({m.VIOLATED, m.DAMAGED})

LATE_REJECTIONS = (
    "Atraso decorrente de ausência do destinatário na primeira tentativa de entrega.",
    "Endereço de destino incompleto na postagem: o prazo foi contado a partir da correção.",
    "Atraso causado por interrupção do tráfego na rota (caso fortuito), fora do controle dos Correios.",
)


@dataclass(frozen=True, slots=True)
class Facts:
    """An object's situation at one moment, as the claims service reads it."""

    expected: date
    posted: bool
    delivered_on: date | None
    reached_on: date | None
    """The first delivery, attempt or arrival at a branch."""
    waiting: bool
    """At a branch for pickup, its `dtLimiteRetirada` not passed."""
    lost: bool
    stolen: bool

    @property
    def claim_from(self) -> date:
        """The earlier of the delivery and the expected date: the 90 days count from it."""
        return min(self.delivered_on, self.expected) if self.delivered_on else self.expected

    @property
    def on_time(self) -> bool:
        return self.delivered_on is not None and self.delivered_on <= self.expected

    @property
    def days_late(self) -> int:
        """Business days from the expected date to the delivery (0 if not delivered)."""
        return business_days_between(self.expected, self.delivered_on) if self.delivered_on else 0


def shown(obj: TrackedObject, at: datetime) -> list[Event]:
    """The object's events up to `at`, oldest first."""
    return [event for event in history(obj).events if event.at <= at]


def facts(obj: TrackedObject, at: datetime) -> Facts:
    """What the events up to `at` say about the object."""
    events = shown(obj, at)
    delivered = reached = None
    for event in events:
        code, kind, _ = event.kind
        is_delivery = code in DELIVERY_CODES and kind in DELIVERED_TYPES
        if is_delivery and delivered is None:
            delivered = event.at.date()
        attempt = code == "LDI" or (code in DELIVERY_CODES and kind in ATTEMPT_TYPES)
        if reached is None and (is_delivery or attempt):
            reached = event.at.date()
    last = events[-1] if events else None
    last_code, last_type = (last.kind[0], last.kind[1]) if last else ("", "")
    ended = last_code in DELIVERY_CODES
    return Facts(
        expected=history(obj).expected,
        posted=bool(events),
        delivered_on=delivered,
        reached_on=reached,
        waiting=last is not None and last.kind[0] == "LDI" and (last.pickup_until or at) > at,
        lost=ended and last_type in LOST_TYPES,
        stolen=ended and last_type in STOLEN_TYPES,
    )


def filing_code(found: Facts, reason: int, today: date) -> int:
    """The answer to a claim for an object the contract may claim and has not claimed yet."""
    if today > found.claim_from + timedelta(days=CLAIM_DAYS):
        return 510
    if found.delivered_on is None and today <= found.expected:
        return 544
    if reason == m.LATE:
        if found.delivered_on is None:
            return 547
        return 530 if found.on_time else m.FILED
    if reason in NONDELIVERY_REASONS:
        if found.delivered_on is not None:
            return 530 if found.on_time else 545
        if found.waiting:
            return 534
        if found.reached_on is not None and found.reached_on <= found.expected:
            return 530
        return m.FILED
    if reason in NOT_DELIVERED_REFUSALS and found.delivered_on is None:
        return 545
    return m.FILED


def business_later(moment: datetime, days: int) -> datetime:
    """The same time of day `days` business days after `moment`."""
    return datetime.combine(add_business_days(moment.date(), days), moment.time())


def verdict(code: str, reason: int, manifestation: str, found: Facts) -> tuple[str, str]:
    """The merit and the answer (`resposta`) of a claim, from the facts at its closing."""
    if manifestation == m.COMPLAINT:
        return m.UPHELD, "Reclamação procedente: a unidade responsável foi orientada a corrigir a falha."
    if found.lost or found.stolen:
        what = "extraviado" if found.lost else "roubado"
        return m.UPHELD, f"Objeto {what}: indenização aprovada (valor da postagem e valor declarado)."
    if reason == m.NOT_DELIVERED and found.delivered_on is not None:
        return m.REJECTED, f"Objeto entregue ao destinatário em {found.delivered_on:%d/%m/%Y}."
    late = found.delivered_on is not None and not found.on_time
    overdue = found.delivered_on is None and not found.waiting
    if late or overdue:
        draw = random.Random(f"claim-merit/{code}")
        if draw.random() < REJECTED_SHARE:
            return m.REJECTED, draw.choice(LATE_REJECTIONS)
        if late:
            return m.UPHELD, f"Atraso de {found.days_late} dia(s) útil(eis) constatado: indenização aprovada."
        return m.UPHELD, "Objeto não entregue no prazo: indenização aprovada."
    return m.REJECTED, "Não foi constatada falha na prestação do serviço."
