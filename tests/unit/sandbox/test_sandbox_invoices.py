"""The sandbox's invoice data, analytic CSV, PDFs, processing state machine and settings."""

from __future__ import annotations

import base64
import re
import zlib
from collections import defaultdict
from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest

from postalgui.sandbox import DEMO, SandboxConfig, boleto
from postalgui.sandbox import invoice_data as data
from postalgui.sandbox.analytic_csv import (
    DETAIL_TITLES,
    HEADER_TITLES,
    INVOICE_TITLES,
    SERVICE_TITLES,
    analytic_csv,
    analytic_lines,
    money,
)
from postalgui.sandbox.config import PROCESSING_DELAY_ENV
from postalgui.sandbox.invoice_pdf import boleto_pdf, payment_slip, synthetic_pdf
from postalgui.sandbox.processing import (
    EM_EXECUCAO,
    ERRO,
    EXCLUIDO,
    EXTRATO_ANALITICO,
    SOLICITADO,
    SUCESSO,
    Processing,
    ProcessingStore,
)
from postalgui.sandbox.state import SandboxState

TODAY = date(2026, 11, 22)
MAIN = DEMO.contract
SECOND = "9912345679"


def _invoices() -> tuple[data.Invoice, ...]:
    return data.all_invoices(TODAY)


def _money(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


def _blocks(csv_bytes: bytes) -> list[list[list[str]]]:
    text = csv_bytes.decode("utf-8")
    assert text.endswith("\n")
    return [[line.split(";") for line in block.split("\n")] for block in text.rstrip("\n").split("\n\n")]


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    return chr(int(code, 8)) if code[0] in "01234567" else code


def pdf_text(pdf: bytes) -> str:
    """Every content stream of a PDF, decoded (ASCII85, Flate), string escapes undone."""
    chunks = []
    for match in re.finditer(rb"<<(.*?)>>\s*stream\r?\n(.*?)endstream", pdf, re.S):
        header, body = match.groups()
        if b"ASCII85Decode" in header:
            body = base64.a85decode(body.strip().removesuffix(b"~>"))
        if b"FlateDecode" in header:
            body = zlib.decompress(body)
        chunks.append(re.sub(r"\\([0-7]{1,3}|.)", _unescape, body.decode("latin-1")))
    return "\n".join(chunks)


# -- demo invoices -----------------------------------------------------------------------


def test_data_is_deterministic() -> None:
    first = _invoices()
    data.contract_invoices.cache_clear()
    again = _invoices()
    assert first == again
    invoice = first[-1]
    assert analytic_csv(invoice) == analytic_csv(invoice)
    assert data.divergences(MAIN, TODAY - timedelta(30), TODAY, TODAY) == data.divergences(
        MAIN, TODAY - timedelta(30), TODAY, TODAY
    )


def test_demo_covers_types_statuses_and_24_months() -> None:
    invoices = _invoices()
    assert {inv.doc_type for inv in invoices} == set(data.DOCUMENT_TYPES)
    assert {inv.status for inv in invoices} == {data.STATUS_PAID, data.STATUS_OPEN, data.STATUS_REVERSED}
    assert {inv.contract for inv in invoices} == {MAIN, SECOND}
    main = [inv for inv in invoices if inv.contract == MAIN]
    closings = sorted({inv.closing for inv in main})
    assert len(closings) == 24
    assert closings[0] == date(2024, 11, 30)
    assert closings[-1] == date(2026, 10, 31)
    assert all(day == data.month_end(day) for day in closings)
    assert all(800 <= inv.valor <= 45_000 for inv in invoices if inv.doc_type in ("RE", "RT", "R4"))
    for inv in invoices:
        assert 10_000_000 <= inv.id <= 99_999_999
        assert inv.dr_fatura == f"{inv.dr:05d}"
        assert inv.item == "001" or inv.doc_type == "RA"
        if inv.doc_type != "RA" and inv.status != data.STATUS_REVERSED:
            assert inv.due - inv.closing in (timedelta(days=20), timedelta(days=30))
        assert inv.open_cents == (inv.valor_cents if inv.status == data.STATUS_OPEN else 0)
    keys = [(inv.id, inv.item) for inv in invoices]
    assert len(keys) == len(set(keys))


def test_instalment_invoice_has_three_items_due_a_month_apart() -> None:
    items = [inv for inv in _invoices() if inv.doc_type == "RA"][-3:]
    assert [inv.item for inv in items] == ["001", "002", "003"]
    assert len({inv.id for inv in items}) == 1
    assert [data.add_months(items[0].due, n) for n in range(3)] == [inv.due for inv in items]
    assert sum(inv.valor_cents for inv in items) == 900_000
    # Each instalment is paid once its due date has passed.
    on_second_due = data.all_invoices(items[1].due)
    statuses = [inv.status for inv in on_second_due if inv.id == items[0].id]
    assert statuses == [data.STATUS_PAID, data.STATUS_OPEN, data.STATUS_OPEN]


@pytest.mark.parametrize("months", range(0, 30, 2))
def test_every_twelve_months_hold_every_special_month(months: int) -> None:
    today = data.add_months(TODAY, months)
    invoices = data.all_invoices(today)
    year = [inv for inv in invoices if inv.closing >= data.add_months(today, -12).replace(day=1)]
    for window, times in ((invoices, 2), (year, 1)):
        assert {inv.doc_type for inv in window} == set(data.DOCUMENT_TYPES)
        assert sum(1 for inv in window if inv.status == data.STATUS_REVERSED) == 2 * times
        assert sum(1 for inv in window if inv.adjustments.charges and inv.adjustments.credits) == times
        assert sum(1 for inv in window if inv.adjustments.remaining_credit) == times
        assert sum(1 for inv in window if inv.doc_type == "RA") == 3 * times
        assert any(inv.adjustments.complement for inv in window)
    assert {inv.status for inv in invoices if inv.closing >= data.add_months(today, -2).replace(day=1)} >= {
        data.STATUS_OPEN
    }


def test_an_invoice_number_keeps_its_content_while_the_window_slides() -> None:
    later = data.all_invoices(date(2027, 1, 5))
    assert max(inv.closing for inv in later) == date(2026, 12, 31)
    before = {(inv.id, inv.item): inv for inv in _invoices()}
    common = [inv for inv in later if (inv.id, inv.item) in before]
    assert len(common) > 40
    for inv in common:
        old = before[(inv.id, inv.item)]
        assert (inv.valor_cents, inv.doc_type, inv.adjustments, inv.closing) == (
            old.valor_cents,
            old.doc_type,
            old.adjustments,
            old.closing,
        )


def test_invoice_record_has_the_wire_fields() -> None:
    invoice = _invoices()[-1]
    record = invoice.record()
    assert set(record) == {
        "id",
        "contrato",
        "status",
        "vencimento",
        "valor",
        "itemFatura",
        "tipoDocumento",
        "dataFechamento",
        "tipoPagamento",
        "lote",
        "nomeContrato",
        "centroCusto",
        "drFatura",
        "valorEmAberto",
    }
    assert isinstance(record["id"], int)
    assert isinstance(record["valor"], float)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", record["vencimento"])
    assert record["drFatura"] == "00074"


# -- arithmetic ----------------------------------------------------------------------------


@pytest.mark.parametrize("invoice", _invoices(), ids=lambda inv: f"{inv.id}-{inv.item}-{inv.doc_type}")
def test_items_add_up_to_services_and_totals_to_the_invoice(invoice: data.Invoice) -> None:
    blocks = _blocks(analytic_csv(invoice))
    assert len(blocks) == 5
    title, header, detail, services, totals = blocks
    assert title[0][0].startswith("EXTRATO ANALÍTICO DA FATURA")
    assert tuple(header[0]) == HEADER_TITLES
    assert header[1][0] == str(invoice.id)
    assert tuple(detail[0]) == DETAIL_TITLES
    assert services[0] == ["TOTALIZACAO POR SERVICO"]
    assert tuple(services[1]) == SERVICE_TITLES
    assert totals[0] == ["TOTALIZACAO FATURA"]
    assert tuple(totals[1]) == INVOICE_TITLES

    per_service: dict[str, list[Decimal]] = defaultdict(lambda: [Decimal(0)] * 3)
    quantities: dict[str, int] = defaultdict(int)
    for line in detail[1:]:
        assert len(line) == len(DETAIL_TITLES)
        unit, discount, quantity, net = _money(line[11]), _money(line[12]), int(line[13]), _money(line[14])
        assert net == unit * quantity - discount
        assert discount >= 0
        assert net >= 0
        assert re.fullmatch(r"\d{2}/\d{2}/\d{4}", line[4])
        assert line[8] == "" or re.fullmatch(r"[A-Z]{2}\d{9}BR", line[8])
        per_service[line[2]][0] += unit * quantity
        per_service[line[2]][1] += discount
        per_service[line[2]][2] += net
        quantities[line[2]] += quantity
    for row in services[2:]:
        assert [row[3], row[4], row[5]] == [money(int(v * 100)) for v in per_service[row[0]]]
        assert int(row[2]) == quantities[row[0]]
    assert {row[0] for row in services[2:]} == set(per_service)

    rows = totals[2:]
    assert rows[-1][0] == "TOTAL DA FATURA"
    assert len(rows) == 10
    assert sum(_money(row[2]) for row in rows[:-1]) == _money(rows[-1][2]) == invoice.valor
    services_total = sum((v[2] for v in per_service.values()), Decimal(0))
    assert _money(rows[0][2]) + _money(rows[1][2]) == services_total


def test_item_counts_and_one_invoice_with_charges_and_credits() -> None:
    invoices = _invoices()
    with_items = [inv for inv in invoices if inv.profile != "none"]
    counts = [data.summarize(inv).item_count for inv in with_items]
    assert min(counts) >= 50
    assert max(counts) <= 2000
    adjusted = [inv for inv in invoices if inv.adjustments.charges and inv.adjustments.credits]
    assert len(adjusted) == 2  # one a year
    rows = {label: cents for label, _, cents in data.totals_rows(adjusted[0], data.summarize(adjusted[0]))}
    assert rows["ENCARGOS"] == 18_735
    assert rows["CRÉDITOS"] == -25_000
    assert any(inv.adjustments.complement for inv in invoices)
    assert any(inv.adjustments.remaining_credit for inv in invoices)
    zero = next(inv for inv in invoices if inv.doc_type == "RZ")
    assert zero.valor_cents == 0
    assert data.summarize(zero).item_count == 0


def test_object_labels_carry_the_s10_check_digit() -> None:
    # 47312482: 4*8 + 7*6 + 3*4 + 1*2 + 2*3 + 4*5 + 8*9 + 2*7 = 200; 11 - 200 % 11 = 9
    assert data.object_label("SS", 47312482) == "SS473124829BR"
    assert data.s10_check_digit("00000000") == 5  # 11 - 0 -> 11 -> 5


def test_a_large_statement_can_be_generated() -> None:
    invoice = data.large_invoice(5000)
    lines = list(analytic_lines(invoice, count=5000))
    detail = [line for line in lines if re.match(r"\d{10};", line)]
    assert len(detail) == 5000
    total_line = lines[-1].rstrip("\n").split(";")
    assert total_line[0] == "TOTAL DA FATURA"
    assert _money(total_line[2]) == invoice.valor
    assert sum(_money(line.split(";")[14]) for line in detail) == invoice.valor


def test_preview_is_the_open_month_so_far() -> None:
    preview = data.preview_invoice(MAIN, TODAY)
    assert preview is not None
    assert preview.preview
    assert preview.status == data.STATUS_PREVIEW
    assert (preview.cycle_start, preview.cycle_end) == (date(2026, 11, 1), TODAY)
    assert all(item.posted <= TODAY for item in data.analytic_items(preview))
    assert analytic_csv(preview).decode().startswith("PRÉVIA DO EXTRATO ANALÍTICO DO CONTRATO 9912345678")
    assert data.preview_invoice("9911000123", TODAY) is None  # cancelled contract: nothing to invoice


def test_divergences_stay_in_the_open_window() -> None:
    records = data.divergences(MAIN, date(2020, 1, 1), date(2030, 1, 1), TODAY)
    assert records
    days = {date.fromisoformat(r["dataPostagem"]) for r in records}
    assert min(days) >= TODAY - timedelta(days=data.DIVERGENCE_WINDOW_DAYS - 1)
    assert max(days) <= TODAY
    for record in records:
        assert set(record) == {"codigoObjeto", "valorTarifadoSgpb", "dataPostagem"}  # REFERENCE.md's keys
        assert isinstance(record["valorTarifadoSgpb"], float)
    assert data.divergences(MAIN, date(2020, 1, 1), date(2020, 12, 31), TODAY) == []
    assert data.divergences("9917777777", date(2020, 1, 1), date(2030, 1, 1), TODAY) == []


# -- PDFs --------------------------------------------------------------------------------


def test_synthetic_pdf_runs_over_pages_with_extractable_text() -> None:
    invoice = max(_invoices(), key=lambda inv: inv.item_count)
    pdf = synthetic_pdf(invoice, data.summarize(invoice), datetime(2026, 11, 22, 10, 0))
    assert pdf.startswith(b"%PDF-")
    text = pdf_text(pdf)
    pages = int(re.search(rb"/Count (\d+)", pdf).group(1))  # type: ignore[union-attr]
    assert pages > 2
    assert f"(Página 1 de {pages})" in text
    assert f"(Página {pages} de {pages})" in text
    assert f"EXTRATO SINTÉTICO DA FATURA {invoice.id}" in text
    assert "Operador Postal" in text
    assert "11.222.333/0001-81" in text
    assert "TOTAL DA FATURA" in text
    assert synthetic_pdf(invoice, data.summarize(invoice), datetime(2026, 11, 22, 10, 0)) == pdf


def test_boleto_pdf_carries_the_typed_line_as_text() -> None:
    invoice = next(inv for inv in _invoices() if inv.status == data.STATUS_OPEN)
    slip = payment_slip(invoice)
    assert boleto.barcode_is_valid(slip.barcode)
    assert slip.barcode[:3] == "001"
    assert slip.barcode[9:19] == f"{invoice.valor_cents:010d}"
    assert slip.barcode[5:9] == f"{boleto.due_factor(invoice.due):04d}"
    assert slip.barcode[19:25] == "000000"
    assert slip.nosso_numero == f"9876543{invoice.id}01"
    pdf = boleto_pdf(invoice, datetime(2026, 11, 22, 10, 0))
    assert pdf.startswith(b"%PDF-")
    text = pdf_text(pdf)
    assert f"({slip.formatted_line}) Tj" in text
    assert re.fullmatch(r"\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}", slip.formatted_line)
    assert "PAGO" not in text
    paid = next(inv for inv in _invoices() if inv.status == data.STATUS_PAID and inv.valor_cents)
    assert "(PAGO) Tj" in pdf_text(boleto_pdf(paid, datetime(2026, 11, 22, 10, 0)))


# -- processing --------------------------------------------------------------------------


def _store_with_one(
    now: float, delay: float = 3.0, store: ProcessingStore | None = None
) -> tuple[ProcessingStore, Processing]:
    store = store or ProcessingStore()
    record = store.create(
        kind=EXTRATO_ANALITICO,
        parametros={"tipoDocumento": "RE", "drFatura": "00072", "idFatura": "1", "itemFatura": "001"},
        now=now,
        delay_s=delay,
        owner_cnpj=DEMO.cnpj,
        file_name=lambda finished: f"EXTRATO_{finished:.0f}.csv",
        media_type="text/csv",
        render=lambda: b"x",
    )
    return store, record


def test_processing_states_follow_the_clock() -> None:
    week = 7 * 86400
    _store, record = _store_with_one(1000.0, delay=3.0)
    assert record.status_at(1000.0, week) == SOLICITADO
    assert record.status_at(1000.99, week) == SOLICITADO
    assert record.status_at(1001.0, week) == EM_EXECUCAO
    assert record.status_at(1002.99, week) == EM_EXECUCAO
    assert record.status_at(1003.0, week) == SUCESSO
    assert record.status_at(1003.0 + week - 1, week) == SUCESSO
    assert record.status_at(1003.0 + week, week) == EXCLUIDO

    initial = record.record(1000.0, week, initial=True)
    assert initial["status"] == SOLICITADO
    assert set(initial) == {"id", "tipoProcessamento", "status", "dataSolicitacao", "parametros"}
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", initial["id"])
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", initial["dataSolicitacao"])
    done = record.record(1005.0, week)
    assert done["tiporquivo"] == "text/csv"
    assert done["nomeArquivo"] == "EXTRATO_1003.csv"
    assert done["dataFimProcessamento"] == "1969-12-31T21:16:43"
    assert "mensagem" not in done


def test_fail_next_marks_only_the_next_requests() -> None:
    store = ProcessingStore()
    assert store.fail_next(2) == 2
    _, first = _store_with_one(0.0, store=store)
    _, second = _store_with_one(0.0, store=store)
    _, third = _store_with_one(0.0, store=store)
    assert [r.status_at(10.0, 100.0) for r in (first, second, third)] == [ERRO, ERRO, SUCESSO]
    failed = first.record(10.0, 100.0)
    assert failed["mensagem"].startswith("FAT-033: ")
    assert "tiporquivo" not in failed
    assert store.pending_failures == 0
    assert store.get(first.id) is first
    store.fail_next()
    store.clear()
    assert store.get(first.id) is None
    assert store.pending_failures == 0


def test_zero_delay_is_done_at_once() -> None:
    _store, record = _store_with_one(50.0, delay=0.0)
    assert record.status_at(50.0, 10.0) == SUCESSO


# -- settings and clock --------------------------------------------------------------------


def test_processing_settings_from_env() -> None:
    assert SandboxConfig.from_env({}).processing_delay_s == 3.0
    assert SandboxConfig.from_env({}).file_lifetime_s == 7 * 86400
    assert SandboxConfig.from_env({PROCESSING_DELAY_ENV: "0.25"}).processing_delay_s == 0.25
    overridden = SandboxConfig.from_env({PROCESSING_DELAY_ENV: "5"}, processing_delay_s=1.0)
    assert overridden.processing_delay_s == 1.0
    for bad in ("soon", "-1", "nan"):
        with pytest.raises(ValueError, match=PROCESSING_DELAY_ENV):
            SandboxConfig.from_env({PROCESSING_DELAY_ENV: bad})


def test_state_clock_advances_and_resets() -> None:
    state = SandboxState(SandboxConfig(clock=lambda: 1_000.0, processing_delay_s=0.5))
    assert state.now() == 1_000.0
    assert state.processing_delay_s == 0.5
    state.advance_clock(7 * 86400)
    assert state.now() == 1_000.0 + 7 * 86400
    state.reset_clock()
    assert state.now() == 1_000.0
