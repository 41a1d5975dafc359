"""The content declaration ("Declaração de Conteúdo"), in the operator's form's shape, two to an A4 page.

What a parcel without an invoice travels with: sender and recipient side by side (each
with its CPF or CNPJ, as the form asks), the
goods (content, quantity, value) with their totals and the weight, the legal
declaration (tax: Lei Complementar 87/1996; dangerous goods: Lei 6.538/1978, art. 13)
with the place, date and the sender's signature, and the warning of Lei 8.137/1990.
The operator answers its own as HTML; offices print two on an A4 sheet and cut it, so
each declaration fills one half (a long list of goods runs on into the next half).
Words are Portuguese, as the form is; a caller may hand others over `WORDS`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.styles import ParagraphStyle  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import (  # type: ignore[import-untyped]
    BaseDocTemplate,
    Frame,
    FrameBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.data import LabelParty
from postalgui.documents.reports.labels.figures import brl, cep_text, grams
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import bold_paragraph, paragraph

__all__ = ["WORDS", "ContentItem", "Declaration", "render_declarations"]

WORDS: Mapping[str, str] = {
    "title": "DECLARAÇÃO DE CONTEÚDO",
    "object": "Objeto",
    "sender": "REMETENTE",
    "recipient": "DESTINATÁRIO",
    "name": "Nome",
    "address": "Endereço",
    "city": "Cidade/UF",
    "cep": "CEP",
    "tax_id": "CPF/CNPJ",
    "goods": "IDENTIFICAÇÃO DOS BENS",
    "item": "Item",
    "content": "Conteúdo",
    "quantity": "Quant.",
    "value": "Valor",
    "totals": "Totais",
    "weight": "Peso total (g)",
    "declaration": "DECLARAÇÃO",
    "legal": (
        "Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei Complementar "
        "nº 87/1996, uma vez que não realizo, com habitualidade ou em volume que caracterize intuito "
        "comercial, operações de circulação de mercadoria, ainda que se iniciem no exterior, ou estou "
        "dispensado da emissão da nota fiscal por força da legislação tributária vigente, "
        "responsabilizando-me, nos termos da lei e a quem de direito, por informações inverídicas. "
        "Declaro ainda que não estou postando conteúdo inflamável, explosivo, causador de combustão "
        "espontânea, tóxico, corrosivo, gás ou qualquer outro conteúdo que constitua perigo, conforme "
        "o art. 13 da Lei Postal nº 6.538/78."
    ),
    "signature": "Assinatura do declarante/remetente",
    "warning": (
        "OBSERVAÇÃO: Constitui crime contra a ordem tributária suprimir ou reduzir tributo, ou "
        "contribuição social e qualquer acessório (Lei 8.137/90, art. 1º, V)."
    ),
    "thousands": ".",
    "invoice_goods": "Conforme nota fiscal nº {invoice}",
    "nfe_goods": "Conforme NF-e de chave {invoice}",
}

_HALF = A4[1] / 2
_MARGIN = 10 * mm
_SIZE = 8
_GREY = colors.HexColor("#e8edf3")


@dataclass(frozen=True)
class ContentItem:
    """One line of goods: what it is, how many, what they are worth together."""

    content: str
    quantity: int
    value: Decimal


@dataclass(frozen=True)
class Declaration:
    """One object's declaration: its code, the parties, the goods and the weight."""

    object_code: str
    sender: LabelParty
    recipient: LabelParty
    items: tuple[ContentItem, ...]
    weight_g: int


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=12, leading=14),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=_SIZE, leading=_SIZE * 1.2),
        "small": ParagraphStyle("small", fontName=FONT, fontSize=6.5, leading=7.8),
    }


def _party(title: str, party: LabelParty, words: Mapping[str, str], style: ParagraphStyle) -> list[Any]:
    street = " - ".join(
        part for part in (f"{party.street}, {party.number}", party.complement, party.district) if part
    )
    return [
        bold_paragraph(title, style),
        paragraph(f"{words['name']}: {party.name}", style),
        paragraph(f"{words['address']}: {street}", style),
        paragraph(
            f"{words['city']}: {party.city}/{party.state}   {words['cep']}: {cep_text(party.cep)}", style
        ),
        paragraph(f"{words['tax_id']}: {party.tax_id}", style),
    ]


def _parties(
    declaration: Declaration, words: Mapping[str, str], width: float, style: ParagraphStyle
) -> Table:
    cells = [
        [
            _party(words["sender"], declaration.sender, words, style),
            _party(words["recipient"], declaration.recipient, words, style),
        ]
    ]
    table = Table(cells, colWidths=[width / 2] * 2)
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
                ("INNERGRID", (0, 0), (-1, -1), 0.6, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def _goods(declaration: Declaration, words: Mapping[str, str], width: float, style: ParagraphStyle) -> Table:
    data: list[list[Any]] = [[words["item"], words["content"], words["quantity"], words["value"]]]
    for number, item in enumerate(declaration.items, start=1):
        data.append([str(number), paragraph(item.content, style), str(item.quantity), brl(item.value)])
    total_quantity = sum(item.quantity for item in declaration.items)
    total_value = sum((item.value for item in declaration.items), Decimal(0))
    data.append(["", words["totals"], str(total_quantity), brl(total_value)])
    weight = f"{words['weight']}: {grams(declaration.weight_g, words['thousands'])}"
    data.append(["", weight, "", ""])
    table = Table(data, colWidths=[12 * mm, width - 62 * mm, 20 * mm, 30 * mm], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                ("BOX", (0, 0), (-1, -1), 0.6, colors.black),
                ("INNERGRID", (0, 0), (-1, -3), 0.3, colors.grey),
                *heading_row(_SIZE, _GREY, 0.6, colors.black),
                ("ALIGN", (2, 0), (3, -1), "RIGHT"),
                *padding(1.5),
                *total_row(_SIZE, 0.6, colors.black, row=-2, background=_GREY),
                ("FONT", (0, -1), (-1, -1), BOLD, _SIZE),
            ]
        )
    )
    return table


def _story(
    declaration: Declaration, place_and_date: str, words: Mapping[str, str], width: float
) -> list[Any]:
    styles = _styles()
    head = Table(
        [
            [
                paragraph(words["title"], styles["title"]),
                paragraph(f"{words['object']}: {declaration.object_code}", styles["body"]),
            ]
        ],
        colWidths=[width * 0.65, width * 0.35],
    )
    head.setStyle(
        TableStyle([("ALIGN", (1, 0), (1, 0), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), *padding(0)])
    )
    signature = Table([[place_and_date, "_" * 48], ["", words["signature"]]], colWidths=[width / 2] * 2)
    signature.setStyle(
        TableStyle(
            [("FONT", (0, 0), (-1, -1), FONT, _SIZE), ("ALIGN", (1, 0), (1, -1), "CENTER"), *padding(1)]
        )
    )
    return [
        head,
        Spacer(1, 2 * mm),
        _parties(declaration, words, width, styles["body"]),
        Spacer(1, 2 * mm),
        bold_paragraph(words["goods"], styles["body"]),
        _goods(declaration, words, width, styles["body"]),
        Spacer(1, 2 * mm),
        bold_paragraph(words["declaration"], styles["body"]),
        paragraph(words["legal"], styles["small"]),
        Spacer(1, 5 * mm),
        signature,
        Spacer(1, 1.5 * mm),
        paragraph(words["warning"], styles["small"]),
    ]


def _cut_line(canvas: Any, _doc: Any) -> None:
    """A dashed line across the middle of the page: where the two declarations part."""
    canvas.saveState()
    canvas.setDash(3, 3)
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0.6)
    canvas.line(_MARGIN / 2, _HALF, A4[0] - _MARGIN / 2, _HALF)
    canvas.restoreState()


def render_declarations(
    declarations: Sequence[Declaration], *, place_and_date: str, words: Mapping[str, str] | None = None
) -> bytes:
    """One PDF: each declaration in a half A4 page, two a sheet; ``place_and_date`` as the sender signs."""
    said = {**WORDS, **(words or {})}
    buffer = io.BytesIO()
    width = A4[0] - 2 * _MARGIN
    frames = [
        Frame(_MARGIN, bottom + _MARGIN / 2, width, _HALF - _MARGIN, id=f"half{bottom}")
        for bottom in (_HALF, 0)
    ]
    doc = BaseDocTemplate(buffer, pagesize=A4, title=said["title"].title())
    doc.addPageTemplates([PageTemplate(id="halves", frames=frames, onPage=_cut_line)])
    story: list[Any] = []
    for declaration in declarations:
        story += [*_story(declaration, place_and_date, said, width), FrameBreak()]
    doc.build(story[:-1] or [Spacer(1, 1)])
    return buffer.getvalue()
