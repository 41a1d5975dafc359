"""``postalgui ship``: pre-postings (API 36) from an orders file, their list, cancelling
them, and the PDFs the counter needs (labels, content declarations, the posting list).

``ship create`` sends an orders file's rows (`ship_create`); ``list`` asks the operator
how the office's pre-postings stand first (``--offline`` reads the office database only);
``cancel`` cancels; ``labels``, ``declaration`` and ``posting-list`` write PDFs
(`ship_files`). Everything typed is checked before anything is sent: a bad option or an
id the office does not know exits 2 naming it. The CLI speaks the user's language
(`cli.language`); the operator's words (its refusals) stay as sent; money is ``R$ 1.234,56``.
"""

from __future__ import annotations

import argparse
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.api.values import (
    format_brl,
    format_cep,
    format_grams,
    shown_value,
)
from postalgui.cli import ship_create, ship_files
from postalgui.cli.language import count, say, spoken
from postalgui.cli.options import BadOption, command_group, json_option, subcommand
from postalgui.cli.output import EXIT_OK, error, moment_text, print_json, print_table
from postalgui.cli.ship_common import confirm, known_ids, said_cancels
from postalgui.services.price.products import product_name
from postalgui.services.shipping.words import status_from_words, status_words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.records import Shipment
from postalgui.services.shipping.use_cases import cancel_shipments, refresh_shipments

__all__ = ["add_parser", "shipment_json"]


def status_word(shipment: Shipment) -> str:
    """A pre-posting's operator status as the table says it (``Pre-posted``, ``unknown (9):
    Em análise``); the office's "labelled" mark is its own column."""
    return status_words(shipment.status, shipment.status_number, shipment.status_word, spoken())


STATUS_HELP = ", ".join(
    f"{status.value} ({status_words(status, language='en').lower()})" for status in PrepostingStatus
)


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "ship",
        "pre-postings from an orders file, their labels, declarations and posting list",
        "Pre-postings (/prepostagem/v1/prepostagens, API 36) with the posting card's token: 'create' "
        "sends an orders file's rows, 'list' and 'cancel' work on the office's pre-postings, "
        "'labels', 'declaration' and 'posting-list' write PDFs. The sender is the address book's "
        "default sender.",
    )
    ship_create.add_parser(sub)
    subcommand(
        sub,
        "list",
        _run_list,
        _add_list_options,
        json_option("print JSON to stdout: the pre-postings"),
        summary="the office's pre-postings, as the operator has them now",
        description="Ask the operator how the office's open pre-postings stand (one by one, or "
        "by status page by page: never an unfiltered list), then list them, newest first: the "
        "operator's status (its number: 1 pre-attended, 2 pre-posted, 3 posted, 4 expired, 5 "
        "cancelled, 6 reversed; one this version does not know as 'unknown (N)' with the "
        "operator's word), object code, the expiry (the operator's prazoPostagem), and whether a "
        "label was issued here (the office's own mark, not a status). --offline lists what the "
        "office database holds, nothing asked.",
    )
    subcommand(
        sub,
        "cancel",
        _run_cancel,
        _add_cancel_options,
        summary="cancel pre-postings",
        description="Cancel the pre-postings given (DELETE /prepostagem/v1/prepostagens/ID, "
        "naming the profile's login as idCorreiosSolicitanteCancelamento). What "
        "will be cancelled is shown and asked on a terminal; --yes cancels at once (without a "
        "terminal it is required). Exit status: 0 all cancelled, 1 the operator refused some "
        "(its words and code), 2 an id the office does not know (nothing sent).",
    )
    ship_files.add_parsers(sub)


def _add_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--status", metavar="S", help=f"only those in the operator's status S: {STATUS_HELP}")
    labelled = parser.add_mutually_exclusive_group()
    labelled.add_argument(
        "--labelled", dest="labelled", action="store_const", const=True, help="only those labelled here"
    )
    labelled.add_argument(
        "--unlabelled", dest="labelled", action="store_const", const=False, help="only those not labelled"
    )
    parser.add_argument("--search", metavar="T", default="", help="a recipient, CEP, id or object code")
    parser.add_argument("--offline", action="store_true", help="the office database only, nothing asked")


def _add_cancel_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ids", metavar="ID", nargs="+", help="a pre-posting's id (PR...)")
    parser.add_argument("--yes", action="store_true", help="cancel without asking")


# --------------------------------------------------------------------------- shared


def _iso(moment: date | datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _money(amount: Decimal | None) -> str:
    return format_brl(amount) if amount is not None else ""


def shipment_json(shipment: Shipment, today: date) -> dict[str, Any]:
    """A pre-posting as JSON: the operator's id, code and status word; dates ISO 8601, money
    a dot-decimal string (null when none)."""
    order = shipment.order
    value = shipment.declared_value
    return {
        "id": shipment.prepost_id,
        "objectCode": shipment.object_code,
        "status": shipment.number or None,
        "statusWord": status_word(shipment),
        "operatorStatusWord": shipment.status_word or None,
        "labelled": shipment.labelled,
        "recipient": shipment.recipient_name,
        "cep": shipment.recipient_cep,
        "city": order.recipient.city,
        "state": order.recipient.state,
        "serviceCode": shipment.service_code,
        "weightG": shipment.weight_g,
        "declaredValue": f"{value:.2f}" if value is not None else None,
        "additionalServices": list(order.additional_services),
        "createdBy": shipment.created_by,
        "createdAt": _iso(shipment.created_at),
        "expiresAt": _iso(shipment.expires_at),
        "expiresInDays": shipment.expires_in_days(today),
        "labelledAt": _iso(shipment.labelled_at),
        "cancelledAt": _iso(shipment.cancelled_at),
    }


def _expiry(shipment: Shipment, today: date) -> str:
    days = shipment.expires_in_days(today)
    if days is None:
        return ""
    if days < 0:
        return say("expired")
    return say("today") if days == 0 else say("in {days}", days=count(days, "day", "days"))


def _table(shipments: Sequence[Shipment], today: date) -> None:
    titles = (
        "id",
        say("code"),
        say("status"),
        say("labelled"),
        say("recipient"),
        "cep",
        say("service"),
        say("weight"),
        say("declared"),
        say("created"),
        say("expires"),
    )
    rows = [
        [
            shipment.prepost_id,
            shipment.object_code or "",
            status_word(shipment),
            say("yes") if shipment.labelled else "",
            shipment.recipient_name[:30],
            format_cep(shipment.recipient_cep),
            product_name(shipment.service_code) or shipment.service_code,
            format_grams(shipment.weight_g, spoken()),
            _money(shipment.declared_value),
            moment_text(shipment.created_at),
            _expiry(shipment, today),
        ]
        for shipment in shipments
    ]
    print_table(titles, rows, right=(7, 8))


# --------------------------------------------------------------------------- list, cancel


def _status(text: str | None) -> PrepostingStatus | None:
    """``--status``: the operator's number, or its word in English or Portuguese, any case."""
    if text is None:
        return None
    status = status_from_words(text)
    if status is not None:
        return status
    raise BadOption(
        say("--status: must be {choices} (got {value})", choices=STATUS_HELP, value=shown_value(text))
    )


def _run_list(args: argparse.Namespace, context: AppContext) -> int:

    status = _status(args.status)
    service = context.shipping
    if not args.offline:
        refresh_shipments(PlainTask(), service)
    shipments = service.book().shipments(status=status, search=args.search.strip(), labelled=args.labelled)
    today = service.today()
    if args.json:
        print_json([shipment_json(shipment, today) for shipment in shipments])
    elif shipments:
        _table(shipments, today)
    error(
        count(len(shipments), "pre-posting", "pre-postings")
        + (say(" (from the office database; not asked)") if args.offline else "")
    )
    return EXIT_OK


def _run_cancel(args: argparse.Namespace, context: AppContext) -> int:

    shipments = known_ids(context, args.ids)
    lines = [
        say("About to cancel {shipments}:", shipments=count(len(shipments), "pre-posting", "pre-postings")),
        *(
            f"  {shipment.prepost_id}  {shipment.object_code or '-'}  {shipment.recipient_name}  "
            f"{format_cep(shipment.recipient_cep)}"
            for shipment in shipments
        ),
    ]
    confirm(args.yes, "\n".join(lines), say("Cancel them?"))
    ids = [shipment.prepost_id for shipment in shipments]
    refused = dict(cancel_shipments(PlainTask(), context.shipping, ids))
    return said_cancels(ids, refused, lambda n: count(n, "pre-posting", "pre-postings"))
