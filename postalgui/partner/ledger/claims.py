"""Exactly once per protocol: the claim a model-1 form takes before its handler runs.

The operator retries a form it has no answer for yet, and several workers answer those
retries at the same moment; the handler moves money, so it may run at most once per
protocol. A claim is a ``form_claims`` row inserted and committed on its own before the
handler runs: its primary key lets one insert win, on SQLite and PostgreSQL alike. The
winner runs the handler and settles the claim together with the answer it stores; every
other call with the same fields waits for that answer (`Ledger.receive_form`).

A handler that raises, or a worker killed while the handler runs, leaves an outcome nobody
knows (the money may have moved), so the protocol is never handed to the handler again:
a raise is settled at once as a processing failure, and a claim still processing after its
lease is settled so by the next repeat. No protocol stays claimed forever; none runs twice.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from postalgui.partner.ledger.schema import FormClaim, utc

__all__ = [
    "ANSWERED",
    "PROCESSING",
    "PROTOCOL_KEYS",
    "Standing",
    "claim",
    "claim_flag",
    "flag_claim",
    "form_digest",
    "settle",
    "standing",
]

PROCESSING = "processing"
ANSWERED = "answered"


PROTOCOL_KEYS = frozenset({"numeroProtocolo", "protocolo"})
"""The protocol's two names (spec 4.2 and its example): the claim's key, not part of the form."""


def form_digest(fields: Mapping[str, Any]) -> str:
    """SHA-256 of the form's fields in one canonical text: key order, spacing and which name
    the protocol came under do not count. ASCII escapes keep any string (a lone surrogate too)
    encodable."""
    form = {key: value for key, value in fields.items() if key not in PROTOCOL_KEYS}
    canonical = json.dumps(form, sort_keys=True, ensure_ascii=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Standing:
    """A claim another call holds, or held: whose it is, for which fields, since when."""

    digest: str
    owner: str
    state: str
    claimed_at: datetime
    """Aware, UTC."""


def claim(sessions: sessionmaker[Session], protocol: str, digest: str, now: datetime) -> str | Standing:
    """Claim `protocol` for fields of `digest`: our owner token, or the claim that stood first."""
    owner = secrets.token_hex(16)
    try:
        with sessions.begin() as session:
            session.add(
                FormClaim(protocol=protocol, digest=digest, owner=owner, state=PROCESSING, claimed_at=now)
            )
    except IntegrityError:
        found = standing(sessions, protocol)
        if found is None:  # claims are never deleted: a failure that was not the key's
            raise
        return found
    return owner


def standing(sessions: sessionmaker[Session], protocol: str) -> Standing | None:
    with sessions() as session:
        row = session.get(FormClaim, protocol)
        if row is None:
            return None
        return Standing(row.digest, row.owner, row.state, utc(row.claimed_at))


def settle(session: Session, protocol: str, owner: str) -> bool:
    """Mark the claim answered if `owner` still holds it while processing; False when it does not.

    The conditional update is the transaction's first statement, so it takes the row's (or
    SQLite's) write lock at once: of an owner finishing late and a repeat taking the claim
    over, exactly one settles it.
    """
    done = session.execute(
        update(FormClaim)
        .where(FormClaim.protocol == protocol, FormClaim.owner == owner, FormClaim.state == PROCESSING)
        .values(state=ANSWERED)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(done, "rowcount", 0) == 1)


def flag_claim(session: Session, protocol: str, why: str) -> None:
    """Note on the claim why reconciliation must look at it; the answer stored later keeps it."""
    session.execute(
        update(FormClaim)
        .where(FormClaim.protocol == protocol)
        .values(flag=why[:255])
        .execution_options(synchronize_session=False)
    )


def claim_flag(session: Session, protocol: str) -> str | None:
    row = session.get(FormClaim, protocol)
    return None if row is None else row.flag
