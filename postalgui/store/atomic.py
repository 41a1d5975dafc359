"""Writing a file whole or not at all: a temporary file beside it, renamed over it.

A failure (a full disk, a cancel, a crash) leaves the old file as it was and no
half-written one; the temporary name starts with a dot so a folder view hides it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomically"]


def write_atomically(path: Path, data: bytes) -> Path:
    """Put ``data`` at ``path`` (its folder made if missing) in one rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
