"""Shortcuts that work: no key is claimed twice, and every key the README lists does its
thing when pressed on a real focused widget of the real window (not only through its action).

Ambiguity is found the way Qt finds it: `ShortcutProbe` watches the application's
shortcut events while keys are pressed with the focus on every focusable widget of every
page, and swallows them (and the key presses), so probing triggers nothing. A key that Qt
hands out as "ambiguous" to a `QAction` or `QShortcut` does nothing at all ("Ambiguous
shortcut overload"). Mnemonics shared by two widgets of one page are Qt's own business
(the presses take turns between them), so only those involving an action or a shortcut fail.

Main tabs: Ctrl+1..9 and Ctrl+PgUp/PgDn are the window's, and win wherever the focus is,
also inside a tab's own pages (which step with Ctrl+Tab, Qt's key for a tab widget).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests
from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, Qt
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence, QShortcut, QShortcutEvent
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QMessageBox,
    QStackedWidget,
    QTabBar,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.dialogs.settings_dialog import SettingsDialog
from postalgui.gui.main_window import MainWindow, mnemonic_letter
from postalgui.gui.tab_factories import TAB_FACTORIES, claims_tab, overview_tab, shipping_tab
from postalgui.gui.tabs.branches import BranchesTab
from postalgui.gui.tabs.invoices import InvoicesTab
from postalgui.gui.tabs.price import PriceTab, batch_file
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.pdf_viewer import PdfViewer, PdfViewerWindow
from postalgui.services.context import AppContext
from tests.gui.test_pdf_viewer import make_statement

Key = tuple[Qt.Key, Qt.KeyboardModifier]
NO_MODIFIER = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
WAIT_MS = 30_000


def _tab_widgets(window: QWidget) -> list[QTabWidget]:
    return [tabs for tabs in window.findChildren(QTabWidget) if tabs.window() is window]


def reveal(widget: QWidget) -> None:
    """Make every tab widget above ``widget`` show the page that holds it."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        owner = parent.parentWidget()
        if isinstance(parent, QStackedWidget) and isinstance(owner, QTabWidget):
            owner.setCurrentWidget(child)
        child, parent = parent, owner


def build_everything(window: MainWindow) -> None:
    """Every main tab and every page of every tab widget (they are built when first shown)."""
    for index in range(window.tabs.count()):
        window.built_tab(index)
    seen: set[int] = set()
    while fresh := [tabs for tabs in _tab_widgets(window) if id(tabs) not in seen]:
        for tabs in fresh:
            seen.add(id(tabs))
            reveal(tabs)
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
    for tabs in _tab_widgets(window):  # back to the first page everywhere
        tabs.setCurrentIndex(0)


def page_states(window: MainWindow) -> Iterator[str]:
    """Show every page of every tab widget in turn; yields a name for each."""
    for tabs in _tab_widgets(window):
        for index in range(tabs.count()):
            reveal(tabs)
            tabs.setCurrentIndex(index)
            yield f"{tabs.objectName() or type(tabs.parentWidget()).__name__}/{tabs.tabText(index)}"


def focusable(window: QWidget) -> list[QWidget]:
    return [
        widget
        for widget in window.findChildren(QWidget)
        if widget.window() is window
        and widget.isVisible()
        and widget.isEnabled()
        and widget.focusPolicy() != Qt.FocusPolicy.NoFocus
    ]


def key_of(sequence: QKeySequence) -> Key:
    combination = sequence[0]
    return combination.key(), combination.keyboardModifiers()


def name_of(key: Key) -> str:
    return QKeySequence(key[1].value | key[0].value).toString()


def claimed_keys(window: QWidget) -> set[Key]:
    """Every key an action or a shortcut of the window claims, F1..F12, Esc, Enter, Alt+letter."""
    keys: set[Key] = set()
    for action in window.findChildren(QAction):
        keys.update(key_of(sequence) for sequence in action.shortcuts())
    for shortcut in window.findChildren(QShortcut):
        keys.update(key_of(sequence) for sequence in shortcut.keys())  # noqa: SIM118  # a QShortcut, not a dict
    plain = Qt.KeyboardModifier.NoModifier
    keys.update((Qt.Key(Qt.Key.Key_F1.value + n), plain) for n in range(12))
    keys.update({(Qt.Key.Key_Escape, plain), (Qt.Key.Key_Return, plain), (Qt.Key.Key_Enter, plain)})
    alt = Qt.KeyboardModifier.AltModifier
    keys.update((Qt.Key(ord(letter)), alt) for letter in string.ascii_uppercase)
    # Not the device keys (Zoom In, Find, Close... of some keyboards): QTest cannot type them.
    return {key for key in keys if key[0].value < Qt.Key.Key_Back.value}


class ShortcutProbe(QObject):
    """Swallows key and shortcut events, noting who each shortcut went to and if ambiguously.

    Installed on the application, it sees the shortcut event Qt sends to the one action,
    shortcut or mnemonic widget it picked, with Qt's own verdict (`isAmbiguous`).
    """

    def __init__(self) -> None:
        super().__init__()
        self.hits: list[tuple[QObject, bool]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Shortcut:
            assert isinstance(event, QShortcutEvent)
            self.hits.append((watched, event.isAmbiguous()))
            return True
        return kind in {QEvent.Type.KeyPress, QEvent.Type.KeyRelease}

    def press(self, focus: QWidget, key: Key) -> list[tuple[QObject, bool]]:
        """Who gets ``key`` from ``focus``: one press, three more when it is ambiguous (they take turns)."""
        self.hits.clear()
        QTest.keyClick(focus, key[0], key[1])
        if any(ambiguous for _, ambiguous in self.hits):
            for _ in range(3):
                QTest.keyClick(focus, key[0], key[1])
        return list(self.hits)


def describe(receiver: QObject) -> str:
    if not isinstance(receiver, QAction | QShortcut):
        return f"{type(receiver).__name__} {receiver.objectName()!r}"
    owner = receiver.parent()
    text = receiver.text() if isinstance(receiver, QAction) else ""
    return f"{type(receiver).__name__} {text!r} of {type(owner).__name__} {owner.objectName()!r}"


@contextmanager
def all_enabled(window: QWidget) -> Iterator[None]:
    """Every action and shortcut enabled for a while: a disabled one is not ambiguous yet,
    but it will be once enabled (Esc of a batch that runs, say)."""
    claimers: list[QAction | QShortcut] = [*window.findChildren(QAction), *window.findChildren(QShortcut)]
    disabled = [claimer for claimer in claimers if not claimer.isEnabled()]
    for claimer in disabled:
        claimer.setEnabled(True)
    try:
        yield
    finally:
        for claimer in disabled:
            claimer.setEnabled(False)


def activate(window: QWidget, qtbot: QtBot) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


@pytest.fixture
def full_window(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MainWindow]:
    """The real window with every tab and page built, shown and active."""
    main = MainWindow(context, runner)
    qtbot.addWidget(main)
    main.resize(1300, 850)
    activate(main, qtbot)
    build_everything(main)
    yield main
    main.close()


# --- no key claimed twice -----------------------------------------------------------------------


def ambiguities(window: QWidget, probe: ShortcutProbe, keys: list[Key]) -> Iterator[tuple[str, str]]:
    """(key, who claims it) for each key an action or a shortcut gets ambiguously, per focus."""
    for widget in focusable(window):
        widget.setFocus(Qt.FocusReason.OtherFocusReason)
        focus = QApplication.focusWidget()
        assert focus is not None
        for key in keys:
            hits = probe.press(focus, key)
            if any(ambiguous for _, ambiguous in hits) and any(
                isinstance(receiver, QAction | QShortcut) for receiver, _ in hits
            ):
                yield name_of(key), f"focus {describe(focus)}: {sorted({describe(r) for r, _ in hits})}"


def test_no_shortcut_is_ambiguous_on_any_page_for_any_focus(full_window: MainWindow) -> None:
    keys = sorted(claimed_keys(full_window), key=name_of)
    assert len(keys) > 40
    probe = ShortcutProbe()
    app = QApplication.instance()
    assert app is not None
    found: dict[str, str] = {}
    states = 0
    app.installEventFilter(probe)
    try:
        for state in page_states(full_window):
            states += 1
            with all_enabled(full_window):
                for key, claims in ambiguities(full_window, probe, keys):
                    found.setdefault(f"{key} on {state}", claims)
    finally:
        app.removeEventFilter(probe)
    assert states >= 16  # 5 main tabs, their pages and the analytic statement's
    assert found == {}


# --- the main tabs from the keyboard ------------------------------------------------------------


def focused(window: QWidget) -> QWidget:
    return QApplication.focusWidget() or window


def press(qtbot: QtBot, widget: QWidget, key: Qt.Key, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
    """``key`` pressed on ``widget``, focused first as a user's click would."""
    assert widget.isVisible()
    widget.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(focused(widget), key, modifier)


def test_ctrl_digits_pick_the_main_tabs(full_window: MainWindow, qtbot: QtBot) -> None:
    tabs = full_window.tabs
    assert tabs.count() == 10
    for index in (2, 0, 9, 8, 7, 6, 5, 4, 3, 1):
        digit = Qt.Key(Qt.Key.Key_1.value + index) if index < 9 else Qt.Key.Key_0  # the tenth: Ctrl+0
        qtbot.keyClick(focused(full_window), digit, CTRL)
        assert tabs.currentIndex() == index


def test_ctrl_page_keys_step_the_main_tabs_from_any_focus(full_window: MainWindow, qtbot: QtBot) -> None:
    """Also from inside a tab's own pages: their tab widgets step with Ctrl+Tab instead."""
    tabs = full_window.tabs
    count = tabs.count()
    tried = 0
    for _ in page_states(full_window):
        here = tabs.currentIndex()
        for widget in focusable(full_window):
            for key, step in ((Qt.Key.Key_PageDown, 1), (Qt.Key.Key_PageUp, -1)):
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
                qtbot.keyClick(focused(full_window), key, CTRL)
                assert tabs.currentIndex() == (here + step) % count, (key, describe(widget))
                tabs.setCurrentIndex(here)
                tried += 1
    assert tried > 100


def visible_mnemonics(window: MainWindow) -> set[str]:
    """Alt+letters of the widgets on screen, beside the main tabs' own."""
    texts: list[str] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget is window.tabs.tabBar():
            continue
        if isinstance(widget, QAbstractButton) or (isinstance(widget, QLabel) and widget.buddy()):
            texts.append(widget.text())
        elif isinstance(widget, QTabBar):
            texts.extend(widget.tabText(i) for i in range(widget.count()))
    return {mnemonic_letter(text) for text in texts} - {""}


def test_alt_letters_pick_the_main_tabs(full_window: MainWindow, qtbot: QtBot) -> None:
    """From a tab where no widget shares the letter (one that does takes turns with the tab)."""
    tabs = full_window.tabs
    letters = [mnemonic_letter(tabs.tabText(i)) for i in range(tabs.count())]
    unlettered = [TAB_FACTORIES.index(tab) for tab in (claims_tab, shipping_tab, overview_tab)]
    assert [i for i, letter in enumerate(letters) if not letter] == unlettered  # all taken: Ctrl+7, 8, 9
    for target, letter in enumerate(letters):
        if not letter:
            continue
        starts = []
        for start in range(tabs.count()):
            tabs.setCurrentIndex(start)
            if start != target and letter not in visible_mnemonics(full_window):
                starts.append(start)
        assert starts, f"Alt+{letter} is shared on every other tab"
        tabs.setCurrentIndex(starts[0])
        qtbot.keyClick(focused(full_window), Qt.Key(ord(letter)), Qt.KeyboardModifier.AltModifier)
        assert tabs.currentIndex() == target, letter


def window_letters(window: MainWindow) -> list[str]:
    menus = [action.text() for action in window.menuBar().actions()]
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    return [mnemonic_letter(text) for text in menus + titles]


@pytest.mark.parametrize("language", ["en", "pt_BR"])
def test_menu_and_main_tab_letters_are_unique_in_both_languages(
    context: AppContext, runner: TaskRunner, qapp: QApplication, language: str
) -> None:
    default = QLocale()
    installed = i18n.install_translators(qapp, language) if language != "en" else []
    try:
        window = MainWindow(context, runner)
        letters = window_letters(window)
        titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
        QCoreApplication.processEvents()  # the first tab's start-up timers run while it lives
        window.deleteLater()
        QCoreApplication.processEvents()
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)
    lettered = [letter for letter in letters if letter]
    assert len(lettered) == len(letters) - 3  # Claims', Shipping's and Overview's: Ctrl+7, Ctrl+8, Ctrl+9
    assert len(set(lettered)) == len(lettered), letters
    if language == "pt_BR":
        assert [title.replace("&", "") for title in titles] == [
            "Preços",
            "Faturas e boletos",
            "Contratos e cartões",
            "Agências",
            "Atendimentos",
            "Rastreamento",
            "Reclamações",
            "Envios",
            "Visão geral",
            "Conexão",
        ]


# --- the Quote form's focus chain ---------------------------------------------------------------


def test_tab_goes_origin_destination_then_presets(full_window: MainWindow, qtbot: QtBot) -> None:
    tab = full_window.built_tab(0)
    assert isinstance(tab, PriceTab)
    form = tab.form
    press(qtbot, form.origin_edit, Qt.Key.Key_Tab)
    assert form.destination_edit.hasFocus()
    qtbot.keyClick(form.destination_edit, Qt.Key.Key_Tab)
    assert form.origin_presets_button.hasFocus()
    qtbot.keyClick(form.origin_presets_button, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert form.destination_edit.hasFocus()


# --- every key of the README, pressed -----------------------------------------------------------


def slow_down(context: AppContext, path: str, latency_ms: int) -> None:
    answer = requests.put(
        f"{context.sandbox_url()}/_sandbox/faults",
        json={"latency_ms": latency_ms, "paths": [path]},
        timeout=5,
    )
    answer.raise_for_status()


def list_requests(context: AppContext) -> int:
    """How many invoice lists the sandbox answered."""
    stats = requests.get(f"{context.sandbox_url()}/_sandbox/stats", timeout=5).json()["requests"]
    return sum(count for key, count in stats.items() if key.startswith("GET ") and key.endswith("/faturas"))


def test_ctrl_f5_renews_the_token_and_ctrl_comma_opens_settings(
    full_window: MainWindow, qtbot: QtBot
) -> None:
    tab = full_window.built_tab(1)
    assert isinstance(tab, InvoicesTab)
    full_window.tabs.setCurrentIndex(1)
    with qtbot.waitSignal(full_window.tokenChecked, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_F5, CTRL)  # F5 alone is the list's
    press(qtbot, tab.table, Qt.Key.Key_Comma, CTRL)
    dialog = full_window.findChild(SettingsDialog)
    assert dialog is not None
    assert dialog.isVisible()
    with qtbot.waitSignal(dialog.finished):
        dialog.reject()


def test_enter_quotes_ctrl_c_copies_the_breakdown_and_esc_cancels(
    full_window: MainWindow, context: AppContext, qtbot: QtBot
) -> None:
    tab = full_window.built_tab(0)
    assert isinstance(tab, PriceTab)
    qtbot.waitUntil(lambda: tab.form.services_list.count() > 0, timeout=WAIT_MS)
    form = tab.form
    form.origin_edit.setText("01310-100")
    form.destination_edit.setText("05311-900")
    form.weight_spin.setValue(300)
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        press(qtbot, form.weight_spin, Qt.Key.Key_Return)
    tab.table.selectRow(0)
    assert "Final price" in tab.breakdown.steps_text()
    QApplication.clipboard().clear()
    press(qtbot, tab.breakdown.table, Qt.Key.Key_C, CTRL)
    assert QApplication.clipboard().text() == tab.breakdown.steps_text()

    slow_down(context, "/preco", 3000)
    press(qtbot, form.destination_edit, Qt.Key.Key_Return)
    assert tab.cancel_button.isVisible()
    assert not form.quote_button.isEnabled()
    press(qtbot, form.destination_edit, Qt.Key.Key_Escape)
    assert tab.summary.text() == "Cancelled."
    qtbot.waitUntil(form.quote_button.isEnabled, timeout=WAIT_MS)


def test_batch_keys_open_run_and_cancel(
    full_window: MainWindow,
    context: AppContext,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tab = full_window.built_tab(0)
    assert isinstance(tab, PriceTab)
    panel = tab.batch
    reveal(panel)
    rows = ["coProduto;cepOrigem;cepDestino;psObjeto"]
    rows += [f"03298;01310100;{cep};{300 + n}" for n, cep in enumerate(["20040020", "70002900"] * 30)]
    batch = tmp_path / "lote.csv"
    batch.write_text("\n".join(rows) + "\n", encoding="utf-8")
    asked: list[str] = []

    def chosen(*args: object) -> tuple[str, str]:
        asked.append(str(args[1]))
        return str(batch), ""

    monkeypatch.setattr(batch_file.QFileDialog, "getOpenFileName", chosen)
    press(qtbot, panel.table, Qt.Key.Key_O, CTRL)
    assert asked == ["Open batch file"]
    qtbot.waitUntil(panel.run_button.isEnabled, timeout=WAIT_MS)
    assert len(panel.queries()) == 60

    slow_down(context, "/preco", 300)
    press(qtbot, panel.table, Qt.Key.Key_Return, CTRL)
    assert panel.running
    press(qtbot, panel.table, Qt.Key.Key_Escape)  # the Quote page's Esc is not in the way
    assert panel.summary_text() == "Cancelling…"
    qtbot.waitUntil(lambda: not panel.running, timeout=WAIT_MS)
    assert panel.summary_text().startswith("Cancelled after ")


def test_invoice_keys(full_window: MainWindow, context: AppContext, qtbot: QtBot) -> None:
    """F5 sends the list request, Esc stops it, Enter, Ctrl+B, Ctrl+Shift+C and Ctrl+Shift+A act."""
    tab = full_window.built_tab(1)
    assert isinstance(tab, InvoicesTab)
    full_window.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: not tab.list_page.activity.label.text(), timeout=WAIT_MS)  # the first list
    before = list_requests(context)
    with qtbot.waitSignal(tab.invoicesLoaded, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_F5)
    assert list_requests(context) == before + 1

    slow_down(context, "/faturas/v1/faturas", 3000)
    press(qtbot, tab.list_page.contract_edit, Qt.Key.Key_F5)
    assert tab.list_page.activity.label.text()
    press(qtbot, tab.list_page.contract_edit, Qt.Key.Key_Escape)
    assert not tab.list_page.activity.label.text()
    requests.put(f"{context.sandbox_url()}/_sandbox/faults", json={}, timeout=5).raise_for_status()
    with qtbot.waitSignal(tab.invoicesLoaded, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_F5)

    tab.table.selectRow(0)
    for key, modifier in ((Qt.Key.Key_Return, NO_MODIFIER), (Qt.Key.Key_B, CTRL)):
        if not tab.slip_action.isEnabled() and key == Qt.Key.Key_B:
            select_open_invoice(tab)
        with qtbot.waitSignal(tab.documentOpened, timeout=WAIT_MS) as opened:
            press(qtbot, tab.table, key, modifier)
        viewer = opened.args[0]
        with qtbot.waitSignal(viewer.closed, timeout=WAIT_MS):
            viewer.close()
        activate(full_window, qtbot)
    select_open_invoice(tab)
    with qtbot.waitSignal(tab.typedLineCopied, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_C, CTRL | Qt.KeyboardModifier.ShiftModifier)
    with qtbot.waitSignal(tab.jobRequested, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_A, CTRL | Qt.KeyboardModifier.ShiftModifier)


def test_branch_keys(full_window: MainWindow, context: AppContext, qtbot: QtBot) -> None:
    """Ctrl+F goes to the search box, Enter opens the unit's detail, Esc stops All of Brazil."""
    tab = full_window.built_tab(3)
    assert isinstance(tab, BranchesTab)
    full_window.tabs.setCurrentIndex(3)
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    press(qtbot, tab.table, Qt.Key.Key_F, CTRL)
    assert tab.filters.search_edit.hasFocus()
    with qtbot.waitSignal(tab.unitsLoaded, timeout=WAIT_MS):
        tab.filters.set_state("AC")
    qtbot.waitUntil(lambda: not tab.loading, timeout=WAIT_MS)
    tab.table.selectRow(0)
    with qtbot.waitSignal(tab.detailOpened, timeout=WAIT_MS):
        press(qtbot, tab.table, Qt.Key.Key_Return)

    slow_down(context, "/agencia/v1/unidades", 3000)
    tab.filters.country_button.click()
    assert tab.cancel_button.isVisible()
    with qtbot.waitSignal(tab.countryFinished, timeout=WAIT_MS) as finished:
        press(qtbot, tab.filters.search_edit, Qt.Key.Key_Escape)
    assert finished.args == [True]
    assert not tab.everything


def select_open_invoice(tab: InvoicesTab) -> None:
    for row in range(tab.table.model().rowCount()):
        tab.table.selectRow(row)
        if tab.slip_action.isEnabled():
            return
    raise AssertionError("no open invoice listed")


# --- the PDF viewer's keys, in a viewer window of the main window -------------------------------


def test_pdf_viewer_keys_and_none_ambiguous(
    full_window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+0/1/2, Ctrl+P and Ctrl+Shift+S; the window's Ctrl+1/2 do not reach into it.

    PgUp/PgDn, Ctrl++/-, Ctrl+F and F3 are pressed in test_pdf_viewer.py.
    """
    asked: list[str] = []
    monkeypatch.setattr(PdfViewer, "print_with_dialog", lambda _viewer: asked.append("print") or 0)
    monkeypatch.setattr(PdfViewer, "save_with_dialog", lambda _viewer: asked.append("save") and None)
    window = PdfViewerWindow(make_statement(tmp_path / "statement.pdf"), full_window)
    activate(window, qtbot)
    viewer = window.viewer
    qtbot.waitUntil(lambda: viewer.page_count > 0)
    main_tab = full_window.tabs.currentIndex()
    press(qtbot, viewer.view, Qt.Key.Key_0, CTRL)
    assert viewer.zoom_mode == QPdfView.ZoomMode.FitInView
    press(qtbot, viewer.view, Qt.Key.Key_1, CTRL)
    assert (viewer.zoom_mode, viewer.zoom_factor) == (QPdfView.ZoomMode.Custom, 1.0)
    press(qtbot, viewer.view, Qt.Key.Key_2, CTRL)
    assert viewer.zoom_mode == QPdfView.ZoomMode.FitToWidth
    assert full_window.tabs.currentIndex() == main_tab
    press(qtbot, viewer.view, Qt.Key.Key_P, CTRL)
    press(qtbot, viewer.view, Qt.Key.Key_S, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert asked == ["print", "save"]

    probe = ShortcutProbe()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(probe)
    try:
        with all_enabled(window):
            found = dict(ambiguities(window, probe, sorted(claimed_keys(window), key=name_of)))
    finally:
        app.removeEventFilter(probe)
    assert found == {}
    with qtbot.waitSignal(window.closed):
        window.close()


def test_ctrl_tab_steps_a_tabs_own_pages_from_a_field(full_window: MainWindow, qtbot: QtBot) -> None:
    tab = full_window.built_tab(0)
    assert isinstance(tab, PriceTab)
    press(qtbot, tab.form.origin_edit, Qt.Key.Key_Tab, CTRL)
    assert (full_window.tabs.currentIndex(), tab.pages.currentIndex()) == (0, 1)
    press(qtbot, tab.batch.filter_edit, Qt.Key.Key_Backtab, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert (full_window.tabs.currentIndex(), tab.pages.currentIndex()) == (0, 0)


def test_help_and_quit_keys(full_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _parent, title, _text: shown.append(title))
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: shown.append(url.toLocalFile()) or True)
    tab = full_window.built_tab(0)
    assert isinstance(tab, PriceTab)
    press(qtbot, tab.form.origin_edit, Qt.Key.Key_F1)
    press(qtbot, tab.form.origin_edit, Qt.Key.Key_L, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert shown == ["About PostalGUI", str(full_window.context.paths.log_file.parent)]
    press(qtbot, tab.form.origin_edit, Qt.Key.Key_Q, CTRL)
    assert not full_window.isVisible()
