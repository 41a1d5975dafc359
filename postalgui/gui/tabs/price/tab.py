"""The Prices tab: the quote form with its comparison and breakdown, batches, history.

The tab only wires: the form validates, `postalgui.services.price.priced` prices it with
its delivery times in the background, the results model shows them. One live comparison
at a time: a new quote cancels the one still running and its late answers are dropped.
"""

from __future__ import annotations

import time
import uuid
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelection, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from postalgui.gui.desk import Desk
from postalgui.gui.messages import arg, describe_error
from postalgui.gui.tabs.price.breakdown_view import BreakdownView
from postalgui.gui.tabs.price.error_column import ErrorColumn
from postalgui.gui.tabs.price.quote_form import QuoteForm
from postalgui.gui.tabs.price.results_model import Column, QuoteFilterProxy, QuoteResultsModel
from postalgui.gui.tabs.price.ship_this import ShipThis
from postalgui.gui.tasks import Progress
from postalgui.gui.widgets.message_bar import MessageArea
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tab_pages import tab_pages
from postalgui.gui.widgets.tables import record_table
from postalgui.gui.widgets.window_state import RememberedSplitter
from postalgui.services.price.price_view import PriceChoices
from postalgui.services.shipping.draft import ShipDraft

if TYPE_CHECKING:
    from postalgui.api.models.price import AdditionalService, PriceQuery, QuoteResult
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tabs.price.batch_panel import BatchPanel
    from postalgui.gui.tabs.price.history_panel import HistoryPanel
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.price.deadlines import DeadlineOutcome
    from postalgui.services.price.price_settings import PriceSettings
    from postalgui.services.price.priced import PriceEvent, PricesSettled
    from postalgui.services.price.service import PriceService
    from postalgui.services.shipping.draft import ShipDraft
from postalgui.api.values import format_brl
from postalgui.gui.tabs.price.deadline_texts import until_text
from postalgui.services.price.products import product_name
from postalgui.services.price.use_cases import services_for_products

COMPARE_COLUMNS = (
    Column.PRODUCT,
    Column.FINAL,
    Column.ARRIVES,  # how much and when: the two questions a clerk is asked
    Column.DAYS,
    Column.ERROR,  # beside the price: why a product has none, without scrolling sideways
    Column.HOME,
    Column.SATURDAY,
    Column.DEADLINE_NOTE,
    Column.CHARGED_WEIGHT,
    Column.CUBIC,
    Column.SERVICES,
)


class PriceTab(QWidget):
    """Quote, Batch and History pages over one message area.

    Signals: ``quoteFinished(int)`` with the number of products priced, after a
    comparison has been shown. "Ship this" asks the window's ``handoffs`` to open the
    quote's `ShipDraft` in the Shipping tab.
    """

    quoteFinished = Signal(int)

    def __init__(
        self,
        price: PriceService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("priceTab")
        self.handoffs = handoffs
        self.setWindowTitle(self.tr("Prices"))
        self.price = price
        self.runner = runner
        self.messages = messages
        self._compare: TaskHandle[PriceEvent] | None = None
        self._pricing = False  # the comparison's prices are still coming (its deadlines may be)
        self._services_task: TaskHandle | None = None
        self._started = 0.0
        self._took_ms: int | None = None  # how long the last comparison's prices took, measured once
        self._handling = price.handling_days()  # the handling days the dates shown count
        self._local: list[QuoteResult] = []
        self._arrived: list[QuoteResult] = []
        self.pages = tab_pages(self, messages, "pricePages")
        self._build_form()
        self._build_results()

        # The Batch and History pages are built when first shown (or first asked for):
        # the Quote page is what a clerk sees first, and it must not wait for them.
        self._batch: BatchPanel | None = None
        self._history: HistoryPanel | None = None
        self._batch_page = _PageHolder(self, "batchPage")
        self._history_page = _PageHolder(self, "historyPage")
        self._lay_out()
        # The services list needs the network: load it once the form is first painted.
        self.form.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The form's first paint: load the services right after it, not before. Asked from
        the constructor, the task's thread (the HTTP client's imports) competed for the GIL
        with the window's first picture (bench_startup, profiled under load: the event
        loop's time before the content mark 80-120 ms, 60-80 ms without it)."""
        if watched is self.form and event.type() == QEvent.Type.Paint:
            self.form.removeEventFilter(self)
            QTimer.singleShot(0, self, self._on_form_services_needed)  # not after the tab is gone
        return False

    def _build_form(self) -> None:
        self.form = QuoteForm(self.price.form_prices(), self)
        self.form.presets.use_desk(Desk(self.price, self.runner, self.messages))
        self.form.quoteRequested.connect(self._on_form_quote_requested)
        self.form.servicesNeeded.connect(self._on_form_services_needed)
        self.form.pricesChanged.connect(self._on_form_prices_changed)
        self.form.routeChanged.connect(self._on_form_route_changed)
        self.form.arriveByChanged.connect(self._on_form_arrive_by_changed)

    def _build_results(self) -> None:
        """The comparison's model and table, its summary, Cancel and the breakdown."""
        self.model = QuoteResultsModel(COMPARE_COLUMNS, self)
        self.model.set_arrive_by(self.form.arrive_by())
        self.proxy = QuoteFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = record_table(self, self.proxy, "compareTable", self.tr("Comparison"))
        self.table.setSortingEnabled(True)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.error_column = ErrorColumn(self.table, COMPARE_COLUMNS.index(Column.ERROR))
        self.summary = QLabel(self)
        self.summary.setObjectName("compareSummary")
        self.summary.setWordWrap(True)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.clicked.connect(self._on_cancel_clicked)
        self.cancel_button.hide()
        self.breakdown = BreakdownView(self)
        self.ship_this = ShipThis(self)
        self.ship_this.shipRequested.connect(self._on_ship_this_ship_requested)

    def _lay_out(self) -> None:
        quote_page = self._quote_page()
        self.pages.addTab(quote_page, self.tr("&Quote"))
        self.pages.addTab(self._batch_page, self.tr("&Batch"))
        self.pages.addTab(self._history_page, self.tr("&History"))
        self.pages.currentChanged.connect(self._on_pages_current_changed)

        # Esc on the Quote page only: the Batch page's Esc cancels its batch, and one key
        # claimed twice for the same focus does nothing at all.
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), quote_page)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self._on_cancel_clicked)

    @property
    def batch(self) -> BatchPanel:
        """The Batch page's panel, built on first use."""
        if self._batch is None:
            from postalgui.gui.tabs.price.batch_panel import BatchPanel

            self._batch = BatchPanel(self.price, self.runner, self._batch_page)
            self._batch.batchFinished.connect(self._on_batch_finished)
            self._batch.deadlinesFinished.connect(self._on_batch_deadlines_finished)
            self._batch_page.hold(self._batch)
        return self._batch

    @property
    def history(self) -> HistoryPanel:
        """The History page's panel, built on first use."""
        if self._history is None:
            from postalgui.gui.tabs.price.history_panel import HistoryPanel

            self._history = HistoryPanel(self.price, self.runner, self._history_page)
            self._history.rerunRequested.connect(self._on_history_rerun_requested)
            self._history_page.hold(self._history)
        return self._history

    def _refresh_history(self) -> None:
        """New quotes reach a History page already built; an unbuilt one reads them when shown."""
        if self._history is not None:
            self._history.refresh()

    def _quote_page(self) -> QWidget:
        scroll = QScrollArea(self)
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(
            self.form.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
        )
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(scroll, 1)
        left_layout.addWidget(self.form.problems_label)
        left_layout.addWidget(self.form.quote_button)

        results = QWidget(self)
        results_layout = QVBoxLayout(results)
        results_layout.setContentsMargins(0, 0, 0, 0)
        results_layout.addWidget(self.summary)
        buttons = QHBoxLayout()
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.ship_this.button)
        results_layout.addLayout(buttons)
        right = RememberedSplitter.of(
            "price.results",
            Qt.Orientation.Vertical,
            results,
            ((self.table, 2), (self.breakdown, 3)),
            collapsible=True,
        )
        results_layout.addWidget(right, 1)

        page = RememberedSplitter.of(
            "price.quote", Qt.Orientation.Horizontal, self, ((left, 0), (results, 1)), collapsible=True
        )
        page.setObjectName("quotePage")
        page.setSizes([400, 900])
        return page

    # --- quoting ----------------------------------------------------------------------

    @property
    def fetching_deadlines(self) -> bool:
        """A comparison's deadlines (or its prices) are still coming."""
        return self._compare is not None

    def quote(self) -> bool:
        """Validate the form and start the comparison; False when the form has problems."""
        self.messages.clear("price.compare")
        problems = self.form.required_problems()
        profile = self.price.profile
        request = self.form.build_request(profile.contract, profile.dr)
        problems.extend(p for p in request.problems if p.field not in {q.field for q in problems})
        self.form.show_problems(problems)
        if problems:
            self.summary.setText(self.tr("Nothing was sent: fix the fields named below the form."))
            return False
        # lazy: not needed for the first paint
        from postalgui.api.models.price import ItemError, QuoteResult

        self.form.remember_origin()  # a new origin comes back through pricesChanged
        self._local = [
            QuoteResult(index=-1 - number, query=query, response=None, failure=ItemError(text=reason))
            for number, (query, reason) in enumerate(request.refused)
        ]
        self.model.clear_deadlines()
        self.model.set_results(self._local)
        self.breakdown.show_result(None)
        self._took_ms = None
        if not request.queries:
            self._show_summary()
            return True
        self._start_compare(request.queries)
        return True

    def _start_compare(self, queries: list[PriceQuery]) -> None:
        """Prices and their deadlines in one task: the price column never waits for the dates."""
        # lazy: not needed for the first paint
        from postalgui.services.price.priced import prices_with_deadlines

        self._arrived = []
        self._pricing = True
        self._handling = self.price.handling_days()
        self._started = time.perf_counter()
        self.summary.setText(arg(self.tr("Quoting %1 products…"), len(queries)))
        self.cancel_button.show()
        self.form.quote_button.setEnabled(False)
        run = uuid.uuid4().hex  # the history keeps the prices and their deadlines under it
        self._compare = self.runner.run(
            prices_with_deadlines,
            self.price,
            queries,
            run,
            "compare",
            name="price compare",
            key="price.compare",
            on_progress=self._on_compare_progress,
            on_error=self._on_compare_error,
            on_finished=self._on_compare_finished,
        )

    def _show_summary(self) -> None:
        results = self.model.results()
        priced = [r for r in results if r.ok and r.response is not None and r.response.pcFinal is not None]
        failed = len(results) - len(priced)
        if not priced:
            self.summary.setText(self.tr("No product could be priced; the reasons are in the table."))
            return

        text = self._cheapest_text(results, priced)
        if failed:
            text += " " + self.tr("%n product(s) could not be priced.", "", failed)
        if self._took_ms is not None:  # how long the quote took, not how long ago it was
            text += " " + arg(self.tr("(%1 ms)"), self._took_ms)
        self.summary.setText(text)

    def _cheapest_text(self, results: list[QuoteResult], priced: list[QuoteResult]) -> str:
        """ "Cheapest: SEDEX at R$ 33,09", or with "must arrive by" the cheapest that makes it."""

        by = self.model.arrive_by()
        on_time = priced
        if by is not None:
            late = {id(results[row]) for row in range(len(results)) if self.model.is_late(row)}
            on_time = [r for r in priced if id(r) not in late]
        prices = [
            (r.response.pcFinal, r)
            for r in (on_time or priced)
            if r.response and r.response.pcFinal is not None
        ]
        price, cheapest = min(prices, key=lambda pair: pair[0])
        name = product_name(cheapest.query.coProduto) or cheapest.query.coProduto
        if by is None:
            return arg(self.tr("Cheapest: %1 at %2."), name, format_brl(price))
        if not on_time:
            return arg(
                self.tr("No product arrives %1; cheapest: %2 at %3."), until_text(by), name, format_brl(price)
            )
        return arg(self.tr("Cheapest that arrives %1: %2 at %3."), until_text(by), name, format_brl(price))

    def _save_prices(self, prices: PriceSettings) -> None:
        try:
            self.price.save_prices(prices)
        except OSError as exc:
            self.messages.show_message(describe_error(exc), MessageKind.ERROR, key="price.settings")

    def settings_changed(self) -> None:
        """Settings changed elsewhere (the card to quote with): follow its products."""
        self.form.set_prices(self.price.form_prices())
        if self._history is not None:  # the office database may be another one now
            self._history.live.changes.watch()
            self._history.refresh()

    # --- slots ------------------------------------------------------------------------

    @Slot(object)
    def _on_ship_this_ship_requested(self, draft: ShipDraft) -> None:
        if self.handoffs is not None:
            self.handoffs.open_draft(draft)

    @Slot()
    def _on_form_quote_requested(self) -> None:
        self.quote()

    @Slot(Progress)
    def _on_compare_progress(self, progress: Progress[PriceEvent]) -> None:
        if progress.payload is not None:
            progress.payload.reach(self)

    def price_arrived(self, result: QuoteResult) -> None:
        self._arrived.append(result)  # shown together, sorted, once all are in

    def prices_settled(self, settled: PricesSettled) -> None:
        del settled
        self._show_comparison()

    def _show_comparison(self) -> None:
        results = sorted(self._arrived, key=lambda result: result.index)
        self._took_ms = round((time.perf_counter() - self._started) * 1000)
        self._pricing = False
        self.cancel_button.hide()
        self.form.quote_button.setEnabled(True)
        self.model.set_results([*self._local, *results])
        self.table.sortByColumn(COMPARE_COLUMNS.index(Column.FINAL), Qt.SortOrder.AscendingOrder)
        self._show_summary()
        if self.proxy.rowCount():
            self.table.selectRow(0)
        self.quoteFinished.emit(len(results))
        self._refresh_history()

    def deadlines_arrived(self, outcomes: list[DeadlineOutcome]) -> None:
        self.model.set_deadlines(outcomes)
        if self.model.results():
            self._show_summary()  # "the cheapest that arrives by Friday" needs the dates
        if any(outcome.reason == "not_enabled" for outcome in outcomes):
            self.messages.show_message(
                self.tr("Delivery time is not enabled for this card: prices are shown without deadlines."),
                MessageKind.INFO,
                key="price.deadlines",
            )

    @Slot(object)
    def _on_compare_error(self, error: BaseException) -> None:
        """The message area says why, as the runner's sink would; the summary says it failed."""
        self.summary.setText(self.tr("The quote failed."))
        self.messages.show_message(describe_error(error), MessageKind.ERROR, key="price.compare")

    @Slot(bool)
    def _on_compare_finished(self, cancelled: bool) -> None:
        if cancelled and self._pricing and not self.model.results():
            self.summary.setText(self.tr("Cancelled."))
        self._compare = None
        self._pricing = False
        self.cancel_button.hide()
        self.form.quote_button.setEnabled(True)
        if not cancelled:
            self._refresh_history()  # the deadlines were kept beside the prices shown there

    @Slot()
    def _on_form_arrive_by_changed(self) -> None:
        self.model.set_arrive_by(self.form.arrive_by())
        if self.model.results():
            self._show_summary()

    @Slot()
    def _on_cancel_clicked(self) -> None:
        if self._compare is not None:
            self._compare.cancel()
            if self._pricing:
                self.summary.setText(self.tr("Cancelled."))

    @Slot(QItemSelection, QItemSelection)
    def _on_table_selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.table.selectionModel().selectedRows()
        result = self.model.result(self.proxy.mapToSource(rows[0]).row()) if rows else None
        self.breakdown.show_result(result)
        self.ship_this.show_result(result)

    @Slot()
    def _on_form_route_changed(self) -> None:
        """Prices of another route must not sit beside the one now typed, nor arrive later."""
        if self._compare is not None:
            self._compare.cancel()  # a quote of the old route: its prices would be stale on arrival
        self.model.clear_deadlines()
        if self.model.rowCount() == 0:
            return
        self.model.clear()
        self.breakdown.show_result(None)
        self.ship_this.show_result(None)
        self.summary.clear()
        self.messages.clear("price.compare")

    @Slot()
    def _on_form_services_needed(self) -> None:

        codes = self.form.product_codes()
        country = self.form.country() if self.form.international else None
        self.form.clear_services(self.tr("Loading the services each product offers…"))
        self._services_task = self.runner.run(
            services_for_products,
            self.price,
            codes,
            self.form.event_date(),
            country,
            name="price services",
            key="price.services",
            on_result=self._on_services_result,
            on_error=self._on_services_error,
        )

    @Slot(object)
    def _on_services_result(self, found: dict[str, list[AdditionalService] | Exception]) -> None:
        self.form.set_services(found)

    @Slot(object)
    def _on_services_error(self, error: BaseException) -> None:
        self.form.clear_services(
            arg(self.tr("Additional services could not be loaded: %1"), describe_error(error))
        )

    @Slot(PriceChoices)
    def _on_form_prices_changed(self, prices: PriceSettings) -> None:
        self._save_prices(prices)
        if prices.handling_days != self._handling and self.model.deadlines() is not None:
            # The dates shown count the old handling days (back to 0: no "+2 handling days"
            # left behind): they go, and the next quote brings the right ones.
            self._handling = prices.handling_days
            self.model.drop_deadlines()
            self._show_summary()

    @Slot(int, int)
    def _on_batch_finished(self, _count: int, _failed: int) -> None:
        self._refresh_history()

    @Slot()
    def _on_batch_deadlines_finished(self) -> None:
        self._refresh_history()

    @Slot(list)
    def _on_history_rerun_requested(self, queries: list[PriceQuery]) -> None:
        if len(queries) == 1:
            self.form.load_query(queries[0])
            self.pages.setCurrentIndex(0)
            self.quote()
            self.form.show_saved_products()  # a re-run never narrows the products compared
        elif queries:
            batch = self.batch
            self.pages.setCurrentWidget(self._batch_page)
            batch.run_queries(queries)

    @Slot(int)
    def _on_pages_current_changed(self, index: int) -> None:
        page = self.pages.widget(index)
        if page is self._batch_page:
            self.batch  # noqa: B018  # built on first show
        elif page is self._history_page:
            self.history.refresh()  # built on first show, and brought up to date


class _PageHolder(QWidget):
    """An empty page that a panel built later fills."""

    def __init__(self, parent: QWidget, name: str) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def hold(self, panel: QWidget) -> None:
        self._layout.addWidget(panel)
        panel.show()  # a child added to a page already on screen stays hidden otherwise
