"""Where the app's data files are: ``resources/`` from a checkout or from a frozen build.

A checkout keeps them at the top of the project (``resources/translations``,
``resources/icons``), next to their sources, so there is one copy to refresh. A
one-folder PyInstaller build unpacks its data files under ``sys._MEIPASS`` (the
``_internal`` folder beside the executable); its spec copies each ``resources/<kind>``
to the same relative path there, so the frozen folder is searched first. A build that
can keep neither layout may copy them into the package instead (``postalgui/gui/<kind>``),
searched last. Qt-free: the window's translations and icon and the command line's
sentences (`services.translations`) all look here.
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["PACKAGE_FOLDER", "PROJECT_RESOURCES", "resource_dirs"]

PROJECT_RESOURCES = Path(__file__).resolve().parents[2] / "resources"
PACKAGE_FOLDER = Path(__file__).resolve().parents[1] / "gui"


def resource_dirs(kind: str) -> tuple[Path, ...]:
    """The folders that may hold ``resources/<kind>``, in the order to search them.

    Read when called, not at import: whether the app is frozen is fixed for the run,
    but a test can then play a frozen build by setting ``sys.frozen`` and ``sys._MEIPASS``.
    """
    folders: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and isinstance(bundle, str):
        folders.append(Path(bundle) / "resources" / kind)
    folders.append(PROJECT_RESOURCES / kind)
    folders.append(PACKAGE_FOLDER / kind)
    # In a frozen build the module's own path is under _MEIPASS too: the same folder twice.
    return tuple(dict.fromkeys(folders))
