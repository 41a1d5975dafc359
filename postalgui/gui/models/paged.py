"""`PagedTableModel`: records that arrive a page at a time, as the view asks for them.

Qt's lazy loading (`canFetchMore`/`fetchMore`, as Anki's browser table does): the
view asks for more when the user scrolls to the bottom, the model starts one
background task for the next page and appends its rows when they arrive; the GUI never
waits. What a source answers is a `RecordPage`: its rows, whether it was the last, and
how many records there are in all when the source says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from PySide6.QtCore import QModelIndex, QObject, Signal, Slot

from postalgui.gui.messages import describe_error
from postalgui.gui.models.row_table import Column, ModelIndex, RowTableModel

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner

__all__ = ["PagedTableModel", "RecordPage"]

T = TypeVar("T")
_ROOT = QModelIndex()


class RecordPage(Protocol):
    """One page of records as a source answers it (the operator's page envelope is one)."""

    @property
    def itens(self) -> Sequence[Any]: ...

    @property
    def last(self) -> bool:
        """No page follows this one."""
        ...

    @property
    def total(self) -> int | None:
        """How many records there are over every page, when the source says."""
        ...


class PagedTableModel(RowTableModel[T]):
    """Records loaded a page at a time in the background, as the view asks for them
    (`RowTableModel`'s columns and sorting: a page that arrives is put in the sort order).

    `set_source` names the task function and its leading arguments; the model appends
    ``page`` and ``size`` and runs it with the runner under its own task key, so a new
    source cancels the page still loading for the old one. `canFetchMore` is true while
    pages remain; `fetchMore` starts the next page unless one is on its way.

    Signals: ``pageLoaded(int)`` with the 0-based number of a page once its rows are in;
    ``loadFailed(str)`` with the reason when a page could not be loaded (`retry` asks
    again); ``loadingChanged(bool)`` when a page starts or stops loading.
    """

    pageLoaded = Signal(int)
    loadFailed = Signal(str)
    loadingChanged = Signal(bool)

    def __init__(
        self, runner: TaskRunner, key: str, columns: Sequence[Column[T]], parent: QObject | None = None
    ) -> None:
        super().__init__(columns, parent)
        self.runner = runner
        self.key = key
        self.page_size = 20
        """Records asked for per page; a model sets its own."""
        self._fn: Callable[..., RecordPage] | None = None
        self._args: tuple[Any, ...] = ()
        self._next_page = 0
        self._complete = True
        self._handle: TaskHandle | None = None
        self._error: str | None = None
        self._total: int | None = None
        self._fetch_all = False

    # --- the source ------------------------------------------------------------------------

    def set_source(self, fn: Callable[..., RecordPage], *args: Any, fetch: bool = True) -> None:
        """Forget the rows and load from page 0 of ``fn(handle, *args, page, size)``."""
        self._stop()
        self.beginResetModel()
        self._rows = []
        self._fn, self._args = fn, args
        self._next_page = 0
        self._complete = False
        self._error = None
        self._total = None
        self._fetch_all = False
        self.endResetModel()
        if fetch:
            self.fetchMore(_ROOT)

    def set_items(self, items: Sequence[T]) -> None:
        """A complete list, with no pages to load."""
        self._stop()
        self._fn, self._args = None, ()
        self._complete = True
        self._error = None
        self._total = len(items)
        self._fetch_all = False
        super().set_items(items)

    def clear(self) -> None:
        self.set_items([])

    def _stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._set_handle(None)

    # --- state -----------------------------------------------------------------------------

    @property
    def loading(self) -> bool:
        return self._handle is not None

    @property
    def complete(self) -> bool:
        """Every page is in (or there is no source)."""
        return self._complete

    @property
    def error(self) -> str | None:
        """Why the last page failed; loading stops until `retry`."""
        return self._error

    def total(self) -> int | None:
        """How many records the operator says there are (``totalElements``), once a page said it."""
        return self._total

    def pages_loaded(self) -> int:
        return self._next_page

    def fetch_all(self) -> None:
        """Keep loading pages until the last (a search needs every row)."""
        self._fetch_all = True
        self.fetchMore(_ROOT)

    def retry(self) -> None:
        self._error = None
        self.fetchMore(_ROOT)

    # --- Qt's lazy loading ---------------------------------------------------------------

    def canFetchMore(self, parent: ModelIndex = _ROOT) -> bool:
        if parent.isValid():
            return False
        return self._fn is not None and not self._complete and self._error is None

    def fetchMore(self, parent: ModelIndex = _ROOT) -> None:
        if not self.canFetchMore(parent) or self._handle is not None or self._fn is None:
            return
        handle = self.runner.run(
            _fetch_page,
            self._fn,
            self._args,
            self._next_page,
            self.page_size,
            name=f"{self.key} page {self._next_page}",
            key=self.key,
            on_result=self._on_page_task_result,
            on_error=self._on_page_task_error,
        )
        self._set_handle(handle)

    def _set_handle(self, handle: TaskHandle | None) -> None:
        was = self._handle is not None
        self._handle = handle
        if was != (handle is not None):
            self.loadingChanged.emit(handle is not None)

    # --- slots -----------------------------------------------------------------------------

    @Slot(object)
    def _on_page_task_result(self, page: RecordPage) -> None:
        number = self._next_page
        self._set_handle(None)
        items = list(page.itens)
        self._next_page = number + 1
        self._total = page.total or (len(self._rows) + len(items))
        # The envelope says which page was last; an empty page ends it too, so a
        # deployment that never says "last" cannot make the view ask forever.
        self._complete = page.last or not items
        self.append_items(items)
        self.pageLoaded.emit(number)
        if self._fetch_all and not self._complete:
            self.fetchMore(_ROOT)

    @Slot(object)
    def _on_page_task_error(self, error: BaseException) -> None:
        self._set_handle(None)
        self._error = describe_error(error)
        self._fetch_all = False
        self.loadFailed.emit(self._error)


def _fetch_page(
    task: TaskHandle, fn: Callable[..., RecordPage], args: tuple[Any, ...], page: int, size: int
) -> RecordPage:
    """One page of any source: the source's own arguments, then the page's."""
    return fn(task, *args, page, size)
