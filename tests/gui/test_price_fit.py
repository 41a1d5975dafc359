"""The Prices tab at 1366x768 and at the window's default size, in both languages: the
quote form without a scroll bar, no label cut, and an Error column the message can be
read in (whole, or elided with the whole text in the tooltip)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.main_window import MainWindow
from postalgui.gui.tabs.price import PriceTab
from postalgui.gui.tabs.price.choice_lists import SHORTEST_ROWS
from postalgui.gui.tabs.price.error_column import READABLE_CHARS
from postalgui.gui.tabs.price.results_model import Column
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext

WAIT_MS = 30_000
SIZES = {
    "1366x768": (1366, 700),  # maximised on a 1366x768 screen: the title bar and the panel take ~70 px
    "default": (1100, 720),  # MainWindow's own size
}
NOTES = {  # the longest a note usually gets; every note shown, as when each keeps its line
    "weight_note": {"en": "understood: 1,500 g", "pt_BR": "entendido: 1.500 g"},
    "sizes_note": {"en": "Length: understood: 1.5 cm", "pt_BR": "Comprimento: entendido: 1,5 cm"},
    "declared_note": {"en": "understood: R$ 10,00", "pt_BR": "entendido: R$ 10,00"},
    "declared_hint": {
        "en": "Limits: R$ 25,00 to R$ 10.000,00, by product",
        "pt_BR": "Limites: R$ 25,00 a R$ 10.000,00, por produto",
    },
}


@pytest.fixture(params=["pt_BR", "en"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    installed = i18n.install_translators(qapp, request.param)
    yield request.param
    i18n.remove_translators(qapp, installed)


_windows: list[MainWindow] = []


@pytest.fixture(autouse=True)
def _windows_closed() -> Iterator[None]:
    yield
    while _windows:
        _windows.pop().close()


def open_prices(context: AppContext, runner: TaskRunner, qtbot: QtBot, size: tuple[int, int]) -> PriceTab:
    """The window (built in the language installed) at ``size``, its Prices tab loaded."""
    window = MainWindow(context, runner)
    _windows.append(window)  # kept until the test ends
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    tab = window.tabs.widget(0)
    assert isinstance(tab, PriceTab)
    qtbot.waitUntil(lambda: tab.form.services_list.count() > 0, timeout=WAIT_MS)
    return tab


def form_scroll(tab: PriceTab) -> QScrollArea:
    viewport = tab.form.parentWidget()
    scroll = viewport.parentWidget() if viewport is not None else None
    assert isinstance(scroll, QScrollArea)
    return scroll


def cut_texts(form: QWidget) -> list[str]:
    """The labels and buttons of the form narrower than their text."""
    cut = []
    for widget in form.findChildren(QWidget):
        if not widget.isVisibleTo(form) or not isinstance(widget, QLabel | QAbstractButton):
            continue
        if isinstance(widget, QLabel) and (
            widget.wordWrap() or widget.sizePolicy().horizontalPolicy() == QSizePolicy.Policy.Ignored
        ):
            continue  # wraps, or a note that ends where its line does
        if widget.width() < widget.sizeHint().width():
            cut.append(f"{widget.text()!r}: {widget.width()} < {widget.sizeHint().width()}")
    return cut


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_quote_form_fits_without_a_scroll_bar(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, language: str, size: tuple[int, int]
) -> None:
    """Every note and the declared value's limits shown: still no scroll bar, "All" and
    Quote in sight, the lists at least their rows high, no label or field cut."""
    tab = open_prices(context, runner, qtbot, size)
    form = tab.form
    form.international_radio.setChecked(True)
    form.national_radio.setChecked(True)  # the destination CEP row shown again
    for name, texts in NOTES.items():
        note = getattr(form, name)
        note.setText(texts[language])
        note.show()
    scroll = form_scroll(tab)
    qtbot.wait(20)  # the layout follows the notes
    needed, room = form.heightForWidth(form.width()), scroll.viewport().height()
    assert not scroll.verticalScrollBar().isVisible(), f"the form needs {needed} px of {room}"
    for button in (form.all_products_button, form.quote_button):
        bottom = button.mapTo(tab, button.rect().bottomLeft()).y()
        assert button.isVisible(), button.text()
        assert bottom <= tab.height(), button.text()
    for view in (form.products_list, form.services_list):
        assert view.viewport().height() >= SHORTEST_ROWS * view.sizeHintForRow(0), view.objectName()
    assert cut_texts(form) == []
    for field in form.findChildren(QWidget):
        if field.isVisibleTo(form) and field.objectName() in {
            "weight",
            "format",
            "declaredValue",
            "handlingDays",
            "eventDate",
            "arriveBy",
            "length",
            "width",
            "height",
            "originCep",
            "destinationCep",
        }:
            assert field.width() >= field.minimumSizeHint().width(), field.objectName()


def test_at_1366x768_every_national_product_is_listed_without_scrolling(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, language: str
) -> None:
    del language
    tab = open_prices(context, runner, qtbot, SIZES["1366x768"])
    products = tab.form.products_list
    assert products.count() >= 8
    qtbot.waitUntil(lambda: not products.verticalScrollBar().isVisible())
    last = products.visualItemRect(products.item(products.count() - 1))
    assert last.bottom() <= products.viewport().height()


def failed_rows(table: QTableView, error: int) -> list[QModelIndex]:
    model = table.model()
    rows = [model.index(row, error) for row in range(model.rowCount())]
    return [index for index in rows if index.data()]


def assert_readable(table: QTableView, error: int, *, in_view: bool) -> None:
    """Each message whole in the column, or the column at least `READABLE_CHARS` wide and
    the whole message in the tooltip; ``in_view``: the column ends inside the table."""
    failed = failed_rows(table, error)
    assert failed, "some rows should fail"
    width = table.columnWidth(error)
    metrics = table.fontMetrics()
    readable = metrics.horizontalAdvance("0") * READABLE_CHARS
    for index in failed:
        message = str(index.data())
        assert index.data(Qt.ItemDataRole.ToolTipRole) == message
        needed = metrics.horizontalAdvance(message)
        assert width >= min(needed, readable), (message, width, needed)
    if in_view:
        start = table.columnViewportPosition(error)
        assert start >= 0
        assert start + width <= table.viewport().width(), (start, width)


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_comparisons_error_column_can_be_read(
    context: AppContext, runner: TaskRunner, qtbot: QtBot, language: str, size: tuple[int, int]
) -> None:
    """35 kg: Mini Envios, PAC and SEDEX refuse it with a message of 70 characters."""
    del language
    tab = open_prices(context, runner, qtbot, size)
    form = tab.form
    form.origin_edit.setText("69900-000")
    form.destination_edit.setText("01310-100")
    form.weight_spin.setValue(35_000)
    with qtbot.waitSignal(tab.quoteFinished, timeout=WAIT_MS):
        assert tab.quote()
    error = tab.model.column_of(Column.ERROR)
    assert error is not None
    qtbot.waitUntil(lambda: not tab.fetching_deadlines, timeout=WAIT_MS)  # "Arrives" widens with them
    # The columns before it take their new widths once the view lays out again.
    qtbot.waitUntil(lambda: assert_readable(tab.table, error, in_view=size == SIZES["1366x768"]))


@pytest.mark.parametrize("size", list(SIZES.values()), ids=list(SIZES))
def test_the_batchs_error_column_can_be_read(
    context: AppContext,
    runner: TaskRunner,
    qtbot: QtBot,
    language: str,
    size: tuple[int, int],
    tmp_path: Path,
) -> None:
    del language
    tab = open_prices(context, runner, qtbot, size)
    tab.pages.setCurrentIndex(1)
    panel = tab.batch
    path = tmp_path / "lote.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(
            [
                ["coProduto", "cepOrigem", "cepDestino", "psObjeto"],
                ["03220", "01310100", "20040020", "500"],
                ["04227", "01310100", "20040020", "35000"],
                ["03220", "01310100", "20040020", "45000"],
            ]
        )
    panel.load_file(path)
    qtbot.waitUntil(lambda: not panel.reading, timeout=5000)
    with qtbot.waitSignal(panel.batchFinished, timeout=WAIT_MS):
        panel.run_button.click()
    error = panel.model.column_of(Column.ERROR)
    assert error is not None
    qtbot.waitUntil(lambda: assert_readable(panel.table, error, in_view=size == SIZES["1366x768"]))


def test_tab_goes_along_the_packages_rows(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> None:
    """Two fields a row: Tab reads each row left to right, then the next row."""
    tab = open_prices(context, runner, qtbot, SIZES["default"])
    visited: list[str] = []
    widget = tab.form.package_combo.nextInFocusChain()
    while widget is not tab.form.services_list and len(visited) < 40:
        inner = widget.objectName().startswith("qt_")  # a box's own line edit
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisible() and not inner:
            visited.append(widget.objectName() or type(widget).__name__)
        widget = widget.nextInFocusChain()
    assert visited == [
        "QToolButton",  # Save…
        "weight",
        "format",
        "length",
        "width",
        "height",
        "declaredValue",
        "handlingDays",
        "eventDate",
        "arriveByCheck",
        "arriveBy",
    ]
