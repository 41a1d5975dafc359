"""The claims book: every claim of the office, in the office database (table ``claim``),
so every desk sees who filed what and no object is claimed twice.

Filing goes in three steps, each its own transaction, like a payment: `reserve` marks the
objects ``sending`` (a desk that finds one sending or filed is refused it); the operator's
answer is `record`-ed lot by lot as it is read; a call that failed after it may have
reached the operator leaves its objects `unconfirmed`, and a 2xx the client could not
read leaves them `unreadable` with the raw answer. Writes happen once (DESIGN.md): an
unconfirmed, unreadable or stale ``sending`` row (a desk that died mid-call) is never
reserved again by itself, by this desk or another, only when a person asks (``again``);
following it by object code settles it. Each write tells every desk topic ``claim``.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Connection, and_, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from postalgui.api.models.claims import ClaimProgress, FiledClaim
from postalgui.services.claims.records import STALE, Claim, ClaimState, Outcome, claim_from_row
from postalgui.services.office import topics
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.rows import update_by_code
from postalgui.services.office.scoped import EnvironmentRows
from postalgui.store.tables import claim

__all__ = ["STALE", "TOPIC", "ClaimBook", "ClaimsError", "outcome_of"]

T = TypeVar("T")
TOPIC = topics.CLAIMS
_CHUNK = 500


class ClaimsError(OfficeDatabaseError):
    """The claims book cannot be used (a newer schema, a damaged or refused database)."""


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


_CLOSED_WORDS = ("encerrad", "finalizad", "conclu", "respondid", "fechad", "arquivad", "closed", "answered")
_REOPENED_WORDS = ("reabert", "reativad", "reaberto")


def outcome_of(progress: ClaimProgress, before: Outcome) -> Outcome:
    """Where the operator's words put a claim (paid stays paid: only tracking says so).

    The manual gives ``Indicativo Procedência`` as S/N and ``Situação Manifestação`` as
    free text, without listing its values. ``S`` (upheld) is accepted whatever the
    situation. ``N`` is not a verdict on its own: the field is a flag, and an open claim
    has not been judged either, so ``N`` reads refused only when the situation says the
    claim is closed or answered (``Encerrada``, ``Finalizada``, ``Concluída``,
    ``Respondida``...); otherwise the claim stays open (or reopened, when the situation
    says ``Reaberta``/``Reativada``). A situation we cannot read keeps it open: it is
    asked again, never closed on a guess.
    """
    if before is Outcome.PAID:
        return before
    situation = progress.situation.casefold()
    if progress.upheld:
        return Outcome.ACCEPTED
    if any(word in situation for word in _REOPENED_WORDS):
        return Outcome.REOPENED
    if progress.upheld is False and any(word in situation for word in _CLOSED_WORDS):
        return Outcome.REFUSED
    return Outcome.OPEN


class ClaimBook(EnvironmentRows):
    """The claims of ``office``'s environment (``environment`` overrides it: tests)."""

    TOPIC = TOPIC
    ERROR = ClaimsError

    def _mine(self) -> Any:
        return claim.c.environment == self.environment

    # --- reading -------------------------------------------------------------------------

    def claims(self) -> list[Claim]:
        """Every claim, newest first."""
        query = select(claim).where(self._mine()).order_by(claim.c.filed_at.desc(), claim.c.id.desc())
        rows = self._run(lambda c: [dict(row) for row in c.execute(query).mappings()], write=False)
        return [claim_from_row(row) for row in rows]

    def get(self, key: str) -> Claim | None:
        """The claim of an object code or a protocol."""
        key = key.strip().upper()
        query = select(claim).where(self._mine(), or_(claim.c.code == key, claim.c.protocol == key))
        row = self._run(lambda c: c.execute(query).mappings().first(), write=False)
        return claim_from_row(dict(row)) if row is not None else None

    def blocked_codes(self, now: datetime | None = None) -> set[str]:
        """Objects no one may file by itself: filed, being sent by a desk, or sent with no
        answer read (unconfirmed, unreadable, stale: only a person files those again)."""
        del now
        return {item.code for item in self.claims() if not item.can_file}

    def due(self, every: timedelta, now: datetime) -> list[Claim]:
        """Claims to ask the operator about: filed and not closed (or accepted, until paid),
        or unconfirmed, not asked within ``every``."""
        following = (Outcome.OPEN, Outcome.REOPENED, Outcome.ACCEPTED)
        return [
            item
            for item in self.claims()
            if (item.filed and item.outcome in following) or item.needs_person(now)
            if item.followed_at is None or now - item.followed_at >= every
        ]

    # --- filing --------------------------------------------------------------------------

    def reserve(
        self, rows: Sequence[Mapping[str, Any]], now: datetime, *, again: bool = False
    ) -> tuple[list[str], list[str]]:
        """Mark ``rows`` (each a claim's values: code, reason, manifestation, package, email,
        phone, recipient, kind, days_late, postage, estimate, invoice) as being sent by this
        desk; returns (reserved codes, codes refused). A refused claim is taken again; an
        unconfirmed, unreadable or stale one only with ``again`` (a person asked); a filed
        one or one being sent, never."""
        token = uuid.uuid4().hex
        stale = _iso(now - STALE)
        at = _iso(now)
        by_code = {row["code"]: dict(row) for row in rows}

        def values(row: dict[str, Any]) -> dict[str, Any]:
            return {
                **row,
                "state": ClaimState.SENDING.value,
                "outcome": Outcome.NONE.value,
                "lot": token,
                "protocol": None,
                "return_code": None,
                "return_message": None,
                "filed_at": at,
                "created_by": self.author,
            }

        def work(connection: Connection) -> list[str]:
            fresh = [
                {"uid": uuid.uuid4().hex, "environment": self.environment, **values(row)}
                for row in by_code.values()
            ]
            dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
            for start in range(0, len(fresh), _CHUNK):
                connection.execute(
                    dialect.insert(claim).values(fresh[start : start + _CHUNK]).on_conflict_do_nothing()
                )
            open_again = self._reopenable(stale, again)
            for code, row in by_code.items():
                connection.execute(
                    update(claim)
                    .where(self._mine(), claim.c.code == code, claim.c.lot != token, open_again)
                    .values(values(row))
                )
            mine = select(claim.c.code).where(self._mine(), claim.c.lot == token)
            return [code for (code,) in connection.execute(mine)]

        reserved = set(self._run(work))
        return [code for code in by_code if code in reserved], [
            code for code in by_code if code not in reserved
        ]

    @staticmethod
    def _reopenable(stale: str, again: bool) -> Any:
        if not again:
            return claim.c.state == ClaimState.REFUSED.value
        held = (ClaimState.REFUSED.value, ClaimState.UNCONFIRMED.value, ClaimState.UNREADABLE.value)
        return or_(
            claim.c.state.in_(held), and_(claim.c.state == ClaimState.SENDING.value, claim.c.filed_at < stale)
        )

    def record(self, results: Iterable[FiledClaim], lot: str | None, now: datetime) -> None:
        """The operator's answer for reserved objects: filed (a protocol, or 900) or refused."""
        at = _iso(now)
        values: dict[str, dict[str, Any]] = {}
        for result in results:
            filed = result.filed
            values[result.code] = {
                "state": (ClaimState.FILED if filed else ClaimState.REFUSED).value,
                "outcome": (Outcome.OPEN if filed else Outcome.NONE).value,
                "protocol": result.protocol,
                "lot": lot,
                "return_code": result.return_code,
                "return_message": (result.message or "")[:300],
                "filed_at": at,
                "answer": None,
            }
        self._run(lambda c: self._update_rows(c, values, sending_only=True))

    def unconfirmed(self, codes: Iterable[str]) -> None:
        """The call carrying ``codes`` failed after it may have been read by the operator."""
        values = {code: {"state": ClaimState.UNCONFIRMED.value} for code in codes}
        if values:
            self._run(lambda c: self._update_rows(c, values, sending_only=True))

    def unreadable(self, codes: Iterable[str], answer: str | None, problem: str) -> None:
        """The call carrying ``codes`` was taken (2xx) and its answer could not be read."""
        values = {
            code: {"state": ClaimState.UNREADABLE.value, "answer": answer, "return_message": problem[:300]}
            for code in codes
        }
        if values:
            self._run(lambda c: self._update_rows(c, values, sending_only=True))

    def release(self, codes: Iterable[str]) -> None:
        """Reservations never sent (the filing was cancelled before their lot): forgotten."""
        wanted = list(codes)
        if wanted:
            statement = delete(claim).where(
                self._mine(), claim.c.code.in_(wanted), claim.c.state == ClaimState.SENDING.value
            )
            self._run(lambda c: c.execute(statement))

    def _update_rows(
        self, connection: Connection, values: Mapping[str, Mapping[str, Any]], *, sending_only: bool = False
    ) -> None:
        """Each code's row takes its values (``sending_only``: a row still being sent)."""
        where = [self._mine()]
        if sending_only:
            where.append(claim.c.state == ClaimState.SENDING.value)
        update_by_code(connection, claim, values, where)

    # --- following -----------------------------------------------------------------------

    def followed(self, answers: Mapping[str, ClaimProgress], now: datetime) -> int:
        """What the operator said of each claim (by object code); how many changed outcome.
        An unconfirmed claim the operator knows becomes filed; one it does not, refused
        with that code (it may be filed again)."""
        before = {
            item.code: item for item in self.claims() if item.code in answers and not item.being_sent(now)
        }
        at = _iso(now)
        values: dict[str, dict[str, Any]] = {}
        changed = 0
        for code, progress in answers.items():
            item = before.get(code)
            if item is None:
                continue
            values[code] = self._follow_values(item, progress, at)
            changed += values[code].get("outcome", item.outcome.value) != item.outcome.value
        if values:
            self._run(lambda c: self._update_rows(c, values))
        return changed

    @staticmethod
    def _follow_values(item: Claim, progress: ClaimProgress, at: str) -> dict[str, Any]:
        """A claim not found (990, 4) and not filed here may be filed again (refused); any
        other code (122, 291, 631, 999) leaves its state as it was."""
        if not progress.found:
            row: dict[str, Any] = {"followed_at": at, "follow_code": progress.return_code}
            if item.state is not ClaimState.FILED and progress.settles_unfiled:
                row |= {"state": ClaimState.REFUSED.value, "return_code": progress.return_code,
                        "return_message": progress.message[:300]}  # fmt: skip
            return row
        outcome = outcome_of(progress, item.outcome)
        row = {
            "state": ClaimState.FILED.value,
            "outcome": outcome.value,
            "protocol": progress.protocol or item.protocol,
            "situation": progress.situation[:80],
            "merit": progress.merit[:80],
            "max_delivery": progress.max_delivery.isoformat() if progress.max_delivery else None,
            "last_event": progress.last_event[:200],
            "reply": progress.reply,
            "answer": None,
            "followed_at": at,
            "follow_code": None,
        }
        if outcome in (Outcome.ACCEPTED, Outcome.REFUSED) and not item.closed:
            row["closed_at"] = at
        return row

    def mark_paid(self, codes: Iterable[str], now: datetime) -> int:
        """Claims whose object's tracking shows the compensation paid (IDC)."""
        at = _iso(now)
        values = {
            item.code: {
                "outcome": Outcome.PAID.value,
                "paid_at": at,
                "closed_at": _iso(item.closed_at) if item.closed_at else at,
            }
            for item in self.claims()
            if item.code in set(codes) and item.filed and item.outcome is not Outcome.PAID
        }
        if values:
            self._run(lambda c: self._update_rows(c, values))
        return len(values)

    def reopened(self, code: str, now: datetime) -> None:
        self._run(
            lambda c: self._update_rows(
                c, {code: {"outcome": Outcome.REOPENED.value, "reopened_at": _iso(now), "merit": ""}}
            )
        )
