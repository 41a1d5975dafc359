"""``postalgui report``: the manager's Overview on paper and in a spreadsheet.

``report month 2026-10 --out outubro.pdf`` writes the monthly PDF (key figures, charts,
every section's table) in the run's language (``--lang``; Portuguese unless English is
spoken); ``report table SECTION --period ... --out FILE`` writes one section's numbers as
CSV or, for a name ending in .xlsx, a workbook, as the window's "Exportar…" does. Both read
the office database only (nothing is sent to the operator). Options are checked first: a
bad one exits 2 naming it and its rule.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.api.values import shown_value
from postalgui.cli.language import say, spoken
from postalgui.cli.options import BadOption, command_group, out_file, out_option, subcommand
from postalgui.cli.output import EXIT_OK
from postalgui.services.overview.records import Filter, MoneyLeft, Period, PeriodKind, Section

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext

__all__ = ["PERIODS", "add_parser", "period_of"]

PERIODS = (*(kind.value for kind in PeriodKind if kind is not PeriodKind.CUSTOM), "all")
"""What ``--period`` takes besides a month ``YYYY-MM``."""


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "report",
        "the Overview's monthly PDF and its tables (from the office database)",
        description="The manager's Overview of the office database: 'month' writes a month's PDF "
        "(spending per service, where the parcels went, on time, money back, quotes, and every "
        "table), 'table' one section's numbers as CSV or .xlsx. Nothing is sent to the operator.",
    )
    subcommand(
        sub,
        "month",
        _run_month,
        _add_month,
        out_option("FILE", "the PDF to write"),
        summary="write a month's Overview as a PDF",
        description="Write the Overview of MONTH (YYYY-MM) as a landscape A4 PDF, in the language "
        "of --lang (Portuguese unless English is spoken).",
    )
    subcommand(
        sub,
        "table",
        _run_table,
        _add_table,
        out_option("FILE", "the file to write: CSV, or a workbook when it ends in .xlsx"),
        summary="write one section's numbers as CSV or .xlsx",
        description=f"Write the numbers of SECTION ({', '.join(Section)}) for --period: a month "
        f"YYYY-MM or one of {', '.join(PERIODS)} (default this_month).",
    )


def _add_month(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("month", metavar="MONTH", help="the month, YYYY-MM (2026-10)")


def _add_table(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("section", metavar="SECTION", help=f"one of {', '.join(Section)}")
    parser.add_argument(
        "--period", default=PeriodKind.THIS_MONTH.value, help="YYYY-MM or " + ", ".join(PERIODS)
    )


def _refused(option: str, choices: Sequence[str], value: str) -> BadOption:
    """What ``option`` takes, and what it got."""
    return BadOption(
        say(
            "{option}: must be {choices} (got {value})",
            option=option,
            choices=say(" or ").join(choices),
            value=shown_value(value),
        )
    )


def _month(text: str, option: str) -> str:
    """``YYYY-MM`` checked (a `BadOption` naming ``option`` and the form)."""
    try:
        Period.month(text)
    except ValueError:
        raise _refused(option, ["YYYY-MM"], text) from None
    return text.strip()


def period_of(text: str, today: date) -> Period | None:
    """``--period``'s period on ``today`` (``None``: all time); `BadOption` for another word."""
    word = text.strip().casefold()
    if word == "all":
        return None
    if word in PERIODS:
        return Period.of(PeriodKind(word), today)
    try:
        return Period.month(word)
    except ValueError:
        raise _refused("--period", ["YYYY-MM", *PERIODS], text) from None


def _section(text: str) -> Section:
    try:
        return Section(text.strip().casefold())
    except ValueError:
        raise _refused("SECTION", list(Section), text) from None


def _run_month(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: reportlab and the charts are loaded for the PDF only
    from postalgui.services.claims.saving import report_heading
    from postalgui.services.overview.report_pdf import write_month_report

    month = _month(args.month, "MONTH")
    path = out_file(args.out)
    language = spoken()
    company = report_heading(context.profile, language)
    written = write_month_report(PlainTask(), context.overview, month, language, path, company=company)
    sys.stdout.write(f"{written}\n")
    return EXIT_OK


def _run_table(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.overview.tables import section_table, write_section

    section = _section(args.section)
    service = context.overview
    flt = Filter(period_of(args.period, service.today()))
    path = out_file(args.out)
    task = PlainTask()
    overview = service.read(task, flt)
    money = service.money_left(task, flt) if section is Section.MONEY_BACK else MoneyLeft()
    written = write_section(Path(path), section_table(overview, money, section, spoken()))
    sys.stdout.write(f"{written}\n")
    return EXIT_OK
