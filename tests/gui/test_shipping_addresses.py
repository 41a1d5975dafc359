"""The Shipping tab's Addresses page, its dialogs and the picker, over the real shipping
service and the shared sandbox's CEP service: a typed CEP fills the address through the
task runner (an unknown one said beside the field), a bad field is named with its rule,
the import preview names row and column, one default sender, search as you type."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.shipping.address_dialog import AddressDialog
from postalgui.gui.tabs.shipping.address_import_dialog import AddressImportDialog
from postalgui.gui.tabs.shipping.address_model import AddressColumn
from postalgui.gui.tabs.shipping.address_page import AddressPage
from postalgui.gui.tabs.shipping.address_picker import AddressPicker
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.service import ShippingService
from tests.gui.shipping_support import shipping_desk, shown_page, speaking

WAIT_MS = 30_000
SENDER = Address(
    AddressKind.SENDER,
    "Loja Exemplo",
    "01310100",
    "Avenida Paulista",
    "1000",
    "",
    "Bela Vista",
    "São Paulo",
    "SP",
)
RECIPIENT = Address(
    AddressKind.RECIPIENT, "José Araújo", "20040020", "Rua da Assembleia", "10", "", "Centro",
    "Rio de Janeiro", "RJ", group="Atacado",
)  # fmt: skip
PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
    b"\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\x89\x99=\x1d\x00\x00\x00\x00IEND\xaeB`\x82"
)


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


@pytest.fixture
def page(desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot) -> AddressPage:
    _box, shop = desk
    book = shop.service.addresses()
    book.save(SENDER)
    book.save(RECIPIENT)
    return shown_page(desk, qtbot)


def dialog_for(desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, address: Address) -> AddressDialog:
    box, shop = desk
    dialog = AddressDialog(shop, address, [], box)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_typed_cep_fills_the_address_and_an_unknown_one_is_said(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, each_language: str
) -> None:
    dialog = dialog_for(desk, qtbot, Address(AddressKind.RECIPIENT, "", ""))
    form = dialog.form
    form.edits["number"].setText("12")

    with qtbot.waitSignal(form.cepLooked, timeout=WAIT_MS):
        qtbot.keyClicks(form.cep_edit, "01310100")

    assert form.cep_edit.text() == "01310-100"  # written as typed
    assert form.edits["street"].text()
    assert form.edits["city"].text()
    assert form.state_combo.currentText() == "SP"
    assert form.edits["number"].text() == "12"  # what was typed stays

    form.cep_edit.clear()
    with qtbot.waitSignal(form.cepLooked, timeout=WAIT_MS):
        qtbot.keyClicks(form.cep_edit, "01310-999")  # the sandbox's unknown CEPs end in 999

    unknown = {"en": "Unknown CEP", "pt_BR": "CEP desconhecido"}[each_language]
    assert form.cep_note.text().startswith(unknown)
    assert form.edits["street"].isEnabled()
    dialog.close()


def test_a_bad_field_is_named_with_its_rule_and_nothing_is_saved(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot
) -> None:
    dialog = dialog_for(desk, qtbot, replace(RECIPIENT, name="", uid=""))

    dialog.accept()

    assert dialog.error.isVisible()
    assert dialog.error.text() == "Field Name is required"  # the label the dialog shows
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert desk[1].service.addresses().list() == []
    dialog.close()


def test_a_sender_with_a_logo_is_saved(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = dialog_for(desk, qtbot, SENDER)
    logo = tmp_path / "logo.png"
    logo.write_bytes(PNG)
    dialog.choose_logo = lambda: logo
    not_image = tmp_path / "logo.txt"
    not_image.write_text("no")

    assert not dialog.load_logo(not_image)
    assert "logo.txt must be a PNG or JPEG image" in dialog.error.text()
    dialog.logo_button.click()
    assert dialog.logo == PNG
    assert not dialog.logo_label.pixmap().isNull()

    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        dialog.accept()

    [kept] = desk[1].service.addresses().list()
    assert (kept.name, kept.logo, kept.is_default) == ("Loja Exemplo", PNG, True)


def test_the_page_filters_as_typed_and_sets_the_default_sender(page: AddressPage, qtbot: QtBot) -> None:
    ModelTester(None).check(page.model)  # type: ignore[arg-type]  # pytest-qt's own config is not needed
    assert page.model.rowCount() == 2
    assert page.summary_label.text() == "2 of 2"

    qtbot.keyClicks(page.search_edit, "jose araujo")
    assert [address.name for address in page.model.items()] == ["José Araújo"]
    page.search_edit.clear()
    page.group_combo.setCurrentIndex(page.group_combo.findData("Atacado"))
    assert [address.name for address in page.model.items()] == ["José Araújo"]
    page.group_combo.setCurrentIndex(0)
    page.kind_combo.setCurrentIndex(page.kind_combo.findData(AddressKind.SENDER.value))
    assert [address.name for address in page.model.items()] == ["Loja Exemplo"]

    book = page.desk.service.addresses()
    other = book.save(replace(SENDER, name="Filial Campinas", cep="13010000", city="Campinas"))
    with qtbot.waitSignal(page.addressesLoaded, timeout=WAIT_MS):
        page.reload()
    page.table.selectRow(page.model.row_of(other.uid))
    assert page.default_action.isEnabled()
    with qtbot.waitSignal(page.addressesLoaded, timeout=WAIT_MS):
        page.default_action.trigger()

    default = book.default_sender()
    assert default is not None
    assert default.uid == other.uid
    row = page.model.row_of(other.uid)
    assert page.model.index(row, AddressColumn.KIND).data() == "Sender (default)"


def test_delete_asks_first(page: AddressPage, qtbot: QtBot) -> None:
    asked: list[str] = []
    page.confirm = lambda question: bool(asked.append(question))  # says no
    page.table.selectAll()

    assert page.delete_selected() is None
    assert asked == ["Delete 2 addresses from the address book?"]

    page.confirm = lambda question: True
    assert page.delete_selected() is not None
    # A read begun before the delete committed may land first: the page shows the book
    # as the reading after the delete finds it.
    qtbot.waitUntil(lambda: page.model.rowCount() == 0, timeout=WAIT_MS)


def test_the_import_preview_names_row_and_column_then_imports_the_good_rows(
    page: AddressPage, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text(
        "nome;cep;logradouro;numero;bairro;cidade;uf;celular\n"
        "Ana;13010-000;;5;;;;\n"
        ";01310-100;Av. Paulista;1000;Bela Vista;São Paulo;SP;\n"
        "Caio;01310-999;;9;;;;\n"
        "Dora;01310-100;;9;;;;123\n",
        encoding="utf-8",
    )
    page.choose_file = lambda: path
    dialogs: list[AddressImportDialog] = []

    def run(dialog: QDialog) -> bool:
        assert isinstance(dialog, AddressImportDialog)
        dialogs.append(dialog)
        qtbot.waitUntil(lambda: dialog.rows != [] and dialog.import_button.isEnabled(), timeout=WAIT_MS)
        assert dialog.problem_rows()[0] == ("3", "nome", "Field nome is required")
        assert [(row, column) for row, column, _ in dialog.problem_rows()] == [
            ("3", "nome"), ("4", "cep"), ("5", "celular"),
        ]  # fmt: skip
        assert dialog.problem_rows()[1][2].startswith("CEP")  # the operator's words
        with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
            dialog.import_button.click()
        return True

    page.open_dialog = run
    page.import_file()

    assert dialogs[0].imported == 1
    qtbot.waitUntil(lambda: "Ana" in [address.name for address in page.model.items()], timeout=WAIT_MS)


def test_the_picker_offers_the_book_default_sender_first(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot
) -> None:
    box, shop = desk
    book = shop.service.addresses()
    book.save(replace(SENDER, name="Filial Campinas", cep="13010000", city="Campinas"))
    default = book.save(replace(SENDER, is_default=True))
    book.save(RECIPIENT)
    picker = AddressPicker(shop.service, shop, AddressKind.SENDER, box)
    qtbot.waitSignal(picker.loaded, timeout=WAIT_MS).wait()

    assert [address.name for address in picker.addresses()] == ["Loja Exemplo", "Filial Campinas"]
    with qtbot.waitSignal(picker.chosen) as chosen:
        assert picker.choose(default.uid)
    assert chosen.args == [default]
    assert picker.text().startswith("Loja Exemplo — Avenida Paulista, 1000, São Paulo/SP, 01310-100")
    ModelTester(None).check(picker.proxy)  # type: ignore[arg-type]  # pytest-qt's own config is not needed


def test_import_waits_for_the_preview_task_to_end_before_it_can_be_clicked(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, tmp_path: Path
) -> None:
    """The preview's answer arrives before its task is over: a click in between did nothing."""
    path = tmp_path / "clientes.csv"
    path.write_text(
        "nome;cep;logradouro;numero;bairro;cidade;uf\nAna;01310-100;Av. Paulista;5;Bela Vista;São Paulo;SP\n",
        encoding="utf-8",
    )
    box, shop = desk
    dialog = AddressImportDialog(shop, path, AddressKind.RECIPIENT, box)
    qtbot.addWidget(dialog)
    seen: list[bool] = []
    dialog.previewed.connect(lambda _good: seen.append(dialog.import_button.isEnabled()))
    with qtbot.waitSignal(dialog.previewed, timeout=WAIT_MS):
        dialog.preview()
    assert seen == [False]  # answered, its task not over yet: not clickable
    qtbot.waitUntil(dialog.import_button.isEnabled, timeout=WAIT_MS)
    with qtbot.waitSignal(dialog.accepted, timeout=WAIT_MS):
        dialog.import_button.click()
    assert dialog.imported == 1


def test_the_import_preview_names_the_columns_it_did_not_read(
    desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot, tmp_path: Path
) -> None:
    """A sheet's own titles are read (Telefone, cpf_cnpj); one nobody knows is said, not lost in silence."""
    path = tmp_path / "clientes.csv"
    path.write_text(
        "Nome;CEP;Endereço;Nº;Bairro;Cidade;UF;Telefone;cpf_cnpj;Fax\n"
        "Ana;01310-100;Av. Paulista;5;Bela Vista;São Paulo;SP;(11) 98765-4321;529.982.247-25;11 3333-4444\n",
        encoding="utf-8",
    )
    box, shop = desk
    dialog = AddressImportDialog(shop, path, AddressKind.RECIPIENT, box)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(dialog.import_button.isEnabled, timeout=WAIT_MS)

    assert dialog.summary.text().endswith("\nColumns not read (not known): Fax.")
    (row,) = dialog.rows
    assert row.address is not None
    assert (row.address.phone, row.address.cpf_cnpj) == ("11987654321", "52998224725")


def test_an_empty_book_says_how_to_fill_it(desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot) -> None:
    """A first look at the page, with nothing saved yet: not "0 of 0" but what to do."""
    built = shown_page(desk, qtbot)
    assert built.summary_label.text() == (
        "No addresses yet: add one with New, or many from a spreadsheet with Import."
    )
