"""The Overview says what the other tabs say, end to end: the real client against the real
sandbox over HTTP, every fact reaching the office database through the features' own use
cases (the invoices listed, an analytic statement loaded and its objects followed, parcels
refreshed, claims filed), then each section of the Overview against the tab that shows the
same number: Tracking's late counter, the Invoices list's invoiced total, the statement's
totals per service (block 4), Claims' money back per month and its expired candidates."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.analytic import parse_analytic_csv
from postalgui.api.cancel import PlainTask
from postalgui.api.models.invoices import Invoice, ProcessingKind
from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.invoice_data import object_label
from postalgui.services.claims import use_cases as claims
from postalgui.services.claims.filing import FilingOrder
from postalgui.services.claims.money import money_by_month
from postalgui.services.context import AppContext, build_context
from postalgui.services.invoices.documents import list_invoices
from postalgui.services.invoices.job_files import file_here
from postalgui.services.invoices.jobs import JobState
from postalgui.services.invoices.totals import invoice_totals
from postalgui.services.overview.records import NOT_ITEMIZED, OTHER_CHARGES, Arrival, Filter, Period, Section
from postalgui.services.overview.tables import section_table
from postalgui.services.ports import NewObject
from postalgui.services.tracking.imports import objects_from_invoice
from postalgui.services.tracking.refresh import refresh
from postalgui.services.tracking.use_cases import add_objects
from tests.e2e.conftest import SandboxControl

TASK = PlainTask()
ALL_TIME = (date(2000, 1, 1), date(2099, 12, 31))
CLAIMED = (object_label("QV", 42000001), object_label("QV", 42000002), object_label("QV", 42000003))


@pytest.fixture
def context(
    sandbox_server: SandboxServer, sandbox: SandboxControl, config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[AppContext]:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)
    sandbox.processing_delay(0.2)
    context = build_context()
    yield context
    context.close()


def _statement_of(context: AppContext, invoice: Invoice) -> Path:
    """The analytic statement of ``invoice`` the Invoices feature downloaded."""
    for job in context.invoices.jobs().list(context.invoices.env_key):
        analytic = job.kind is ProcessingKind.EXTRATO_ANALITICO and job.params.get("fatura") == str(
            invoice.id
        )
        if analytic and job.state is JobState.READY:
            path = file_here(context.invoices, job)
            assert path is not None
            return path
    raise AssertionError(f"no statement of invoice {invoice.id}")


def _office_as_the_tabs_left_it(
    context: AppContext, sandbox: SandboxControl
) -> tuple[list[Invoice], Invoice]:
    """Invoices listed, one statement loaded and its objects followed, three late or lost
    parcels followed, everything refreshed, and those three claimed."""
    listed = list_invoices(TASK, context.invoices, DEMO.contract, DEMO.dr, *ALL_TIME)
    billed = next(
        found for found in listed if found.tipoDocumento == "RE" and found.paid and (found.valor or 0) > 0
    )
    lines = objects_from_invoice(
        TASK, context.tracking, context.invoices, str(billed.id), "RE", interval_s=0.05
    )
    add_objects(TASK, context.tracking, lines, source="invoice")
    posted = sandbox.now() - timedelta(days=20)
    for code, fate in zip(CLAIMED, ("late", "late", "lost"), strict=True):
        sandbox.register_object(code, posted, fate)
    add_objects(TASK, context.tracking, [NewObject(code) for code in CLAIMED], source="manual")
    refresh(TASK, context.tracking)
    found = claims.candidates(TASK, context.claims)
    mine = [candidate for candidate in found.candidates if candidate.code in CLAIMED]
    assert len(mine) == len(CLAIMED)
    names = dict.fromkeys(CLAIMED, "Maria da Silva")
    order = FilingOrder.of(mine, email="expedicao@empresa.com.br", phone="11987654321", names=names)
    claims.file_claims(TASK, context.claims, order)
    return listed, billed


def test_every_section_says_what_its_tab_says(context: AppContext, sandbox: SandboxControl) -> None:
    listed, billed = _office_as_the_tabs_left_it(context, sandbox)
    service = context.overview
    today = service.today()
    everything = service.read(TASK, Filter(None, include_archived=False))

    watched = context.tracking.watchlist().objects()  # the Tracking tab's list: not archived
    assert everything.on_time.total.counts.get(Arrival.LATE, 0) == sum(
        o.lateness(today).late for o in watched
    )
    assert everything.on_time.total.counts.get(Arrival.LATE, 0) > 0

    assert everything.spending.total == invoice_totals(listed).invoiced > 0

    statement = parse_analytic_csv(_statement_of(context, billed))
    month = next(
        row
        for row in everything.spending.months
        if any(s.service not in (NOT_ITEMIZED, OTHER_CHARGES) for s in row.by_service)
    )
    block4: dict[str, Decimal] = {}
    for total in statement.service_totals:
        block4[total.codigo_servico] = block4.get(total.codigo_servico, Decimal(0)) + total.valor_liquido
    stacks = {s.service: s.amount for s in month.by_service if s.service not in (NOT_ITEMIZED, OTHER_CHARGES)}
    assert stacks == block4

    summaries = money_by_month(context.claims.book().claims(), [])
    assert sum(row.filed for row in summaries) == everything.claims.filed == len(CLAIMED)
    for row in summaries:
        figures = service.claim_figures(TASK, Filter(Period.month(row.month)))
        assert (figures.filed, figures.accepted, figures.refused, figures.paid) == (
            row.filed, row.accepted, row.refused, row.paid,
        )  # fmt: skip
        assert (figures.filed_estimate, figures.accepted_estimate) == (
            row.filed_estimate,
            row.accepted_estimate,
        )

    expired = claims.candidates(TASK, context.claims).expired
    money = service.money_left(TASK, Filter(None))
    assert money.left_estimate == sum((c.estimate or Decimal(0) for c in expired), Decimal(0))
    assert money.left_count == len(expired) > 0

    for language in ("pt", "en"):
        table = section_table(everything, money, Section.MONEY_BACK, language)
        assert [row[1] for row in table.rows] == [
            everything.claims.filed, everything.claims.accepted, everything.claims.refused,
            everything.claims.paid, money.open_count, money.left_count,
        ]  # fmt: skip
        spent = section_table(everything, money, Section.SPENDING, language)
        assert spent.total is not None
        assert spent.total[-1] == invoice_totals(listed).invoiced
