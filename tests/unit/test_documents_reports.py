"""The reports in `documents/reports/` draw what the services hand them, word for word:
records of plain text in, a PDF out, with nothing of the services needed to make one."""

from __future__ import annotations

from postalgui.documents.reports import quotes
from postalgui.documents.reports.attendances import ReconciliationReport, ReportSection, reconciliation_pdf
from postalgui.documents.reports.claims_money import ClaimLine, MoneyReport, money_report_pdf
from postalgui.documents.reports.late_objects import LateReport, LateRow, LateTotal, late_objects_pdf
from tests.pdf_reading import text

LATE_LABELS = {
    "code": "Code",
    "product": "Product",
    "posted": "Posted",
    "expected": "Expected",
    "arrived": "Arrived",
    "days": "Days",
    "tag": "Tag",
    "amount": "Amount",
    "count": "Objects",
    "average": "Average",
    "totals": "Per product",
    "none": "Nothing late.",
}


def test_late_objects_draws_its_rows_and_totals() -> None:
    row = LateRow(
        "AB123456789BR", "SEDEX", "02/11/2026", "05/11/2026", "09/11/2026 Entregue", "4", "x", "R$ 9,90"
    )
    report = LateReport(
        title="Late in November",
        generated="Generated today",
        page="Sheet {page}/{pages}",
        labels=LATE_LABELS,
        rows=[row],
        totals=[LateTotal("SEDEX", "1", "4.0", "R$ 9,90")],
        total=LateTotal("All", "1", "4.0", "R$ 9,90"),
    )
    said = text(late_objects_pdf(report))
    for words in (
        "Late in November",
        "AB123456789BR",
        "09/11/2026 Entregue",
        "Per product",
        "All",
        "Sheet 1/1",
    ):
        assert words in said
    assert "Nothing late." in text(late_objects_pdf(LateReport(**{**report.__dict__, "rows": []})))


def test_claims_money_draws_the_months_and_the_claims() -> None:
    labels = {
        key: key.upper()
        for key in (
            *("candidates", "filed", "accepted", "paid", "refused", "month", "count", "estimate", "total"),
            *("months", "claims", "object", "protocol", "filed_on", "reason", "outcome", "claim_estimate"),
            *("no_months", "no_claims"),
        )
    }
    report = MoneyReport(
        title="Money back",
        note="Estimates only.",
        head=("ACME", "now"),
        foot="Money back",
        page="p{page}",
        labels=labels,
        months=[["11/2026", *["1", "R$ 1,00"] * 4, "0"], ["TOTAL", *["1", "R$ 1,00"] * 4, "0"]],
        claims=[ClaimLine("AB123456789BR", "PR1", "03/11/2026", "Late", "Paid", "R$ 1,00")],
        claims_total=("1 claim", "R$ 1,00"),
    )
    said = text(money_report_pdf(report))
    for words in (
        "Money back",
        "Estimates only.",
        "11/2026",
        "AB123456789BR",
        "PR1",
        "1 claim",
        "ACME",
        "p1",
    ):
        assert words in said


def test_attendances_draws_the_sections_it_is_given() -> None:
    report = ReconciliationReport(
        title="Reconciliation 24/11/2026",
        ran_at="Run at: 24/11/2026 22:05",
        preview="",
        summary=[["Result", "Count"], ["Confirmed", "1"]],
        sections=[ReportSection("Confirmed", [["Protocol", "Note"], ["P-1", "fine"]])],
        errors_title="Errors",
        errors=["the operator was slow"],
        document_title="Reconciliation",
    )
    said = text(reconciliation_pdf(report))
    for words in ("Reconciliation 24/11/2026", "Run at: 24/11/2026 22:05", "P-1", "the operator was slow"):
        assert words in said


def test_quotes_draw_a_page_each_or_a_summary() -> None:
    page = quotes.QuotePage(
        title="Price quote",
        subtitle="Row 1 · 03220 SEDEX",
        parameters_head="Parameters",
        parameters=[("Weight", "1,500 g")],
        breakdown="Breakdown",
        price_steps=[quotes.LadderLine("=", "Final price", "all in", "R$ 30,00", 0, "final")],
        final="Final price: R$ 30,00",
    )
    failed = quotes.QuotePage(
        "Price quote", "Row 2 · 04014", "Parameters", [("Product", "04014")], error="Error: no such product"
    )
    head = ("ACME · CNPJ 00.000.000/0001-91", "Generated now")
    pages = text(
        quotes.quotes_pdf(
            quotes.QuotesReport("Price quote", "ACME", head, "{page} of {pages}", "None.", (page, failed))
        )
    )
    for words in (
        "Row 1 · 03220 SEDEX",
        "1,500 g",
        "Final price: R$ 30,00",
        "Error: no such product",
        "2 of 2",
    ):
        assert words in pages
    cells = ["1", "03220 SEDEX", "01310-100", "20040-002", "1,500 g", "", "", "", "R$ 30,00"]
    summary = quotes.QuoteSummary(
        "Summary", [*"ABCDEFGHIJ"], [quotes.SummaryLine(cells, "")], "1 quote", "R$ 30,00"
    )
    said = text(
        quotes.quotes_pdf(quotes.QuotesReport("Summary", "ACME", head, "{page}", "None.", summary=summary))
    )
    for words in ("03220 SEDEX", "1 quote", "R$ 30,00"):
        assert words in said
    empty = quotes.QuoteSummary("Summary", [], [], "", "")
    assert "None." in text(
        quotes.quotes_pdf(quotes.QuotesReport("Summary", "ACME", head, "{page}", "None.", summary=empty))
    )
