"""Loading the UI translation: our ``postalgui_pt_BR.qm`` plus Qt's own ``qtbase_pt_BR``.

The ``.qm`` files live in ``resources/translations`` at the top of the project, next to
the ``.ts`` source, so there is one copy to refresh. A frozen or wheel build that
cannot keep that layout may copy them into ``postalgui/gui/translations`` instead;
both places are searched, the project folder first.

A language change applies on the next start: the window is built once, in one language.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

CATALOG = "postalgui"
PORTUGUESE = "pt_BR"
ENGLISH = "en"

TRANSLATION_DIRS: tuple[Path, ...] = (
    Path(__file__).resolve().parents[2] / "resources" / "translations",
    Path(__file__).resolve().parent / "translations",
)


def saved_language(settings_file: Path) -> str:
    """The ``language`` of the settings file, read before the settings model loads.

    Translators must be installed before the first widget is built, and the window
    is built before the (slower) settings model is imported; anything unreadable
    means "system default", and the settings model reports the problem later.
    """
    try:
        data = json.loads(settings_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    language = data.get("language", "") if isinstance(data, dict) else ""
    return language if isinstance(language, str) else ""


def resolve_language(setting: str, system_locale: QLocale | None = None) -> str:
    """``"pt_BR"`` or ``"en"``: the setting, or for ``""`` the system locale's language.

    Any Portuguese locale (pt_BR, pt_PT, ...) gets the Brazilian translation: it is the
    only Portuguese one there is, and closer than English for a Portuguese reader.
    """
    if setting in (PORTUGUESE, ENGLISH):
        return setting
    locale = system_locale if system_locale is not None else QLocale.system()
    return PORTUGUESE if locale.language() == QLocale.Language.Portuguese else ENGLISH


def catalog_path(language: str = PORTUGUESE) -> Path | None:
    """Where our compiled catalog for ``language`` is, if anywhere."""
    for folder in TRANSLATION_DIRS:
        candidate = folder / f"{CATALOG}_{language}.qm"
        if candidate.is_file():
            return candidate
    return None


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Install the translators for ``language`` ("pt_BR" or "en"); returns them.

    The caller keeps the list: a QTranslator collected by Python stops translating.
    English is the source language, so it needs no catalog.
    """
    if language != PORTUGUESE:
        return []
    QLocale.setDefault(QLocale("pt_BR"))
    installed: list[QTranslator] = []
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qt_translator = QTranslator(app)
    if qt_translator.load(f"qtbase_{language}", qt_dir):
        app.installTranslator(qt_translator)
        installed.append(qt_translator)
    else:
        log.info("Qt's own %s translation not found in %s", language, qt_dir)
    path = catalog_path(language)
    ours = QTranslator(app)
    if path is not None and ours.load(str(path)):
        app.installTranslator(ours)
        installed.append(ours)
    else:
        log.warning("Translation catalog %s_%s.qm not found or unreadable; using English", CATALOG, language)
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    """Undo `install_translators` (tests, and a future live language switch)."""
    for translator in translators:
        app.removeTranslator(translator)
    translators.clear()


def ui_language() -> str:
    """The language the interface speaks now (``"pt_BR"`` or ``"en"``), for documents and names.

    `install_translators` makes pt_BR the default locale, so the default locale tells.
    """
    return PORTUGUESE if QLocale().language() == QLocale.Language.Portuguese else ENGLISH
