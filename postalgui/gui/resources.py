"""Where the app's data files are (`services.resources`, Qt-free, which the CLI reads too).

The translations and the window icon both look here.
"""

from __future__ import annotations

from postalgui.services.resources import PACKAGE_FOLDER, PROJECT_RESOURCES, resource_dirs

__all__ = ["PACKAGE_FOLDER", "PROJECT_RESOURCES", "resource_dirs"]
