"""A quote's own A4 page: its parameters, the price ladder, the final price in large type,
then the information entries; or the item's error."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import KeepInFrame, PageBreak, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.quote_styles import GREY, QuoteStyles
from postalgui.documents.tables import padding
from postalgui.documents.text import paragraph

__all__ = ["LadderLine", "QuotePage", "per_quote_story"]


@dataclass(frozen=True)
class LadderLine:
    """A step of the price ladder in words: ``sign`` (``+``, ``-``, ``=`` for a subtotal),
    its label, detail and amount, how deep it is nested and its ``kind`` (``info`` is
    small print, ``final`` is shaded)."""

    sign: str
    label: str
    detail: str
    amount: str
    level: int
    kind: str


@dataclass(frozen=True)
class QuotePage:
    """A quote's page in words under its heads (``parameters_head``, ``breakdown``,
    ``information``); ``error`` (the whole line, "Erro: ...") replaces the ladder."""

    title: str
    subtitle: str
    parameters_head: str
    parameters: Sequence[tuple[str, str]]
    error: str | None = None
    breakdown: str = ""
    price_steps: Sequence[LadderLine] = ()
    final: str = ""
    information: str = ""
    info_steps: Sequence[LadderLine] = ()


def _ladder_table(steps: Sequence[LadderLine], styles: QuoteStyles, width: float) -> Table:
    widths = [8 * mm, 62 * mm, width - 8 * mm - 62 * mm - 32 * mm, 32 * mm]
    data: list[list[Any]] = []
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 9),
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        *padding(2),
    ]
    for row, step in enumerate(steps):
        data.append(
            [
                step.sign,
                step.label,
                paragraph(step.detail, styles.small if step.kind == "info" else styles.cell),
                step.amount,
            ]
        )
        if step.level:
            commands.append(("LEFTPADDING", (1, row), (1, row), 6 + 12 * step.level))
            commands.append(("TEXTCOLOR", (1, row), (1, row), colors.HexColor("#444444")))
        if step.sign == "=":
            commands.append(("LINEABOVE", (1, row), (-1, row), 0.5, colors.grey))
            commands.append(("FONT", (1, row), (1, row), BOLD, 9))
            commands.append(("FONT", (3, row), (3, row), BOLD, 9))
        if step.kind == "final":
            commands.append(("BACKGROUND", (0, row), (-1, row), GREY))
    table = Table(data, colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    return table


def _quote_page(page: QuotePage, styles: QuoteStyles, width: float) -> list[Any]:
    story: list[Any] = [
        paragraph(page.title, styles.title),
        paragraph(page.subtitle, styles.subtitle),
        paragraph(page.parameters_head, styles.heading),
    ]
    parameters = Table(
        [list(row) for row in page.parameters], colWidths=[45 * mm, width - 45 * mm], hAlign="LEFT"
    )
    parameters.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (0, -1), BOLD, 9),
                ("FONT", (1, 0), (1, -1), FONT, 9),
                *padding(1.5),
            ]
        )
    )
    story.append(parameters)
    if page.error is not None:
        story.append(paragraph(page.error, styles.error))
        return story
    if page.price_steps:
        story.append(paragraph(page.breakdown, styles.heading))
        story.append(_ladder_table(page.price_steps, styles, width))
    if page.final:
        story.append(paragraph(page.final, styles.final))
    if page.info_steps:
        story.append(paragraph(page.information, styles.heading))
        story.append(_ladder_table(page.info_steps, styles, width))
    return story


def per_quote_story(pages: Sequence[QuotePage], width: float, height: float) -> list[Any]:
    """Each quote on a page of its own."""
    styles = QuoteStyles()
    story: list[Any] = []
    for number, page in enumerate(pages):
        if number:
            story.append(PageBreak())
        # One page per quote: a long ladder (many information entries) shrinks to fit.
        story.append(KeepInFrame(width, height - 1, _quote_page(page, styles, width), mode="shrink"))
    return story
