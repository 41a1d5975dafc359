"""Two desks on one address book, as the clerk sees it: a save over another desk's change
asks who/when and Reload or Overwrite; a save of an address deleted meanwhile offers Save
as new or Discard (never revives it); a delete over a change asks before deleting."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.gui.desk import Desk
from postalgui.gui.dialogs.conflict_question import ConflictKind, ConflictQuestion
from postalgui.gui.messages import local_datetime
from postalgui.gui.tabs.shipping.address_dialog import AddressDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.addresses import Address, AddressBook, AddressKind
from postalgui.services.shipping.service import ShippingService
from tests.gui.shipping_support import shipping_desk, shown_page, speaking

WAIT_MS = 30_000
RECIPIENT = Address(
    AddressKind.RECIPIENT, "José Araújo", "20040020", "Rua da Assembleia", "10", "", "Centro",
    "Rio de Janeiro", "RJ", email="jose@example.com", phone="21911112222",
)  # fmt: skip

Shop = tuple[QWidget, Desk[ShippingService]]


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    with speaking(qapp, "en"):
        yield


@pytest.fixture
def desk(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[Shop]:
    with shipping_desk(context, runner, qtbot) as made:
        yield made


@pytest.fixture
def other_desk(desk: Shop) -> Iterator[AddressBook]:
    """clerk.b's address book: another desk on the same office database."""
    office = desk[1].service.office()
    other = OfficeDatabase(office.data_dir, office.env_key, office.url, author=lambda: "clerk.b")
    yield AddressBook(other)
    other.close()


def opened(desk: Shop, qtbot: QtBot) -> tuple[AddressDialog, Address]:
    """José saved, then opened in the address dialog (read at version 1)."""
    box, shop = desk
    saved = shop.service.addresses().save(RECIPIENT)
    dialog = AddressDialog(shop, saved, [], box)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog, saved


def ask(dialog: AddressDialog, qtbot: QtBot) -> ConflictQuestion:
    with qtbot.waitSignal(dialog.conflictAsked, timeout=WAIT_MS) as asked:
        dialog.accept()
    question = asked.args[0]
    assert isinstance(question, ConflictQuestion)
    return question


def test_a_save_over_another_desks_change_says_who_and_overwrite_keeps_mine(
    desk: Shop, other_desk: AddressBook, qtbot: QtBot, each_language: str
) -> None:
    dialog, saved = opened(desk, qtbot)
    theirs = other_desk.save(replace(saved, phone="21988887777"))  # A changes the phone
    dialog.form.edits["email"].setText("jose@novo.com.br")  # B changes the e-mail

    question = ask(dialog, qtbot)

    at = local_datetime(datetime.fromisoformat(theirs.updated_at))
    assert question.kind is ConflictKind.CHANGED
    if each_language == "pt_BR":
        assert (
            question.text()
            == f"O endereço “José Araújo” foi alterado por clerk.b em {at} depois que você o abriu."
        )
        assert question.overwrite_button.text().replace("&", "") == "Sobrescrever"
    else:
        assert (
            question.text()
            == f"The address “José Araújo” was changed by clerk.b on {at} after you opened it."
        )
        assert question.reload_button.text().replace("&", "") == "Reload"
    [kept] = other_desk.list()
    assert (kept.phone, kept.email) == ("21988887777", "jose@example.com")  # nothing written yet

    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        question.overwrite_button.click()

    [mine] = other_desk.list()
    assert (mine.email, mine.phone, mine.version) == ("jose@novo.com.br", "21911112222", theirs.version + 1)
    assert mine.updated_by != "clerk.b"


def test_reload_takes_their_version_and_the_next_save_goes_through(
    desk: Shop, other_desk: AddressBook, qtbot: QtBot
) -> None:
    dialog, saved = opened(desk, qtbot)
    other_desk.save(replace(saved, phone="21988887777"))
    dialog.form.edits["email"].setText("jose@novo.com.br")
    question = ask(dialog, qtbot)

    with qtbot.waitSignal(dialog.reloaded, timeout=WAIT_MS):
        question.reload_button.click()

    assert dialog.form.edits["phone"].text() == "(21) 98888-7777"  # theirs is shown
    assert dialog.form.edits["email"].text() == "jose@example.com"  # mine is dropped
    assert dialog.isVisible()
    dialog.form.edits["number"].setText("12")
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        dialog.accept()
    [kept] = other_desk.list()
    assert (kept.phone, kept.email, kept.number, kept.version) == ("21988887777", "jose@example.com", "12", 3)


@pytest.mark.parametrize("choice", ["save as new", "discard"])
def test_an_address_deleted_meanwhile_is_never_revived_by_a_stale_save(
    desk: Shop, other_desk: AddressBook, qtbot: QtBot, choice: str
) -> None:
    dialog, saved = opened(desk, qtbot)
    assert other_desk.delete([saved]) == 1
    dialog.form.edits["email"].setText("jose@novo.com.br")

    question = ask(dialog, qtbot)

    assert question.kind is ConflictKind.DELETED
    assert question.text().startswith("The address “José Araújo” was deleted by clerk.b on ")
    assert other_desk.list() == []  # not revived
    assert question.overwrite_button.text().replace("&", "") == "Save as new"
    if choice == "discard":
        with qtbot.waitSignal(dialog.rejected, timeout=WAIT_MS):
            question.reload_button.click()
        assert other_desk.list() == []
        return
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        question.overwrite_button.click()
    [new] = other_desk.list()
    assert (new.email, new.version) == ("jose@novo.com.br", 1)
    assert new.uid != saved.uid


def test_deleting_an_address_changed_on_another_desk_asks_first(
    desk: Shop, other_desk: AddressBook, qtbot: QtBot
) -> None:
    _box, shop = desk
    shop.service.addresses().save(RECIPIENT)
    page = shown_page(desk, qtbot)
    page.confirm = lambda question: True
    [shown] = page.model.items()
    other_desk.save(replace(shown, phone="21988887777"))
    page.table.selectRow(0)

    with qtbot.waitSignal(page.conflictAsked, timeout=WAIT_MS) as asked:
        page.delete_selected()
    question = asked.args[0]
    assert question.kind is ConflictKind.DELETING
    assert question.text().startswith("The address “José Araújo” was changed by clerk.b on ")
    assert question.overwrite_button.text().replace("&", "") == "Delete anyway"
    assert len(other_desk.list()) == 1

    question.overwrite_button.click()

    qtbot.waitUntil(lambda: other_desk.list() == [], timeout=WAIT_MS)
    qtbot.waitUntil(lambda: page.model.rowCount() == 0, timeout=WAIT_MS)
