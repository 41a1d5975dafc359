"""Settings > Office database: the URL's rule, the password in the keyring, Test and Copy
(against the PostgreSQL test server), their failures, and the texts in Portuguese."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QPoint, QRect
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot
from sqlalchemy import insert

from postalgui.gui import i18n
from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.dialogs.settings_pages.form_parts import WORD_BREAK
from postalgui.gui.models.formatting import format_count
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.office.database import local_file
from postalgui.services.office.service import TypedDatabase
from postalgui.store import tables
from postalgui.store.copy import BATCH
from postalgui.store.office import OfficeStore
from postalgui.store.urls import sqlite_url
from tests.conftest import MemoryKeyring
from tests.gui.test_settings_dialog import _dialog, _type
from tests.services.test_office_use_cases import quote_row, typed_server

TEST_TIMEOUT_MS = 15_000


def _fill(dialog: SettingsDialog, qtbot: QtBot, typed: TypedDatabase) -> None:
    _type(qtbot, dialog.office_page.url_edit, typed.url)
    _type(qtbot, dialog.office_page.password_edit, typed.password)


def _desk_file(context: AppContext, quotes: int) -> None:
    store = OfficeStore(sqlite_url(local_file(context.paths.data_dir, context.env_key)))
    try:
        store.run(lambda c: c.execute(insert(tables.quote), [quote_row() for _ in range(quotes)]))
    finally:
        store.close()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def server() -> TypedDatabase:
    return typed_server()


def test_a_bad_url_names_the_field_and_the_rule_and_nothing_is_saved(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.office_page.url_edit, "postgresql://clerk:secret@server/postalgui")
    error = dialog.field_error("database_url")
    assert error.startswith("Office database URL: leave the password out")
    assert not dialog.ok_button.isEnabled()
    assert not dialog.office_page.test.button.isEnabled()
    dialog.accept()
    assert dialog.isVisible()
    assert not (config_dir / "settings.json").exists()
    _type(qtbot, dialog.office_page.url_edit, "mysql://clerk@server/postalgui")
    assert "only PostgreSQL" in dialog.field_error("database_url")
    _type(qtbot, dialog.office_page.url_edit, "")
    assert dialog.field_error("database_url") == ""
    assert dialog.ok_button.isEnabled()
    assert not dialog.office_page.copy.button.isEnabled()  # no server: nothing to copy into


@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("sqlite:////nonexistent/dir/x.db", "Office database URL: only PostgreSQL is supported"),
        (f"postgresql://clerk@{'a' * 300}/postalgui", "Office database URL: the server's name is letters"),
        ("postgresql://clerk@db office/postalgui", "Office database URL: the server's name is letters"),
    ],
)
def test_a_url_no_server_can_be_is_refused_and_nothing_is_made(
    context: AppContext, runner: TaskRunner, config_dir: Path, qtbot: QtBot, url: str, rule: str
) -> None:
    """A SQLite URL (it made the folders it named) and a host DNS cannot take (connecting crashed)."""
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.office_page.url_edit, url)
    assert dialog.field_error("database_url").startswith(rule)
    assert not dialog.ok_button.isEnabled()
    assert not dialog.office_page.test.button.isEnabled()
    dialog.accept()
    assert not (config_dir / "settings.json").exists()
    assert not Path("/nonexistent").exists()


def test_ok_keeps_the_url_in_settings_and_the_password_in_the_keyring(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, config_dir: Path, qtbot: QtBot
) -> None:
    before = context.office()
    dialog = _dialog(context, runner, qtbot)
    _fill(dialog, qtbot, TypedDatabase("sandbox", "postgresql://clerk@db.office:5432/postalgui", "pa55-word"))
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    text = (config_dir / "settings.json").read_text(encoding="utf-8")
    saved = json.loads(text)
    assert saved["profiles"]["sandbox"]["database_url"] == "postgresql://clerk@db.office:5432/postalgui"
    assert "pa55-word" not in text
    assert memory_keyring.passwords[("postalgui:sandbox", "database_password")] == "pa55-word"
    office = context.office()
    assert office is not before
    assert office.shared
    assert office.url == "postgresql://clerk@db.office:5432/postalgui"

    again = _dialog(context, runner, qtbot)
    assert again.office_page.url_edit.text() == "postgresql://clerk@db.office:5432/postalgui"
    assert again.office_page.password_edit.text() == "pa55-word"
    assert again.office_page.password_edit.echoMode() is QLineEdit.EchoMode.Password


def test_a_new_password_alone_reopens_the_office(
    context: AppContext, runner: TaskRunner, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> None:
    url = "postgresql://clerk@db.office:5432/postalgui"
    context.apply(
        context.saved_settings.with_profile(
            context.settings.environment, context.profile.model_copy(update={"database_url": url})
        )
    )
    memory_keyring.set_password("postalgui:sandbox", "database_password", "old")
    before = context.office()
    dialog = _dialog(context, runner, qtbot)
    _type(qtbot, dialog.office_page.password_edit, "new")
    with qtbot.waitSignal(dialog.settingsSaved):
        dialog.ok_button.click()
    assert memory_keyring.passwords[("postalgui:sandbox", "database_password")] == "new"
    assert context.office() is not before  # built again: its store opens with the new password


@pytest.fixture
def english(qapp: QApplication) -> Iterator[None]:
    """The English texts as the app installs them (its plurals: "1 quote", "2 quotes")."""
    default = QLocale()
    installed = i18n.install_translators(qapp, "en")
    yield
    i18n.remove_translators(qapp, installed)
    QLocale.setDefault(default)


def test_test_shows_the_servers_version_and_counts_before_saving(
    english: None,
    context: AppContext,
    runner: TaskRunner,
    server: TypedDatabase,
    config_dir: Path,
    qtbot: QtBot,
) -> None:
    dialog = _dialog(context, runner, qtbot)
    _fill(dialog, qtbot, server)
    with qtbot.waitSignal(dialog.office_page.test.databaseTested, timeout=TEST_TIMEOUT_MS) as tested:
        dialog.office_page.test.button.click()
    assert not isinstance(tested.args[0], BaseException), tested.args[0]
    shown = dialog.office_page.test.result_label.text()
    assert shown.startswith("PostgreSQL 1")
    assert ": 0 quotes, 0 jobs, 0 presets" in shown
    assert "schema up to date" in shown
    assert dialog.office_page.test.button.isEnabled()
    assert not (config_dir / "settings.json").exists()


@pytest.mark.parametrize(("quotes", "said"), [(1_234, "1,234 quotes"), (1, "1 quote")])
def test_test_without_a_url_checks_this_computer(
    english: None, context: AppContext, runner: TaskRunner, qtbot: QtBot, quotes: int, said: str
) -> None:
    _desk_file(context, quotes=quotes)
    dialog = _dialog(context, runner, qtbot)
    with qtbot.waitSignal(dialog.office_page.test.databaseTested, timeout=TEST_TIMEOUT_MS):
        dialog.office_page.test.button.click()
    shown = dialog.office_page.test.result_label.text()
    assert f": {said}, 0 jobs, 0 presets" in shown  # each count with its plural
    assert "this computer only" in shown


@pytest.mark.parametrize(
    ("case", "said"),
    [("password", "The server refused the login: "), ("port", "Could not connect to the server: ")],
)
def test_test_failures_are_one_line_without_the_password(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, case: str, said: str
) -> None:
    if case == "password":
        typed = TypedDatabase("sandbox", typed_server().url, "wrong-pa55")
    else:
        typed = TypedDatabase(
            "sandbox", f"postgresql://clerk@127.0.0.1:{_closed_port()}/postalgui", "wrong-pa55"
        )
    dialog = _dialog(context, runner, qtbot)
    _fill(dialog, qtbot, typed)
    with qtbot.waitSignal(dialog.office_page.test.databaseFailed, timeout=TEST_TIMEOUT_MS) as tested:
        dialog.office_page.test.button.click()
    assert isinstance(tested.args[0], BaseException)
    shown = dialog.office_page.test.result_label.text()
    assert shown.startswith(said)
    assert "\n" not in shown
    assert "wrong-pa55" not in shown


def test_copy_sends_this_desks_data_then_skips_it(
    context: AppContext, runner: TaskRunner, server: TypedDatabase, qtbot: QtBot
) -> None:
    _desk_file(context, quotes=BATCH + 5)
    dialog = _dialog(context, runner, qtbot)
    _fill(dialog, qtbot, server)
    copy = dialog.office_page.copy
    assert copy.button.isEnabled()
    with qtbot.waitSignal(copy.dataCopied, timeout=TEST_TIMEOUT_MS) as copied:
        copy.button.click()
        assert copy.cancel_button.isVisible()
    assert not isinstance(copied.args[0], BaseException), copied.args[0]
    lines = copy.result_label.text().splitlines()
    assert f"Quotes: {format_count(BATCH + 5)} copied, 0 already there" in lines
    assert "Invoice jobs: 0 copied, 0 already there" in lines
    assert not copy.cancel_button.isVisible()
    with qtbot.waitSignal(copy.dataCopied, timeout=TEST_TIMEOUT_MS):
        copy.button.click()
    assert (
        f"Quotes: 0 copied, {format_count(BATCH + 5)} already there" in copy.result_label.text().splitlines()
    )


def test_copy_can_be_cancelled_and_finished_later(
    context: AppContext, runner: TaskRunner, server: TypedDatabase, qtbot: QtBot
) -> None:
    total = BATCH * 6
    _desk_file(context, quotes=total)
    dialog = _dialog(context, runner, qtbot)
    _fill(dialog, qtbot, server)
    copy = dialog.office_page.copy
    copy.progress_bar.valueChanged.connect(copy.cancel_button.click)  # the user cancels at the first step
    copy.button.click()
    qtbot.waitUntil(lambda: not copy.busy, timeout=TEST_TIMEOUT_MS)
    assert copy.result_label.text().startswith("Copy cancelled")
    copy.progress_bar.valueChanged.disconnect(copy.cancel_button.click)
    with qtbot.waitSignal(copy.dataCopied, timeout=TEST_TIMEOUT_MS):
        copy.button.click()
    [quotes] = [line for line in copy.result_label.text().splitlines() if line.startswith("Quotes:")]
    copied, skipped = (
        int(part.split()[0].replace(",", "").replace(".", ""))
        for part in quotes.removeprefix("Quotes: ").split(", ")
    )
    assert copied + skipped == total
    assert 0 < skipped < total


@pytest.fixture
def portuguese(qapp: QCoreApplication) -> Iterator[None]:
    installed = i18n.install_translators(qapp, "pt_BR")
    yield
    i18n.remove_translators(qapp, installed)


def test_office_database_speaks_portuguese(
    portuguese: None, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    _desk_file(context, quotes=1_234)
    dialog = _dialog(context, runner, qtbot)
    assert dialog.office_page.title() == "Banco de dados do escritório"
    _type(qtbot, dialog.office_page.url_edit, "mysql://clerk@server/postalgui")
    assert dialog.field_error("database_url").startswith("URL do banco de dados do escritório: ")
    _type(qtbot, dialog.office_page.url_edit, "")
    with qtbot.waitSignal(dialog.office_page.test.databaseTested, timeout=TEST_TIMEOUT_MS):
        dialog.office_page.test.button.click()
    assert ": 1.234 cotações, 0 solicitação, 0 predefinição" in dialog.office_page.test.result_label.text()


def _failed_test(dialog: SettingsDialog, qtbot: QtBot) -> str:
    """Test against a closed port on this computer: the server's own words are libpq's."""
    _type(qtbot, dialog.office_page.url_edit, f"postgresql://clerk@127.0.0.1:{_closed_port()}/postalgui")
    with qtbot.waitSignal(dialog.office_page.test.databaseFailed, timeout=TEST_TIMEOUT_MS) as tested:
        dialog.office_page.test.button.click()
    assert isinstance(tested.args[0], BaseException)
    return dialog.office_page.test.result_label.text().replace(WORD_BREAK, "")


def test_a_failed_test_is_said_in_portuguese_with_the_systems_words_after_it(
    portuguese: None, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    shown = _failed_test(dialog, qtbot)
    said = re.fullmatch(
        r"Não foi possível conectar ao servidor: (?P<advice>[^(]+) \((?P<system>.+)\)\.", shown
    )
    assert said is not None, shown
    assert said["advice"] == "confira se ele está em execução, o endereço e a rede"
    assert "127.0.0.1" in said["system"]  # libpq's words, as it said them


def test_a_failed_test_shows_whole_in_its_box(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    size = dialog.size()
    _failed_test(dialog, qtbot)
    label = dialog.office_page.test.result_label
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))  # every line, none cut
    assert label.heightForWidth(label.width()) > label.fontMetrics().height()  # wrapped on several lines
    box = dialog.office_page
    assert QRect(QPoint(0, 0), box.size()).contains(QRect(label.mapTo(box, QPoint(0, 0)), label.size()))
    screen = dialog.screen().availableGeometry()
    assert screen.contains(QRect(label.mapToGlobal(QPoint(0, 0)), label.size()))
    assert dialog.size() == size


def test_the_result_goes_when_the_url_changes(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    dialog = _dialog(context, runner, qtbot)
    _failed_test(dialog, qtbot)
    label = dialog.office_page.test.result_label
    assert not label.isHidden()
    qtbot.keyClicks(dialog.office_page.url_edit, "x")
    assert label.isHidden()
    assert label.text() == ""


def test_copy_is_off_after_a_failed_test_until_the_url_changes(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _dialog(context, runner, qtbot)
    copy = dialog.office_page.copy.button
    _failed_test(dialog, qtbot)
    assert not copy.isEnabled()
    _type(qtbot, dialog.contract_edit, "9912345678")  # the form checked again: still off
    assert not copy.isEnabled()
    _type(qtbot, dialog.office_page.url_edit, "postgresql://clerk@db.office:5432/postalgui")
    assert copy.isEnabled()
