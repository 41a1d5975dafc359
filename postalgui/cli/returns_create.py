"""``postalgui returns create``: one return authorization for a customer.

Apart from `returns_cmd` because it is the one that sends: the customer comes from the office's
shipment of ``--from OBJECT`` (its recipient) and/or ``--recipient NAME --cep ...`` (what is typed
wins), the address completed from the CEP; the office is the address book's default sender; the
package, declared value and content from the outbound shipment unless typed. Everything is checked
before anything is sent (a bad field exits 2 naming it), shown and confirmed on a terminal
(``--yes`` skips the question; without a terminal it is required), then sent once (`authorize_return`).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import ContentLine, Order, Person, ReturnTerms
from postalgui.api.values import format_brl, format_cep, format_date_ui, parse_cep, parse_money
from postalgui.api.values.shipping import MAX_RETURN_DAYS
from postalgui.cli.language import say, spoken
from postalgui.cli.options import BadOption, checked, json_option, out_file, subcommand, whole_number
from postalgui.cli.output import EXIT_OK, error, print_json
from postalgui.cli.returns_common import return_json
from postalgui.cli.ship_common import confirm
from postalgui.services.shipping.cep import lookup_cep
from postalgui.services.shipping.return_words import RETURN_SERVICES, service_name
from postalgui.services.shipping.returns import (
    authorization_pdf,
    authorization_text,
    authorize_return,
    return_draft,
)
from postalgui.services.words import word
from postalgui.store.atomic import write_atomically

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.return_records import ReturnDraft

__all__ = ["add_parser"]

CUSTOMER = {"cep": "cep", "street": "street", "number": "number", "complement": "complement",
            "district": "district", "city": "city", "state": "state", "email": "email", "phone": "phone",
            "cpf_cnpj": "cpf_cnpj"}  # fmt: skip
"""The customer's options (``--cep``...) by `Person` field."""


def add_parser(sub: Commands) -> None:
    subcommand(
        sub,
        "create",
        _run_create,
        _add_options,
        json_option("print JSON to stdout: the authorization"),
        summary="authorize a customer's return",
        description="Ask the operator for a return authorization (POST /prepostagem/v1/prepostagens with "
        "logisticaReversa S): the customer sends, the office (the address book's default sender) "
        "receives. --from OBJECT takes the customer, package, declared value and content from the "
        "office's shipment of that object (codigoObjetoIda); --recipient NAME --cep CEP ... names the "
        "customer (street, district, city and state completed from the CEP). Valid for the setting's "
        "days (Settings, default 30) or --days. Exit status: 0 authorized, 1 the operator refused it "
        "(its words and code), 2 a bad field (named), no default sender, or not confirmed (nothing sent).",
    )


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="outbound", metavar="OBJECT", help="the object the office sent")
    parser.add_argument("--recipient", metavar="NAME", help="the customer who sends it back")
    for field in CUSTOMER:
        parser.add_argument(
            f"--{field.replace('_', '-')}", dest=field, metavar="TEXT", help=f"the customer's {field}"
        )
    parser.add_argument(
        "--service", choices=tuple(RETURN_SERVICES), help="03301 PAC Reverso (default) or 03247 SEDEX Reverso"
    )
    parser.add_argument(
        "--days", metavar="N", help=f"valid for N days (1 to {MAX_RETURN_DAYS}; default: Settings)"
    )
    for side in ("weight", "length", "width", "height"):
        parser.add_argument(
            f"--{side}", metavar="G" if side == "weight" else "CM", help=f"the parcel's {side}"
        )
    parser.add_argument("--declared", metavar="R$", help="declared value, such as 150,00")
    parser.add_argument("--content", metavar="TEXT", help="what comes back (one content line)")
    parser.add_argument("--invoice", metavar="N", help="the invoice number instead of a content line")
    parser.add_argument(
        "--pickup", action="store_true", help="ask the operator to collect it (solicitarColeta)"
    )
    parser.add_argument(
        "--out", type=Path, metavar="FILE.pdf", help="also write the customer's authorization PDF"
    )
    parser.add_argument("--yes", action="store_true", help="send without asking")


def _customer(task: TaskControl, context: AppContext, args: argparse.Namespace, draft: ReturnDraft) -> Person:
    """The draft's customer with what was typed over it, its address completed from the CEP."""
    typed = {field: getattr(args, field) for field in CUSTOMER if getattr(args, field) is not None}
    if args.recipient is not None:
        typed["name"] = args.recipient
    base = draft.customer
    if base is None and ("name" not in typed or "cep" not in typed):
        raise BadOption(
            say(
                "--recipient and --cep: the customer is needed (the office has no shipment of {code})",
                code=draft.outbound_code or "-",
            )
        )
    person = replace(base, **typed) if base is not None else Person(**{"name": "", "cep": "", **typed})
    person = replace(person, cep=checked("--cep", parse_cep, person.cep))
    if not all((person.street, person.district, person.city, person.state)):
        found = lookup_cep(task, context.shipping, person.cep).fields()
        person = replace(person, **{key: getattr(person, key) or value for key, value in found.items()})
    return person


def _whole(option: str, value: str | None, default: int) -> int:
    number = whole_number(option, value, 1)
    return default if number is None else number


def _order(task: TaskControl, context: AppContext, args: argparse.Namespace, draft: ReturnDraft) -> Order:
    if draft.office is None:
        raise BadOption(
            say("no default sender in the address book: it receives the return (nothing was sent)")
        )
    days = whole_number("--days", args.days, 1)
    if days is not None and days > MAX_RETURN_DAYS:
        raise BadOption(say("--days: at most {most} (got {days})", most=MAX_RETURN_DAYS, days=days))
    until = draft.valid_until if days is None else context.shipping.today() + timedelta(days=days)
    declared = (
        draft.declared_value if args.declared is None else checked("--declared", parse_money, args.declared)
    )
    contents = draft.contents
    if args.content is not None:
        contents = (ContentLine(args.content, 1, declared or Decimal(0)),)
    return Order(
        sender=_customer(task, context, args, draft),
        recipient=draft.office,
        service_code=args.service or draft.service_code,
        weight_g=_whole("--weight", args.weight, draft.weight_g),
        format_code=draft.format_code,
        length_cm=_whole("--length", args.length, draft.length_cm),
        width_cm=_whole("--width", args.width, draft.width_cm),
        height_cm=_whole("--height", args.height, draft.height_cm),
        declared_value=declared,
        contents=contents,
        invoice_number=args.invoice if args.invoice is not None else draft.invoice_number,
        reverse=ReturnTerms(until, draft.outbound_code, pickup=args.pickup),
    )


def _summary(order: Order) -> str:
    customer, office, terms = order.sender, order.recipient, order.reverse
    declared = (
        ""
        if order.declared_value is None
        else "  " + say("declared {amount}", amount=format_brl(order.declared_value))
    )
    about = say(
        "About to authorize a return from {customer} ({cep}) to {office} ({office_cep}):",
        customer=customer.name,
        cep=format_cep(customer.cep),
        office=office.name,
        office_cep=format_cep(office.cep),
    )
    until = say("valid until {day}", day=format_date_ui(terms.valid_until) if terms else "-")
    return "\n".join(
        (about, f"  {service_name(order.service_code)}  {order.weight_g} g{declared}", f"  {until}")
    )


def _run_create(args: argparse.Namespace, context: AppContext) -> int:
    path = out_file(args.out) if args.out is not None else None
    task = PlainTask()
    draft = return_draft(task, context.shipping, args.outbound or "")
    order = _order(task, context, args, draft)
    confirm(args.yes, _summary(order), say("Send it?"))
    made = authorize_return(task, context.shipping, order)
    if path is not None:
        write_atomically(path, authorization_pdf([made], spoken()))
    if args.json:
        print_json(return_json(made))
    else:
        sys.stdout.write(authorization_text(made, spoken()))
    error(say("Return authorized: {code} ({state})", code=made.code, state=word(made.state, spoken())))
    return EXIT_OK
