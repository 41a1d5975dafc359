"""The Claims tab's files as tasks: the claims list, money back per month and the accountant's PDF.

Each is ``fn(task, service, ...)`` as `Desk.run` runs it (Qt-free): the export writers
(`services/claims/export.py`, `report_pdf.py`) take a path and records, so these read
what the file needs that the page does not hold (the claims, for the report) and hand
back the path saved, which the page's `SavedFileReporter` names.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from postalgui.api.cancel import TaskControl
from postalgui.api.values import display_cnpj
from postalgui.services.claims.money import MonthSummary
from postalgui.services.claims.records import Claim
from postalgui.services.claims.service import ClaimsService
from postalgui.services.claims.use_cases import list_claims

__all__ = ["save_money_report", "save_table"]


def save_table(
    task: TaskControl,
    service: ClaimsService,
    path: Path,
    rows: Sequence[Claim] | Sequence[MonthSummary],
    language: str,
) -> Path:
    """Claims, or money back per month, as CSV or .xlsx (by the path's suffix)."""
    from postalgui.services.claims.export import export_claims, export_money_back  # helper "cli"'s

    del task, service
    if all(isinstance(row, MonthSummary) for row in rows) and rows:
        export_money_back(path, [row for row in rows if isinstance(row, MonthSummary)], language)
    else:
        export_claims(path, [row for row in rows if isinstance(row, Claim)], language)
    return path


def save_money_report(
    task: TaskControl,
    service: ClaimsService,
    path: Path,
    months: Sequence[MonthSummary],
    language: str,
) -> Path:
    """The accountant's PDF: the months and every claim behind them, the company's CNPJ on every page."""
    from postalgui.services.claims.report_pdf import write_money_report

    claims = list_claims(task, service)
    cnpj = service.profile.cnpj
    company = f"CNPJ {display_cnpj(cnpj)}" if cnpj else ""
    write_money_report(path, list(months), claims, language, company=company, generated=service.now())
    return path
