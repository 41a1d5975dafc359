"""An office database's failure reads in the user's language wherever a tab shows it
(the history's search, the presets): the kind of failure, the database, the server's reason."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from postalgui.gui import i18n
from postalgui.gui.messages import describe_error
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.price.history import QuoteHistory


@pytest.fixture
def portuguese(qapp: QApplication) -> Iterator[None]:
    installed = i18n.install_translators(qapp, "pt_BR")
    yield
    i18n.remove_translators(qapp, installed)


def _search_error(tmp_path: Path) -> OfficeDatabaseError:
    """What searching the history says when its server's port is closed (a real store's error)."""
    office = OfficeDatabase(
        tmp_path, "sandbox", "postgresql://clerk:secret@127.0.0.1:9/office", allow_password_in_url=True
    )
    history = QuoteHistory(office)
    try:
        with pytest.raises(OfficeDatabaseError) as caught:
            history.search()
    finally:
        history.close()
        office.close()
    return caught.value


def test_an_unreachable_office_database_is_said_in_portuguese(portuguese: None, tmp_path: Path) -> None:
    text = describe_error(_search_error(tmp_path))
    assert text.startswith(
        "O banco de dados do escritório postgresql://clerk@127.0.0.1:9/office está inacessível ("
    )
    assert "as novas cotações aguardam neste computador" in text
    assert "secret" not in text


def test_an_unreachable_office_database_is_said_in_english(qapp: QApplication, tmp_path: Path) -> None:
    text = describe_error(_search_error(tmp_path))
    assert text.startswith("The office database postgresql://clerk@127.0.0.1:9/office cannot be reached (")
    assert "Unexpected error" not in text
