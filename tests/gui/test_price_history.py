"""The history panel: newest first, search, breakdown, re-run, export and delete."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from postalgui.api.models.price import ItemError, PriceQuery, PriceResponse, QuoteResult
from postalgui.gui.tabs.price.history_panel import HistoryColumn, HistoryPanel
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from postalgui.services.price import use_cases as pricing
from tests.feature_ports import price_service

T0 = datetime(2025, 3, 10, 12, 0, tzinfo=UTC)


def _result(index: int, product: str, destination: str, final: str | None) -> QuoteResult:
    query = PriceQuery(coProduto=product, cepOrigem="01310100", cepDestino=destination, psObjeto=300 + index)
    if final is None:
        return QuoteResult(
            index, query, None, ItemError(code="PRC-012", text=f"CEP {destination} inexistente")
        )
    response = PriceResponse.model_validate({"coProduto": product, "pcProduto": final, "pcFinal": final})
    return QuoteResult(index, query, response)


@pytest.fixture
def stored(context: AppContext) -> None:
    """Three sittings: a form quote, a batch of two, a comparison with a failure."""
    history = context.quote_history()
    history.add([_result(0, "03220", "20040020", "25,10")], environment="sandbox", source="form", at=T0)
    history.add(
        [_result(0, "03298", "70002900", "18,40"), _result(1, "04227", "20040020", "9,80")],
        environment="sandbox",
        source="batch",
        at=T0 + timedelta(minutes=5),
    )
    history.add(
        [_result(0, "03220", "99999999", None)],
        environment="sandbox",
        source="compare",
        at=T0 + timedelta(minutes=10),
    )


@pytest.fixture
def panel(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> HistoryPanel:
    widget = HistoryPanel(context.price, runner)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    return widget


def _refresh(panel: HistoryPanel, qtbot: QtBot) -> None:
    panel.refresh()
    qtbot.waitUntil(lambda: not panel.searching, timeout=5000)


def _products(panel: HistoryPanel) -> list[str]:
    return [entry.query.coProduto for entry in panel.entries()]


def test_empty_history_says_what_it_is_for(panel: HistoryPanel, qtbot: QtBot) -> None:
    _refresh(panel, qtbot)
    assert panel.stack.currentWidget() is panel.empty_label
    assert panel.empty_label.text() == "No quotes yet. Every quote you make is kept here."
    assert not panel.export_csv_button.isEnabled()
    assert not panel.rerun_button.isEnabled()


@pytest.mark.usefixtures("stored")
def test_lists_newest_first_and_searches(panel: HistoryPanel, qtbot: QtBot, runner: TaskRunner) -> None:
    _refresh(panel, qtbot)
    assert panel.stack.currentWidget() is panel.table
    assert _products(panel) == ["03220", "04227", "03298", "03220"]
    assert panel.count_label.text() == "4 quote(s)"
    assert panel.proxy.index(0, HistoryColumn.SOURCE).data() == "Comparison"
    assert panel.proxy.index(0, HistoryColumn.ERROR).data() == "PRC-012: CEP 99999999 inexistente"
    assert panel.proxy.index(3, HistoryColumn.FINAL).data() == "R$ 25,10"
    assert panel.proxy.index(3, HistoryColumn.DATE).data() == T0.astimezone().strftime("%d/%m/%Y %H:%M")

    panel.search_edit.setText("20040-020")
    assert runner.active_count == 0  # debounced: nothing searched while typing
    qtbot.waitUntil(lambda: _products(panel) == ["04227", "03220"], timeout=5000)
    panel.search_edit.setText("prc-012")
    qtbot.waitUntil(lambda: len(panel.entries()) == 1, timeout=5000)
    assert panel.entries()[0].query.cepDestino == "99999999"
    panel.search_edit.setText("03220")
    qtbot.waitUntil(lambda: len(panel.entries()) == 2, timeout=5000)
    assert {entry.query.cepDestino for entry in panel.entries()} == {"99999999", "20040020"}
    panel.search_edit.setText("nothing like this")
    qtbot.waitUntil(lambda: panel.stack.currentWidget() is panel.empty_label, timeout=5000)
    assert panel.empty_label.text() == "No quotes match “nothing like this”."


@pytest.mark.usefixtures("stored")
def test_selection_shows_the_breakdown_and_reruns(panel: HistoryPanel, qtbot: QtBot) -> None:
    _refresh(panel, qtbot)
    panel.select_rows([1])
    assert panel.breakdown.title.text() == "04227 Mini Envios: R$ 9,80"
    assert panel.rerun_button.isEnabled()
    with qtbot.waitSignal(panel.rerunRequested) as one:
        panel.rerun_button.click()
    assert [query.coProduto for query in one.args[0]] == ["04227"]
    assert isinstance(one.args[0][0], PriceQuery)

    panel.select_rows([1, 2])
    with qtbot.waitSignal(panel.rerunRequested) as two:
        panel.rerun_selected()
    assert [query.coProduto for query in two.args[0]] == ["04227", "03298"]
    assert two.args[0][1] == panel.entries()[2].query


@pytest.mark.usefixtures("stored")
def test_delete_one_then_several(
    panel: HistoryPanel, context: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _refresh(panel, qtbot)
    asked: list[str] = []

    def answer(*args: object, **kwargs: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer)
    panel.select_rows([0])
    panel.delete_button.click()
    qtbot.waitUntil(lambda: len(panel.entries()) == 3, timeout=5000)
    assert asked == ["Delete 1 quote(s) from the history? This cannot be undone."]  # one row asks too
    assert _products(panel) == ["04227", "03298", "03220"]

    panel.select_rows([0, 1])
    panel.delete_selected()
    qtbot.waitUntil(lambda: len(panel.entries()) == 1, timeout=5000)
    assert asked[1:] == ["Delete 2 quote(s) from the history? This cannot be undone."]
    assert context.quote_history().count() == 1


@pytest.mark.usefixtures("stored")
def test_delete_asks_first_with_no_as_the_default(
    panel: HistoryPanel, context: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    _refresh(panel, qtbot)
    asked: list[tuple[object, ...]] = []

    def answer(*args: object) -> QMessageBox.StandardButton:
        asked.append(args)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer)
    panel.select_rows([1])
    assert panel.delete_selected() is None
    (question,) = asked
    buttons, default = question[3], question[4]
    assert buttons == QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    assert default == QMessageBox.StandardButton.No
    assert len(panel.entries()) == 4
    assert context.quote_history().count() == 4


@pytest.mark.usefixtures("stored")
def test_export_selected_or_all_shown(panel: HistoryPanel, qtbot: QtBot, tmp_path: Path) -> None:
    _refresh(panel, qtbot)
    everything = tmp_path / "all.csv"
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000):
        panel.export_csv(everything)
    lines = everything.read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 5
    assert [line.split(";")[1] for line in lines[1:]] == _products(panel)

    panel.select_rows([2])
    chosen = tmp_path / "one.csv"
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000):
        panel.export_csv(chosen)
    lines = chosen.read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 2
    assert lines[1].startswith("1;03298;")
    bar = panel.messages.message(HistoryPanel.EXPORT_TASK_KEY)
    assert bar is not None
    assert bar.text() == f"Saved to {chosen}"


@pytest.mark.usefixtures("stored")
def test_export_xlsx_and_the_next_dialog_starts_in_that_folder(
    panel: HistoryPanel,
    context: AppContext,
    runner: TaskRunner,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from openpyxl import load_workbook
    from PySide6.QtWidgets import QFileDialog

    _refresh(panel, qtbot)
    folder = tmp_path / "planilhas"
    folder.mkdir()
    starts: list[Path] = []

    def choose(_parent: object, _title: str, suggested: str, *_: object) -> tuple[str, str]:
        starts.append(Path(suggested).parent)
        return str(folder / "historico.xlsx"), "CSV (*.csv)"  # the name's suffix wins

    monkeypatch.setattr(QFileDialog, "getSaveFileName", choose)
    with qtbot.waitSignal(panel.exporter.exported, timeout=10_000):
        panel.export_csv_button.click()
    sheet = load_workbook(folder / "historico.xlsx").active
    assert sheet is not None
    products = [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert products == _products(panel)  # "03220", "03298": text with their leading zero
    assert starts[0] != folder

    # another dialog, in another panel or after a restart, starts where the file went
    def cancel(_parent: object, _title: str, suggested: str, *_: object) -> tuple[str, str]:
        starts.append(Path(suggested).parent)
        return "", ""

    other = HistoryPanel(context.price, runner)
    qtbot.addWidget(other)
    _refresh(other, qtbot)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", cancel)
    assert other.exporter.ask_pdf("summary") is None
    assert starts[-1] == folder


def test_quotes_made_in_the_background_appear(
    panel: HistoryPanel, context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    queries = [
        PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=500),
        PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="70002900", psObjeto=800),
    ]
    done: list[object] = []
    runner.run(pricing.quote_batch, context.price, queries, "form", on_result=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=30_000)
    _refresh(panel, qtbot)
    assert sorted(_products(panel)) == ["03220", "03298"]
    assert all(
        text.startswith("R$ ")
        for text in (panel.proxy.index(r, HistoryColumn.FINAL).data() for r in range(2))
    )
    assert {panel.proxy.index(r, HistoryColumn.SOURCE).data() for r in range(2)} == {"Form"}


@pytest.mark.usefixtures("stored")
def test_enter_reruns_and_delete_key_deletes(
    panel: HistoryPanel, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *_: QMessageBox.StandardButton.Yes)
    _refresh(panel, qtbot)
    panel.activateWindow()
    panel.table.setFocus()
    qtbot.waitUntil(panel.table.hasFocus, timeout=2000)
    panel.select_rows([3])
    with qtbot.waitSignal(panel.rerunRequested) as rerun:
        qtbot.keyClick(panel.table, Qt.Key.Key_Return)
    assert [query.coProduto for query in rerun.args[0]] == ["03220"]
    qtbot.keyClick(panel.table, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: len(panel.entries()) == 3, timeout=5000)
    assert "03298" in _products(panel)


class UnreadableHistory:
    """A history whose file belongs to a newer PostalGUI: every search fails."""

    set_aside_path = None

    def search(self, text: str, limit: int = 1000, author: str | None = None) -> list[object]:
        from postalgui.services.price.history import HistoryError

        raise HistoryError("The history file belongs to a newer PostalGUI")


def test_an_unreadable_history_is_said_in_the_panels_message_area(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> None:
    """No error slot of its own: the runner routes the routine failure to the panel's
    message area, worded by the task's `Failure`."""
    service = price_service(history=UnreadableHistory, office=context.office)
    panel = HistoryPanel(service, runner)
    qtbot.addWidget(panel)
    panel.refresh()
    qtbot.waitUntil(lambda: panel.messages.message(panel.TASK_KEY) is not None)
    bar = panel.messages.message(panel.TASK_KEY)
    assert bar is not None
    assert bar.text().startswith(panel.tr("Could not read the quote history: %1").replace("%1", ""))
    assert "newer PostalGUI" in bar.text()


def test_a_damaged_history_file_is_set_aside_and_said_with_its_path(
    context: AppContext, panel: HistoryPanel, qtbot: QtBot
) -> None:
    path = context.price.history().path
    assert path is not None
    context.office().close()  # the office file is this desk's (no server configured)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database, a stray copy of something else " * 100)
    _refresh(panel, qtbot)
    [aside] = list(path.parent.glob(f"{path.name}.bad-*"))
    bar = panel.messages.message("price.history.set-aside")
    assert bar is not None
    assert str(aside) in bar.text()
    assert panel.stack.currentWidget() is panel.empty_label  # a fresh, empty history works on
    panel.messages.clear("price.history.set-aside")
    _refresh(panel, qtbot)
    assert panel.messages.message("price.history.set-aside") is None  # said once per file


def test_everyone_or_mine_and_who_made_each_quote(
    context: AppContext, panel: HistoryPanel, qtbot: QtBot
) -> None:
    from postalgui.services.price.history import QuoteHistory

    history = context.quote_history()
    history.add([_result(0, "03220", "20040020", "25,10")], environment=context.env_key, source="form", at=T0)
    path = history.path
    assert path is not None
    theirs = QuoteHistory(path, author="clerk.b", environment=context.env_key)  # another desk, same database
    theirs.add([_result(0, "03298", "70002900", "18,40")], environment=context.env_key, source="form", at=T0)
    theirs.close()
    _refresh(panel, qtbot)
    assert panel.search.whose_combo.currentText() == "Everyone"
    assert _products(panel) == ["03298", "03220"]
    login = context.login
    assert login
    assert [panel.proxy.index(r, HistoryColumn.BY).data() for r in range(2)] == ["clerk.b", login]
    assert panel.model.headerData(HistoryColumn.BY, Qt.Orientation.Horizontal) == "By"

    panel.search.whose_combo.setCurrentIndex(panel.search.whose_combo.findText("Mine"))  # searches at once
    qtbot.waitUntil(lambda: _products(panel) == ["03220"], timeout=5000)
    assert panel.count_label.text() == "1 quote(s)"
    panel.search_edit.setText("70002")
    qtbot.waitUntil(lambda: panel.stack.currentWidget() is panel.empty_label, timeout=5000)
    panel.search_edit.clear()
    qtbot.waitUntil(lambda: _products(panel) == ["03220"], timeout=5000)
    context.quote_history().clear()
    _refresh(panel, qtbot)
    assert panel.empty_label.text() == "No quotes of yours yet. Choose Everyone to see the office's."
    theirs = QuoteHistory(path, author="clerk.b", environment=context.env_key)
    theirs.add([_result(0, "04227", "70002900", "9,80")], environment=context.env_key, source="form", at=T0)
    theirs.close()
    panel.search.whose_combo.setCurrentIndex(0)
    qtbot.waitUntil(lambda: _products(panel) == ["04227"], timeout=5000)
