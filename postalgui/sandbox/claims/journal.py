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

The window and each ``postalgui`` command run their own sandbox on the same folder, so a
change is made under a lock file on the latest content (`locked`, then `changed`/`load`),
and the file is replaced whole (temporary file + ``os.replace``): a reader never sees half
of one. A damaged or unreadable file is set aside (``claims.json.bad-<time>``), logged,
and the world starts empty: the sandbox must still start.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from postalgui.sandbox.claims.bodies import Pedido
from postalgui.sandbox.tracking.objects import Fate
from postalgui.store.aside import aside_path
from postalgui.store.atomic import write_atomically

log = logging.getLogger(__name__)

FILE_NAME = "claims.json"
LOCK_NAME = "claims.lock"

if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


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


Signature = tuple[int, int, int]


class ClaimsJournal:
    """``claims.json`` in one state folder, and whether another process changed it."""

    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / FILE_NAME
        self._seen: Signature | None = None

    def _signature(self) -> Signature | None:
        try:
            found = self.path.stat()
        except OSError:
            return None
        return found.st_ino, found.st_size, found.st_mtime_ns

    def changed(self) -> bool:
        """Whether the file is not the one this journal last read or wrote."""
        return self._signature() != self._seen

    def load(self) -> KeptClaims | None:
        """The kept claims; None when there are none (no file, or a damaged one, set aside)."""
        self._seen = self._signature()
        if self._seen is None:
            return None
        try:
            return KeptClaims.model_validate_json(self.path.read_bytes())
        except (OSError, ValueError) as error:
            self._set_aside(error)
            return None

    def _set_aside(self, error: Exception) -> None:
        target = aside_path(self.path)
        try:
            os.replace(self.path, target)
        except OSError as failed:
            log.warning("Sandbox claims file %s is unreadable (%s) and stays: %s", self.path, error, failed)
        else:
            log.warning(
                "Sandbox claims file %s was unreadable (%s): set aside as %s", self.path, error, target
            )
        self._seen = self._signature()

    def save(self, kept: KeptClaims) -> None:
        """Replace the file with `kept`; a failure is logged (the claims stay in memory)."""
        try:
            write_atomically(self.path, kept.model_dump_json(indent=1).encode())
        except OSError as error:
            log.warning("Sandbox claims not saved to %s: %s", self.path, error)
        self._seen = self._signature()

    def clear(self) -> None:
        """Remove the file (`DELETE /_sandbox/claims`, `/_sandbox/reset`)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("Sandbox claims file %s not removed: %s", self.path, error)
        self._seen = self._signature()

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the folder's lock file (other sandboxes on the folder wait); without one
        (a folder that cannot be written), go on unlocked."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path.with_name(LOCK_NAME), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as error:
            log.warning("Sandbox claims folder %s has no lock: %s", self.path.parent, error)
            yield
            return
        try:
            _lock(fd)
            try:
                yield
            finally:
                _unlock(fd)
        finally:
            os.close(fd)
