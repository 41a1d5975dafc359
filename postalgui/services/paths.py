"""Where settings, data, cache and logs live.

``POSTALGUI_CONFIG_DIR`` puts everything under one folder (tests, portable use);
otherwise the platform's folders (platformdirs).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "postalgui"


@dataclass(frozen=True)
class AppPaths:
    config_dir: Path
    data_dir: Path
    cache_dir: Path
    log_dir: Path

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def log_file(self) -> Path:
        return self.log_dir / "postalgui.log"

    def ensure(self) -> AppPaths:
        for folder in (self.config_dir, self.data_dir, self.cache_dir, self.log_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self


def app_paths(environ: Mapping[str, str] | None = None) -> AppPaths:
    environ = os.environ if environ is None else environ
    root = environ.get("POSTALGUI_CONFIG_DIR")
    if root:
        base = Path(root).expanduser()
        return AppPaths(base, base / "data", base / "cache", base / "logs")
    return AppPaths(
        Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)),
        Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )
