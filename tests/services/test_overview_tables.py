"""The Overview's numbers as tables, in Portuguese and English: typed cells for the window's
table, CSV and .xlsx, the words the charts say, and the notes that tell what a filter did."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from postalgui.services.overview.records import (
    NOT_ITEMIZED,
    OTHER_CHARGES,
    Arrival,
    ClaimFigures,
    ClerkDay,
    Conversion,
    Filter,
    LateRoute,
    MoneyLeft,
    MonthSpending,
    Overview,
    Period,
    PeriodKind,
    Punctuality,
    QuoteFigures,
    Section,
    ServiceAmount,
    Spending,
    StateFigures,
    TimingCounts,
    Whereabouts,
)
from postalgui.services.overview.tables import section_table, write_section
from postalgui.services.words.overview import arrival_word, period_word, section_title, service_word

SEDEX = ServiceAmount("03220", "SEDEX", Decimal("300.00"), 10)
OTHER = ServiceAmount(OTHER_CHARGES, "", Decimal("20.00"))
LOOSE = ServiceAmount(NOT_ITEMIZED, "", Decimal("123.45"))
COUNTS = TimingCounts("03220", {Arrival.ON_TIME: 6, Arrival.LATE: 2, Arrival.WAITING: 2}, "SEDEX")
OVERVIEW = Overview(
    filter=Filter(Period.month("2026-10"), state="RJ"),
    today=date(2026, 11, 20),
    spending=Spending(
        months=(
            MonthSpending("2026-09", Decimal("500.00"), (LOOSE,), in_period=False),
            MonthSpending("2026-10", Decimal("443.45"), (SEDEX, OTHER, LOOSE)),
        ),
        total=Decimal("443.45"),
        previous_total=Decimal("500.00"),
        by_service=(SEDEX, OTHER, LOOSE),
        invoices=2,
        itemized=1,
    ),
    where=Whereabouts((StateFigures("RJ", 10, 8, 3.5), StateFigures("SP", 4, 0, None)), no_state=2),
    on_time=Punctuality(
        by_service=(COUNTS,),
        by_week=(TimingCounts("2026-10-05", COUNTS.counts),),
        routes=(LateRoute("SP", "RJ", 2, 8),),
        total=TimingCounts("", COUNTS.counts),
    ),
    claims=ClaimFigures(filed=3, accepted=2, paid=1, filed_estimate=Decimal("60.00")),
    quotes=QuoteFigures(
        by_clerk_day=(ClerkDay("ana", date(2026, 10, 2), 5), ClerkDay("", date(2026, 10, 3), 1)),
        conversions=(Conversion("03220", "SP", "RJ", 6, 3, "SEDEX"),),
        quotes=6,
        converted=3,
    ),
    read_at=datetime(2026, 11, 20, 12, 0, tzinfo=UTC),
)
MONEY = MoneyLeft(2, Decimal("15.00"), 1, Decimal("7.50"))


def test_the_spending_table_has_a_column_per_stack_and_a_total_row() -> None:
    table = section_table(OVERVIEW, MONEY, Section.SPENDING, "pt")
    assert table.title == "Gastos por mês"
    assert [column.title for column in table.columns] == [
        "Mês",
        "SEDEX",
        "Outras cobranças",
        "Não detalhado",
        "Total",
    ]
    assert table.rows == (
        ("09/2026", Decimal(0), Decimal(0), Decimal("123.45"), Decimal("500.00")),
        ("10/2026", Decimal("300.00"), Decimal("20.00"), Decimal("123.45"), Decimal("443.45")),
    )
    assert table.total == ("Total", Decimal("300.00"), Decimal("20.00"), Decimal("246.90"), Decimal("943.45"))
    assert any("RJ" in note for note in table.notes)
    assert "1 de 2 faturas detalhadas" in table.notes[0]


def test_shares_are_decimals_of_one_and_the_words_follow_the_language() -> None:
    table = section_table(OVERVIEW, MONEY, Section.ON_TIME_SERVICE, "en")
    assert [column.title for column in table.columns][:4] == ["Service", "On time", "Late", "On its way"]
    assert table.rows[0][-1] == Decimal("0.7500")  # 6 on time of the 8 judged (waiting ones are not)
    assert table.columns[-1].number_format == "0.0%"
    routes = section_table(OVERVIEW, MONEY, Section.LATE_ROUTES, "pt")
    assert routes.rows == (("SP", "RJ", 2, 8, Decimal("0.2500")),)


@pytest.mark.parametrize("section", list(Section))
@pytest.mark.parametrize("language", ["pt", "en"])
def test_every_section_writes_csv_and_a_workbook(tmp_path: Path, section: Section, language: str) -> None:
    table = section_table(OVERVIEW, MONEY, section, language)
    assert table.title == section_title(section, language)
    assert all(
        len(row) == len(table.columns) for row in [*table.rows, *([table.total] if table.total else [])]
    )
    text = write_section(tmp_path / "numbers.csv", table).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0] == ";".join(column.title for column in table.columns)
    book = load_workbook(write_section(tmp_path / "numbers.xlsx", table))
    assert book.worksheets[0].max_row == 1 + len(table.rows) + (1 if table.total else 0)


def test_money_back_says_what_is_left_on_the_table() -> None:
    table = section_table(OVERVIEW, MONEY, Section.MONEY_BACK, "pt")
    assert table.rows[-1] == ("Perdido (prazo de 90 dias vencido)", 1, Decimal("7.50"))
    assert table.rows[-2] == ("Ainda a reclamar", 2, Decimal("15.00"))
    clerks = section_table(OVERVIEW, MONEY, Section.QUOTES_CLERK, "en")
    assert clerks.rows[1][0] == "(no login)"
    assert clerks.total == ("Total", None, 6)


def test_the_words_of_the_overview() -> None:
    assert arrival_word(Arrival.LATE, "pt") == "Atrasado"
    assert period_word(PeriodKind.LAST_MONTH, "en") == "Last month"
    assert service_word(NOT_ITEMIZED, "", "pt") == "Não detalhado"
    assert service_word(OTHER_CHARGES, "", "en") == "Other charges"
    assert service_word("03220", "SEDEX", "pt") == "SEDEX"
    assert service_word("09999", "", "pt") == "09999"
