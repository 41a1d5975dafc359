"""The window and task-bar icon, from the PNGs ``packaging/icons/make_icons.py`` renders.

Every size is added (16 to 512 px), each drawn for its size, so Qt never scales a big
image down for a title bar or up for a task switcher. The files are found the way the
translations are (`resources.resource_dirs`), from a checkout or a frozen build. Without
them (a wheel that left them out) the theme's ``postalgui`` icon is used, which the Linux
installer puts in the user's icon theme.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from postalgui.gui.resources import resource_dirs

log = logging.getLogger(__name__)

ICON_NAME = "postalgui"
_SIZED_FILE = re.compile(rf"{ICON_NAME}-(\d+)\.png")


def icon_files() -> dict[int, Path]:
    """Size in pixels -> PNG, from the first icons folder that holds any."""
    for folder in resource_dirs("icons"):
        found: dict[int, Path] = {}
        for path in folder.glob(f"{ICON_NAME}-*.png"):
            match = _SIZED_FILE.fullmatch(path.name)
            if match:
                found[int(match.group(1))] = path
        if found:
            return dict(sorted(found.items()))
    return {}


def app_icon() -> QIcon:
    """The application icon with every rendered size; the theme's icon if none is found.

    The files are named with their size, so Qt is told it and reads a file only when
    that size is first drawn: building the icon costs no image decoding at start-up.
    """
    icon = QIcon()
    for size, path in icon_files().items():
        icon.addFile(str(path), QSize(size, size))
    if icon.isNull():
        icon = QIcon.fromTheme(ICON_NAME)
        if icon.isNull():
            log.warning("No application icon: no %s-<size>.png in %s", ICON_NAME, resource_dirs("icons"))
    return icon
