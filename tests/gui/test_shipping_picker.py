"""A new pre-posting with the address book (issue 37): a saved recipient picked by typing
part of its name, CPF/CNPJ, CEP or group fills every field, in the picker or in the name
field; one person form for the address dialog and the pre-posting; the content table
keeps Enter; the address dialog's CEP keeps its width; the dialogs fit 1366x768 in both
languages; every count in words with the language's plural forms."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.api.models.prepostings import Person
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.shipping.address_dialog import AddressDialog
from postalgui.gui.tabs.shipping.address_picker import NAME_ROLE, AddressPicker, EntryModel
from postalgui.gui.tabs.shipping.new_dialog import NewPrepostingDialog
from postalgui.gui.tabs.shipping.person_form import PersonForm
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.cep_edit import CepEdit
from postalgui.services.context import AppContext
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.service import ShippingService
from tests.gui.alt_letters import shown_letters
from tests.gui.conftest import OFFSCREEN_NOISE
from tests.gui.shipping_support import shipping_desk, speaking

WAIT_MS = 30_000
POPUP_NOISE = pytest.mark.qt_log_ignore(  # the offscreen platform on a list that pops up, not our code
    OFFSCREEN_NOISE,
    "This plugin does not support raise",
    "This plugin does not support grabbing the keyboard",
)
JOSE = Address(
    AddressKind.RECIPIENT, "José Araújo", "20040020", "Rua da Assembleia", "10", "sala 1201", "Centro",
    "Rio de Janeiro", "RJ", "jose@example.com", "21987654321", "11222333000181", group="Atacado",
)  # fmt: skip
MARIA = Address(
    AddressKind.RECIPIENT, "Maria da Silva", "01310100", "Avenida Paulista", "1500", "", "Bela Vista",
    "São Paulo", "SP", cpf_cnpj="52998224725", group="Varejo",
)  # fmt: skip


@pytest.fixture(autouse=True)
def english(qapp: QCoreApplication) -> Iterator[None]:
    """English as the app speaks it (its plural forms); a test may install Portuguese over it."""
    with speaking(qapp, "en"):
        yield


@pytest.fixture
def desk(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> Iterator[tuple[QWidget, Desk[ShippingService]]]:
    with shipping_desk(context, runner, qtbot) as made:
        yield made


def shown(dialog: QWidget, qtbot: QtBot) -> None:
    """``dialog`` shown and active: keys reach its focused widget, popups open."""
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)


@pytest.fixture
def new_dialog(desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot) -> NewPrepostingDialog:
    box, shop = desk
    book = shop.service.addresses()
    book.save(JOSE)
    book.save(MARIA)
    dialog = NewPrepostingDialog(shop, box)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.recipient_picker.loaded, timeout=WAIT_MS):
        shown(dialog, qtbot)
    return dialog


def person_of(address: Address) -> Person:
    return address.person()


def pick_from_popup(qtbot: QtBot, line: QLineEdit, picker: AddressPicker) -> Address:
    """The first entry of the list open under ``line``, chosen with the keyboard."""
    completer = line.completer()
    assert completer is not None
    popup = completer.popup()
    assert popup is not None
    qtbot.waitUntil(popup.isVisible)
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    with qtbot.waitSignal(picker.chosen) as chosen:
        qtbot.keyClick(popup, Qt.Key.Key_Return)
    address = chosen.args[0]
    assert isinstance(address, Address)
    return address


@POPUP_NOISE
@pytest.mark.parametrize("typed", ["araujo", "Jose Ar", "11.222.333", "11222333000", "20040-0", "atacado"])
def test_a_saved_recipient_picked_by_part_of_its_name_cnpj_cep_or_group_fills_every_field(
    new_dialog: NewPrepostingDialog, qtbot: QtBot, typed: str
) -> None:
    picker = new_dialog.recipient_picker
    picker.setFocus()
    qtbot.keyClicks(picker, typed)
    assert [address.name for address in picker.offered()] == ["José Araújo"]

    picked = pick_from_popup(qtbot, picker, picker)

    assert picked.uid
    assert new_dialog.recipient_fields.person() == person_of(JOSE)
    form = new_dialog.recipient_fields
    assert (form.cep_edit.text(), form.edits["cpf_cnpj"].text()) == ("20040-020", "11.222.333/0001-81")
    assert picker.text().startswith("José Araújo — ")
    qtbot.waitUntil(lambda: picker.cursorPosition() == 0)  # the name shows, not the entry's end
    new_dialog.close()


@POPUP_NOISE
def test_typing_a_name_in_the_name_field_offers_the_saved_ones(
    new_dialog: NewPrepostingDialog, qtbot: QtBot
) -> None:
    name = new_dialog.recipient_fields.edits["name"]
    name.setFocus()
    qtbot.keyClicks(name, "mari")
    assert [address.name for address in new_dialog.recipient_picker.offered()] == ["Maria da Silva"]

    pick_from_popup(qtbot, name, new_dialog.recipient_picker)

    assert new_dialog.recipient_fields.person() == person_of(MARIA)
    new_dialog.close()


def test_the_pickers_entries_pass_the_model_tester_and_keep_the_book_order(
    qtmodeltester: ModelTester,
) -> None:
    model = EntryModel()
    model.set_addresses([MARIA, JOSE])
    qtmodeltester.check(model, force_py=False)
    first = model.index(0, 0)
    assert first.data() == AddressPicker.entry(MARIA)
    assert first.data(Qt.ItemDataRole.ToolTipRole) == first.data()  # the whole entry, however narrow the list
    assert first.data(NAME_ROLE) == "Maria da Silva"
    assert model.index(1, 0).data(NAME_ROLE) == "José Araújo"


def test_the_address_dialog_and_the_new_dialog_use_one_person_form(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot
) -> None:
    box, shop = desk
    address_dialog = AddressDialog(shop, JOSE, [], box)
    new_dialog = NewPrepostingDialog(shop, box)
    qtbot.addWidget(address_dialog)
    qtbot.addWidget(new_dialog)
    forms = [address_dialog.form, new_dialog.sender_fields, new_dialog.recipient_fields]
    assert [type(form) for form in forms] == [PersonForm] * 3
    for dialog in (address_dialog, new_dialog):  # no second set of person fields anywhere
        names = {
            edit.objectName()
            for edit in dialog.findChildren(QLineEdit)
            if edit.objectName().endswith("_name")
        }
        assert names <= {"shippingAddress_name", "sender_name", "recipient_name"}
    assert address_dialog.form.person() == person_of(JOSE)
    address_dialog.close()
    new_dialog.close()


def test_every_cep_field_is_written_as_typed(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot
) -> None:
    box, shop = desk
    address_dialog = AddressDialog(shop, Address(AddressKind.RECIPIENT, "", ""), [], box)
    new_dialog = NewPrepostingDialog(shop, box)
    qtbot.addWidget(address_dialog)
    qtbot.addWidget(new_dialog)
    for form in (address_dialog.form, new_dialog.sender_fields, new_dialog.recipient_fields):
        assert isinstance(form.cep_edit, CepEdit)
    edit = new_dialog.recipient_fields.cep_edit
    qtbot.keyClicks(edit, "01310")
    assert edit.text() == "01310"
    qtbot.keyClicks(edit, "1")
    assert edit.text() == "01310-1"
    qtbot.keyClicks(edit, "00x9")  # a letter is refused, a ninth digit too
    assert edit.text() == "01310-100"
    qtbot.keyClick(edit, Qt.Key.Key_Home)
    for _ in range(5):
        qtbot.keyClick(edit, Qt.Key.Key_Right)
    qtbot.keyClick(edit, Qt.Key.Key_Delete)  # just before the hyphen: the digit after it goes
    assert edit.text() == "01310-00"
    edit.clear()
    edit.insert("01.310-100")  # pasted as written elsewhere
    assert edit.text() == "01310-100"
    assert new_dialog.recipient_fields.person().cep == "01310100"
    address_dialog.close()
    new_dialog.close()


def test_enter_in_the_content_table_ends_the_cell_not_the_dialog(
    new_dialog: NewPrepostingDialog, qtbot: QtBot
) -> None:
    """Every field is right: Enter reaching the dialog would press Create and send."""
    new_dialog.set_recipient(person_of(MARIA))
    new_dialog.set_sender(replace(person_of(JOSE), name="Loja Exemplo"))
    fields = new_dialog.order_fields
    fields.weight_spin.setValue(1500)
    for spin, value in zip(fields.size_spins.values(), (20, 15, 10), strict=True):
        spin.setValue(value)
    contents = fields.contents
    contents.add_line("", 1, "10,00")
    table = contents.table
    table.setFocus()
    table.setCurrentCell(0, 0)
    table.editItem(table.item(0, 0))
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    qtbot.keyClicks(editor, "Livros")

    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() == QAbstractItemView.State.NoState)
    qtbot.keyClick(table, Qt.Key.Key_Return)  # again, on the table: the cell opens, nothing is sent

    item = table.item(0, 0)
    assert item is not None
    assert item.text() == "Livros"
    assert new_dialog.isVisible()
    assert new_dialog.task is None
    assert new_dialog.problem_label.text() == ""
    assert new_dialog.order() is not None  # it was ready to go
    new_dialog.close()


def test_the_address_dialogs_cep_keeps_its_width_when_the_cep_is_unknown(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, each_language: str
) -> None:
    box, shop = desk
    dialog = AddressDialog(shop, Address(AddressKind.RECIPIENT, "", ""), [], box)
    qtbot.addWidget(dialog)
    shown(dialog, qtbot)
    form = dialog.form
    before = (form.cep_edit.width(), dialog.width())

    with qtbot.waitSignal(form.cepLooked, timeout=WAIT_MS):
        qtbot.keyClicks(form.cep_edit, "01310999")  # the sandbox's unknown CEPs end in 999
    QApplication.processEvents()

    assert form.cep_note.text() == {"en": "Unknown CEP", "pt_BR": "CEP desconhecido"}[each_language]
    assert (form.cep_edit.width(), dialog.width()) == before
    metrics = form.cep_edit.fontMetrics()
    assert form.cep_edit.width() > metrics.horizontalAdvance("00000-000")
    assert dialog.width() >= dialog.sizeHint().width()  # what it holds reads whole
    assert form.edits["email"].width() >= 30 * metrics.averageCharWidth()
    dialog.close()


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_the_dialogs_fit_1366x768_without_scrolling_and_their_letters_are_single(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, qapp: QCoreApplication, language: str
) -> None:
    box, shop = desk
    with speaking(qapp, language):
        new_dialog = NewPrepostingDialog(shop, box)
        address_dialog = AddressDialog(shop, replace(JOSE, kind=AddressKind.SENDER), [], box)
        qtbot.addWidget(new_dialog)
        qtbot.addWidget(address_dialog)
        new_dialog.fit(QSize(1366, 768))
        address_dialog.adjustSize()
        for dialog in (new_dialog, address_dialog):
            assert dialog.width() <= 1300, type(dialog).__name__
            assert dialog.height() <= 740, type(dialog).__name__
            dialog.show()
            letters = shown_letters(dialog)
            assert sorted(letters) == sorted(set(letters)), (type(dialog).__name__, sorted(letters))
        body = new_dialog._body.sizeHint()
        assert body.height() <= new_dialog.height() - 60  # the form whole, above the buttons
        new_dialog.close()
        address_dialog.close()


CANCELLED = "%Ln pre-posting(s) cancelled."
ROWS_READY = "%Ln row(s), all ready to send."


@pytest.mark.parametrize(
    ("context_name", "source", "count", "english", "portuguese"),
    [
        ("ShipmentPage", CANCELLED, 1, "1 pre-posting cancelled.", "1 pré-postagem cancelada."),
        ("ShipmentPage", CANCELLED, 2, "2 pre-postings cancelled.", "2 pré-postagens canceladas."),
        ("OrdersDialog", ROWS_READY, 1, "1 row, ready to send.", "1 linha, pronta para enviar."),
        ("OrdersDialog", ROWS_READY, 3, "3 rows, all ready", "3 linhas, todas prontas"),
        ("ShippingWords", "Expires in %Ln day(s)", 2, "Expires in 2 days", "Expira em 2 dias"),
        ("AddressPage", "%Ln address(es) imported from %1", 1, "1 address imported", "1 endereço importado"),
    ],
)
def test_counts_in_shipping_use_the_languages_plural_forms(
    each_language: str, context_name: str, source: str, count: int, english: str, portuguese: str
) -> None:
    text = QCoreApplication.translate(context_name, source, "", count)
    assert text.startswith(english if each_language == "en" else portuguese)
    assert "(s)" not in text
    assert "(es)" not in text
