"""Where a damaged file is kept: ``<name>.bad-<time>``, never over an earlier one."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path


def aside_path(path: Path) -> Path:
    """A free name beside ``path`` for keeping it as it was (``settings.json.bad-20261124-011500``,
    then ``…-2``, ``…-3`` within the same second)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    return target
