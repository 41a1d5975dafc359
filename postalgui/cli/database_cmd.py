"""``postalgui database check|upload``: test the configured office database, copy this desk's data into it.

The office database is the one `AppContext.office` opens: ``POSTALGUI_DATABASE_URL`` (its
password may be in it), else the URL in Settings with its password from the keyring,
else this desk's own file. Failures are the store's one line (exit 1); an upload with
no server configured says where to set one (exit 2). ``check`` also says what waits in
this desk's queue and why (`cli.queued`), in its JSON even when the database failed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.masking import scrub
from postalgui.cli.language import number, say
from postalgui.cli.options import Commands, add_json, command_group, subcommand
from postalgui.cli.output import (
    EXIT_INVALID_INPUT,
    EXIT_OK,
    error,
    print_fields,
    print_json,
    print_table,
    progress_line,
)
from postalgui.cli.queued import queued_json, waiting_why
from postalgui.services.context import AppContext
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.office.errors import OfficeDatabaseError
from postalgui.services.office.outbox import Queued
from postalgui.services.office.use_cases import DatabaseReport, NoServerError, check, upload

TABLE_NAMES = {
    "quote": "quotes",
    "quote_deadline": "quote deadlines",
    "job": "invoice jobs",
    "preset": "presets",
}
"""The office's tables as the output names them."""


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "database",
        "test the office database or copy this desk's data into it",
        "The office database every desk shares (Settings > Office database, or POSTALGUI_DATABASE_URL); "
        "without one, this desk's own file.",
    )
    subcommand(
        sub,
        "check",
        run_check,
        add_json,
        summary="connect to the office database and say what it holds",
        description="Connect, bring the schema up to date and print where the database is (no password), "
        "its engine and version, the counts of this environment's quotes and invoice jobs and of "
        "presets, and the quotes waiting on this computer for it and why (with --json, also when the "
        "database fails).",
    )
    subcommand(
        sub,
        "upload",
        run_upload,
        add_json,
        summary="copy this desk's quotes, jobs and presets into the office server",
        description="Copy what this desk keeps in its own file into the configured server; what the server "
        "already has is skipped, so running it again copies nothing twice. Progress goes to stderr.",
    )


def report_data(report: DatabaseReport, environment: str) -> dict[str, Any]:
    return {
        "where": report.where,
        "shared": report.shared,
        "engine": report.engine,
        "version": report.version,
        "schema": report.schema,
        "schemaUpToDate": report.schema_current,
        "environment": environment,
        "quotes": report.quotes,
        "jobs": report.jobs,
        "presets": report.presets,
        "waiting": None if report.queued is None else queued_json(report.queued),
    }


def run_check(args: argparse.Namespace, context: AppContext) -> int:
    """Connect to the configured office database and print what it holds."""
    office = context.office()
    try:
        report = check(PlainTask(), office)
    except OfficeDatabaseError as exc:
        if args.json:  # what waits is what a script watching a dead server wants to know
            _print_failed(exc, office, context.env_key)
        raise
    data = report_data(report, context.env_key)
    if args.json:
        print_json(data)
        return EXIT_OK
    print_fields(
        {
            "where": report.where + ("" if report.shared else " (this computer only)"),
            "engine": f"{report.engine} {report.version}",
            "schema": f"{report.schema} ({'up to date' if report.schema_current else 'not this version'})",
            "environment": context.env_key,
            "quotes": number(report.quotes),
            "invoice jobs": number(report.jobs),
            "presets": number(report.presets),
            "waiting here": _waiting_text(report.queued),
        }
    )
    return EXIT_OK


def _waiting_text(queued: Queued | None) -> str:
    """``0``, or ``2.600 (o servidor do escritório ... não respondeu; ...)``."""
    if queued is None or not queued.rows:
        return number(0)
    return f"{number(queued.quotes)} ({waiting_why(queued.problem)})"


def _print_failed(exc: OfficeDatabaseError, office: OfficeDatabase, environment: str) -> None:
    """``--json`` of a check that failed: the failure in English, and the queue (nothing
    when the queue cannot be read either: the failure is said on stderr all the same)."""
    outbox = office.opened_outbox()
    try:
        queued = outbox.report() if outbox is not None else None
    except OfficeDatabaseError:
        return
    print_json(
        {
            "shared": office.shared,
            "environment": environment,
            "error": scrub(str(exc)),
            "waiting": None if queued is None else queued_json(queued),
        }
    )


def run_upload(args: argparse.Namespace, context: AppContext) -> int:
    """Copy this desk's file into the configured server, skipping what it has."""
    office = context.office()
    said: list[Progress] = []
    try:
        copied = upload(PlainTask(lambda step: _progress_line(step, said)), office)
    except NoServerError:
        error(
            "no office database server is configured: set one in Settings > Office database "
            "or POSTALGUI_DATABASE_URL"
        )
        return EXIT_INVALID_INPUT
    finally:
        if said and sys.stderr.isatty():
            sys.stderr.write("\n")  # below the progress line rewritten in place
    if args.json:
        print_json(
            {
                "where": office.store().where,
                "tables": [{"table": c.table, "copied": c.copied, "skipped": c.skipped} for c in copied],
            }
        )
        return EXIT_OK
    rows = [[TABLE_NAMES.get(c.table, c.table), number(c.copied), number(c.skipped)] for c in copied]
    print_table(["WHAT", "COPIED", "SKIPPED"], rows, right=(1, 2))
    return EXIT_OK


def _progress_line(step: Progress, said: list[Progress]) -> None:
    """``quotes: 500 of 1,234`` on stderr (rewritten in place on a terminal)."""
    said.append(step)
    text = say(
        "{what}: {done} of {total}",
        what=TABLE_NAMES.get(step.text, step.text),
        done=number(step.done),
        total=number(step.total or 0),
    )
    progress_line(text)
