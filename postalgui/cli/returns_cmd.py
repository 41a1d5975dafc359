"""``postalgui returns``: return authorizations ("logística reversa"): the customer sends a parcel
back to the office from any branch, postage billed to the office's contract.

``create`` asks the operator for one (`returns_create`); ``list`` asks how the office's returns
stand (the pre-postings, then Tracking for the objects on their way; ``--offline`` reads the office
database only); ``cancel`` cancels; ``print`` writes the customer's "Autorização de postagem" PDF
(``--text`` also prints the e-mail text). An id is a pre-posting id, an object code or an
authorization code; one the office does not know exits 2 naming it, nothing sent. The CLI speaks
the user's language (`cli.language`): the states and the PDF in it; the operator's words as sent.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.api.values import format_cep, format_date_ui
from postalgui.cli import returns_create
from postalgui.cli.language import count, say, spoken
from postalgui.cli.options import command_group, json_option, out_file, out_option, subcommand
from postalgui.cli.output import EXIT_OK, error, print_json, print_table
from postalgui.cli.returns_common import known_returns, return_json, state_word
from postalgui.cli.ship_common import confirm, said_cancels
from postalgui.services.shipping.return_words import service_name
from postalgui.services.shipping.returns import (
    authorization_pdf,
    authorization_text,
    cancel_returns,
    list_returns,
)
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.return_records import ReturnAuthorization

__all__ = ["add_parser"]


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "returns",
        "return authorizations: the customer sends a parcel back, postage on the office's contract",
        "Return authorizations (pre-postings with logisticaReversa S, API 36): 'create' asks one "
        "for a customer, 'list' and 'cancel' work on the office's returns, 'print' writes the "
        "customer's 'Autorização de postagem' PDF. The office (the recipient) is the address book's "
        "default sender; each return's object is followed in Tracking with the 'return' mark.",
    )
    returns_create.add_parser(sub)
    subcommand(
        sub,
        "list",
        _run_list,
        _add_list_options,
        json_option("print JSON to stdout: the returns"),
        summary="the office's returns and where they stand",
        description="Ask the operator how the office's open returns stand (the logisticaReversa=S "
        "list, then one by one) and Tracking about the objects on their way, then list them, newest "
        "first: the authorization code, the object code, the state (authorized, posted, in transit, "
        "delivered back, expired, cancelled), the customer, the validity and the outbound object. "
        "--offline lists what the office database holds, nothing asked.",
    )
    subcommand(
        sub,
        "cancel",
        _run_cancel,
        _add_ids,
        _add_yes,
        summary="cancel returns",
        description="Cancel the returns given, as pre-postings are cancelled; their objects leave "
        "Tracking. Asked on a terminal; --yes cancels at once (without a terminal it is required). "
        "Exit status: 0 all cancelled, 1 the operator refused some (its words and code), 2 an id "
        "the office does not know (nothing sent).",
    )
    subcommand(
        sub,
        "print",
        _run_print,
        _add_ids,
        out_option("FILE.pdf", "the PDF to write"),
        _add_text,
        summary="the customers' authorizations, as one PDF",
        description="The 'Autorização de postagem' of each return, one page each, in the CLI's "
        "language: the authorization code as text and Code 128, the object, who sends and to whom, "
        "the service, until when and where to take it. --text also prints the e-mail text a clerk "
        "sends the customer.",
    )


def _add_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--offline", action="store_true", help="the office database only, nothing asked")


def _add_ids(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "ids", metavar="ID", nargs="+", help="a return's id (PR...), object or authorization code"
    )


def _add_yes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--yes", action="store_true", help="cancel without asking")


def _add_text(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true", help="also print the e-mail text of each")


# --------------------------------------------------------------------------- shared


# --------------------------------------------------------------------------- list, cancel, print


def _table(items: Sequence[ReturnAuthorization]) -> None:
    titles = ("id", say("authorization"), say("code"), say("status"), say("customer"), "cep",
              say("service"), say("valid until"), say("outbound"))  # fmt: skip
    rows = [
        [
            item.shipment.prepost_id,
            item.code,
            item.object_code or "",
            state_word(item),
            item.shipment.order.sender.name[:30],
            format_cep(item.shipment.order.sender.cep),
            service_name(item.shipment.service_code),
            format_date_ui(item.valid_until),
            item.outbound_code,
        ]
        for item in items
    ]
    print_table(titles, rows)


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    items = list_returns(PlainTask(), context.shipping, refresh=not args.offline)
    if args.json:
        print_json([return_json(item) for item in items])
    elif items:
        _table(items)
    error(
        count(len(items), "return", "returns")
        + (say(" (from the office database; not asked)") if args.offline else "")
    )
    return EXIT_OK


def _run_cancel(args: argparse.Namespace, context: AppContext) -> int:
    items = known_returns(context, args.ids)
    lines = [
        say("About to cancel {returns}:", returns=count(len(items), "return", "returns")),
        *(f"  {item.shipment.prepost_id}  {item.code}  {item.shipment.order.sender.name}" for item in items),
    ]
    confirm(args.yes, "\n".join(lines), say("Cancel them?"))
    ids = [item.shipment.prepost_id for item in items]
    refused = dict(cancel_returns(PlainTask(), context.shipping, ids))
    return said_cancels(ids, refused, lambda n: count(n, "return", "returns"))


def _run_print(args: argparse.Namespace, context: AppContext) -> int:
    path = out_file(args.out)
    items = known_returns(context, args.ids)
    write_atomically(path, authorization_pdf(items, spoken()))
    if args.text:
        sys.stdout.write("\n".join(authorization_text(item, spoken()) for item in items))
    made = count(len(items), "authorization", "authorizations")
    if len(items) == 1:  # Portuguese agrees the verb: "gravada" / "gravadas"
        error(say("{one} written to {path}", one=made, path=path))
    else:
        error(say("{returns} written to {path}", returns=made, path=path))
    return EXIT_OK
