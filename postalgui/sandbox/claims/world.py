"""One app's claims: what was filed, under which protocol, and how each one progresses.

A claim is kept from its filing (object, protocol, reason, manifestation, filed at the
sandbox clock); its closing (3 business days later), merit and payment (5 business days
after an "I" closes "Procedente") are fixed when it is filed, from the object's history,
so asking again never changes the answer. A payment is handed to the tracking world,
which shows it as an IDC event from then on. `DELETE /_sandbox/claims` forgets the
claims (and their payments); `/_sandbox/reset` drops the whole world.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.bodies import Pedido
from postalgui.sandbox.claims.rules import (
    ANALYSIS_BUSINESS_DAYS,
    PAYMENT_BUSINESS_DAYS,
    REOPEN_DAYS,
    business_later,
    facts,
    filing_code,
    shown,
    verdict,
)
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.tracking import TrackingWorld, tracking_world
from postalgui.sandbox.tracking.codes import normalize_code, valid_code
from postalgui.sandbox.tracking.objects import TrackedObject
from postalgui.sandbox.tracking.wire import COMPENSATED

EXTENSION = "claims"
REOPENED_REPLY = "Pedido reanalisado após a reativação: procedente."


@dataclass(frozen=True, slots=True)
class Answer:
    """One object's answer to a filing: its code, the protocol when filed, the return code."""

    code: str
    protocol: str | None
    return_code: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A filed claim and the course it takes (local times, no zone)."""

    request: Pedido
    protocol: str
    contract: str
    phone: str
    filed_at: datetime
    obj: TrackedObject
    closes_at: datetime
    merit: str
    reply: str
    paid_at: datetime | None
    manifestation: str
    reopened_at: datetime | None = None
    reopen_text: str = ""

    @property
    def code(self) -> str:
        return self.obj.code

    @property
    def recloses_at(self) -> datetime | None:
        """When a reopened claim closes again ("Procedente")."""
        if self.reopened_at is None:
            return None
        return business_later(self.reopened_at, ANALYSIS_BUSINESS_DAYS)

    def progress(self, at: datetime) -> tuple[str, str, str]:
        """`situacao`, `merito` and `resposta` at `at`."""
        recloses = self.recloses_at
        if self.reopened_at is not None and recloses is not None and at >= self.reopened_at:
            return (m.REOPENED_STATE, "", "") if at < recloses else (m.CLOSED, m.UPHELD, REOPENED_REPLY)
        if at < self.closes_at:
            return m.IN_ANALYSIS, "", ""
        return m.CLOSED, self.merit, self.reply

    def last_event(self, at: datetime) -> str:
        """The `descricao` of the object's newest tracking event at `at` (payment included)."""
        if self.paid_at is not None and self.paid_at <= at:
            return COMPENSATED[2]
        events = shown(self.obj, at)
        return events[-1].kind[2] if events else ""


def _paid_after(closes_at: datetime) -> datetime:
    return business_later(closes_at, PAYMENT_BUSINESS_DAYS)


class ClaimsWorld:
    """The claims of one sandbox app, over its tracking world."""

    def __init__(self, tracking: TrackingWorld) -> None:
        self.tracking = tracking
        self._lock = threading.Lock()
        self._by_code: dict[str, Claim] = {}
        self._by_protocol: dict[str, Claim] = {}
        self._forced: deque[int] = deque()
        self._prefix = ""
        self._count = 0
        self._lots = 0

    def file(
        self, contract: str, phone: str, requests: Sequence[Pedido], now: datetime
    ) -> tuple[str, list[Answer]]:
        """File every request in order (a repeat within the call is 900); the lot number and
        one answer per request."""
        with self._lock:
            self._lots += 1
            lot = f"{now:%Y%m%d}{self._lots:05d}"
            return lot, [self._file_one(contract, phone, request, now) for request in requests]

    def _file_one(self, contract: str, phone: str, request: Pedido, now: datetime) -> Answer:
        code = normalize_code(request.codigoObjeto)
        if self._forced:
            return Answer(code, None, self._forced.popleft())
        if not valid_code(code):
            return Answer(code, None, 271)
        obj = self.tracking.find(code, now.date())
        found = facts(obj, now) if obj is not None else None
        if obj is None or found is None or not found.posted:
            return Answer(code, None, 4)
        if obj.contract is not None and obj.contract != contract:
            return Answer(code, None, 55)
        if code in self._by_code:
            return Answer(code, None, 900)
        answer = filing_code(found, request.codigoMotivoReclamacao, now.date())
        if answer != m.FILED:
            return Answer(code, None, answer)
        claim = self._new_claim(contract, phone, request, obj, now)
        self._keep(claim)
        return Answer(code, claim.protocol, m.FILED)

    def _new_claim(
        self, contract: str, phone: str, request: Pedido, obj: TrackedObject, now: datetime
    ) -> Claim:
        closes = business_later(now, ANALYSIS_BUSINESS_DAYS)
        merit, reply = verdict(
            obj.code, request.codigoMotivoReclamacao, request.tipoManifestacao, facts(obj, closes)
        )
        paid = (
            _paid_after(closes) if merit == m.UPHELD and request.tipoManifestacao == m.COMPENSATION else None
        )
        return Claim(
            request,
            self._next_protocol(now),
            contract,
            phone,
            now,
            obj,
            closes,
            merit,
            reply,
            paid,
            request.tipoManifestacao,
        )

    def _next_protocol(self, now: datetime) -> str:
        """Ten digits: the year and day of the first filing, then a counter (unique per app)."""
        if not self._prefix:
            self._prefix = f"{now:%y}{now.timetuple().tm_yday:03d}"
        self._count += 1
        return f"{self._prefix}{self._count:05d}"

    def _keep(self, claim: Claim) -> None:
        self._by_code[claim.code] = claim
        self._by_protocol[claim.protocol] = claim
        self.tracking.compensate(claim.code, claim.paid_at)

    def find(self, contract: str, key: str) -> Claim | None:
        """The contract's claim for an object code or a protocol."""
        key = normalize_code(key)
        with self._lock:
            claim = self._by_protocol.get(key) or self._by_code.get(key)
        return claim if claim is not None and claim.contract == contract else None

    def reopen(
        self, contract: str, protocol: str, manifestation: str, text: str, now: datetime
    ) -> tuple[int, str]:
        """Reopen a claim where allowed; the return code and its message."""
        with self._lock:
            claim = self._by_protocol.get(protocol.strip())
            if claim is None or claim.contract != contract:
                return m.UNKNOWN, m.REOPENING[m.UNKNOWN]
            refused = self._refusal(claim, now)
            if refused is not None:
                return refused
            recloses = business_later(now, ANALYSIS_BUSINESS_DAYS)
            paid = _paid_after(recloses) if manifestation == m.COMPENSATION else None
            self._keep(
                replace(claim, manifestation=manifestation, reopened_at=now, reopen_text=text, paid_at=paid)
            )
            return m.REOPENED, m.REOPENING[m.REOPENED]

    @staticmethod
    def _refusal(claim: Claim, now: datetime) -> tuple[int, str] | None:
        """Why a claim cannot be reopened at `now`, or None."""
        if claim.reopened_at is not None:
            return m.ALREADY_ASKED, m.REOPENING[m.ALREADY_ASKED]
        if facts(claim.obj, now).on_time:
            return m.ON_TIME, m.REOPENING[m.ON_TIME]
        if now < claim.closes_at:
            return m.ALREADY_ASKED, m.IN_ANALYSIS_TEXT
        if claim.merit == m.UPHELD:
            if claim.paid_at is not None and now < claim.paid_at:
                return m.IN_PAYMENT, m.REOPENING[m.IN_PAYMENT]
            return m.ALREADY_ASKED, m.ACCEPTED_TEXT
        if now > claim.closes_at + timedelta(days=REOPEN_DAYS):
            return m.REOPEN_EXPIRED, m.REOPENING[m.REOPEN_EXPIRED]
        return None

    def force(self, code: int, times: int) -> int:
        """The next `times` objects filed answer `code`; how many are pending."""
        with self._lock:
            self._forced.extend([code] * times)
            return len(self._forced)

    def claims(self) -> list[Claim]:
        with self._lock:
            return list(self._by_protocol.values())

    def forget(self) -> int:
        """Forget every claim (their payments leave tracking) and forced answer; how many claims."""
        with self._lock:
            for code in self._by_code:
                self.tracking.compensate(code, None)
            count = len(self._by_protocol)
            self._by_code.clear()
            self._by_protocol.clear()
            self._forced.clear()
            return count


def claims_world(state: SandboxState) -> ClaimsWorld:
    """The app's claims world (made on first use, dropped by reset)."""
    tracking = tracking_world(state)  # first: `extension` holds the state's lock while it makes one
    return state.extension(EXTENSION, lambda: ClaimsWorld(tracking))
