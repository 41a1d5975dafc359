"""The batch panel: checking a file, pricing it against the embedded sandbox, cancel, export."""

from __future__ import annotations

import csv
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import cast

import pytest
import requests
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot

from postalgui.api.models.price import PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.tabs.price.batch_panel import BatchPanel
from postalgui.gui.tabs.price.results_model import Column
from postalgui.gui.tasks import TaskRunner
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.context import AppContext
from postalgui.services.price.service import PriceService

SANDBOX_MS = 30_000
PRODUCTS = ("03220", "03298", "04227")
DESTINATIONS = ("01310100", "20040020", "70002900")


def _write(path: Path, rows: Sequence[Sequence[object]], delimiter: str = ",") -> Path:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(rows)
    return path


def _good_rows(count: int) -> list[list[object]]:
    rows: list[list[object]] = [["coProduto", "cepOrigem", "cepDestino", "psObjeto", "nuRequisicao"]]
    for number in range(count):
        product = PRODUCTS[number % 3]
        grams = (
            100 + 10 * (number % 20) if product == "04227" else 200 + 150 * number
        )  # Mini Envios: 300 g at most
        rows.append(
            [product, "01310100", DESTINATIONS[(number // 3) % 3], str(grams), f"REQ{number + 1:04d}"]
        )
    return rows


@pytest.fixture
def panel(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> BatchPanel:
    widget = BatchPanel(context.price, runner)
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    widget.show()
    return widget


def _load(panel: BatchPanel, qtbot: QtBot, path: Path) -> None:
    panel.load_file(path)
    assert not panel.run_button.isEnabled()  # not while reading
    qtbot.waitUntil(lambda: not panel.reading, timeout=5000)


def test_a_file_with_problems_names_each_by_row_and_line(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path
) -> None:
    """Each problem names the row as the results table numbers it and the file's line."""
    path = _write(
        tmp_path / "lote.csv",
        [
            ["Produto", "CEP de origem", "CEP de destino", "Peso (g)"],
            ["03220", "01310-100", "20040-020", "300"],
            ["03298", "01310100", "70002900", "abc"],
            ["04227", "01310100", "123", "100"],
            ["03220", "01310100", "", "100"],
        ],
        delimiter=";",
    )
    _load(panel, qtbot, path)
    problems = panel.problem_texts()
    assert "Row 2 (line 3), column Peso (g): Weight must be a whole number of grams (got 'abc')" in problems
    assert any(
        text.startswith("Row 3 (line 4), column CEP de destino: CEP must have 8 digits") for text in problems
    )
    assert "Row 4 (line 5), column CEP de destino: Required for pricing" in problems
    assert panel.problems_list.isVisible()
    assert panel.problems_label.text() == "3 rows have problems and are skipped; the other rows are sent."
    assert panel.file_label.text() == "lote.csv: 1 of 4 rows to send; 3 with problems, lines 3, 4, 5"
    assert [query.cepDestino for query in panel.queries()] == ["20040020"]
    assert panel.run_button.isEnabled()


def test_one_bad_row_is_skipped_and_the_good_rows_run(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path
) -> None:
    """The bad row is listed and left out; the others are priced under their own row numbers,
    each with its own deadline beside it."""
    rows = _good_rows(5)
    rows[3][3] = "abc"  # row 3, line 4
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows))
    assert panel.problem_texts() == [
        "Row 3 (line 4), column psObjeto: Weight must be a whole number of grams (got 'abc')"
    ]
    assert panel.problems_label.text() == "1 row has a problem and is skipped; the other rows are sent."
    assert panel.file_label.text() == "lote.csv: 4 of 5 rows to send; 1 with a problem, line 4"
    assert panel.run_button.isEnabled()

    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
        panel.run_button.click()
    assert finished.args == [4, 0]
    assert panel.summary_text().startswith("4 of 5 rows sent; 1 with a problem, line 4. 4 quoted, 0 failed")
    model = panel.model
    line = model.column_of(Column.LINE)
    assert line is not None
    by_line = {model.item(row, line).text(): model.result(row) for row in range(model.rowCount())}
    assert sorted(by_line) == ["1", "2", "4", "5"]  # the file's row numbers, 3 left out
    assert by_line["4"].query.nuRequisicao == "REQ0004"
    qtbot.waitUntil(lambda: not panel.fetching_deadlines, timeout=SANDBOX_MS)
    for row in range(model.rowCount()):
        outcome = model.deadline(row)
        assert outcome is not None
        assert outcome.index == model.result(row).index


def test_a_file_without_a_product_column_is_refused(panel: BatchPanel, qtbot: QtBot, tmp_path: Path) -> None:
    path = _write(
        tmp_path / "lote.csv", [["cepOrigem", "cepDestino", "psObjeto"], ["01310100", "20040020", "300"]]
    )
    _load(panel, qtbot, path)
    bar = panel.messages.message("batch.file")
    assert bar is not None
    assert bar.kind is MessageKind.ERROR
    assert bar.text() == "No product column: the header needs coProduto (or Produto)."
    assert not panel.run_button.isEnabled()


def test_unknown_columns_are_named(panel: BatchPanel, qtbot: QtBot, tmp_path: Path) -> None:
    rows = _good_rows(2)
    rows[0].append("Observação")
    rows[1].append("frágil")
    rows[2].append("")
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows))
    bar = panel.messages.message("batch.columns")
    assert bar is not None
    assert bar.text().endswith(": Observação")
    assert panel.run_button.isEnabled()
    assert len(panel.queries()) == 2


def test_a_declared_value_is_priced_with_the_products_own_service(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path
) -> None:
    """A valued row without 019/064/065 gets its product's service, as on the Quote page."""
    rows = [
        ["Produto", "CEP de origem", "CEP de destino", "Peso (g)", "Valor declarado"],
        ["03220", "01310100", "20040020", "500", "200,00"],
        ["03298", "01310100", "70002900", "800", "150"],
        ["03220", "01310100", "20040020", "500", ""],
    ]
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows, delimiter=";"))
    assert panel.problem_texts() == []
    assert [query.servicosAdicionais for query in panel.queries()] == [("019",), ("064",), ()]
    bar = panel.messages.message("batch.declared")
    assert bar is not None
    assert bar.kind is MessageKind.INFO
    assert bar.text().endswith(": 03220: 019, 03298: 064")

    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
        panel.run_button.click()
    assert finished.args == [3, 0]
    results = sorted(panel.model.results(), key=lambda result: result.index)
    sedex, pac = results[0].response, results[1].response
    assert sedex is not None
    assert pac is not None
    # the operator priced the insurance: the request carried the service
    assert [item.coServAdicional for item in sedex.servicoAdicional] == ["019"]
    assert (sedex.pcTotalServicosAdicionais or 0) > 0
    assert [item.coServAdicional for item in pac.servicoAdicional] == ["064"]
    assert results[0].query.vlDeclarado == Decimal("200.00")
    services = panel.model.column_of(Column.SERVICES)
    assert services is not None
    assert panel.proxy.index(0, services).data() == "R$ 1,79"  # (200 - 21 insured) x 1%
    panel.table.selectRow(0)
    shown = panel.breakdown.subtitle.text()
    assert "services 019" in shown
    assert "declared R$ 200,00" in shown


def test_a_declared_value_the_product_cannot_take_is_a_row_problem(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path
) -> None:
    rows = [
        ["coProduto", "cepOrigem", "cepDestino", "sgPaisDestino", "psObjeto", "vlDeclarado"],
        ["45110", "01310100", "", "US", "500", "200"],
        ["04227", "01310100", "20040020", "", "200", "150"],
        ["03220", "01310100", "20040020", "", "500", "200"],
    ]
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows))
    assert panel.problem_texts() == [
        "Row 1 (line 2), column vlDeclarado: Product 45110 has no declared-value service, "
        "so the declared value cannot be priced.",
        "Row 2 (line 3), column vlDeclarado: Declared value R$ 150,00 is outside the limits of product 04227 "
        "(R$ 25,50 to R$ 100,00).",
    ]
    assert panel.problems_label.text().startswith("2 rows have problems and are skipped")
    assert [query.coProduto for query in panel.queries()] == ["03220"]
    assert panel.run_button.isEnabled()
    bar = panel.messages.message("batch.declared")
    assert bar is not None
    assert bar.text().endswith(": 03220: 019")  # the row sent got its service


def test_a_good_file_is_priced_and_exported(
    panel: BatchPanel, context: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    rows = _good_rows(12)
    rows.append(["99999", "01310100", "20040020", "300", "REQ9999"])  # no such product
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows))
    assert panel.problem_texts() == []
    assert "13 row(s) to send" in panel.file_label.text()
    assert panel.run_button.isEnabled()
    assert not panel.export_csv_button.isEnabled()

    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
        panel.run_button.click()
        assert panel.running
        assert panel.progress_bar.isVisible()
        assert panel.cancel_button.isVisible()
        assert not panel.open_button.isEnabled()
    assert finished.args == [13, 1]
    assert not panel.running
    assert not panel.progress_bar.isVisible()
    assert panel.summary_text().startswith("13 quoted, 1 failed in ")
    assert panel.model.rowCount() == 13
    final = panel.model.column_of(Column.FINAL)
    error = panel.model.column_of(Column.ERROR)
    assert final is not None
    assert error is not None
    results = sorted(panel.model.results(), key=lambda result: result.index)
    assert [result.query.nuRequisicao for result in results[:12]] == [f"REQ{n:04d}" for n in range(1, 13)]
    for result in results[:12]:
        assert result.ok
        assert result.response is not None
        assert result.response.pcFinal is not None
        assert result.response.pcFinal > 0
    assert not results[12].ok
    # the view is sorted by line: the failed product is the last row, its error shown
    last = panel.proxy.rowCount() - 1
    assert panel.proxy.index(0, 0).data() == "1"
    assert panel.proxy.index(last, error).data().startswith("PRC-001")
    assert panel.proxy.index(0, final).data().startswith("R$ ")
    assert context.quote_history().count() == 13

    # selecting a row shows its breakdown
    panel.table.selectRow(0)
    assert panel.breakdown.title.text().startswith("03220 SEDEX: R$ ")

    # filtering and sorting the table
    panel.status_combo.setCurrentIndex(panel.status_combo.findData("failed"))
    assert panel.proxy.rowCount() == 1
    panel.status_combo.setCurrentIndex(0)
    panel.filter_edit.setText("pac")
    assert panel.proxy.rowCount() == 4
    panel.filter_edit.clear()
    panel.table.sortByColumn(final, Qt.SortOrder.DescendingOrder)
    assert panel.proxy.index(last, error).data().startswith("PRC-001")

    assert panel.export_csv_button.isEnabled()
    target = tmp_path / "saida" / "resultados.csv"
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000):
        panel.export_csv(target)
    lines = target.read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 14
    assert lines[0].startswith("linha;coProduto;")
    assert lines[1].startswith("1;03220;REQ0001;")
    assert "PRC-001" in lines[13]
    bar = panel.messages.message(BatchPanel.EXPORT_TASK_KEY)
    assert bar is not None
    assert bar.text() == f"Saved to {target}"
    assert bar.action_button is not None
    assert bar.action_button.text() == "Open &folder"

    for layout in ("per_quote", "summary"):
        pdf = tmp_path / f"{layout}.pdf"
        with qtbot.waitSignal(panel.exporter.exported, timeout=30_000):
            panel.export_pdf(pdf, layout)
        assert pdf.read_bytes().startswith(b"%PDF")


def test_cancel_stops_a_slow_batch(
    panel: BatchPanel, context: AppContext, runner: TaskRunner, qtbot: QtBot, tmp_path: Path
) -> None:
    url = context.sandbox_url()
    answer = requests.put(f"{url}/_sandbox/faults", json={"latency_ms": 300, "paths": ["/preco"]}, timeout=5)
    answer.raise_for_status()
    _load(panel, qtbot, _write(tmp_path / "lote.csv", _good_rows(100)))
    assert len(panel.queries()) == 100
    assert not panel.cancel_action.isEnabled()

    finished: list[tuple[int, int]] = []
    panel.batchFinished.connect(lambda count, failed: finished.append((count, failed)))
    panel.activateWindow()
    panel.table.setFocus()
    qtbot.waitUntil(panel.table.hasFocus, timeout=2000)
    qtbot.keyClick(panel.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Ctrl+Enter runs
    assert panel.running
    assert panel.cancel_action.isEnabled()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=SANDBOX_MS)
    qtbot.keyClick(panel.table, Qt.Key.Key_Escape)  # Esc cancels
    assert panel.summary_text() == "Cancelling…"
    assert not panel.cancel_action.isEnabled()
    qtbot.waitUntil(lambda: panel.summary_text().startswith("Cancelled after "), timeout=SANDBOX_MS)
    qtbot.waitUntil(lambda: runner.active_count == 0, timeout=SANDBOX_MS)
    shown = panel.model.rowCount()
    assert 0 < shown < 100
    assert panel.summary_text() == f"Cancelled after {shown} of 100"
    assert finished == []
    assert not panel.running
    assert panel.run_button.isEnabled()  # the file can be sent again
    assert panel.export_csv_button.isEnabled()  # what arrived can be saved


def test_queries_from_the_history_run_as_a_batch(
    panel: BatchPanel, context: AppContext, qtbot: QtBot
) -> None:
    queries = [
        PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=500),
        PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="70002900", psObjeto=1500),
    ]
    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
        panel.run_queries(queries)
    assert finished.args == [2, 0]
    assert "2 quote(s) from the history" in panel.file_label.text()
    assert {entry.source for entry in context.quote_history().search()} == {"history"}


def test_a_rerun_from_the_history_prices_its_declared_value(
    panel: BatchPanel, context: AppContext, qtbot: QtBot
) -> None:
    """An old quote sent without 019 gets it now; one the rule refuses fails without being sent."""
    valued = PriceQuery(
        coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=500, vlDeclarado=Decimal(200)
    )
    abroad = PriceQuery(
        coProduto="45110", cepOrigem="01310100", sgPaisDestino="US", psObjeto=500, vlDeclarado=Decimal(200)
    )
    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
        panel.run_queries([valued, abroad])
    assert finished.args == [2, 1]
    first, second = sorted(panel.model.results(), key=lambda result: result.index)
    assert first.query.servicosAdicionais == ("019",)
    assert first.response is not None
    assert [item.coServAdicional for item in first.response.servicoAdicional] == ["019"]
    assert second.response is None
    assert str(second.failure).startswith("Product 45110 has no declared-value service")
    assert [entry.query.coProduto for entry in context.quote_history().search()] == ["03220"]


def test_the_breakdown_says_a_declared_value_that_was_not_priced(panel: BatchPanel) -> None:
    query = PriceQuery(
        coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=500, vlDeclarado=Decimal(200)
    )
    response = PriceResponse(coProduto="03220", pcFinal=Decimal("30.10"))
    panel.breakdown.show_result(QuoteResult(0, query, response))
    assert "declared R$ 200,00, not priced (no declared-value service)" in panel.breakdown.subtitle.text()
    insured = query.model_copy(update={"servicosAdicionais": ("019",)})
    panel.breakdown.show_result(QuoteResult(0, insured, response))
    assert panel.breakdown.subtitle.text().endswith("services 019 · declared R$ 200,00")


def test_results_export_as_an_excel_workbook_from_the_dialog(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl import load_workbook
    from PySide6.QtWidgets import QFileDialog

    queries = [
        PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="05311900", psObjeto=500),
        PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="70002900", psObjeto=1500),
    ]
    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS):
        panel.run_queries(queries)
    asked: list[tuple[object, ...]] = []

    def choose(*args: object) -> tuple[str, str]:
        asked.append(args)
        return str(tmp_path / "cotacoes"), "Excel workbook (*.xlsx)"  # typed without a suffix

    monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000) as saved:
        panel.export_csv_button.click()
    target = tmp_path / "cotacoes.xlsx"
    assert saved.args == [target]
    (question,) = asked
    assert question[3] == "Excel workbook (*.xlsx);;CSV (*.csv)"
    assert str(question[2]).endswith(".xlsx")
    sheet = load_workbook(target).active
    assert sheet is not None
    assert sheet.freeze_panes == "A2"
    titles = [cell.value for cell in sheet[1]]
    rows = [dict(zip(titles, row, strict=True)) for row in sheet.iter_rows(min_row=2)]
    assert [row["coProduto"].value for row in rows] == ["03220", "03298"]
    assert rows[0]["cepOrigem"].value == "01310100"
    assert rows[0]["cepDestino"].value == "05311900"
    assert isinstance(rows[0]["pcFinal"].value, float)
    assert rows[0]["pcFinal"].number_format == '"R$" #,##0.00'


class FastClient:
    """Settles every query at once, last first, as fast as a worker can report them."""

    def __init__(self) -> None:
        self.response = PriceResponse.model_validate(
            {
                "coProduto": "03220",
                "pcProduto": "19,92",
                "pcFinal": "19,92",
                "psCobrado": "300",
                "inPesoCubico": "N",
            }
        )

    def batch(
        self,
        queries: Sequence[PriceQuery],
        *,
        id_lote: str | None = None,
        on_result: Callable[[QuoteResult], None] | None = None,
    ) -> list[QuoteResult]:
        del id_lote
        results = [QuoteResult(index, query, self.response) for index, query in enumerate(queries)]
        for result in reversed(results):
            if on_result is not None:
                on_result(result)
        return results


class FastPriceService:
    """What the Batch page's run asks of `PriceService`: a fast client, no history, no API 35."""

    def __init__(self) -> None:
        self._client = FastClient()

    def client(self) -> FastClient:
        return self._client

    def record(self, results: Sequence[QuoteResult], source: str, run: str | None = None) -> None:
        del results, source, run

    def enabled_apis(self) -> list[int] | None:
        return [34]  # prices only: no deadline is asked

    def handling_days(self) -> int:
        return 0

    def record_deadlines(self, run: str, queries: object, outcomes: object) -> None:
        del run, queries, outcomes


def test_a_thousand_streamed_results_all_reach_the_table(runner: TaskRunner, qtbot: QtBot) -> None:
    """Results arriving as fast as a worker can report them keep the GUI thread responsive."""
    panel = BatchPanel(cast("PriceService", FastPriceService()), runner)
    qtbot.addWidget(panel)
    panel.resize(1000, 700)
    panel.show()
    query = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=300)
    gaps: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(beat)
    heartbeat.start()
    try:
        with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS) as finished:
            last[0] = time.perf_counter()
            panel.run_queries([query] * 1000, "batch")
    finally:
        heartbeat.stop()
    assert finished.args == [1000, 0]
    assert panel.model.rowCount() == 1000
    assert panel.proxy.index(0, 0).data() == "1"
    # How long the GUI thread stalls is measured by tests/benchmarks/bench_price_gui.py;
    # here the heartbeat only has to keep beating while a thousand results stream in.
    assert len(gaps) > 1


def test_a_small_batch_shows_deadlines_after_its_prices_and_exports_them(
    panel: BatchPanel, qtbot: QtBot, tmp_path: Path
) -> None:
    rows = _good_rows(3)
    rows[0].append("sgPaisDestino")
    for row in rows[1:]:
        row.append("")
    rows.append(["45110", "01310100", "", "300", "REQ0004", "US"])
    _load(panel, qtbot, _write(tmp_path / "lote.csv", rows))
    assert panel.problem_texts() == []
    with qtbot.waitSignal(panel.batchFinished, timeout=SANDBOX_MS):
        panel.run_button.click()
    qtbot.waitUntil(lambda: not panel.fetching_deadlines, timeout=SANDBOX_MS)
    model = panel.model
    arrives = model.column_of(Column.ARRIVES)
    days = model.column_of(Column.DAYS)
    note = model.column_of(Column.DEADLINE_NOTE)
    assert arrives is not None
    assert days is not None
    assert note is not None
    by_line = {model.result(row).index: row for row in range(model.rowCount())}
    for index in range(3):
        row = by_line[index]
        outcome = model.deadline(row)
        assert outcome is not None
        assert outcome.reason == "ok", outcome
        assert outcome.by is not None
        assert model.item(row, arrives).text().startswith("by ")
        assert model.item(row, arrives).text().endswith(f"{outcome.by:%d/%m}")
        assert model.item(row, days).text().isdigit()
    abroad = model.deadline(by_line[3])
    assert abroad is not None
    assert abroad.reason == "international"
    assert model.item(by_line[3], note).text() == "International: not available"

    target = tmp_path / "prazos.csv"
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000):
        panel.export_csv(target)
    with target.open(encoding="utf-8-sig", newline="") as handle:
        records = list(csv.DictReader(handle, delimiter=";"))
    first = model.deadline(by_line[0])
    assert first is not None
    assert first.by is not None
    assert records[0]["dataMaxima"] == f"{first.by:%d/%m/%Y}"
    assert records[3]["dataMaxima"] == ""


def test_the_progress_text_is_inside_its_bar(panel: BatchPanel) -> None:
    """Left to the style, Fusion draws "3 of 10" beside the bar, where the layout gives it no room."""
    assert panel.progress_bar.alignment() & Qt.AlignmentFlag.AlignHCenter
