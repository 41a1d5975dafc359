"""``postalgui track``: look objects up (SRO, API 87) and follow them in the office's watchlist.

``postalgui track CODE... [--json] [--ultimo]`` asks the operator about the codes now
(nothing saved; ``--json`` gives per object the status and lateness the text shows, and
the operator's record intact under ``operator_record``); ``track watch
add|list|remove|refresh|export`` works on the watchlist every desk shares (the office
database); ``track report FILE --month YYYY-MM`` writes the month's late objects as a
PDF; ``track proof CODE... --out DIR`` writes delivered objects' proofs of delivery
(`track_proof`). Codes are checked before anything is sent: every bad one is named with its rule,
exit status 2. The token is the posting card's (it must include API 87). The CLI speaks
English; the operator's own texts (events, their details, places) stay as sent.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.cli import track_proof, track_watch
from postalgui.cli.language import spoken
from postalgui.cli.options import command_group, json_option, subcommand
from postalgui.cli.output import EXIT_OK, our_keys, print_fields, print_json, record_json
from postalgui.cli.track_watch import checked_codes, day_text, since_text
from postalgui.services.tracking.words import lateness_words, status_words

if TYPE_CHECKING:
    from datetime import date

    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.tracking.records import WatchedObject

__all__ = ["add_parser", "last_detail", "lookup_json", "object_fields"]

LOOKUP = "show"
"""The subcommand bare codes run: ``track CODE...`` is ``track show CODE...``."""


class _CodesOrCommands(argparse._SubParsersAction):  # type: ignore[type-arg]  # argparse's own class
    """Subcommands where a word that names none is the first code of `LOOKUP`.

    ``postalgui track DG049186226BR`` reads as ``postalgui track show DG049186226BR``;
    ``watch`` and ``report`` stay subcommands.
    """

    class _AnyWord(Mapping[str, argparse.ArgumentParser]):
        """The subcommands by name, where any word counts as a choice (a code, checked later)."""

        def __init__(self, parsers: dict[str, argparse.ArgumentParser]) -> None:
            self.parsers = parsers

        def __getitem__(self, name: str) -> argparse.ArgumentParser:
            return self.parsers[name]

        def __iter__(self) -> Iterator[str]:
            return iter(self.parsers)

        def __len__(self) -> int:
            return len(self.parsers)

        def __contains__(self, name: object) -> bool:
            return True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices = self._AnyWord(self._name_parser_map)  # type: ignore[assignment]  # read as a Mapping

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if values and values[0] not in self._name_parser_map:
            values = [LOOKUP, *values]
        super().__call__(parser, namespace, values, option_string)


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "track",
        help="track objects, and follow them in the office's watchlist",
        description="Track objects (GET /srorastro/v1/objetos) with the posting card's token "
        "(the card must include API 87): 'postalgui track CODE...' asks now, nothing saved; "
        "'track watch' follows objects in the office's watchlist; 'track report' writes "
        "the month's late objects as a PDF; 'track proof' writes proofs of delivery.",
    )
    sub = parser.add_subparsers(
        dest="track_command", metavar="CODE... | SUBCOMMAND", required=True, action=_CodesOrCommands
    )
    subcommand(
        sub,
        LOOKUP,
        _run_lookup,
        _add_lookup_options,
        json_option(
            "print JSON to stdout: per object its status (key and words), lateness, whether it "
            "is late and the days late, and the operator's record under 'operator_record'"
        ),
        summary="track codes now, nothing saved (the same as 'track CODE...')",
        description="Ask the operator about the codes now; nothing is saved. Codes are checked "
        "first (2 letters, 8 digits, the mod-11 check digit, 2 letters): a bad one is named "
        "with its rule and nothing is sent.",
    )
    track_watch.add_parsers(command_group(sub, "watch", "the office's watchlist: add, list, remove..."), sub)
    track_proof.add_parser(sub)


def _add_lookup_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("codes", metavar="CODE", nargs="+", help="object code, e.g. DG049186226BR")
    parser.add_argument("--ultimo", action="store_true", help="only the last event of each object")


# --------------------------------------------------------------------------- shared


def object_fields(watched: WatchedObject, today: date) -> dict[str, Any]:
    """One object as ``key: value`` lines: status, last event and the operator's detail of
    it (its ``detalhe``, apart from the description), where, since, expected, lateness."""
    event = watched.last_event + (f" ({watched.event_code})" if watched.event_code else "")
    fields: dict[str, Any] = {
        "status": status_words(watched.status, watched.problem, spoken()),
        "last event": event or watched.message,
        "detail": last_detail(watched),
        "where": watched.last_place,
        "since": since_text(watched.last_at),
        "expected": day_text(watched.expected_on),
        "lateness": lateness_words(watched.lateness(today), spoken()),
    }
    if watched.pickup_until is not None:
        fields["pickup until"] = since_text(watched.pickup_until)
    if watched.product:
        fields["product"] = watched.product
    return {key: value for key, value in fields.items() if value}


def last_detail(watched: WatchedObject) -> str:
    """The last event's ``detalhe`` on one line ("" without one): "Por favor, aguarde"."""
    answer = watched.answer
    last = answer.last_event if answer is not None else None
    return " ".join((last.detalhe or "").split()) if last is not None else ""


# --------------------------------------------------------------------------- track CODE...


def _record(watched: WatchedObject) -> dict[str, Any]:
    """The operator's own record of the object (its fields and names, as sent)."""
    answer = watched.answer
    return record_json(answer) if answer is not None else {"codObjeto": watched.code}


def lookup_json(watched: WatchedObject, today: date) -> dict[str, Any]:
    """One object for scripts: what the text shows (status key and words, lateness, days
    late: the same `lateness` the text and the Tracking tab use), and beside it, intact
    under ``operator_record``, the operator's own record."""
    lateness = watched.lateness(today)
    return our_keys(
        {
            "code": watched.code,
            "status": watched.status.value if watched.status is not None else None,
            "problem": watched.problem.value if watched.problem is not None else None,
            "status_words": status_words(watched.status, watched.problem, spoken()),
            "expected_on": watched.expected_on.isoformat() if watched.expected_on is not None else None,
            "lateness": lateness.timing.value,
            "late": lateness.late,
            "days_late": lateness.days,
            "operator_record": _record(watched),
        }
    )


def _run_lookup(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.tracking import Detail
    from postalgui.services.tracking.use_cases import track

    codes = checked_codes(args.codes)
    service = context.tracking
    found = track(PlainTask(), service, codes, detail=Detail.LAST if args.ultimo else Detail.ALL)
    today = service.today()
    if args.json:
        print_json([lookup_json(watched, today) for watched in found])
        return EXIT_OK
    for number, watched in enumerate(found):
        sys.stdout.write(("\n" if number else "") + watched.code + "\n")
        print_fields({f"  {key}": value for key, value in object_fields(watched, today).items()})
    return EXIT_OK
