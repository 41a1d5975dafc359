"""The invoice PDFs, made with reportlab: the synthetic statement and the payment slip.

All text is real PDF text (standard Helvetica, Latin-1), so a client can search and
copy it; the typed line of the slip in particular is one ``Tj`` string. Files are
built with ``invariant=1``: the same invoice always gives the same bytes.

Synthetic statement (``synthetic_pdf``), A4 portrait, platypus: the operator's header
on every page, "Página x de y" at the bottom; customer, contract and invoice data;
totals per service (code, description, quantity, gross, discount, net); the invoice
summary (the rows of TOTALIZACAO FATURA, deductions negative); then postings per day,
card and service, a table that runs over several pages for a big invoice and repeats
its header row. The preview variant says "PRÉVIA" and the period so far.

Payment slip (``boleto_pdf``): the payer's receipt on top, a cut line, then the
FEBRABAN "ficha de compensação" (bank 001, typed line, the usual boxes) and the
Interleaved 2 of 5 barcode of the 44 digits: narrow bar 0.254 mm, ratio 1:3, 13 mm
high, no reportlab check digit, no bearer bars, quiet zones on; the symbol is 103 mm
long, the FEBRABAN size. A paid invoice's slip carries a "PAGO" watermark.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab is untyped
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from postalgui.documents.barcodes import draw_interleaved_2of5
from postalgui.documents.fonts import BOLD as _BOLD
from postalgui.documents.fonts import FONT as _FONT
from postalgui.documents.pages import MARGIN, FootDrawer, HeadDrawer, PageFoot, PageHead, build_numbered
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import bold_paragraph, paragraph
from postalgui.sandbox import boleto
from postalgui.sandbox.invoice_data import (
    STATUS_PAID,
    Invoice,
    InvoiceSummary,
    totals_rows,
)

BRAND = "Operador Postal"
OPERATOR_NAME = "Operador Postal S.A."
OPERATOR_CNPJ = "12345678000195"
OPERATOR_ADDRESS = "Setor Bancário Norte, Quadra 1, Bloco A - Brasília/DF - CEP 70002-900"
CUSTOMER_ADDRESS = "Av. Paulista, 1000, conj. 101 - Bela Vista - São Paulo/SP - CEP 01310-100"
BANK_CODE = "001"
BANK_NAME = "Banco do Brasil"
CONVENIO = "9876543"
"""Fictional 7-digit agreement: the slips validate but cannot be paid."""
CARTEIRA = "17"
AGENCY_BENEFICIARY = "1234-5 / 98765-0"
BARCODE_NARROW = 0.254 * mm
BARCODE_HEIGHT = 13 * mm
MEDIA_TYPE = "application/pdf"

DOCUMENT_MEANINGS = {
    "RE": "Fatura originada no módulo de faturamento",
    "R4": "Fatura migrada do sistema de faturamento anterior",
    "RA": "Parcelamento de débitos (termo de confissão de dívida)",
    "R6": "Programa de refinanciamento de débitos postais",
    "R8": "Acordo judicial",
    "RT": "Fatura por estimativa",
    "RZ": "Fatura zerada",
    "R3": "Fatura de fornecedor",
}

_GREY = colors.HexColor("#E4E4E4")
_LIGHT = colors.HexColor("#F5F5F5")


# -- texts ---------------------------------------------------------------------------------


def brl(cents: int) -> str:
    """``R$ 1.234,56`` (``-R$ 250,00`` for deductions)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}R$ {whole:,}".replace(",", ".") + f",{part:02d}"


def br_date(day: date | None) -> str:
    return "" if day is None else day.strftime("%d/%m/%Y")


def format_cnpj(cnpj: str) -> str:
    if len(cnpj) != 14:
        return cnpj
    return f"{cnpj[:2]}.{cnpj[2:5]}.{cnpj[5:8]}/{cnpj[8:12]}-{cnpj[12:]}"


def _integer(value: int) -> str:
    return f"{value:,}".replace(",", ".")


# -- page decorations ------------------------------------------------------------------


_HEAD = PageHead(baseline=12 * mm, left_size=14, right_size=9, rule=14.5 * mm, rule_width=0.6)
_FOOT = PageFoot(baseline=9 * mm)


def _decorations(subtitle: str, footer_left: str) -> tuple[HeadDrawer, FootDrawer]:
    return _HEAD.drawer(BRAND, subtitle), _FOOT.drawer(footer_left, _page_of)


def _page_of(page: int, pages: int) -> str:
    return f"Página {page} de {pages}"


# -- synthetic statement ---------------------------------------------------------------

_STYLES = {
    "title": ParagraphStyle("title", fontName=_BOLD, fontSize=13, leading=16, spaceAfter=4 * mm),
    "heading": ParagraphStyle("heading", fontName=_BOLD, fontSize=10.5, leading=13, spaceBefore=5 * mm),
    "note": ParagraphStyle("note", fontName=_FONT, fontSize=8, leading=10, textColor=colors.dimgrey),
    "cell": ParagraphStyle("cell", fontName=_FONT, fontSize=8.5, leading=10.5),
}


def _grid(rows: Sequence[Sequence[Any]], widths: Sequence[float], *, right_from: int, total: bool) -> Table:
    table = Table(list(rows), colWidths=list(widths), repeatRows=1)
    style = [
        *heading_row(8.5, _GREY, 0.6),
        ("FONT", (0, 1), (-1, -1), _FONT, 8.5),
        ("ALIGN", (right_from, 0), (-1, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *padding(2),
    ]
    for index in range(2, len(rows), 2):
        style.append(("BACKGROUND", (0, index), (-1, index), _LIGHT))
    if total:
        style += total_row(8.5, 0.6)
    table.setStyle(TableStyle(style))
    return table


def _info_table(invoice: Invoice) -> Table:
    cards = ", ".join(card for card, _ in invoice.cards) or "-"
    period = f"{br_date(invoice.cycle_start)} a {br_date(invoice.cycle_end)}"
    kind = f"{invoice.doc_type} - {DOCUMENT_MEANINGS.get(invoice.doc_type, '')}"
    number = "a definir (prévia)" if invoice.preview else f"{invoice.id} / item {invoice.item}"
    pairs = [
        ("Razão social", invoice.company_name, "CNPJ", format_cnpj(invoice.cnpj)),
        ("Contrato", f"{invoice.contract} - {invoice.contract_name}", "SE/DR", invoice.dr_fatura),
        ("Centro de custo", invoice.cost_centre, "Cartões de postagem", cards),
        ("Fatura", number, "Tipo de documento", kind),
        ("Data de fechamento", br_date(invoice.closing), "Vencimento", br_date(invoice.due)),
        ("Situação", invoice.status, "Período de apuração", period),
    ]
    cell = _STYLES["cell"]
    rows = [
        [bold_paragraph(a, cell), paragraph(b, cell), bold_paragraph(c, cell), paragraph(d, cell)]
        for a, b, c, d in pairs
    ]
    table = Table(rows, colWidths=[30 * mm, 60 * mm, 32 * mm, 58 * mm])
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.6, colors.grey),
                ("INNERGRID", (0, 0), (-1, -1), 0.3, _GREY),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (0, -1), _LIGHT),
                ("BACKGROUND", (2, 0), (2, -1), _LIGHT),
            ]
        )
    )
    return table


def _synthetic_texts(invoice: Invoice, issued: datetime) -> tuple[str, str, str, str]:
    """Heading, subtitle, footer and issue note of a statement or of a preview."""
    note = f"Emitido em {issued:%d/%m/%Y %H:%M} (horário de Brasília)."
    if invoice.preview:
        note += " Prévia: registros ainda não faturados, sujeitos a alteração até o fechamento."
        return (
            f"PRÉVIA DO EXTRATO SINTÉTICO - CONTRATO {invoice.contract}",
            "Prévia do extrato sintético",
            f"Prévia do contrato {invoice.contract} - emitida em {issued:%d/%m/%Y %H:%M}",
            note,
        )
    return (
        f"EXTRATO SINTÉTICO DA FATURA {invoice.id}",
        "Extrato sintético da fatura",
        f"Fatura {invoice.id} item {invoice.item} - contrato {invoice.contract}",
        note,
    )


def _service_table(summary: InvoiceSummary) -> Table:
    """Totals per service, with a total row."""
    rows: list[list[str]] = [
        ["Código", "Serviço", "Quantidade", "Valor do serviço", "Desconto", "Valor líquido"]
    ]
    for total in summary.services:
        rows.append(
            [
                total.code,
                total.name,
                _integer(total.quantity),
                brl(total.gross_cents),
                brl(total.discount_cents),
                brl(total.net_cents),
            ]
        )
    rows.append(
        [
            "",
            "Total dos serviços",
            _integer(sum(total.quantity for total in summary.services)),
            brl(sum(t.gross_cents for t in summary.services)),
            brl(sum(t.discount_cents for t in summary.services)),
            brl(sum(t.net_cents for t in summary.services)),
        ]
    )
    widths = [16 * mm, 62 * mm, 22 * mm, 28 * mm, 24 * mm, 28 * mm]
    return _grid(rows, widths, right_from=2, total=True)


def _day_table(summary: InvoiceSummary) -> Table:
    """Postings per day, card and service."""
    rows: list[list[str]] = [["Data", "Cartão", "Código", "Serviço", "Quantidade", "Valor líquido"]]
    for day in summary.days:
        rows.append(
            [br_date(day.posted), day.card, day.code, day.name, _integer(day.quantity), brl(day.net_cents)]
        )
    widths = [20 * mm, 22 * mm, 16 * mm, 70 * mm, 22 * mm, 30 * mm]
    return _grid(rows, widths, right_from=4, total=False)


def _section(title: str) -> list[Any]:
    return [Paragraph(title, _STYLES["heading"]), Spacer(1, 2 * mm)]


def synthetic_pdf(invoice: Invoice, summary: InvoiceSummary, issued: datetime) -> bytes:
    """The synthetic statement (or, for a preview invoice, the synthetic preview)."""
    buffer = io.BytesIO()
    heading, subtitle, footer_left, note = _synthetic_texts(invoice, issued)
    header, footer = _decorations(subtitle, footer_left)
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=22 * mm,
        bottomMargin=16 * mm,
        title=heading,
        author=OPERATOR_NAME,
        invariant=1,
    )
    story: list[Any] = [paragraph(heading, _STYLES["title"]), _info_table(invoice)]
    story.append(paragraph(note, _STYLES["note"]))
    story += [*_section("Totais por serviço"), _service_table(summary)]
    summary_rows: list[list[str]] = [["Descrição", "Quantidade", "Valor"]]
    for label, count, cents in totals_rows(invoice, summary):
        summary_rows.append([label, _integer(count), brl(cents)])
    story += _section("Resumo da fatura")
    story.append(_grid(summary_rows, [110 * mm, 30 * mm, 40 * mm], right_from=1, total=True))
    if summary.days:
        story += [*_section("Postagens por data, cartão e serviço"), _day_table(summary)]
    build_numbered(doc, story, header, footer)
    return buffer.getvalue()


# -- payment slip ----------------------------------------------------------------------


@dataclass(frozen=True)
class Slip:
    """What a payment slip prints: the 44-digit barcode and what derives from it."""

    barcode: str
    typed_line: str
    nosso_numero: str
    amount: Decimal
    due: date

    @property
    def formatted_line(self) -> str:
        return boleto.format_typed_line(self.typed_line)


def payment_slip(invoice: Invoice) -> Slip:
    """The slip of an invoice (instalment): bank 001, 7-digit convênio, carteira 17."""
    sequence = f"{invoice.id % 100_000_000:08d}{int(invoice.item) % 100:02d}"
    free_field = boleto.free_field_convenio7(CONVENIO, sequence, CARTEIRA)
    code = boleto.barcode(BANK_CODE, invoice.due, invoice.valor, free_field)
    return Slip(code, boleto.typed_line(code), CONVENIO + sequence, invoice.valor, invoice.due)


class _SlipPainter:
    """Draws the boxes of a slip top-down; `y` is the top of the next row."""

    def __init__(self, canvas: Canvas, left: float, width: float, top: float) -> None:
        self.c = canvas
        self.left = left
        self.width = width
        self.y = top

    def row(self, cells: Sequence[tuple[float, str, str]], height: float = 9 * mm) -> None:
        """Cells as (share of the width, label, value); values right-aligned in the last cell."""
        c = self.c
        x = self.left
        bottom = self.y - height
        c.setLineWidth(0.5)
        c.line(self.left, bottom, self.left + self.width, bottom)
        for index, (share, label, value) in enumerate(cells):
            w = share * self.width
            if index:
                c.line(x, bottom, x, self.y)
            c.setFont(_FONT, 6)
            c.drawString(x + 1.2 * mm, self.y - 2.6 * mm, label)
            lines = value.split("\n")
            c.setFont(_BOLD if index == len(cells) - 1 and len(cells) > 1 else _FONT, 8.5)
            for n, text in enumerate(lines):
                baseline = self.y - 6.2 * mm - n * 3.6 * mm
                if index == len(cells) - 1 and len(cells) > 1:
                    c.drawRightString(x + w - 1.5 * mm, baseline, text)
                else:
                    c.drawString(x + 1.2 * mm, baseline, text)
            x += w
        self.y = bottom


def _bank_header(c: Canvas, left: float, width: float, top: float, line: str) -> float:
    c.setFont(_BOLD, 12)
    c.drawString(left, top - 6 * mm, BANK_NAME)
    c.setLineWidth(1.2)
    c.line(left + 44 * mm, top - 8 * mm, left + 44 * mm, top - 1 * mm)
    c.line(left + 62 * mm, top - 8 * mm, left + 62 * mm, top - 1 * mm)
    c.setFont(_BOLD, 14)
    c.drawCentredString(left + 53 * mm, top - 6 * mm, f"{BANK_CODE}-{boleto.bank_check_digit(BANK_CODE)}")
    c.setFont(_BOLD, 11)
    c.drawRightString(left + width, top - 6 * mm, line)
    c.setLineWidth(1.2)
    c.line(left, top - 8 * mm, left + width, top - 8 * mm)
    return float(top - 8 * mm)


@dataclass(frozen=True)
class _SlipTexts:
    """What both parts of a slip print."""

    invoice: Invoice
    slip: Slip
    amount: str
    document: str
    operator: str
    payer: str

    @classmethod
    def of(cls, invoice: Invoice) -> _SlipTexts:
        slip = payment_slip(invoice)
        return cls(
            invoice,
            slip,
            brl(boleto.amount_cents(slip.amount)),
            f"{invoice.id}-{invoice.item}",
            f"{OPERATOR_NAME} - CNPJ {format_cnpj(OPERATOR_CNPJ)}",
            f"{invoice.company_name} - CNPJ {format_cnpj(invoice.cnpj)}",
        )


def _receipt(c: Canvas, left: float, width: float, top: float, texts: _SlipTexts) -> float:
    """The payer's receipt at the top of the page, then the cut line; returns the cut's y."""
    slip = texts.slip
    c.setFont(_BOLD, 15)
    c.drawString(left, top - 5 * mm, BRAND)
    c.setFont(_FONT, 9)
    c.drawRightString(left + width, top - 2 * mm, "Fatura de serviços postais - boleto de pagamento")
    c.setFont(_FONT, 7.5)
    c.drawRightString(
        left + width, top - 6 * mm, "Ambiente de demonstração (sandbox): documento sem valor, não pague."
    )
    c.setFont(_BOLD, 9)
    c.drawString(left, top - 14 * mm, "Recibo do Pagador")
    p = _SlipPainter(c, left, width, top - 16 * mm)
    c.line(left, p.y, left + width, p.y)
    p.row(
        [(0.7, "Beneficiário", texts.operator), (0.3, "Agência/Código do beneficiário", AGENCY_BENEFICIARY)]
    )
    p.row([(0.7, "Pagador", texts.payer), (0.3, "Vencimento", br_date(slip.due))])
    p.row(
        [
            (0.25, "Nº do documento", texts.document),
            (0.25, "Contrato", texts.invoice.contract),
            (0.2, "Nosso número", slip.nosso_numero),
            (0.3, "(=) Valor do documento", texts.amount),
        ]
    )
    p.row([(1.0, "Linha digitável", slip.formatted_line)])
    c.setFont(_FONT, 6.5)
    c.drawRightString(left + width, p.y - 3 * mm, "Autenticação mecânica")

    cut = p.y - 12 * mm
    c.setDash(2, 2)
    c.setLineWidth(0.4)
    c.line(left, cut, left + width, cut)
    c.setDash()
    c.setFont(_FONT, 6)
    c.drawRightString(left + width, cut + 1 * mm, "Corte na linha pontilhada")
    return float(cut)


def _compensation(
    c: Canvas, left: float, width: float, top: float, texts: _SlipTexts, issued: datetime
) -> None:
    """The bank's part (ficha de compensação) with its barcode."""
    slip = texts.slip
    top = _bank_header(c, left, width, top, slip.formatted_line)
    p = _SlipPainter(c, left, width, top)
    _compensation_boxes(p, texts, issued)
    bottom = p.y - 3 * mm - BARCODE_HEIGHT
    draw_interleaved_2of5(
        c, slip.barcode, left=left, bottom=bottom, narrow=BARCODE_NARROW, height=BARCODE_HEIGHT
    )
    c.setFont(_FONT, 6.5)
    c.drawRightString(left + width, p.y - 3 * mm, "Autenticação mecânica - Ficha de Compensação")


def _compensation_boxes(p: _SlipPainter, texts: _SlipTexts, issued: datetime) -> None:
    """The boxes of the ficha, top-down: place, beneficiary, document, amounts, instructions, payer."""
    invoice, slip = texts.invoice, texts.slip
    p.row(
        [
            (0.72, "Local de pagamento", "Pagável em qualquer banco até o vencimento"),
            (0.28, "Vencimento", br_date(slip.due)),
        ]
    )
    p.row(
        [
            (0.72, "Beneficiário", f"{texts.operator}\n{OPERATOR_ADDRESS}"),
            (0.28, "Agência/Código do beneficiário", AGENCY_BENEFICIARY),
        ],
        height=12 * mm,
    )
    p.row(
        [
            (0.16, "Data do documento", br_date(invoice.closing)),
            (0.2, "Nº do documento", texts.document),
            (0.1, "Espécie doc.", "DS"),
            (0.08, "Aceite", "N"),
            (0.18, "Data do processamento", br_date(issued.date())),
            (0.28, "Nosso número", slip.nosso_numero),
        ]
    )
    p.row(
        [
            (0.16, "Uso do banco", ""),
            (0.12, "Carteira", CARTEIRA),
            (0.1, "Espécie", "R$"),
            (0.16, "Quantidade", ""),
            (0.18, "Valor", ""),
            (0.28, "(=) Valor do documento", texts.amount),
        ]
    )
    p.row([(0.72, "", _instructions(invoice)), (0.28, "(-) Desconto / (+) Mora/Multa", "")], height=22 * mm)
    p.row([(0.72, "", ""), (0.28, "(=) Valor cobrado", "")])
    p.row([(1.0, "Pagador", f"{texts.payer}\n{CUSTOMER_ADDRESS}")], height=13 * mm)


def _instructions(invoice: Invoice) -> str:
    return (
        "Instruções (texto de responsabilidade do beneficiário)\n"
        f"Fatura {invoice.id} item {invoice.item} ({invoice.doc_type}), contrato {invoice.contract},"
        f" fechamento {br_date(invoice.closing)}.\n"
        "Após o vencimento, multa de 2% e juros de 0,033% ao dia.\n"
        "Não receber após 60 dias do vencimento."
    )


def _paid_mark(c: Canvas, left: float, invoice: Invoice) -> None:
    """A paid invoice's slip is a copy for checking: a "PAGO" watermark and the payment date."""
    page_w, page_h = A4
    c.saveState()
    c.setFillColor(colors.Color(0.75, 0.1, 0.1, alpha=0.25))
    c.setFont(_BOLD, 110)
    c.translate(page_w / 2, page_h / 2)
    c.rotate(35)
    c.drawCentredString(0, 0, "PAGO")
    c.restoreState()
    c.setFont(_FONT, 7.5)
    paid = br_date(invoice.paid_on) if invoice.paid_on else ""
    c.drawString(left, 12 * mm, f"Segunda via para conferência: fatura paga em {paid}.")


def boleto_pdf(invoice: Invoice, issued: datetime) -> bytes:
    """The payment slip of an invoice (a paid one is marked "PAGO")."""
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    c.setTitle(f"Boleto da fatura {invoice.id} item {invoice.item}")
    c.setAuthor(OPERATOR_NAME)
    page_w, page_h = A4
    left = 10 * mm
    width = page_w - 20 * mm
    texts = _SlipTexts.of(invoice)
    cut = _receipt(c, left, width, page_h - 12 * mm, texts)
    _compensation(c, left, width, cut - 8 * mm, texts, issued)
    if invoice.status == STATUS_PAID:
        _paid_mark(c, left, invoice)
    c.showPage()
    c.save()
    return buffer.getvalue()
