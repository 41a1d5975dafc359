"""Searching the PDF viewer's document: the search box (after a pause in typing, or Enter),
the count of results, previous/next result, each framed and scrolled into sight.

QPdfSearchModel searches one page per 100 ms timer tick on its own, so a 50-page
statement would take five seconds to count; asking for each page's results searches them
now instead (about 60 ms for 1,500 hits in 50 pages).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtPdf import QPdfDocument, QPdfSearchModel

from postalgui.gui.messages import arg
from postalgui.gui.widgets.pdf_page_view import PdfPageView
from postalgui.gui.widgets.pdf_toolbar import PdfToolbar

__all__ = ["SEARCH_DELAY_MS", "PdfSearch"]

SEARCH_DELAY_MS = 300


class PdfSearch(QObject):
    """Finds text (case-insensitive) in the view's document and steps through the results."""

    def __init__(self, view: PdfPageView, toolbar: PdfToolbar, parent: QObject) -> None:
        super().__init__(parent)
        self.view = view
        self.bar = toolbar
        self.searched = ""
        self.model = QPdfSearchModel(self)
        self.model.setDocument(view.document())
        view.setSearchModel(self.model)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SEARCH_DELAY_MS)
        self._timer.timeout.connect(self._on_timer_timeout)
        toolbar.search_edit.textEdited.connect(self._on_search_edit_text_edited)
        toolbar.search_edit.returnPressed.connect(self._on_search_edit_return_pressed)
        toolbar.find_action.triggered.connect(self._on_find_action_triggered)
        toolbar.find_next_action.triggered.connect(self._on_find_next_action_triggered)
        toolbar.find_previous_action.triggered.connect(self._on_find_previous_action_triggered)

    @property
    def result_count(self) -> int:
        return self.model.count() if self.searched else 0

    def search(self, text: str) -> int:
        """Find ``text`` everywhere and show the first result from the current page on;
        returns how many there are."""
        self._timer.stop()
        text = text.strip()
        if self.bar.search_edit.text().strip() != text:
            self.bar.search_edit.setText(text)
        ready = self.view.document().status() == QPdfDocument.Status.Ready
        self.searched = text if ready else ""
        self.model.setSearchString(self.searched)
        self.view.setCurrentSearchResultIndex(-1)
        if self.searched:
            for page in range(self.view.page_count()):
                self.model.resultsOnPage(page)
            count = self.model.count()
            start = self.view.pageNavigator().currentPage()
            first = next((i for i in range(count) if self.model.resultAtIndex(i).page() >= start), 0)
            if count:
                self._show_result(first)
        self.update_state()
        return self.result_count

    def step(self, step: int) -> None:
        """The result ``step`` away (after the last the first); a search first if the text changed."""
        typed = self.bar.search_edit.text().strip()
        if typed != self.searched:
            self.search(typed)
            return
        count = self.result_count
        if count:
            current = self.view.currentSearchResultIndex()
            self._show_result((current + step) % count if current >= 0 else 0)

    def reset(self) -> None:
        """Nothing searched, the box empty (the document is closing)."""
        self._timer.stop()
        self.searched = ""
        self.bar.search_edit.clear()
        self.model.setSearchString("")
        self.view.setCurrentSearchResultIndex(-1)

    def update_state(self) -> None:
        count = self.result_count
        current = self.view.currentSearchResultIndex()
        label = self.bar.search_label
        if not self.searched:
            label.clear()
        elif count == 0:
            label.setText(self.tr("No results"))
        else:
            label.setText(arg(self.tr("%1 of %2"), max(current, 0) + 1, count))
        self.bar.find_next_action.setEnabled(count > 0)
        self.bar.find_previous_action.setEnabled(count > 0)

    def _show_result(self, index: int) -> None:
        self.view.setCurrentSearchResultIndex(index)
        result = self.model.resultAtIndex(index)
        self.view.scroll_to(result.page(), result.location(), centred=True)
        self.update_state()

    @Slot(str)
    def _on_search_edit_text_edited(self, _text: str) -> None:
        self._timer.start()

    @Slot()
    def _on_search_edit_return_pressed(self) -> None:
        self.step(+1)

    @Slot()
    def _on_timer_timeout(self) -> None:
        typed = self.bar.search_edit.text().strip()
        if typed != self.searched:
            self.search(typed)

    @Slot()
    def _on_find_action_triggered(self) -> None:
        self.bar.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.bar.search_edit.selectAll()

    @Slot()
    def _on_find_next_action_triggered(self) -> None:
        self.step(+1)

    @Slot()
    def _on_find_previous_action_triggered(self) -> None:
        self.step(-1)
