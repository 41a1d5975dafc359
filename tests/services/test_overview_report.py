"""The monthly PDF of the Overview, read back: it asks the service for the whole office in
that month, and says the figures, charts and tables in the reader's language (money
``R$ 1.234,56`` in both), with the section tables the window and the CLI show."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.cancel import PlainTask, TaskControl
from postalgui.services.office.database import OfficeDatabase
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
    Punctuality,
    QuoteFigures,
    ServiceAmount,
    Spending,
    StateFigures,
    TimingCounts,
    Whereabouts,
)
from postalgui.services.overview.report_pdf import month_report, write_month_report
from postalgui.services.overview.service import OverviewService
from tests import pdf_reading
from tests.ports_support import overview_ports
from tests.services.overview_rows import a_statement, an_invoice, parcel, put

OCTOBER = Period.month("2026-10")


def _spending() -> Spending:
    september = MonthSpending(
        "2026-09",
        Decimal("823.04"),
        (
            ServiceAmount("03220", "SEDEX", Decimal("800.00"), 40),
            ServiceAmount(NOT_ITEMIZED, "", Decimal("23.04")),
        ),
        in_period=False,
    )
    october_parts = (
        ServiceAmount("03220", "SEDEX", Decimal("1000.00"), 50),
        ServiceAmount("03298", "PAC", Decimal("200.00"), 20),
        ServiceAmount(OTHER_CHARGES, "", Decimal("10.56")),
        ServiceAmount(NOT_ITEMIZED, "", Decimal("24.00")),
    )
    october = MonthSpending("2026-10", Decimal("1234.56"), october_parts)
    return Spending(
        (september, october), Decimal("1234.56"), Decimal("823.04"), october_parts, invoices=2, itemized=1
    )


def _punctuality() -> Punctuality:
    sedex = {Arrival.ON_TIME: 7, Arrival.LATE: 3}
    pac = {Arrival.ON_TIME: 4, Arrival.WAITING: 1}
    return Punctuality(
        by_service=(TimingCounts("03220", sedex, "SEDEX"), TimingCounts("03298", pac, "PAC")),
        by_week=(TimingCounts("2026-10-05", {Arrival.ON_TIME: 11, Arrival.LATE: 3, Arrival.WAITING: 1}),),
        routes=(LateRoute("SP", "RJ", 3, 10),),
        total=TimingCounts("", {Arrival.ON_TIME: 11, Arrival.LATE: 3, Arrival.WAITING: 1}),
    )


def _overview(flt: Filter) -> Overview:
    return Overview(
        filter=flt,
        today=date(2026, 11, 20),
        spending=_spending(),
        where=Whereabouts((StateFigures("RJ", 10, 9, 2.5), StateFigures("MG", 5, 5, 3.0)), no_state=2),
        on_time=_punctuality(),
        claims=ClaimFigures(
            filed=4, accepted=2, accepted_estimate=Decimal("41.20"), filed_estimate=Decimal("90")
        ),
        quotes=QuoteFigures(
            (ClerkDay("clerk.a", date(2026, 10, 6), 12),),
            (Conversion("03220", "SP", "RJ", 12, 3, "SEDEX"),),
            quotes=12,
            converted=3,
        ),
        read_at=datetime(2026, 11, 20, 12, tzinfo=UTC),
    )


@dataclass
class FakeOverview:
    """What the report asks of `OverviewService`, and what it was asked."""

    asked: list[Filter] = field(default_factory=list)

    def read(self, task: TaskControl, flt: Filter) -> Overview:
        self.asked.append(flt)
        return _overview(flt)

    def money_left(self, task: TaskControl, flt: Filter) -> MoneyLeft:
        self.asked.append(flt)
        return MoneyLeft(
            open_count=2, open_estimate=Decimal("30.00"), left_count=1, left_estimate=Decimal("50.00")
        )


def test_the_report_reads_the_whole_office_in_that_month() -> None:
    service = FakeOverview()
    month_report(PlainTask(), service, "2026-10", "pt")  # type: ignore[arg-type]  # the service's duck
    assert service.asked == [Filter(OCTOBER), Filter(OCTOBER)]  # all services, all states, both reads


def test_the_portuguese_report_says_the_month_in_figures_charts_and_tables() -> None:
    said = pdf_reading.text(month_report(PlainTask(), FakeOverview(), "2026-10", "pt", company="CNPJ 1"))  # type: ignore[arg-type]
    for words in (
        "CNPJ 1",
        "Visão geral do mês: outubro de 2026",
        "De 01/10/2026 a 31/10/2026",
        "R$ 1.234,56",
        "+50% sobre set/2026",  # 1.234,56 against 823,04
        "15",  # parcels posted
        "79%",  # 11 on time of 14 judged
        "R$ 50,00",  # left on the table
        "R$ 30,00 ainda a pedir",
        "25% viraram pré-postagem",
        "1 de 2 faturas sem extrato analítico",
        "2 objetos sem estado de destino conhecido",
        "out/2026",
        "set/2026",
        "Não detalhado",
        "Outras cobranças",
        "10 objetos",  # the map's darkest
        "SP – RJ",
        "3 de 10",
        "Gastos por mês",
        "Rotas com mais atrasos",
        "Cotações que viraram pré-postagens",
        "clerk.a",
        "05/10/2026",  # the week's Monday, a date
        "Página 1 de",
    ):
        assert words in said, words
    assert "70%" in said  # SEDEX's on time part
    assert "30%" in said  # ... and its late one
    assert "03220" not in said  # services by name, never a raw code


def test_the_english_report_speaks_english_and_keeps_brazilian_money() -> None:
    said = pdf_reading.text(month_report(PlainTask(), FakeOverview(), "2026-10", "en_US"))  # type: ignore[arg-type]
    for words in (
        "Monthly overview: October 2026",
        "+50% on Sep 2026",
        "Oct 2026",
        "Not itemized",
        "Other charges",
        "Spending per month",
        "Routes with the most late parcels",
        "3 of 10",
        "R$ 1.234,56",
        "Page 1 of",
    ):
        assert words in said, words
    assert "Página" not in said


def test_the_report_is_written_whole_at_its_path(tmp_path: Path) -> None:
    path = write_month_report(PlainTask(), FakeOverview(), "2026-10", "pt", tmp_path / "outubro.pdf")  # type: ignore[arg-type]
    assert path.read_bytes().startswith(b"%PDF")
    assert [entry.name for entry in tmp_path.iterdir()] == ["outubro.pdf"]  # no temporary file left


def test_a_month_not_written_as_a_month_is_refused() -> None:
    with pytest.raises(ValueError, match="outubro"):
        month_report(PlainTask(), FakeOverview(), "outubro", "pt")  # type: ignore[arg-type]


def test_the_report_of_an_office_database(office: OfficeDatabase) -> None:
    """The real service on the office's tables (SQLite, then PostgreSQL): October's invoices,
    one itemized, and its parcels, in the PDF's figures, stacks, map and tables."""
    put(
        office,
        invoice=[an_invoice("100", "2026-10", 123_456), an_invoice("101", "2026-10", 10_000)],
        tracked_object=[
            parcel(f"QO{n:08d}0BR", destination_uf="MG" if n % 2 else "RJ", posted_on=f"2026-10-{n + 5:02d}")
            for n in range(5)
        ],
        **a_statement("100", [("03220", 5, 100_000), ("03298", 2, 20_000)]),
    )
    service = OverviewService(overview_ports(office, date(2026, 11, 20)))
    said = pdf_reading.text(month_report(PlainTask(), service, "2026-10", "pt"))
    for words in (
        "R$ 1.334,56",  # both invoices
        "R$ 1.000,00",  # SEDEX's stack
        "Não detalhado",
        "Outras cobranças",  # R$ 34,56 beyond the statement's services
        "5 entregues",
        "100%",  # every parcel on time
        "3 objetos",  # the map's darkest: RJ
        "Objetos por estado",
    ):
        assert words in said, words
