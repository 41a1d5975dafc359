"""The claims a sandbox keeps between runs: one JSON file in its state folder.

The app starts a new sandbox every session, so a claims world kept only in memory
answered 990 ("not found") for every claim filed the day before. With a state folder
(`SandboxConfig.state_dir`), the world writes what rebuilds each claim (the pedido,
contract, phone, filed time, protocol, manifestation, reopening time and text, and the
object it was filed for) and its counters to ``claims.json`` after each change; the rest
(closing, merit, payment, the IDC event) is derived again from the object and the times,
as when it was filed.

The object is kept too: the tracking world re-derives a statement's label only from that
month's statements (an index built per month) and forgets registered objects on restart,
while a claim answers from the object it was filed for.

The file's machinery (lock, atomic replace, setting a damaged file aside) is the shared
`sandbox.journal.Journal`.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from postalgui.sandbox.claims.bodies import Pedido
from postalgui.sandbox.journal import Journal
from postalgui.sandbox.tracking.objects import Fate

FILE_NAME = "claims.json"
LOCK_NAME = "claims.lock"


class _Kept(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class KeptObject(_Kept):
    """The object a claim was filed for (`tracking.objects.TrackedObject`'s fields)."""

    code: str
    product: str
    origin_cep: str
    destination_cep: str
    posted: datetime
    contract: str | None
    weight_g: int
    fate: Fate | None


class KeptClaim(_Kept):
    """What rebuilds one claim (local times, no zone)."""

    protocol: str
    contract: str
    phone: str
    filed_at: datetime
    manifestation: str
    reopened_at: datetime | None
    reopen_text: str
    pedido: Pedido
    object: KeptObject


class KeptClaims(_Kept):
    """The whole file: the counters (protocols and lots stay unique across runs) and the claims."""

    version: Literal[1] = 1
    prefix: str
    count: int
    lots: int
    claims: list[KeptClaim]


class ClaimsJournal(Journal[KeptClaims]):
    """``claims.json`` in one state folder, and whether another process changed it."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, FILE_NAME, LOCK_NAME, KeptClaims, "claims")
