"""The accountant's PDF of the money back: per month the candidates, claims filed, accepted,
paid and refused with their estimated amounts and the totals, then the list of claims.

Landscape A4 with the house's head and "Página x de y", as the late-objects report; the
claims service words every cell (`services.claims.report_pdf`), this draws them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.pages import landscape_report, numbered, report_styles
from postalgui.documents.tables import heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph

__all__ = ["MONTH_GROUPS", "ClaimLine", "MoneyReport", "money_report_pdf"]

MONTH_GROUPS = ("candidates", "filed", "accepted", "paid")
"""The month table's groups of a count and an estimate, before the count of the refused."""

_SIZE = 8
_GREY = colors.HexColor("#e8edf3")
_LIGHT = colors.HexColor("#f6f8fa")
_CLAIM_WIDTHS_MM = (32, 28, 26, None, 58, 32)
"""Object, protocol, filed on, reason (the rest), outcome, estimate."""
_MONTH_WIDTHS_MM = (22, 18, 30, 18, 30, 18, 30, 18, 30, 26)
"""Month, then a count and an estimate for candidates, filed, accepted and paid, then refused."""


@dataclass(frozen=True)
class ClaimLine:
    """A claim's line, every cell in words."""

    code: str
    protocol: str
    filed_on: str
    reason: str
    outcome: str
    estimate: str


@dataclass(frozen=True)
class MoneyReport:
    """The report in words. ``months`` are the month table's rows, the total row last
    (none: no month); ``claims_total`` is the count of claims and their estimate.
    ``labels`` hold the heads (`MONTH_GROUPS`, ``month``, ``count``, ``estimate``,
    ``refused``, ``object`` ... ``claim_estimate``, ``total``), the sections' titles
    (``months``, ``claims``) and the empty texts (``no_months``, ``no_claims``)."""

    title: str
    note: str
    head: tuple[str, str]
    foot: str
    page: str
    labels: Mapping[str, str]
    months: Sequence[Sequence[str]]
    claims: Sequence[ClaimLine]
    claims_total: tuple[str, str]


def _months_table(rows: Sequence[Sequence[str]], labels: Mapping[str, str]) -> Table:
    first: list[str] = [labels["month"]]
    second: list[str] = [""]
    for group in MONTH_GROUPS:
        first += [labels[group], ""]
        second += [labels["count"], labels["estimate"]]
    first.append(labels["refused"])
    second.append(labels["count"])
    data: list[list[str]] = [first, second, *(list(row) for row in rows)]
    table = Table(data, colWidths=[width * mm for width in _MONTH_WIDTHS_MM], repeatRows=2, hAlign="LEFT")
    spans = [("SPAN", (1 + 2 * i, 0), (2 + 2 * i, 0)) for i in range(len(MONTH_GROUPS))]
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("FONT", (0, 1), (-1, 1), BOLD, _SIZE),
                ("BACKGROUND", (0, 1), (-1, 1), _GREY),
                ("LINEBELOW", (0, 1), (-1, 1), 0.75, colors.black),
                *spans,
                ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                ("ROWBACKGROUNDS", (0, 2), (-1, -2), [colors.white, _LIGHT]),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def _claims_table(report: MoneyReport, width: float) -> Table:
    labels = report.labels
    fixed = sum(w for w in _CLAIM_WIDTHS_MM if w is not None) * mm
    widths = [w * mm if w is not None else width - fixed for w in _CLAIM_WIDTHS_MM]
    keys = ("object", "protocol", "filed_on", "reason", "outcome", "claim_estimate")
    data: list[list[str]] = [[fit(labels[key], widths[i] - 6, _SIZE, BOLD) for i, key in enumerate(keys)]]
    for claim in report.claims:
        data.append(
            [
                claim.code,
                claim.protocol,
                claim.filed_on,
                fit(claim.reason, widths[3] - 6, _SIZE),
                fit(claim.outcome, widths[4] - 6, _SIZE),
                claim.estimate,
            ]
        )
    count, estimate = report.claims_total
    data.append([count, "", "", "", labels["total"], estimate])
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading_row(_SIZE, _GREY, 0.75, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, _LIGHT]),
                ("ALIGN", (5, 0), (5, -1), "RIGHT"),
                ("ALIGN", (4, -1), (4, -1), "RIGHT"),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def _story(report: MoneyReport, width: float) -> list[Any]:
    labels = report.labels
    styles = report_styles(title_after=2)
    story: list[Any] = [
        paragraph(report.title, styles["title"]),
        paragraph(report.note, styles["body"]),
        paragraph(labels["months"], styles["head"]),
    ]
    story.append(
        _months_table(report.months, labels)
        if report.months
        else paragraph(labels["no_months"], styles["body"])
    )
    story += [Spacer(1, 2 * mm), paragraph(labels["claims"], styles["head"])]
    if report.claims:
        story.append(_claims_table(report, width))
    else:
        story.append(paragraph(labels["no_claims"], styles["body"]))
    return story


def money_report_pdf(report: MoneyReport) -> bytes:
    """The report's PDF."""
    return landscape_report(
        report.title,
        lambda width: _story(report, width),
        report.head,
        (report.foot, numbered(report.page)),
    )
