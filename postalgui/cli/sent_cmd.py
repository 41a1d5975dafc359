"""``postalgui sent``: the calls that changed something at the operator and are not settled
(being sent, answer lost, answer unreadable), and ``sent settle`` for a person to say what
became of one (`services.office.outgoing`). Until then no desk sends the same request again.
"""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.cli.language import count, say, spoken
from postalgui.cli.options import BadOption, command_group, json_option, subcommand
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_OK,
    error,
    moment_text,
    our_keys,
    print_json,
    print_table,
)
from postalgui.services.context import AppContext
from postalgui.services.words.office import OUTGOING_STATE

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.office.outgoing import SentLine
from postalgui.services.office.outgoing import Outgoing, Resolution

__all__ = ["add_parser"]

RESOLUTIONS = ("followed", "dismissed", "again")
"""`Resolution`'s values (the database library loads only when a command runs)."""


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "sent",
        "calls to the operator still unsettled (answer lost or unreadable)",
        "Every call that changes something at the operator (a pre-posting, a label request, a claim's "
        "reopening, an attendance's registration) is written down before it is sent. One whose answer was "
        "lost or could not be read is listed here, and no desk sends the same request again until a person "
        "settles it with 'sent settle'.",
    )
    subcommand(
        sub,
        "list",
        _run_list,
        json_option("print the lines, the raw answer included"),
        summary="the unsettled calls of this environment, newest first",
    )
    subcommand(
        sub,
        "settle",
        _run_settle,
        _settle_arguments,
        summary="say what became of an unsettled call",
        description="followed: found at the operator (it was done); dismissed: cancelled there, or known not "
        "to have happened; again: the same request may be sent again (run the command that sends it).",
    )


def _settle_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("uid", metavar="ID", help="the line's id as 'sent list' prints it (a prefix)")
    parser.add_argument("--as", dest="resolution", required=True, choices=RESOLUTIONS)
    parser.add_argument("--result", help="what the operator gave back, when found (an id, a protocol)")


def _line_json(line: SentLine, now: datetime) -> dict[str, object]:
    return our_keys(
        {
            "id": line.uid,
            "kind": line.kind,
            "summary": line.summary,
            "state": line.shown_state(now).value,
            "sent_by": line.created_by,
            "sent_at": line.sent_at.isoformat(),
            "http_status": line.http_status,
            "problem": line.problem,
            "answer": line.answer,
            "request": line.request,
        }
    )


def _state_words(line: SentLine, now: datetime) -> str:
    """A call's state in the catalogue's words, as the "Unanswered sends" dialog says it."""
    return OUTGOING_STATE[line.shown_state(now)].said(spoken())


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.office.sent_use_cases import unsettled_sends

    now = datetime.now(UTC)
    lines = unsettled_sends(PlainTask(), context.office)
    if args.json:
        print_json([_line_json(line, now) for line in lines])
        return EXIT_OK
    rows = [
        [
            line.uid[:8],
            line.kind,
            line.summary,
            _state_words(line, now),
            line.created_by,
            moment_text(line.sent_at),
        ]
        for line in lines
    ]
    if rows:
        print_table(["id", say("kind"), say("what"), say("state"), say("sent by"), say("sent at")], rows)
    else:
        error(say("no unsettled calls: every call sent was answered"))
    return EXIT_OK


def _run_settle(args: argparse.Namespace, context: AppContext) -> int:

    book = Outgoing(context.office())
    wanted = args.uid.strip().lower()
    found = [line for line in book.lines() if line.uid.startswith(wanted)]
    if not found:
        error(say("no unsettled call with id {id} (see 'postalgui sent list')", id=args.uid))
        return EXIT_API_ERROR
    if len(found) > 1:
        raise BadOption(
            say(
                "ID: {id} names {calls}; give more of it",
                id=args.uid,
                calls=count(len(found), "call", "calls"),
            )
        )
    [line] = found
    book.resolve(line.uid, Resolution(args.resolution), datetime.now(UTC), args.result)
    error(say("settled as {resolution}: {what}", resolution=args.resolution, what=line.summary or line.kind))
    return EXIT_OK
