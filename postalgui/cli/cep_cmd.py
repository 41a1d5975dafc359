"""``postalgui cep CEP``: the street, district, city and state of a CEP (API 41).

From this desk's CEP cache while it is fresh (``--fresh`` asks the operator again). A
malformed CEP exits 2 naming it, nothing sent; one the operator does not know exits 1
with its words. The sandbox's addresses are made up for the CEP's range, and say so.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask
from postalgui.api.models.cep import CepAddress
from postalgui.api.values import format_cep, parse_cep
from postalgui.cli.language import say
from postalgui.cli.options import checked, json_option, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, print_fields, print_json, record_json
from postalgui.services.context import AppContext

if TYPE_CHECKING:
    from postalgui.cli.options import Commands

__all__ = ["add_parser"]


def add_parser(commands: Commands) -> None:
    subcommand(
        commands,
        "cep",
        run_cep,
        _add_arguments,
        json_option("print the operator's record"),
        summary="the address of a CEP (street, district, city, state)",
        description="The operator's CEP service (API 41) with the configured card's token; answers are kept "
        "on this desk (30 days; an unknown CEP one day). Exit status: 0 found, 1 unknown CEP or "
        "operator error, 2 a malformed CEP (nothing sent).",
    )


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cep", metavar="CEP", help="8 digits: 01310-100 or 01310100")
    parser.add_argument(
        "--fresh", action="store_true", help="ask the operator even if this desk knows the CEP"
    )


def run_cep(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.shipping.cep import lookup_cep

    cep = checked("CEP", parse_cep, args.cep)
    found = lookup_cep(PlainTask(), context.shipping, cep, fresh=args.fresh)
    if found.address is None:
        error(f"CEP {format_cep(cep)}: {found.unknown}")
        return EXIT_API_ERROR
    address = found.address
    if args.json:
        print_json(record_json(address))
    else:
        print_fields(_fields(cep, address))
    if address.dadosEmulados:  # stderr: --json's stdout stays the record alone
        error(say("emulated sandbox data: a believable address for the CEP's range, not a real one"))
    if found.cached:
        error(say("from this desk's CEP cache (--fresh asks the operator)"))
    return EXIT_OK


def _fields(cep: str, address: CepAddress) -> dict[str, str]:
    fields = {
        "cep": format_cep(cep),
        say("street"): address.street,
        say("district"): address.bairro,
        say("city"): address.localidade,
        say("state"): address.uf,
    }
    if (address.numeroFinal or "0") != "0":  # 0 to 0: the whole street
        side = {"P": say(", even side"), "I": say(", odd side")}.get(address.lado or "", "")
        first, last = address.numeroInicial or "1", address.numeroFinal
        fields[say("numbers")] = say("{first} to {last}{side}", first=first, last=last, side=side)
    if address.nome:
        fields[say("unit")] = f"{address.nome} ({address.siglaUnidade or '-'})"
    return fields
