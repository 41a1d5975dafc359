"""What a sandbox keeps between runs: one JSON file per feature in its state folder.

The app starts a new sandbox every session, so a world kept only in memory forgot what a
user made in it the day before (claims, pre-postings). With a state folder
(`SandboxConfig.state_dir`), a feature's world writes what rebuilds it to its own file
(``claims.json``, ``prepostagens.json``) after each change.

The window and each ``postalgui`` command run their own sandbox on the same folder, so a
change is made under the feature's lock file on the latest content (`locked`, then
`changed`/`load`), and the file is replaced whole (temporary file + ``os.replace``): a
reader never sees half of one. A damaged or unreadable file is set aside
(``<name>.bad-<time>``), logged, and the world starts empty: the sandbox must still start.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel

from postalgui.store.aside import aside_path
from postalgui.store.atomic import write_atomically

log = logging.getLogger(__name__)

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


Kept = TypeVar("Kept", bound=BaseModel)
Signature = tuple[int, int, int]


class Journal(Generic[Kept]):
    """One feature's file (`model` as JSON) in one state folder, and whether another process
    changed it; `what` names the feature in the log."""

    def __init__(self, folder: Path, file_name: str, lock_name: str, model: type[Kept], what: str) -> None:
        self.path = Path(folder) / file_name
        self._lock_path = self.path.with_name(lock_name)
        self._model = model
        self._what = what
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

    def load(self) -> Kept | None:
        """The kept content; None when there is none (no file, or a damaged one, set aside)."""
        self._seen = self._signature()
        if self._seen is None:
            return None
        try:
            return self._model.model_validate_json(self.path.read_bytes())
        except (OSError, ValueError) as error:
            self._set_aside(error)
            return None

    def _set_aside(self, error: Exception) -> None:
        target = aside_path(self.path)
        what = self._what
        try:
            os.replace(self.path, target)
        except OSError as failed:
            log.warning("Sandbox %s file %s is unreadable (%s) and stays: %s", what, self.path, error, failed)
        else:
            log.warning(
                "Sandbox %s file %s was unreadable (%s): set aside as %s", what, self.path, error, target
            )
        self._seen = self._signature()

    def save(self, kept: Kept) -> None:
        """Replace the file with `kept`; a failure is logged (the world stays in memory)."""
        try:
            write_atomically(self.path, kept.model_dump_json(indent=1).encode())
        except OSError as error:
            log.warning("Sandbox %s not saved to %s: %s", self._what, self.path, error)
        self._seen = self._signature()

    def clear(self) -> None:
        """Remove the file (the feature's forget route, `/_sandbox/reset`)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            log.warning("Sandbox %s file %s not removed: %s", self._what, self.path, error)
        self._seen = self._signature()

    def wipe(self, held: threading.Lock) -> None:
        """`clear` under the world's lock `held` and the file's (a reset)."""
        with held, self.locked():
            self.clear()

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the feature's lock file (other sandboxes on the folder wait); without one
        (a folder that cannot be written), go on unlocked."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as error:
            log.warning("Sandbox %s folder %s has no lock: %s", self._what, self.path.parent, error)
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
