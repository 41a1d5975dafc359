"""The Money back page over the real claims service: a row per month ("nov/2026" in Portuguese,
"Nov 2026" in English), counts and estimated amounts per stage, a total line, and the
months exported as a spreadsheet and the accountant's PDF (the exports of helper "cli")."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from postalgui.gui.tabs.claims.money_model import MoneyColumn
from postalgui.gui.tabs.claims.money_page import MoneyBackPage
from postalgui.gui.tasks import TaskRunner
from postalgui.services.context import AppContext
from tests.gui.claims_support import ACCEPTED, OPEN, REFUSED, WAIT_MS, code, holder, write_claims

OCTOBER = datetime(2026, 10, 20, 13, 0, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 3, 13, 0, tzinfo=UTC)


@pytest.fixture
def page(context: AppContext, runner: TaskRunner, qtbot: QtBot) -> Iterator[MoneyBackPage]:
    write_claims(context.claims, [(1, OPEN), (2, ACCEPTED)], at=OCTOBER)
    write_claims(context.claims, [(3, ACCEPTED), (4, REFUSED), (5, OPEN)], at=NOVEMBER)
    context.claims.book().mark_paid([code(3)], NOVEMBER)
    box, desk = holder(context, runner, qtbot)
    built = MoneyBackPage(desk, box)
    box.layout().addWidget(built)
    with qtbot.waitSignal(built.monthsLoaded, timeout=WAIT_MS):
        box.show()
    yield built
    box.close()


def row_texts(page: MoneyBackPage, row: int) -> list[str]:
    return [page.cell(row, column) for column in MoneyColumn]


def test_a_row_per_month_newest_first_and_a_total_line(page: MoneyBackPage, each_language: str) -> None:
    page.model.set_months(page.model.months())  # worded again in the language installed now
    assert page.model.rowCount() == 3
    november, october, total = (row_texts(page, row) for row in range(3))
    month = {"en": ("Nov 2026", "Oct 2026", "Total"), "pt_BR": ("nov/2026", "out/2026", "Total")}
    assert (november[0], october[0], total[0]) == month[each_language]
    # candidates, filed, accepted (paid counts as accepted), paid, refused: count, then estimate
    assert november[1:] == [
        "0",
        "R$ 0,00",
        "3",
        "R$ 37,50",
        "1",
        "R$ 12,50",
        "1",
        "R$ 12,50",
        "1",
        "R$ 12,50",
    ]
    assert october[1:] == ["0", "R$ 0,00", "2", "R$ 25,00", "1", "R$ 12,50", "0", "R$ 0,00", "0", "R$ 0,00"]
    assert total[1:] == ["0", "R$ 0,00", "5", "R$ 62,50", "2", "R$ 25,00", "1", "R$ 12,50", "1", "R$ 12,50"]
    tip = page.model.headerData(
        MoneyColumn.FILED_ESTIMATE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    if each_language == "en":
        assert page.model.headerData(MoneyColumn.FILED_ESTIMATE, Qt.Orientation.Horizontal) == "Estimate"
        assert tip.startswith("An estimate from the compensation table")


def test_the_months_are_exported_and_reported_for_the_accountant(
    page: MoneyBackPage, tmp_path: Path, qtbot: QtBot
) -> None:
    pytest.importorskip("postalgui.services.claims.export")  # helper "cli" writes it beside this page
    assert page.export_button.isEnabled()
    sheet, pdf = tmp_path / "money.csv", tmp_path / "money.pdf"
    page.ask_save = lambda is_pdf: pdf if is_pdf else sheet
    with qtbot.waitSignal(page.saved.exported, timeout=WAIT_MS):
        page.export_button.click()
    assert "nov/2026;0;0,00;3;37,50;1;12,50;1;12,50;1" in sheet.read_text(encoding="utf-8-sig")
    with qtbot.waitSignal(page.saved.exported, timeout=WAIT_MS):
        page.report_button.click()
    assert pdf.read_bytes().startswith(b"%PDF")


def test_the_model_passes_qt_s_model_tester(page: MoneyBackPage, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(page.model)
