"""``postalgui track watch ...`` and ``track report``: the office's watchlist from the command line.

Apart from `track_cmd` (the one-off lookup and the argument wiring) because these are the
commands that write: the watchlist in the office database (every desk sees it), the
export and the PDF. Codes are checked before anything is saved or sent (`checked_codes`).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.values import InvalidValue, format_brl, format_date_ui, shown_value
from postalgui.api.values.object_codes import parse_object_code
from postalgui.cli.language import count, number, say, spoken
from postalgui.cli.options import (
    BadOption,
    json_option,
    out_file,
    statement_of,
    statement_options,
    subcommand,
)
from postalgui.cli.output import EXIT_OK, error, moment_json, moment_text, our_keys, print_json, print_table
from postalgui.cli.worded import routine_text
from postalgui.services.tracking.words import lateness_words, status_words

if TYPE_CHECKING:
    from collections.abc import Sequence
    from datetime import datetime

    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.tracking.records import WatchedObject
from postalgui.api.values.money import added
from postalgui.services.ports import NewObject

__all__ = ["add_parsers", "checked_codes", "day_text", "since_text", "watched_json"]

_MONTH = re.compile(r"(\d{4})-(\d{2})", flags=re.ASCII)


def add_parsers(watch: Commands, track: Commands) -> None:
    """``watch add|list|remove|refresh|export`` under ``watch``; ``report`` under ``track``."""
    subcommand(
        watch,
        "add",
        _run_add,
        _add_add_options,
        summary="follow objects: codes, an invoice's objects, or a file's column",
        description="Follow objects in the office's watchlist: the codes given, every object of an "
        "invoice's analytic statement (--from-invoice), or the codes of a CSV or .xlsx file "
        "(--file, --column). One bad code and nothing is added (exit 2).",
    )
    subcommand(
        watch,
        "list",
        _run_list,
        _add_late,
        _add_archived,
        json_option("print JSON to stdout: the watchlist's rows"),
        summary="the objects followed, as the last refresh left them",
        description="The watchlist as stored: nothing is asked of the operator.",
    )
    subcommand(
        watch,
        "remove",
        _run_remove,
        _add_codes,
        summary="stop following objects",
        description="Remove objects from the office's watchlist.",
    )
    subcommand(
        watch,
        "refresh",
        _run_refresh,
        _add_late,
        json_option("print JSON to stdout: the watchlist's rows"),
        summary="ask the operator about the objects due, then list them",
        description="Refresh every object not finished and not asked within the refresh interval "
        "(Settings), then print the watchlist.",
    )
    subcommand(
        watch,
        "export",
        _run_export,
        _add_file,
        _add_late,
        summary="write the watchlist as CSV or .xlsx",
        description="Write the watchlist to FILE: CSV (';', decimal comma) or a workbook when FILE "
        "ends in .xlsx.",
    )
    subcommand(
        track,
        "report",
        _run_report,
        _add_file,
        _add_month,
        summary="the month's late objects as a PDF",
        description="Write the objects of the watchlist late in a month (delivered late, or "
        "overdue) as a PDF with totals per product.",
    )


def _add_codes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("codes", metavar="CODE", nargs="+", help="object code, e.g. DG049186226BR")


def _add_add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("codes", metavar="CODE", nargs="*", help="object code, e.g. DG049186226BR")
    parser.add_argument("--tag", metavar="T", default="", help="a tag for these objects (customer, order)")
    parser.add_argument(
        "--replace-tags",
        action="store_true",
        help="give --tag to objects already followed that have a tag too (default: they keep theirs)",
    )
    statement_options("every object of invoice N's analytic statement")(parser)
    parser.add_argument("--file", type=Path, metavar="F", help="a CSV or .xlsx file holding codes")
    parser.add_argument("--column", metavar="C", help="the file's column of codes, by its header")


def _add_late(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--late", action="store_true", help="only objects late or overdue")


def _add_archived(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--archived", action="store_true", help="the archived objects instead")


def _add_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, metavar="FILE", help="the file to write")


def _add_month(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--month", metavar="YYYY-MM", help="the month (default: this month)")


# --------------------------------------------------------------------------- shared


def checked_codes(codes: Sequence[str], option: str = "CODE") -> list[str]:
    """``codes`` checked, upper case, each once; every bad one named with its rule (`BadOption`)."""
    good: dict[str, None] = {}
    bad: list[str] = []
    for text in codes:
        try:
            good.setdefault(parse_object_code(text), None)
        except InvalidValue as problem:
            bad.append(f"\n  {option}: {routine_text(problem)} ({problem.rule})")  # it names the code
    if bad:
        raise BadOption(
            say("{codes}, nothing was sent:", codes=count(len(bad), "bad object code", "bad object codes"))
            + "".join(bad)
        )
    return list(good)


def since_text(moment: datetime | None) -> str:
    """An operator's time on the desk's clock, as the window shows it."""
    return moment_text(moment) if moment is not None else ""


def day_text(day: date | None) -> str:
    return format_date_ui(day) if day is not None else ""


# --------------------------------------------------------------------------- add, remove


def _objects_to_add(args: argparse.Namespace, context: AppContext) -> tuple[Sequence[NewObject], str]:
    """What ``add`` was given, checked, and its source; a bad code raises `BadOption`."""

    given = [bool(args.codes), args.from_invoice is not None, args.file is not None]
    if sum(given) != 1:
        raise BadOption(say("CODE: give codes, --from-invoice or --file (one of them)"))
    if args.column is not None and args.file is None:
        raise BadOption(say("--column: only with --file"))
    if args.replace_tags and not args.tag:
        raise BadOption(say("--replace-tags: only with --tag"))
    statement = statement_of(args)
    if args.codes:
        return [NewObject(code) for code in checked_codes(args.codes)], "cli"
    if statement is None:  # exactly one source was given: the file
        return _file_objects(args.file, args.column), "file"
    return _invoice_objects(statement, args.poll_interval, context), "invoice"


def _file_objects(path: Path, column: str | None) -> list[NewObject]:
    # lazy: the command line starts without it
    from postalgui.services.tracking.imports import codes_from_file

    if not path.is_file():
        raise BadOption(say("--file: {path} is not a file", path=path))
    found = codes_from_file(path, column)
    if found.bad:
        checked_codes([problem.value for problem in found.bad if isinstance(problem.value, str)], "--file")
    if not found.codes:
        raise BadOption(say("--file: no object codes in {name}", name=path.name))
    return [NewObject(code) for code in found.codes]


def _invoice_objects(
    statement: tuple[str, str], interval_s: float | None, context: AppContext
) -> Sequence[NewObject]:
    # lazy: the command line starts without it
    from postalgui.services.tracking.imports import objects_from_invoice

    number, kind = statement
    found = objects_from_invoice(
        PlainTask(), context.tracking, context.invoices, number, kind, interval_s=interval_s
    )
    if not found:
        raise BadOption(
            say("--from-invoice: invoice {kind} {number} lists no object labels", kind=kind, number=number)
        )
    return found


def _run_add(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.tracking.use_cases import add_objects

    objects, source = _objects_to_add(args, context)
    if args.tag:
        objects = [replace(item, tag=args.tag) for item in objects]
    added = add_objects(PlainTask(), context.tracking, objects, source=source, replace_tags=args.replace_tags)
    sys.stdout.write(
        say(
            "{added}, {already} already followed",
            added=count(added.added, "object added", "objects added"),
            already=number(added.already),
        )
        + "\n"
    )
    return EXIT_OK


def _run_remove(args: argparse.Namespace, context: AppContext) -> int:
    codes = checked_codes(args.codes)
    removed = context.tracking.watchlist().remove(codes)
    sys.stdout.write(count(removed, "object removed", "objects removed") + "\n")
    return EXIT_OK


# --------------------------------------------------------------------------- list, refresh


def watched_json(watched: WatchedObject, today: date) -> dict[str, Any]:
    """A watchlist row for scripts: its stored fields (no timeline) and its lateness, keys in
    camelCase (`our_keys`: the snake_case ones beside them for one release)."""
    lateness = watched.lateness(today)
    data: dict[str, Any] = {
        key: moment_json(value) if isinstance(value, date) else value
        for key, value in vars(watched).items()
        if key != "answer_json" and not key.startswith("_")
    }
    data["invoice_amount"] = None if watched.invoice_amount is None else f"{watched.invoice_amount:.2f}"
    data["lateness"] = lateness.timing.value
    data["days_late"] = lateness.days
    return our_keys(data)


def _shown(objects: Sequence[WatchedObject], today: date, *, late: bool) -> list[WatchedObject]:
    return [watched for watched in objects if not late or watched.lateness(today).late]


def _print_objects(objects: Sequence[WatchedObject], today: date, *, as_json: bool) -> None:
    if as_json:
        print_json([watched_json(watched, today) for watched in objects])
        return
    if not objects:
        error(say("no objects"))
        return
    titles = (
        say("code"),
        say("status"),
        say("last event"),
        say("where"),
        say("since"),
        say("expected"),
        say("late"),
        say("tag"),
    )
    rows = [
        [
            watched.code,
            status_words(watched.status, watched.problem, spoken()),
            (watched.last_event or watched.message)[:50],
            watched.last_place,
            since_text(watched.last_at),
            day_text(watched.expected_on),
            lateness_words(watched.lateness(today), spoken()),
            watched.tag,
        ]
        for watched in objects
    ]
    print_table(titles, rows)


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    service = context.tracking
    today = service.today()
    objects = service.watchlist().objects(archived=args.archived)
    _print_objects(_shown(objects, today, late=args.late), today, as_json=args.json)
    return EXIT_OK


def _run_refresh(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.tracking.use_cases import refresh

    service = context.tracking
    done = refresh(PlainTask(), service)
    error(
        say(
            "asked about {objects}: {changed} changed, {quiet} without events, {archived} archived",
            objects=count(done.asked, "object", "objects"),
            changed=number(len(done.changed)),
            quiet=number(len(done.problems)),
            archived=number(done.archived),
        )
    )
    today = service.today()
    _print_objects(_shown(service.watchlist().objects(), today, late=args.late), today, as_json=args.json)
    return EXIT_OK


# --------------------------------------------------------------------------- export, report


def _run_export(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.tracking.export import export_objects

    path = out_file(args.file, "FILE")
    service = context.tracking
    today = service.today()
    objects = _shown(service.watchlist().objects(), today, late=args.late)
    export_objects(PlainTask(), service, objects, path, today, language=spoken())
    sys.stdout.write(f"{path}\n")
    return EXIT_OK


def _month(text: str | None, today: date) -> date:
    if text is None:
        return today.replace(day=1)
    match = _MONTH.fullmatch(text.strip())
    if match is None or not 1 <= int(match[2]) <= 12:
        raise BadOption(say("--month: must be YYYY-MM, such as 2026-11 (got {text})", text=shown_value(text)))
    return date(int(match[1]), int(match[2]), 1)


def _run_report(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.tracking.export import late_lines, late_report

    service = context.tracking
    month = _month(args.month, service.today())
    path = out_file(args.file, "FILE")
    objects = service.watchlist().objects()
    late_report(PlainTask(), service, objects, path, month, language=spoken())
    lines = late_lines(objects, month, service.today())
    amount = added(line.watched.invoice_amount for line in lines)
    said = count(len(lines), "late object", "late objects")
    error(f"{said}, {format_brl(amount)}" if amount is not None else said)
    sys.stdout.write(f"{path}\n")
    return EXIT_OK
