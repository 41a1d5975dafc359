"""Loading the UI translation: our ``postalgui_pt_BR.qm`` plus Qt's own ``qtbase_pt_BR``.

English is the source language, but its plurals are not: ``tr("%n card(s)", "", n)``
reads "1 card" / "2 cards" only through ``postalgui_en.qm``, a catalog of the plural
messages alone (Qt's way of giving the source language its plural forms).

Qt's own catalog lacks a few texts newer Qt versions show (the file dialog's
"&Look in:" and "Files of &type:"); ours gives them in its ``QFileDialog`` context,
and, installed last, is asked first.

The ``.qm`` files live in ``resources/translations`` at the top of the project, next to
the ``.ts`` source, so there is one copy to refresh. A frozen build has them at the same
relative path under ``sys._MEIPASS``; a build that cannot keep that layout may copy them
into ``postalgui/gui/translations`` instead (`resources.resource_dirs` says where and in
which order they are searched).

A language change applies on the next start: the window is built once, in one language.
"""

from __future__ import annotations

import logging
from pathlib import Path

import PySide6
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from postalgui.gui.resources import resource_dirs
from postalgui.services.language import saved_language as saved_language  # the window reads it here

log = logging.getLogger(__name__)

CATALOG = "postalgui"
PORTUGUESE = "pt_BR"
ENGLISH = "en"


def resolve_language(setting: str, system_locale: QLocale | None = None) -> str:
    """``"pt_BR"`` or ``"en"``: the setting, or for ``""`` the system locale's language.

    The command line reads the same rule from the environment without Qt
    (`services.language.spoken_language`); ``saved_language`` is its reader of the settings.

    Portuguese is the app's own language: a locale that names no language (``C``,
    ``POSIX``, an unset ``LANG``) starts in Portuguese, and only a locale that names
    another language starts in English. Any Portuguese locale (pt_BR, pt_PT, ...) gets
    the Brazilian translation: it is the only Portuguese one there is.
    """
    if setting in (PORTUGUESE, ENGLISH):
        return setting
    locale = system_locale if system_locale is not None else QLocale.system()
    return ENGLISH if _names_another_language(locale) else PORTUGUESE


def _names_another_language(locale: QLocale) -> bool:
    """True for an explicit language other than Portuguese (not ``C``, not unset)."""
    no_language = (QLocale.Language.C, QLocale.Language.AnyLanguage, QLocale.Language.Portuguese)
    return locale.language() not in no_language


def app_locale(language: str | None = None) -> QLocale:
    """The locale numbers are read and written in: ``pt_BR``, or ``en_US`` for English.

    ``language`` defaults to the one the interface speaks (`ui_language`). Money is the
    exception: it is always reais in Brazilian form (`money_locale`), in both languages.
    """
    spoken = ui_language() if language is None else language
    if spoken == PORTUGUESE:
        return QLocale("pt_BR")
    return QLocale("en_US")


def money_locale() -> QLocale:
    """Brazilian form (``R$ 1.234,56``) whatever the language: money is always reais."""
    return QLocale("pt_BR")


def catalog_path(language: str = PORTUGUESE) -> Path | None:
    """Where our compiled catalog for ``language`` is, if anywhere."""
    for folder in resource_dirs("translations"):
        candidate = folder / f"{CATALOG}_{language}.qm"
        if candidate.is_file():
            return candidate
    return None


def qt_translation_dirs() -> list[str]:
    """Where Qt's own catalogs (``qtbase_pt_BR.qm``) may be: Qt's translations path, then
    the PySide6 package's ``Qt/translations`` (a ``qt.conf`` or a system Qt can point the
    first elsewhere)."""

    folders = [QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)]
    bundled = str(Path(PySide6.__file__).resolve().parent / "Qt" / "translations")
    return folders if bundled in folders else [*folders, bundled]


def _install_qt_catalog(app: QCoreApplication, language: str) -> QTranslator | None:
    translator = QTranslator(app)
    folders = qt_translation_dirs()
    for folder in folders:
        if translator.load(f"qtbase_{language}", folder):
            app.installTranslator(translator)
            return translator
    log.info("Qt's own %s translation not found in %s", language, ", ".join(folders))
    return None


def install_translators(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Install the translators for ``language`` ("pt_BR" or "en"); returns them.

    The caller keeps the list: a QTranslator collected by Python stops translating.
    English gets only its plural forms (``postalgui_en.qm``); Portuguese gets Qt's own
    catalog and ours. Either way the default locale becomes the language's
    (`app_locale`), so every widget built afterwards reads and writes numbers as the
    interface speaks, whatever the system locale is.
    """
    QLocale.setDefault(app_locale(language))
    installed: list[QTranslator] = []
    if language != PORTUGUESE:
        language = ENGLISH
    else:
        qt_translator = _install_qt_catalog(app, language)
        if qt_translator is not None:
            installed.append(qt_translator)
    path = catalog_path(language)
    ours = QTranslator(app)
    if path is not None and ours.load(str(path)):
        app.installTranslator(ours)
        installed.append(ours)
    else:
        log.warning("Catalog %s_%s.qm not found or unreadable; using the source texts", CATALOG, language)
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    """Undo `install_translators` (tests, and a future live language switch)."""
    for translator in translators:
        app.removeTranslator(translator)
    translators.clear()


def ui_language() -> str:
    """The language the interface speaks now (``"pt_BR"`` or ``"en"``), for documents and names.

    `install_translators` makes the language's locale the default, so the default
    locale tells; read with `resolve_language`'s rule (``C`` is Portuguese).
    """
    return resolve_language("", QLocale())
