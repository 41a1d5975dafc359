"""One app's claims: what was filed, under which protocol, and how each one progresses.

A claim is kept from its filing (object, protocol, reason, manifestation, filed at the
sandbox clock); its closing (3 business days later), merit and payment (5 business days
after an "I" closes "Procedente") are fixed when it is filed, from the object's history,
so asking again never changes the answer. A payment is handed to the tracking world,
which shows it as an IDC event from then on. `DELETE /_sandbox/claims` forgets the
claims (and their payments); `/_sandbox/reset` drops the whole world.

With a state folder (`SandboxConfig.state_dir`) the claims outlive the run: `journal`
keeps what rebuilds them, and the world rebuilds each one the way it was filed
(`_rebuilt`), takes the file again when another sandbox on the folder changed it, and
empties it when it forgets them.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta

from postalgui.sandbox.claims import messages as m
from postalgui.sandbox.claims.bodies import Pedido
from postalgui.sandbox.claims.journal import ClaimsJournal, KeptClaim, KeptClaims, KeptObject
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

    def last_event(self, at: datetime) -> tuple[datetime, tuple[str, str, str]] | None:
        """When and what (type, status, description) the object's newest tracking event at
        `at` is (the payment included)."""
        if self.paid_at is not None and self.paid_at <= at:
            return self.paid_at, COMPENSATED
        events = shown(self.obj, at)
        return (events[-1].at, events[-1].kind) if events else None


def _paid_after(closes_at: datetime) -> datetime:
    return business_later(closes_at, PAYMENT_BUSINESS_DAYS)


def _judged(
    request: Pedido, protocol: str, contract: str, phone: str, filed_at: datetime, obj: TrackedObject
) -> Claim:
    """A claim filed at `filed_at`: its closing, merit and payment fixed from the object's history."""
    closes = business_later(filed_at, ANALYSIS_BUSINESS_DAYS)
    merit, reply = verdict(
        obj.code, request.codigoMotivoReclamacao, request.tipoManifestacao, facts(obj, closes)
    )
    paid = _paid_after(closes) if merit == m.UPHELD and request.tipoManifestacao == m.COMPENSATION else None
    return Claim(
        request,
        protocol,
        contract,
        phone,
        filed_at,
        obj,
        closes,
        merit,
        reply,
        paid,
        request.tipoManifestacao,
    )


def _reopened(claim: Claim, manifestation: str, text: str, at: datetime) -> Claim:
    """The claim reopened at `at` (it closes "Procedente" again; a compensation is paid after)."""
    recloses = business_later(at, ANALYSIS_BUSINESS_DAYS)
    paid = _paid_after(recloses) if manifestation == m.COMPENSATION else None
    return replace(claim, manifestation=manifestation, reopened_at=at, reopen_text=text, paid_at=paid)


def _record(claim: Claim) -> KeptClaim:
    """What the journal keeps of a claim."""
    return KeptClaim(
        protocol=claim.protocol,
        contract=claim.contract,
        phone=claim.phone,
        filed_at=claim.filed_at,
        manifestation=claim.manifestation,
        reopened_at=claim.reopened_at,
        reopen_text=claim.reopen_text,
        pedido=claim.request,
        object=KeptObject(**asdict(claim.obj)),
    )


def _rebuilt(kept: KeptClaim) -> Claim:
    """The claim as it was filed (and reopened), from what the journal kept."""
    obj = TrackedObject(**kept.object.model_dump())
    claim = _judged(kept.pedido, kept.protocol, kept.contract, kept.phone, kept.filed_at, obj)
    if kept.reopened_at is None:
        return claim
    return _reopened(claim, kept.manifestation, kept.reopen_text, kept.reopened_at)


class ClaimsWorld:
    """The claims of one sandbox app, over its tracking world (kept in `journal` when given)."""

    def __init__(self, tracking: TrackingWorld, journal: ClaimsJournal | None = None) -> None:
        self.tracking = tracking
        self._journal = journal
        self._lock = threading.Lock()
        self._by_code: dict[str, Claim] = {}
        self._by_protocol: dict[str, Claim] = {}
        self._forced: deque[int] = deque()
        self._prefix = ""
        self._count = 0
        self._lots = 0
        self._dirty = False
        if journal is not None:
            self._restore(journal.load())

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """A change made on the latest claims (another sandbox on the folder may have filed
        some), under the journal's lock; saved after if it changed anything."""
        journal = self._journal
        with self._lock, journal.locked() if journal is not None else nullcontext():
            self._refresh()
            self._dirty = False
            yield
            if self._dirty and journal is not None:
                journal.save(self._kept())

    def _refresh(self) -> None:
        if self._journal is not None and self._journal.changed():
            self._restore(self._journal.load())

    def _restore(self, kept: KeptClaims | None) -> None:
        """The journal's claims (and their payments) in place of the ones held."""
        for code in self._by_code:
            self.tracking.compensate(code, None)
        self._by_code.clear()
        self._by_protocol.clear()
        self._prefix, self._count, self._lots = (kept.prefix, kept.count, kept.lots) if kept else ("", 0, 0)
        for entry in kept.claims if kept else ():
            self._index(_rebuilt(entry))

    def _kept(self) -> KeptClaims:
        claims = [_record(claim) for claim in self._by_protocol.values()]
        return KeptClaims(prefix=self._prefix, count=self._count, lots=self._lots, claims=claims)

    def file(
        self, contract: str, phone: str, requests: Sequence[Pedido], now: datetime
    ) -> tuple[str, list[Answer]]:
        """File every request in order (a repeat within the call is 900); the lot number and
        one answer per request."""
        with self._changing():
            self._lots += 1
            self._dirty = True
            lot = f"{now:%Y%m%d}{self._lots:05d}"
            return lot, [self._file_one(contract, phone, request, now) for request in requests]

    def _file_one(self, contract: str, phone: str, request: Pedido, now: datetime) -> Answer:
        code = normalize_code(request.codigoObjeto)
        if self._forced:
            return Answer(code, None, self._forced.popleft())
        if not valid_code(code):
            return Answer(code, None, 271)
        if not request.nomeDestinatario:
            return Answer(code, None, m.NO_NAME)
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
        claim = _judged(request, self._next_protocol(now), contract, phone, now, obj)
        self._keep(claim)
        return Answer(code, claim.protocol, m.FILED)

    def _next_protocol(self, now: datetime) -> str:
        """Ten digits: the year and day of the first filing, then a counter (unique per app,
        and across runs on one state folder)."""
        if not self._prefix:
            self._prefix = f"{now:%y}{now.timetuple().tm_yday:03d}"
        self._count += 1
        return f"{self._prefix}{self._count:05d}"

    def _index(self, claim: Claim) -> None:
        self._by_code[claim.code] = claim
        self._by_protocol[claim.protocol] = claim
        self.tracking.compensate(claim.code, claim.paid_at)

    def _keep(self, claim: Claim) -> None:
        self._index(claim)
        self._dirty = True

    def find(self, contract: str, key: str) -> Claim | None:
        """The contract's claim for an object code or a protocol."""
        key = normalize_code(key)
        with self._lock:
            self._refresh()
            claim = self._by_protocol.get(key) or self._by_code.get(key)
        return claim if claim is not None and claim.contract == contract else None

    def reopen(
        self, contract: str, protocol: str, manifestation: str, text: str, now: datetime
    ) -> tuple[int, str]:
        """Reopen a claim where allowed; the return code and its message."""
        with self._changing():
            claim = self._by_protocol.get(protocol.strip())
            if claim is None or claim.contract != contract:
                return m.PROTOCOL_UNKNOWN, m.REOPENING[m.PROTOCOL_UNKNOWN]
            refused = self._refusal(claim, now)
            if refused is not None:
                return refused
            self._keep(_reopened(claim, manifestation, text, now))
            return m.REOPENED, m.REOPENING[m.REOPENED]

    @staticmethod
    def _refusal(claim: Claim, now: datetime) -> tuple[int, str] | None:
        """Why a claim cannot be reopened at `now`, or None."""
        if claim.reopened_at is not None:
            return m.ALREADY_ASKED, m.REOPENING[m.ALREADY_ASKED]
        if facts(claim.obj, now).on_time:
            return m.ON_TIME, m.REOPENING[m.ON_TIME]
        if now < claim.closes_at:
            return m.NOT_CLOSED, m.IN_ANALYSIS_TEXT
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
            self._refresh()
            return list(self._by_protocol.values())

    def forget(self) -> int:
        """Forget every claim (their payments leave tracking, and the journal's file keeps
        only the counters: protocols stay unique) and forced answer; how many claims."""
        with self._changing():
            for code in self._by_code:
                self.tracking.compensate(code, None)
            count = len(self._by_protocol)
            self._by_code.clear()
            self._by_protocol.clear()
            self._forced.clear()
            self._dirty = True
            return count

    def drop(self) -> None:
        """The sandbox was reset (`/_sandbox/reset`): the journal's file goes with the world."""
        if self._journal is not None:
            with self._lock, self._journal.locked():
                self._journal.clear()


def claims_world(state: SandboxState) -> ClaimsWorld:
    """The app's claims world (made on first use, or when the app is made if it keeps its
    claims in a state folder; dropped by reset, which empties the folder's file)."""
    tracking = tracking_world(state)  # first: `extension` holds the state's lock while it makes one
    folder = state.config.state_dir

    def make() -> ClaimsWorld:
        return ClaimsWorld(tracking, ClaimsJournal(folder) if folder is not None else None)

    return state.extension(EXTENSION, make, on_reset=ClaimsWorld.drop)
