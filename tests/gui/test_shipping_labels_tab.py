"""The labels part inside the Shipping tab, over the real shipping service, office database
and settings file: the Pre-postings toolbar carries Labels…, Content declaration… and
Posting list…, Ctrl+L from the table makes the selected pre-posting's labels, the tab says
how many objects Tracking now follows, and a print's printer and layout land in the
settings file."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from postalgui.api.cancel import PlainTask, TaskControl
from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.gui import i18n
from postalgui.gui.tabs.shipping import labels_dialog, labels_preview
from postalgui.gui.tabs.shipping.labels_dialog import LabelsDialog
from postalgui.gui.tabs.shipping.tab import ShippingTab
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.services.context import AppContext
from postalgui.services.settings import SettingsStore
from postalgui.services.shipping.use_cases import IssuedLabels, create_prepostings
from tests.e2e.test_shipping_flow import ORDER
from tests.gui.test_shipping_labels import FakePrinter, fake_print_dialog, label_pdf
from tests.gui.test_shipping_tab import WAIT_MS, record

CHOSEN = "PR000000000000000000001A"


@pytest.fixture
def tab(context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: object) -> Iterator[ShippingTab]:
    installed = i18n.install_translators(qapp, "en")  # type: ignore[arg-type]  # the QApplication
    record(context, CHOSEN, PrepostingStatus.PREPOSTED, 0)
    record(context, "PR000000000000000000002B", PrepostingStatus.PREPOSTED, 1)
    built = ShippingTab(context.shipping, runner, MessageArea())
    qtbot.addWidget(built)
    built.resize(1100, 720)
    with qtbot.waitSignal(built.shipments.shipmentsLoaded, timeout=WAIT_MS):
        built.show()
    yield built
    built.close()
    i18n.remove_translators(qapp, installed)  # type: ignore[arg-type]


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[str], str]]:
    asked: list[tuple[list[str], str]] = []

    def ours(task: TaskControl, service: object, ids: Sequence[str], layout: object) -> IssuedLabels:
        asked.append((list(ids), str(layout)))
        return IssuedLabels(label_pdf(list(ids)), (), len(ids))

    monkeypatch.setattr(labels_dialog, "our_labels", ours)
    return asked


def test_the_toolbar_carries_the_printing_actions(tab: ShippingTab) -> None:
    texts = [action.text() for action in tab.shipments.toolbar.actions() if not action.isSeparator()]
    assert texts[-3:] == ["Labels…", "Content declaration…", "Posting list…"]


def test_ctrl_l_makes_the_selected_labels_and_the_tab_says_tracking_follows(
    tab: ShippingTab, qtbot: QtBot, made: list[tuple[list[str], str]]
) -> None:
    tab.shipments.select_ids([CHOSEN])
    tab.shipments.table.setFocus()
    with qtbot.waitSignal(tab.labels.dialogOpened, timeout=WAIT_MS) as opened:
        QTest.keyClick(tab.shipments.table, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    dialog = opened.args[0]
    assert isinstance(dialog, LabelsDialog)
    qtbot.waitUntil(lambda: dialog.viewer.page_count == 1, timeout=WAIT_MS)
    assert made == [([CHOSEN], "100x150")]
    assert CHOSEN in dialog.viewer.text_of_page(0)
    assert [bar.text() for bar in tab.messages.messages()] == ["1 object now followed in Tracking."]
    dialog.close()


def test_a_print_keeps_printer_and_layout_in_the_settings_file(
    tab: ShippingTab,
    context: AppContext,
    qtbot: QtBot,
    made: list[tuple[list[str], str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(labels_preview, "QPrinter", FakePrinter)
    accepting = fake_print_dialog(tmp_path / "out.pdf", "Argox OS-214")
    monkeypatch.setattr(labels_preview, "QPrintDialog", accepting)
    tab.shipments.select_ids([CHOSEN])
    dialog = tab.labels.open_labels()
    assert dialog is not None
    with qtbot.waitSignal(dialog.documentShown, timeout=WAIT_MS):
        dialog.choose("ours", "a4")
    with qtbot.waitSignal(dialog.printed):
        dialog.print_button.click()
    on_disk = SettingsStore(context.paths.settings_file).load().shipping
    assert (on_disk.printer, on_disk.layout, on_disk.label_source) == ("Argox OS-214", "a4", "ours")
    dialog.close()


@pytest.fixture
def registered(context: AppContext, shared_sandbox: str) -> str:
    """A pre-posting registered with the sandbox (labels there are ready at once); its id."""
    requests.put(f"{shared_sandbox}/_sandbox/prepost/config", json={"rotulo_delay_s": 0}, timeout=5)
    report = create_prepostings(PlainTask(), context.shipping, [ORDER])
    (created,) = report.created
    return created.prepost_id


def test_labels_declaration_and_the_days_list_over_the_sandbox(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, qapp: object, registered: str
) -> None:
    """The real use cases: the code issued by the operator, the labels made here and the
    operator's, the declaration and the day's posting list, each shown in the viewer."""
    installed = i18n.install_translators(qapp, "en")  # type: ignore[arg-type]  # the QApplication
    tab = ShippingTab(context.shipping, runner, MessageArea())
    qtbot.addWidget(tab)
    tab.resize(1366, 768)
    try:
        with qtbot.waitSignal(tab.shipments.shipmentsLoaded, timeout=WAIT_MS):
            tab.show()
        tab.shipments.select_ids([registered])
        dialog = tab.labels.open_labels()
        assert dialog is not None
        qtbot.waitUntil(lambda: dialog.viewer.page_count == 1, timeout=WAIT_MS)
        (labelled,) = context.shipping.book().get([registered])
        code = labelled.object_code
        assert code is not None
        assert context.tracking.watchlist().detail(code) is not None
        assert ORDER.recipient.name in dialog.viewer.text_of_page(0)
        assert [bar.text() for bar in tab.messages.messages()] == ["1 object now followed in Tracking."]
        with qtbot.waitSignal(dialog.documentShown, timeout=WAIT_MS):
            dialog.choose("operator", "LINEAR_100_150")
        assert dialog.viewer.page_count >= 1
        dialog.close()

        declaration = tab.labels.open_declaration()
        assert declaration is not None
        qtbot.waitUntil(lambda: declaration.viewer.page_count >= 1, timeout=WAIT_MS)
        assert ORDER.recipient.name in declaration.viewer.text_of_page(0)
        declaration.close()

        tab.shipments.table.clearSelection()
        day_list = tab.labels.open_posting_list()
        qtbot.waitUntil(lambda: day_list.viewer.page_count >= 1, timeout=WAIT_MS)
        assert code in day_list.viewer.text_of_page(0).replace(" ", "")
        day_list.close()
    finally:
        tab.close()
        i18n.remove_translators(qapp, installed)  # type: ignore[arg-type]
