"""``postalgui ship labels|declaration|posting-list``: the PDFs of the office's pre-postings.

Apart from `ship_cmd` because these write files: the ids and ``--out`` are checked before
anything is asked of the operator (an id the office does not know, or a file that cannot
be written, exits 2), and the PDF is written whole or not at all. Labels are ours by
default (drawn here: `documents.reports.labels`); ``--operator`` asks the operator's own label,
which it prepares in the background, and polls for it with a progress line.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from postalgui.api.models.prepostings import OperatorLayout
from postalgui.api.values import format_date_ui, parse_date_iso, shown_value
from postalgui.cli.language import count, say
from postalgui.cli.options import BadOption, checked, out_file, out_option, subcommand
from postalgui.cli.output import EXIT_OK, error
from postalgui.cli.ship_common import known_ids, progress_task
from postalgui.services.shipping.settings import LABEL_LAYOUTS
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.records import Shipment
from postalgui.services.shipping.use_cases import issue_labels

__all__ = ["add_parsers"]

LAYOUTS = LABEL_LAYOUTS
"""``--layout`` (the settings' layouts): A4 with 4 labels, the thermal printers' 100x150 and
100x80 mm, A4 one a page (the values of `documents.reports.labels.Layout`); the operator's
``layoutImpressao`` of each, in the same order, is `OPERATOR_LAYOUTS`'s (``--operator``)."""
OPERATOR_LAYOUTS: dict[str, OperatorLayout] = dict(
    zip(
        LAYOUTS,
        (
            OperatorLayout.PADRAO,
            OperatorLayout.LINEAR_100_150,
            OperatorLayout.LINEAR_100_80,
            OperatorLayout.LINEAR_A4,
        ),
        strict=True,
    )
)


def add_parsers(sub: Commands) -> None:
    subcommand(
        sub,
        "labels",
        _run_labels,
        _add_ids,
        _add_label_options,
        out_option("FILE.pdf", "the PDF to write"),
        summary="the labels of pre-postings, as one PDF",
        description="Labels drawn here (object code and its Code 128, the DataMatrix, recipient and "
        "sender, the destination CEP's barcode, declared value and services), one a pre-posting; a "
        "pre-posting without an object code gets one from the operator first (the label call), "
        "and its object joins the tracking watchlist. --operator asks the operator's own label "
        "instead (prepared in the background: polled, with progress).",
    )
    subcommand(
        sub,
        "declaration",
        _run_declaration,
        _add_ids,
        out_option("FILE.pdf", "the PDF to write"),
        summary="the content declarations of pre-postings, as one PDF",
        description="The content declaration of each pre-posting (the operator's form: sender, "
        "recipient, the items with their totals, weight, signature), two to an A4 page.",
    )
    subcommand(
        sub,
        "posting-list",
        _run_posting_list,
        _add_posting_list_options,
        out_option("FILE.pdf", "the PDF to write"),
        summary="the posting list for the counter, as a PDF",
        description="The objects grouped per service with their count, weight and declared value, "
        "and the totals, with a line for the counter's signature: the pre-postings given, or "
        "those labelled on --day (default today), cancelled ones left out.",
    )


def _add_ids(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ids", metavar="ID", nargs="+", help="a pre-posting's id (PR...)")


def _add_label_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--layout",
        metavar="L",
        help=f"{' | '.join(LAYOUTS)} (default: the one labels were last printed in, 100x150 at first)",
    )
    parser.add_argument("--operator", action="store_true", help="the operator's own label instead of ours")


def _add_posting_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ids", metavar="ID", nargs="*", help="a pre-posting's id (default: --day's)")
    parser.add_argument("--day", metavar="YYYY-MM-DD", help="the day whose labelled objects to list")


# --------------------------------------------------------------------------- shared


def _layout(text: str) -> str:
    value = text.strip().casefold()
    if value not in LAYOUTS:
        choices = ", ".join(LAYOUTS)
        raise BadOption(
            say(
                "{option}: must be {choices} (got {value})",
                option="--layout",
                choices=choices,
                value=shown_value(text),
            )
        )
    return value


def _write(path: Path, data: bytes, shipments: Sequence[Shipment], what: str) -> int:
    write_atomically(path, data)
    error(
        say(
            "{what} of {shipments}", what=what, shipments=count(len(shipments), "pre-posting", "pre-postings")
        )
    )
    sys.stdout.write(f"{path}\n")
    return EXIT_OK


# --------------------------------------------------------------------------- labels, declaration


def _run_labels(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: printing loads reportlab, which every other command would pay for at start-up
    from postalgui.documents.reports.labels import Layout
    from postalgui.services.shipping.printing import our_labels

    layout = _layout(args.layout or context.shipping.settings.layout)
    path = out_file(args.out)
    shipments = known_ids(context, args.ids)
    ids = [shipment.prepost_id for shipment in shipments]
    if args.operator:
        with progress_task(say("the operator's labels")) as task:
            issued = issue_labels(task, context.shipping, ids, OPERATOR_LAYOUTS[layout])
        what = say("labels ({layout}, the operator)", layout=layout)
    else:
        with progress_task(say("labels")) as task:
            issued = our_labels(task, context.shipping, ids, Layout(layout))
        what = say("labels ({layout})", layout=layout)
    return _write(path, issued.pdf, issued.shipments, what)


def _run_declaration(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.shipping.printing import declarations

    path = out_file(args.out)
    shipments = known_ids(context, args.ids)
    with progress_task(say("content declarations")) as task:
        data = declarations(task, context.shipping, [shipment.prepost_id for shipment in shipments])
    return _write(path, data, shipments, say("content declarations"))


# --------------------------------------------------------------------------- posting list


def _run_posting_list(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.shipping.posting_lists import labelled_on
    from postalgui.services.shipping.printing import posting_list

    day = checked("--day", parse_date_iso, args.day) if args.day is not None else None
    path = out_file(args.out)
    if args.ids:
        shipments = known_ids(context, args.ids)
    else:
        day = day or context.shipping.today()
        shipments = labelled_on(context.shipping.book().shipments(), day)
        if not shipments:
            raise BadOption(
                say("--day: no pre-posting was labelled on {day} (nothing written)", day=format_date_ui(day))
            )
    with progress_task(say("posting list")) as task:
        data = posting_list(task, context.shipping, [shipment.prepost_id for shipment in shipments], day=day)
    return _write(path, data, shipments, say("posting list"))
