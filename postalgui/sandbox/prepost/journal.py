"""The pre-postings a sandbox keeps between runs: ``prepostagens.json`` in its state folder
(the shared `sandbox.journal.Journal`: lock, atomic replace, a damaged file set aside).

Everything about a pre-posting is kept (the body as accepted, its owner, times and object
code) and its label receipts; the status is derived again from the times and the sandbox
clock. The tracking world forgets registered objects on restart, so the world registers
every labelled object again when it reads the file.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from postalgui.sandbox.journal import Journal
from postalgui.sandbox.prepost.body import PrePostagem

FILE_NAME = "prepostagens.json"
LOCK_NAME = "prepostagens.lock"
VALIDITY = timedelta(days=7)
"""Not posted within 7 days of its creation, a pre-posting expires."""


class _Kept(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PrePosting(_Kept):
    """One pre-posting (local times, no zone); `posted_at` is when its object is posted (its
    tracking history's PO event), fixed when the label is issued."""

    id: str
    cnpj: str
    contract: str
    card: str
    product: str
    body: PrePostagem
    created_at: datetime
    code: str | None = None
    labelled_at: datetime | None = None
    posted_at: datetime | None = None
    cancelled_at: datetime | None = None
    eticket: str | None = None
    """A return's authorization code (`returns`), given at creation."""
    valid_until: datetime | None = None
    """A return's last moment (the end of ``dataValidadeLogReversa``'s day)."""

    @property
    def expires_at(self) -> datetime:
        """A return's validity end; else 7 days after creation."""
        return self.valid_until if self.valid_until is not None else self.created_at + VALIDITY


class Receipt(_Kept):
    """A label request: what to print, for whom, and when the PDF is ready."""

    id: str
    cnpj: str
    ids: list[str]
    requested_at: datetime
    ready_at: datetime
    label_type: str
    label_format: str
    print_sender: bool
    layout: str


class KeptPrePostings(_Kept):
    """The whole file: the code counter (codes stay unique across runs) and what was made."""

    version: Literal[1] = 1
    start: int | None
    count: int
    prepostings: list[PrePosting]
    receipts: list[Receipt]


class PrepostJournal(Journal[KeptPrePostings]):
    def __init__(self, folder: Path) -> None:
        super().__init__(folder, FILE_NAME, LOCK_NAME, KeptPrePostings, "pre-postings")
