"""A missing setting (`SettingMissingError`) reaches the window as a message that offers
"Open Settings", and the button opens the Settings dialog at the field it names, in the
window's language; any other failure offers nothing of the kind."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pytestqt.qtbot import QtBot

from postalgui.api.errors import ApiError
from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tab_factories import TAB_FACTORIES, shipping_tab
from postalgui.gui.tabs.shipping import ShippingTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.setting_missing import NEEDS, SettingMissingError
from tests.gui.conftest import OFFSCREEN_NOISE

WAIT_MS = 20_000

SAID = {
    "en": ("Pre-postings need the posting card number: set it in Settings.", "Open Settings"),
    "pt_BR": (
        "As pré-postagens precisam do número do cartão de postagem: preencha-o nas Configurações.",
        "Abrir configurações",
    ),
}


def test_a_missing_setting_offers_open_settings_at_its_fields(qtbot: QtBot) -> None:
    asked: list[Sequence[str]] = []
    area = MessageArea(open_settings=asked.append)
    qtbot.addWidget(area)
    area.show_routine_error(SettingMissingError("invoices.dr"), Failure(key="list"))
    bar = area.message("list")
    assert bar is not None
    assert bar.action_button is not None
    bar.action_button.click()
    assert asked == [("dr",)]
    area.show_routine_error(ApiError("The operator refused it"), Failure(key="list"))
    other = area.message("list")
    assert other is not None
    assert other.action_button is None  # a failure that is not a missing setting


def test_without_a_window_the_message_is_said_alone(qtbot: QtBot) -> None:
    area = MessageArea()  # a tab built alone (tests, a dialog): nobody to open Settings
    qtbot.addWidget(area)
    area.show_routine_error(SettingMissingError("shipping.card"), Failure(key="k"))
    bar = area.message("k")
    assert bar is not None
    assert bar.action_button is None


def test_every_missing_setting_names_a_field_the_dialog_has(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    dialog = SettingsDialog(context, runner)
    qtbot.addWidget(dialog)
    for need, (fields, _english) in NEEDS.items():
        assert all(dialog.field_widget(field) is not None for field in fields), need


@pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, "This plugin does not support raise")  # the dialog raised again
def test_open_settings_in_a_tabs_message_opens_the_dialog_at_the_field(
    each_language: str, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    window = MainWindow(context, runner, tab_factories=TAB_FACTORIES)
    qtbot.addWidget(window)
    window.show()
    tab = window.built_tab(TAB_FACTORIES.index(shipping_tab))  # a tab the window built
    assert isinstance(tab, ShippingTab)
    tab.messages.show_routine_error(SettingMissingError("shipping.card"), Failure(key="send"))
    bar = tab.messages.message("send")
    assert bar is not None
    assert bar.action_button is not None
    assert (bar.text(), bar.action_button.text()) == SAID[each_language]
    bar.action_button.click()
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible, timeout=WAIT_MS)
    assert dialog.focusWidget() is dialog.card_edit
    assert window.open_settings(["dr"]) is dialog  # one dialog; asked again, at another field
    assert dialog.focusWidget() is dialog.dr_spin
    dialog.reject()
    window.close()
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=WAIT_MS)
