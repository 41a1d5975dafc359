"""``postalgui deadline``: the operator's delivery time (``/prazo``, API 35), by product and route.

``national`` answers days and the date that counts ("until Fri 27/11"), home delivery or
pick-up at a branch, Saturday and Sunday delivery, and the operator's message;
``international`` the export range (v2); ``pickup`` the pick-up lead time of a CEP.
Input is checked before anything is sent; a rejection names the option, exit 2.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import TYPE_CHECKING

from pydantic import ValidationError

from postalgui.api.values import InvalidValue, format_cep, parse_cep, parse_date_dmy, shown_value
from postalgui.cli.language import number, say
from postalgui.cli.options import BadOption, checked, command_group, json_option, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, print_fields, print_json
from postalgui.services.context import AppContext

if TYPE_CHECKING:
    from postalgui.cli.options import Commands


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "deadline",
        "delivery time: national, international, pick-up",
        "The operator's delivery-time service (/prazo, API 35) with the configured card's token.",
    )
    subcommand(
        sub,
        "national",
        run_national,
        _add_route_options,
        json_option("print the operator's record"),
        summary="days and last delivery date of a product on a route",
    )
    subcommand(
        sub,
        "international",
        run_international,
        _add_country_options,
        json_option(None),
        summary="export delivery range of a product to a country",
    )
    subcommand(
        sub,
        "pickup",
        run_pickup,
        _add_cep_arg,
        json_option(None),
        summary="pick-up lead time (business days) at a CEP",
    )


def _add_route_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("product", metavar="CODE", help="product code, e.g. 03220 (SEDEX)")
    parser.add_argument("--cep-origem", required=True, help="origin CEP (8 digits, hyphen optional)")
    parser.add_argument("--cep-destino", required=True, help="destination CEP")
    parser.add_argument("--data", metavar="DD-MM-YYYY", help="posting date (default: today)")


def _add_country_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("product", metavar="CODE", help="international product code")
    parser.add_argument(
        "--pais", required=True, metavar="XX", help="destination country, ISO code such as US"
    )


def _add_cep_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cep", metavar="CEP")


def until_text(day: date) -> str:
    """``by Fri 27/11`` (``até sex 27/11``): the weekday and date a clerk reads out."""
    return say("by {weekday} {day}", weekday=weekday_name(day), day=f"{day:%d/%m}")


def weekday_name(day: date) -> str:
    """``Fri`` / ``sex``: a day's weekday, short, in the spoken language."""
    names = (say("Mon"), say("Tue"), say("Wed"), say("Thu"), say("Fri"), say("Sat"), say("Sun"))
    return names[day.weekday()]


def _yes(value: bool | None) -> str:
    return "" if value is None else (say("yes") if value else say("no"))


def _product_problem(product: str) -> str:
    return say("CODE: the product code must have 5 digits (got {value})", value=shown_value(product))


def _days(value: int | None) -> str:
    return "" if value is None else number(value)


def run_national(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.models.deadline import DeadlineQuery

    posted = checked("--data", parse_date_dmy, args.data) if args.data else None
    origin = checked("--cep-origem", parse_cep, args.cep_origem)
    destination = checked("--cep-destino", parse_cep, args.cep_destino)
    try:
        query = DeadlineQuery(
            coProduto=args.product, cepOrigem=origin, cepDestino=destination, dtEvento=posted
        )
    except ValidationError:
        raise BadOption(_product_problem(args.product)) from None
    deadline = context.price.deadlines().national(query)
    if args.json:
        print_json(deadline.wire())
        return EXIT_OK
    if deadline.error is not None:  # an item's txErro in a 200 answer: its code and message, no status
        error(str(deadline.error))
        return EXIT_API_ERROR
    print_fields(
        {
            say("product"): deadline.coProduto or args.product,
            say("route"): f"{format_cep(origin)} -> {format_cep(destination)}",
            say("days"): number(deadline.prazoEntrega) if deadline.prazoEntrega is not None else "",
            say("arrives"): until_text(deadline.by) if deadline.by else "",
            say("home delivery"): _yes(deadline.entregaDomiciliar)
            + ("" if deadline.entregaDomiciliar is not False else say(" (pick up at a branch)")),
            say("saturday"): _yes(deadline.entregaSabado),
            say("sunday"): _yes(deadline.entregaDomingo),
            say("message"): deadline.msgPrazo or "",
        }
    )
    return EXIT_OK


def run_international(args: argparse.Namespace, context: AppContext) -> int:
    country = (args.pais or "").strip().upper()
    if len(country) != 2 or not country.isalpha():
        raise BadOption(
            say(
                "--pais: the country must be a 2-letter ISO code such as US (got {value})",
                value=shown_value(args.pais),
            )
        )
    if not (len(args.product) == 5 and args.product.isdigit()):
        raise BadOption(_product_problem(args.product))
    export = context.price.deadlines().international(args.product, country)
    if args.json:
        print_json(export.model_dump(mode="json", exclude_none=True))
        return EXIT_OK
    print_fields(
        {
            say("product"): args.product,
            say("country"): country,
            say("days"): say(
                "{low} to {high}", low=_days(export.prazoMinimo), high=_days(export.prazoMaximo)
            ),
            say("arrives"): " - ".join(
                f"{moment:%d/%m/%Y}" for moment in (export.dataMinEntrega, export.dataMaxEntrega) if moment
            ),
        }
    )
    return EXIT_OK


def run_pickup(args: argparse.Namespace, context: AppContext) -> int:
    cep = checked("CEP", parse_cep, args.cep)
    days = context.price.deadlines().pickup_days(cep)
    if args.json:
        print_json({"cep": cep, "prazoColeta": days})
    else:
        print_fields({"cep": format_cep(cep), say("pick-up days"): number(days)})
    return EXIT_OK


__all__ = ["InvalidValue", "add_parser", "until_text", "weekday_name"]
