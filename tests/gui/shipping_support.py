"""What the Shipping tab's tests share: the app speaking a language as it does at start
(its translators and its default locale), English included, whose plural forms ("1
pre-posting", "2 pre-postings") come from its own small catalog."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QLocale

from postalgui.gui import i18n


@contextmanager
def speaking(qapp: QCoreApplication, language: str) -> Iterator[None]:
    """The UI in ``language`` ("en", "pt_BR") for the block, as the app installs it."""
    default = QLocale()
    installed = i18n.install_translators(qapp, language)
    try:
        yield
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)
