"""The built-in PDF viewer: pages, keys, zoom, search, text, print, save, failures."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageRanges
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui import i18n
from postalgui.gui.widgets.pdf_viewer import PdfViewer, PdfViewerWindow

PAGES = 6
MARKED_PAGES = (1, 3, 4)  # where "DIVERGENCIA" is written, once each
TYPED_LINE = "23790.12345 60000.123456 78901.234567 8 98760000012345"


def make_statement(path: Path, pages: int = PAGES) -> Path:
    """A small synthetic statement: a heading and ten shipments a page."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=A4)
    _, height = A4
    for page in range(pages):
        canvas.setFont("Helvetica-Bold", 14)
        canvas.drawString(60, height - 60, f"Demonstrativo sintetico - pagina {page + 1}")
        canvas.setFont("Helvetica", 10)
        for row in range(10):
            line = f"AB{page:03d}{row:05d}BR  SEDEX  {row * 10 + 5} g"
            canvas.drawString(60, height - 100 - 18 * row, line)
        if page in MARKED_PAGES:
            canvas.drawString(60, height - 320, "DIVERGENCIA de peso no objeto")
        if page == 0:
            canvas.drawString(60, height - 360, TYPED_LINE)
        canvas.showPage()
    canvas.save()
    return path


@pytest.fixture
def statement(tmp_path: Path) -> Path:
    return make_statement(tmp_path / "demonstrativo.pdf")


@pytest.fixture
def viewer(qtbot: QtBot) -> PdfViewer:
    widget = PdfViewer()
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget)
    return widget


@pytest.fixture
def opened(viewer: PdfViewer, statement: Path, qtbot: QtBot) -> PdfViewer:
    with qtbot.waitSignal(viewer.opened, timeout=5000) as blocker:
        assert viewer.open(statement)
    assert blocker.args == [statement]
    viewer.view.setFocus()
    return viewer


def page_count_of(path: Path) -> int:
    document = QPdfDocument()
    assert document.load(str(path)) == QPdfDocument.Error.None_
    count = document.pageCount()
    document.close()
    return count


def test_open_shows_the_first_page(opened: PdfViewer, statement: Path) -> None:
    assert opened.path == statement
    assert opened.page_count == PAGES
    assert opened.current_page == 0
    assert opened.page_spin.text() == f"Page 1 of {PAGES}"
    assert not opened.previous_page_action.isEnabled()
    assert opened.next_page_action.isEnabled()


def test_page_keys_move_between_pages(opened: PdfViewer, qtbot: QtBot) -> None:
    view = opened.view
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert opened.current_page == 1
    qtbot.keyClick(view, Qt.Key.Key_PageDown)
    assert opened.current_page == 2
    assert opened.page_spin.text() == f"Page 3 of {PAGES}"
    qtbot.keyClick(view, Qt.Key.Key_PageUp)
    assert opened.current_page == 1
    qtbot.keyClick(view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert opened.current_page == PAGES - 1
    assert not opened.next_page_action.isEnabled()
    qtbot.keyClick(view, Qt.Key.Key_PageDown)  # nothing after the last page
    assert opened.current_page == PAGES - 1
    qtbot.keyClick(view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert opened.current_page == 0


def on_page(viewer: PdfViewer, page: int, pages: int) -> bool:
    """The page box, the keys' starting point and the thumbnails all say ``page`` (0-based)."""
    return (
        viewer.current_page == page
        and viewer.page_spin.text() == f"Page {page + 1} of {pages}"
        and viewer.thumbnails.current_page == page
    )


def shown_window(path: Path, qtbot: QtBot) -> PdfViewerWindow:
    """A viewer window as the Invoices tab makes one: the file opened, then the window shown."""
    window = PdfViewerWindow(None)
    qtbot.addWidget(window)
    assert window.open(path)
    window.show()
    qtbot.waitExposed(window)
    window.viewer.view.setFocus()
    return window


def test_page_box_keys_and_thumbnails_agree_on_every_open(qtbot: QtBot, tmp_path: Path) -> None:
    """Opened before its window is shown, a 5-page preview said "Page 3 of 5" on page 1 and
    PgDn went to page 4."""
    preview = make_statement(tmp_path / "previa.pdf", pages=5)
    other = make_statement(tmp_path / "outra.pdf", pages=5)
    window = shown_window(preview, qtbot)
    viewer = window.viewer
    assert on_page(viewer, 0, 5)
    viewer.page_spin.setValue(3)
    assert on_page(viewer, 2, 5)
    with qtbot.waitSignal(viewer.opened):
        window.open(preview)  # again, in the same window
    assert on_page(viewer, 0, 5)
    for page in (1, 2, 3):
        qtbot.keyClick(viewer.view, Qt.Key.Key_PageDown)
        assert on_page(viewer, page, 5)
    assert viewer.view.verticalScrollBar().value() == viewer._page_top(3)
    for page in (2, 1, 0):
        qtbot.keyClick(viewer.view, Qt.Key.Key_PageUp)
        assert on_page(viewer, page, 5)
    window.close()
    second = shown_window(other, qtbot)  # another document, in a window of its own
    assert on_page(second.viewer, 0, 5)
    qtbot.keyClick(second.viewer.view, Qt.Key.Key_PageDown)
    assert on_page(second.viewer, 1, 5)
    with qtbot.waitSignal(second.viewer.view.resized):
        second.resize(second.width() - 100, second.height() + 200)
    assert on_page(second.viewer, 1, 5)
    second.close()


def test_a_thumbnail_goes_to_its_page(opened: PdfViewer, qtbot: QtBot, qtmodeltester: ModelTester) -> None:
    thumbnails = opened.thumbnails
    qtmodeltester.check(thumbnails.thumbnail_model)
    assert thumbnails.model().rowCount() == PAGES
    assert thumbnails.isVisible()
    index = thumbnails.model().index(4, 0)
    assert index.data() == "5"
    assert index.data(Qt.ItemDataRole.ToolTipRole) == "Page 5"
    assert not index.data(Qt.ItemDataRole.DecorationRole).isNull()
    with qtbot.waitSignal(opened.currentPageChanged) as blocker:
        qtbot.mouseClick(
            thumbnails.viewport(),
            Qt.MouseButton.LeftButton,
            pos=thumbnails.visualRect(thumbnails.model().index(1, 0)).center(),
        )
    assert blocker.args == [1]
    assert on_page(opened, 1, PAGES)
    qtbot.keyClick(opened.view, Qt.Key.Key_F4)
    assert not thumbnails.isVisible()
    qtbot.keyClick(opened.view, Qt.Key.Key_F4)
    assert thumbnails.isVisible()


def test_page_box_jumps_to_the_page_typed(opened: PdfViewer, qtbot: QtBot) -> None:
    with qtbot.waitSignal(opened.currentPageChanged) as blocker:
        opened.page_spin.setValue(4)
    assert blocker.args == [3]
    assert opened.current_page == 3
    top = opened.view.verticalScrollBar().value()
    assert top == opened._page_top(3)


def test_zoom_modes(opened: PdfViewer, qtbot: QtBot) -> None:
    assert opened.zoom_mode == QPdfView.ZoomMode.FitToWidth
    assert opened.fit_width_action.isChecked()
    page_width = opened._page_size(0).width()
    margins = opened.view.documentMargins()
    assert page_width + margins.left() + margins.right() <= opened.view.viewport().width()
    assert page_width > opened.view.viewport().width() * 0.9
    fit_width = opened.zoom_factor

    opened.resize(600, 700)
    qtbot.waitUntil(lambda: opened.zoom_factor < fit_width)  # fit width follows the window

    opened.fit_page_action.trigger()
    assert opened.zoom_mode == QPdfView.ZoomMode.FitInView
    assert opened._page_size(0).height() <= opened.view.viewport().height()

    opened.actual_size_action.trigger()
    assert opened.zoom_mode == QPdfView.ZoomMode.Custom
    assert opened.zoom_factor == 1.0
    assert opened.zoom_label.text() == "100%"
    with qtbot.waitSignal(opened.zoomChanged):
        qtbot.keyClick(opened.view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert opened.zoom_factor == pytest.approx(1.25)
    assert opened.zoom_label.text() == "125%"
    qtbot.keyClick(opened.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(opened.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert opened.zoom_factor == pytest.approx(0.8)
    assert opened.view.zoomFactor() == pytest.approx(0.8)  # the view really draws at that zoom

    opened.fit_width_action.trigger()
    assert opened.zoom_mode == QPdfView.ZoomMode.FitToWidth


def test_zoom_keeps_the_page_in_view(opened: PdfViewer) -> None:
    opened.go_to_page(4)
    opened.zoom_in()
    opened.zoom_in()
    assert opened.current_page == 4
    opened.set_zoom_mode(QPdfView.ZoomMode.FitInView)
    assert opened.current_page == 4


def test_search_counts_and_moves_between_results(opened: PdfViewer, qtbot: QtBot) -> None:
    qtbot.keyClick(opened.view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert opened.search_edit.hasFocus()
    qtbot.keyClicks(opened.search_edit, "divergencia")  # the search ignores case
    qtbot.keyClick(opened.search_edit, Qt.Key.Key_Return)
    assert opened.search_result_count == len(MARKED_PAGES)
    assert opened.search_label.text() == f"1 of {len(MARKED_PAGES)}"
    assert opened.current_search_result == 0
    assert opened.view.currentSearchResultIndex() == 0
    assert opened.current_page == MARKED_PAGES[0]

    qtbot.keyClick(opened.search_edit, Qt.Key.Key_F3)
    assert opened.search_label.text() == f"2 of {len(MARKED_PAGES)}"
    assert opened.current_page == MARKED_PAGES[1]
    qtbot.keyClick(opened.search_edit, Qt.Key.Key_Return)  # Enter is "next" too
    assert opened.current_page == MARKED_PAGES[2]
    qtbot.keyClick(opened.search_edit, Qt.Key.Key_F3)  # after the last, the first
    assert opened.current_search_result == 0
    assert opened.current_page == MARKED_PAGES[0]
    qtbot.keyClick(opened.search_edit, Qt.Key.Key_F3, Qt.KeyboardModifier.ShiftModifier)
    assert opened.search_label.text() == f"3 of {len(MARKED_PAGES)}"
    assert opened.current_page == MARKED_PAGES[2]


def test_search_starts_from_the_current_page_and_says_when_nothing_is_found(
    opened: PdfViewer, qtbot: QtBot
) -> None:
    opened.go_to_page(2)
    assert opened.search("SEDEX") == PAGES * 10
    assert opened.current_search_result == 20  # the first hit on page 3
    assert opened.current_page == 2
    assert opened.search("no such word") == 0
    assert opened.search_label.text() == "No results"
    assert not opened.find_next_action.isEnabled()


def test_typing_searches_after_a_pause(opened: PdfViewer, qtbot: QtBot) -> None:
    qtbot.keyClicks(opened.search_edit, "AB00300004BR")
    qtbot.waitUntil(lambda: opened.search_result_count == 1)
    assert opened.current_page == 3


def test_text_of_pages(opened: PdfViewer) -> None:
    first = opened.text_of_page(0)
    assert "Demonstrativo sintetico - pagina 1" in first
    assert TYPED_LINE in first.splitlines()
    assert "\r" not in first
    assert "pagina 4" in opened.text_of_page(3)
    assert opened.text_of_page(PAGES) == ""
    pages = opened.all_text().split("\f")
    assert len(pages) == PAGES
    assert pages[5] == opened.text_of_page(5)


def test_print_to_a_pdf_printer(opened: PdfViewer, tmp_path: Path) -> None:
    target = tmp_path / "printed.pdf"
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    assert opened.print_to(printer) == PAGES
    assert page_count_of(target) == PAGES


def test_print_a_page_range(opened: PdfViewer, tmp_path: Path) -> None:
    target = tmp_path / "range.pdf"
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(target))
    printer.setPrintRange(QPrinter.PrintRange.PageRange)
    ranges = QPageRanges()
    ranges.addRange(2, 3)
    printer.setPageRanges(ranges)
    assert opened.print_to(printer) == 2
    assert page_count_of(target) == 2


def test_save_as_copies_the_file(opened: PdfViewer, statement: Path, tmp_path: Path, qtbot: QtBot) -> None:
    target = tmp_path / "copy.pdf"
    assert opened.save_as(target)
    assert target.read_bytes() == statement.read_bytes()
    assert opened.save_as(statement)  # onto itself: nothing to do
    with qtbot.waitSignal(opened.failed) as blocker:
        assert not opened.save_as(tmp_path / "missing-folder" / "copy.pdf")
    assert "copy.pdf" in blocker.args[0]


def test_a_file_that_is_not_a_pdf_fails(viewer: PdfViewer, tmp_path: Path, qtbot: QtBot) -> None:
    bogus = tmp_path / "boleto.pdf"
    bogus.write_text("<html>Sessão expirada</html>", encoding="utf-8")
    with qtbot.waitSignal(viewer.failed) as blocker, qtbot.assertNotEmitted(viewer.opened):
        assert not viewer.open(bogus)
    assert blocker.args == ["boleto.pdf is not a PDF file or is damaged."]
    assert viewer.path is None
    assert viewer.page_count == 0
    assert not viewer.print_action.isEnabled()
    with qtbot.waitSignal(viewer.failed) as blocker:
        assert not viewer.open(tmp_path / "gone.pdf")
    assert blocker.args == ["gone.pdf was not found."]


def test_a_failed_open_closes_the_previous_document(opened: PdfViewer, tmp_path: Path) -> None:
    bogus = tmp_path / "empty.pdf"
    bogus.write_bytes(b"")
    assert not opened.open(bogus)
    assert opened.page_count == 0
    assert opened.text_of_page(0) == ""
    assert opened.search("SEDEX") == 0


def test_close_document(opened: PdfViewer) -> None:
    opened.search("SEDEX")
    opened.close_document()
    assert opened.path is None
    assert opened.page_count == 0
    assert opened.search_edit.text() == ""
    assert opened.search_label.text() == ""
    assert not opened.save_as(Path("unused.pdf"))


def test_window_is_titled_with_the_file_and_deletes_itself(statement: Path, qtbot: QtBot) -> None:
    window = PdfViewerWindow(statement)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == statement.name
    assert window.testAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    assert not window.isModal()
    assert window.viewer.page_count == PAGES
    with qtbot.waitSignal(window.closed):
        window.close()
    qtbot.waitUntil(lambda: not shiboken6.isValid(window))  # deleted, as WA_DeleteOnClose asks


def test_window_shows_a_failure_in_its_message_strip(tmp_path: Path, qtbot: QtBot) -> None:
    bogus = tmp_path / "fatura.pdf"
    bogus.write_text("not a pdf", encoding="utf-8")
    window = PdfViewerWindow(bogus)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: len(window.messages.messages()) == 1)
    assert window.messages.messages()[0].text() == "fatura.pdf is not a PDF file or is damaged."
    assert window.windowTitle() == "fatura.pdf"


@pytest.mark.parametrize("language", ["pt_BR", "en"])
def test_the_toolbar_fits_the_window_in_both_languages(
    qtbot: QtBot, qapp: QApplication, statement: Path, language: str
) -> None:
    """Print and Save as in sight, not behind the toolbar's », at the size the window
    takes on a 1366x768 screen (the offscreen screen is smaller)."""
    installed = i18n.install_translators(qapp, language)
    try:
        window = PdfViewerWindow(statement)
        qtbot.addWidget(window)
        window.resize(960, 690)
        window.show()
        qtbot.waitExposed(window)
        bar = window.viewer.toolbar
        for action in (window.viewer.print_action, window.viewer.save_as_action):
            button = bar.widgetForAction(action)
            assert button is not None
            qtbot.waitUntil(button.isVisible)
            assert bar.rect().contains(button.geometry()), action.text()
        window.close()
    finally:
        i18n.remove_translators(qapp, installed)
