"""Every dialog fits a 1366 x 768 screen in both languages; what does not fit scrolls inside.

Settings opened 1,659 px wide in Portuguese on a 1,366 px screen, OK and Cancel off it,
and 1,467 px once a long database URL was typed (issue 37). The offscreen screen the
tests run on is 800 x 800, so a dialog's own size is checked against that screen (it
must shrink to it) and its natural and smallest sizes against 1366 x 768.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.environments import Environment
from postalgui.gui.desk import Desk
from postalgui.gui.dialogs.about import about_text
from postalgui.gui.dialogs.conflict_question import ConflictKind, ConflictQuestion
from postalgui.gui.dialogs.crash_dialog import CrashDialog
from postalgui.gui.dialogs.sent_dialog import SentDialog
from postalgui.gui.dialogs.settings_dialog import ENVIRONMENTS, SettingsDialog
from postalgui.gui.tabs.claims.candidate_statement import StatementDialog
from postalgui.gui.tabs.claims.file_dialog import FileDialog
from postalgui.gui.tabs.claims.reopen_dialog import ReopenDialog
from postalgui.gui.tabs.invoices.job_requests import PreviewDialog
from postalgui.gui.tabs.shipping import ShippingTab
from postalgui.gui.tabs.shipping.address_dialog import AddressDialog
from postalgui.gui.tabs.shipping.address_import_dialog import AddressImportDialog
from postalgui.gui.tabs.shipping.labels_dialog import LabelsDialog
from postalgui.gui.tabs.tracking.add_dialog import AddDialog
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.screen_fit import FRAME, screen_room
from postalgui.services.claims.candidates import Candidate, Kind
from postalgui.services.claims.records import Claim, ClaimState, Outcome
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.context import AppContext
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.service import ShippingService
from tests.gui.test_settings_dialog import _type

SCREEN = QSize(1366, 768)
ROOM = SCREEN - FRAME
"""A window and its frame on a 1366 x 768 screen."""
LONG_URL = "postgresql://postalgui@" + "escritorio-central-" * 15 + "sp.example.com:5432/postalgui"
WAIT_MS = 30_000


def _within(size: QSize, room: QSize) -> bool:
    return size.width() <= room.width() and size.height() <= room.height()


def assert_fits(dialog: QWidget) -> None:
    """Its size and its smallest fit 1366 x 768."""
    name = type(dialog).__name__
    assert _within(dialog.minimumSizeHint(), ROOM), (name, "smallest", dialog.minimumSizeHint())
    assert _within(dialog.minimumSize(), ROOM), (name, "minimum", dialog.minimumSize())
    assert _within(dialog.size(), ROOM), (name, "size", dialog.size())


def assert_on_its_screen(dialog: QWidget) -> None:
    """Its size fits the screen it opens on, smaller than 1366 x 768 here."""
    room = screen_room(dialog)
    assert room is not None
    assert _within(dialog.size(), room), (type(dialog).__name__, dialog.size(), room)


# --- Settings ---------------------------------------------------------------------------


def _settings(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> SettingsDialog:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _settled(qtbot: QtBot) -> None:
    """Every pending layout request run (a label's new text asks for one)."""
    qtbot.wait(0)
    QApplication.processEvents()


def test_settings_fits_the_screen_in_each_language(
    each_language: str, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _settings(context, runner, qtbot)
    assert _within(dialog.sizeHint(), ROOM), (each_language, dialog.sizeHint())  # no scrolling at 1366 x 768
    assert_fits(dialog)
    assert_on_its_screen(dialog)
    ok = dialog.ok_button
    assert QRect(QPoint(0, 0), dialog.size()).contains(QRect(ok.mapTo(dialog, QPoint(0, 0)), ok.size()))


def test_settings_stays_on_the_screen_with_long_urls_typed(
    each_language: str, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = _settings(context, runner, qtbot)
    size = dialog.size()
    dialog.environment_combo.setCurrentIndex(ENVIRONMENTS.index(Environment.CUSTOM))
    _type(qtbot, dialog.url_edit, "ftp://" + "api-" * 75)  # 306 characters, and a rule broken
    _type(qtbot, dialog.office_page.url_edit, LONG_URL)
    dialog.tracking_page.refresh_edit.setText("9" * 300)  # its rule quotes what was typed
    dialog.tracking_page.refresh_edit.textEdited.emit("9" * 300)
    _settled(qtbot)
    assert dialog.field_error("url")
    assert dialog.field_error("refresh_minutes")
    assert _within(dialog.sizeHint(), ROOM), dialog.sizeHint()
    assert_fits(dialog)
    assert_on_its_screen(dialog)
    assert dialog.size() == size


# --- every other dialog -----------------------------------------------------------------


@dataclass
class Makers:
    """What the dialogs are built from: the real context, a parent holding a message area."""

    context: AppContext
    runner: TaskRunner
    holder: QWidget
    tmp_path: Path

    def desk(self) -> Desk[ShippingService]:
        area = self.holder.findChild(MessageArea)
        assert area is not None
        return Desk(self.context.shipping, self.runner, area)

    def shipping_tab(self) -> ShippingTab:
        return ShippingTab(self.context.shipping, self.runner, MessageArea(), self.holder)


def _candidate(serial: int) -> Candidate:
    return Candidate(
        code=f"QB{serial:08d}BR",
        kind=Kind.LATE,
        reason=135,
        days_late=4,
        expected_on=date(2026, 11, 2),
        arrived_on=date(2026, 11, 6),
        claim_from=date(2026, 11, 2),
        postage=Decimal("50.00"),
        estimate=Decimal("12.50"),
        product="03220",
    )


def _claim() -> Claim:
    return Claim(
        code="QB12345678BR",
        state=ClaimState.FILED,
        outcome=Outcome.REFUSED,
        protocol="9000000001",
        reason=135,
        filed_at=datetime(2026, 11, 20, 14, 0, tzinfo=UTC),
        filed_by="clerk.a",
        situation="Encerrado",
        merit="Improcedente",
        last_event="Não foi constatada falha no serviço prestado pela empresa.",
    )


def _sent(makers: Makers) -> QDialog:
    office = OfficeDatabase(makers.tmp_path / "data", "sandbox", "")
    makers.holder.destroyed.connect(office.close)
    return SentDialog(lambda: office, makers.runner, makers.holder)


def _address_import(makers: Makers) -> QDialog:
    path = makers.tmp_path / "clientes.csv"
    path.write_text(
        "nome;cep;logradouro;numero;bairro;cidade;uf\nAna;01310-100;Av. Paulista;5;Bela Vista;São Paulo;SP\n",
        encoding="utf-8",
    )
    return AddressImportDialog(makers.desk(), path, AddressKind.RECIPIENT, makers.holder)


def _address(makers: Makers) -> QDialog:
    address = Address(
        AddressKind.RECIPIENT, "José Araújo", "20040020", "Rua da Assembleia", "10", "", "Centro",
        "Rio de Janeiro", "RJ", group="Atacado",
    )  # fmt: skip
    return AddressDialog(makers.desk(), address, ["Atacado"], makers.holder)


def _about(makers: Makers) -> QDialog:
    """What Help ▸ About shows (Qt's about box, built here instead of run modal)."""
    box = QMessageBox(
        QMessageBox.Icon.Information, "PostalGUI", about_text(makers.tmp_path / "postalgui.log")
    )
    box.setParent(makers.holder, box.windowFlags())
    return box


DIALOGS: dict[str, Callable[[Makers], QDialog]] = {
    "tracking add": lambda makers: AddDialog(makers.holder, "QB12345678BR\n" * 40),
    "claims file": lambda makers: FileDialog(
        [_candidate(serial) for serial in range(12)], ClaimsSettings(), makers.holder
    ),
    "claims reopen": lambda makers: ReopenDialog(_claim(), makers.holder),
    "claims statement": lambda makers: StatementDialog(makers.holder),
    "invoices preview": lambda makers: PreviewDialog("9912345678", 72, "", makers.holder),
    "crash": lambda makers: CrashDialog("Traceback (most recent call last):\n" * 80, makers.tmp_path / "log"),
    "sent": _sent,
    "about": _about,
    "preset conflict": lambda makers: ConflictQuestion(
        makers.holder,
        f"The preset “{'Caixa média ' * 3}” was changed by clerk.b at 14:02 after you opened it.",
    ),
    "address deleted": lambda makers: ConflictQuestion(
        makers.holder,
        "The address “Maria Aparecida dos Santos Oliveira” was deleted by clerk.b on 20/11/2026 14:02 "
        "after you opened it.",
        ConflictKind.DELETED,
    ),
    "shipping new": lambda makers: makers.shipping_tab().new_preposting(),
    "shipping orders": lambda makers: makers.shipping_tab().orders_file(),
    "shipping labels": lambda makers: LabelsDialog(makers.desk(), ["PR000000001BR"], makers.holder),
    "shipping address": _address,
    "shipping address import": _address_import,
}


@pytest.fixture
def makers(context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path) -> Iterator[Makers]:
    holder = QWidget()
    qtbot.addWidget(holder)
    QVBoxLayout(holder).addWidget(MessageArea(holder))
    yield Makers(context, runner, holder, tmp_path)
    for dialog in holder.findChildren(QDialog):
        dialog.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)


def _shown(name: str, makers: Makers, qtbot: QtBot) -> QDialog:
    dialog = DIALOGS[name](makers)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    _settled(qtbot)
    return dialog


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_dialog_fits_1366_by_768_in_each_language(
    name: str, each_language: str, makers: Makers, qtbot: QtBot
) -> None:
    assert_fits(_shown(name, makers, qtbot))


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_dialog_opens_no_larger_than_a_smaller_screen(name: str, makers: Makers, qtbot: QtBot) -> None:
    assert_on_its_screen(_shown(name, makers, qtbot))
