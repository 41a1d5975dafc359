"""``postalgui branches``: the operator's units (branch-search service, ``/agencia/v1``).

``search`` walks every page unless ``--page`` asks for one; list options repeat
(``--status 2 --status 5``) and travel as repeated keys; names go without accents.
``--aberta-agora`` keeps the units open now on their own clock, ``--aberta-em
"28/11/2026 10:00"`` those open at that day and time of their own clock (local filters,
after the operator's); only an operating unit (status 2) is ever open, whatever its hours.
The token is the configured contract's (it must hold service 86711).
Input is checked before anything is sent; a rejection names the option, exit status 2.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from datetime import UTC, datetime, time
from typing import TYPE_CHECKING

from postalgui.api.cancel import PlainTask, cancel_scope
from postalgui.api.values import (
    InvalidValue,
    format_cep,
    is_valid_cep,
    parse_date_ui,
    parse_timestamp,
    shown_value,
)
from postalgui.cli.language import count, number, say
from postalgui.cli.options import BadOption, checked, command_group, json_option, subcommand, whole_number
from postalgui.cli.output import EXIT_OK, error, print_fields, print_json, print_table, record_json
from postalgui.cli.worded import routine_text
from postalgui.services.context import AppContext

if TYPE_CHECKING:
    from postalgui.api.branches import UnitQuery
    from postalgui.api.models.branches import Unit
    from postalgui.cli.options import Commands, Options
    from postalgui.services.branches.hours import OpeningState
from postalgui.api.values import parse_cep
from postalgui.cli.deadline_cmd import weekday_name


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "branches",
        "the operator's units: search, one unit, types, statuses, localities",
        "Query the operator's branch-search service (/agencia/v1) with the configured "
        "contract's token (the contract must include service 86711).",
    )
    subcommand(
        sub,
        "search",
        _run_search,
        _add_search_options,
        _json("an array of the operator's unit records"),
        summary="search units (every page unless --page)",
        description="Search units (GET /v1/unidades). Options that take a list repeat: "
        "--status 2 --status 5. Names are sent without accents.",
    )
    subcommand(
        sub,
        "show",
        _run_show,
        _add_mcu_arg,
        _json("the operator's record"),
        summary="one unit by MCU",
        description="One unit (GET /v1/unidades/{id}).",
    )
    subcommand(
        sub,
        "types",
        _run_types,
        _json("the operator's list"),
        summary="unit types",
        description="Unit types (GET /v1/tipos).",
    )
    subcommand(
        sub,
        "statuses",
        _run_statuses,
        _json("the operator's list"),
        summary="unit statuses",
        description="Unit statuses (GET /v1/status).",
    )
    subcommand(
        sub,
        "localities",
        _run_localities,
        _add_locality_options,
        _json("the operator's list"),
        summary="municipalities (or neighbourhoods) of a state with units",
        description="Localities of a state's units (GET /v1/localidades).",
    )


def _add_search_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--uf", metavar="UF", help="state abbreviation, e.g. SP")
    parser.add_argument("--municipio", metavar="M", help="municipality, e.g. 'São Paulo'")
    parser.add_argument("--bairro", metavar="B", help="neighbourhood, e.g. CENTRO")
    parser.add_argument("--nome", metavar="N", help="unit name or part of it")
    parser.add_argument(
        "--tipo", metavar="CODE", action="append", default=[], help="unit type code (09, 24, 46...)"
    )
    parser.add_argument(
        "--status", metavar="CODE", action="append", default=[], help="unit status code, 1 to 6"
    )
    parser.add_argument("--cep", metavar="CEP", action="append", default=[], help="unit CEP")
    parser.add_argument("--id", metavar="MCU", action="append", default=[], help="unit MCU (8 digits)")
    parser.add_argument(
        "--codigo-sro", metavar="CODE", action="append", default=[], help="internal address code of the unit"
    )
    parser.add_argument(
        "--alterado-desde",
        "--dh-alteracao-inicial",
        dest="alterado_desde",
        metavar="YYYY-MM-DDThh:mm:ss",
        help="only units created or changed since then (dhAlteracaoInicial, the operator's clock)",
    )
    parser.add_argument(
        "--dh-alteracao-final",
        "--alterado-ate",
        dest="alterado_ate",
        metavar="YYYY-MM-DDThh:mm:ss",
        help="only units created or changed until then (dhAlteracaoFinal, the operator's clock)",
    )
    parser.add_argument(
        "--aberta-agora", action="store_true", help="only units open now, on their own clock (status 2 only)"
    )
    parser.add_argument(
        "--aberta-em",
        metavar="'DD/MM/AAAA HH:MM'",
        help="only units open at that day and time of their own clock (status 2 only)",
    )
    parser.add_argument("--sort", metavar="FIELD,DIR", help="the operator's order, e.g. nome,asc")
    parser.add_argument("--size", metavar="N", help="units per page, 1 to 50 (default 50)")
    parser.add_argument("--page", metavar="N", help="only page N (0-based)")


def _add_mcu_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("mcu", metavar="MCU", help="unit identifier, 8 digits")


def _add_locality_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--uf", metavar="UF", required=True, help="state abbreviation, e.g. AC")
    parser.add_argument("--municipio", metavar="M", help="a municipality: its neighbourhoods")
    parser.add_argument(
        "--tipo", metavar="CODE", action="append", default=[], help="only units of this type code (repeat)"
    )
    parser.add_argument("--status", metavar="CODE", help="only units of this status code, 1 to 6")


def _json(what: str) -> Options:
    return json_option(f"print JSON to stdout: {what}")


# --------------------------------------------------------------------------- input


def _query(args: argparse.Namespace) -> UnitQuery:
    """The options as a query; the first bad one names itself (exit 2, nothing sent)."""
    # lazy: the command line starts without it
    from postalgui.api.branches import UnitQuery, parse_mcu, parse_uf

    for option, values, parse in (
        ("--id", args.id, parse_mcu),
        ("--cep", args.cep, parse_cep),
        ("--status", args.status, lambda value: UnitQuery(statuses=(value,))),
        ("--tipo", args.tipo, lambda value: UnitQuery(type_codes=(value,))),
    ):
        for value in values:
            checked(option, parse, value)
    if args.uf is not None:
        checked("--uf", parse_uf, args.uf)
    if any(not code.strip() for code in args.codigo_sro):
        raise BadOption(say("--codigo-sro: is empty"))
    since = _changed("--alterado-desde", args.alterado_desde)
    until = _changed("--dh-alteracao-final", args.alterado_ate)
    if since and until and until < since:
        raise BadOption(say("--dh-alteracao-final: must not be before --alterado-desde"))
    return UnitQuery(
        ids=tuple(args.id),
        statuses=tuple(args.status),
        ceps=tuple(args.cep),
        sro_codes=tuple(args.codigo_sro),
        type_codes=tuple(args.tipo),
        nome=args.nome,
        municipio=args.municipio,
        bairro=args.bairro,
        uf=args.uf,
        changed_from=since,
        changed_to=until,
    )


def _changed(option: str, text: str | None) -> datetime | None:
    """A change-period bound, naive on the operator's clock; ``None`` when not given."""
    if not text:
        return None
    return checked(option, parse_timestamp, text).replace(tzinfo=None)


_WALL_TIME = re.compile(r"(?P<hour>\d{1,2}):(?P<minute>\d{2})", flags=re.ASCII)


def parse_open_at(text: str) -> datetime:
    """``"28/11/2026 10:00"`` as a naive wall time (read on each unit's own clock)."""
    date_text, _, time_text = text.strip().partition(" ")
    match = _WALL_TIME.fullmatch(time_text.strip())
    try:
        day = parse_date_ui(date_text)
    except InvalidValue as exc:
        raise BadOption(
            say(
                "--aberta-em: {problem}; write DD/MM/AAAA HH:MM, such as 28/11/2026 10:00",
                problem=routine_text(exc),
            )
        ) from None
    if match is None or int(match["hour"]) > 23 or int(match["minute"]) > 59:
        raise BadOption(
            say("--aberta-em: the time must be HH:MM, 00:00 to 23:59 (got {value})", value=shown_value(text))
        )
    return datetime.combine(day, time(int(match["hour"]), int(match["minute"])))


# --------------------------------------------------------------------------- output


def _cep(text: str | None) -> str:
    return format_cep(text) if text and is_valid_cep(text) else text or ""


def _units_table(units: Sequence[Unit], now: datetime) -> None:
    # lazy: the command line starts without it
    from postalgui.services.branches.hours import unit_opening

    rows = []
    for unit in units:
        hours = _hours_now(unit, unit_opening(unit, now))
        rows.append(
            [
                unit.id,
                unit.nome,
                unit.tipoUnidade.sigla if unit.tipoUnidade else "",
                unit.descStatus or unit.status or "",
                f"{unit.endereco.localidade or unit.endereco.municipio or ''}/{unit.endereco.uf or ''}",
                _cep(unit.endereco.cep),
                hours,
            ]
        )
    titles = [
        say("NAME"),
        say("TYPE"),
        say("STATUS"),
        say("MUNICIPALITY/UF"),
        "CEP",
        say("NOW (UNIT'S CLOCK)"),
    ]
    print_table(["MCU", *titles], rows)


def _hours_now(unit: Unit, state: OpeningState) -> str:
    """``open until 17:00``, ``closed, opens Mon 09:00``: the unit now, on its own clock."""

    if state.status is not None:
        return say("closed ({why})", why=unit.descStatus or say("status {status}", status=state.status))
    if not state.known:
        return ""
    if state.always_open:
        return say("open 24 h")
    if state.open and state.closes_at:
        return say("open until {time}", time=f"{state.closes_at:%H:%M}")
    if state.opens_at is None:
        return say("closed")
    opens = f"{weekday_name(state.opens_at)} {state.opens_at:%H:%M}"
    return say("closed, opens {when}", when=opens)


# --------------------------------------------------------------------------- commands


def _run_search(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.branches import MAX_PAGE_SIZE, parse_sort
    from postalgui.services.branches.hours import unit_open_at, unit_opening

    query = _query(args)
    page = whole_number("--page", args.page, 0)
    size = whole_number("--size", args.size, 1) or MAX_PAGE_SIZE
    if size > MAX_PAGE_SIZE:
        raise BadOption(
            say("--size: must be 1 to {most} (got {value})", most=MAX_PAGE_SIZE, value=shown_value(args.size))
        )
    sort = checked("--sort", parse_sort, args.sort) if args.sort is not None else None
    open_at = parse_open_at(args.aberta_em) if args.aberta_em is not None else None
    task = PlainTask()
    client = context.branches.client()
    with cancel_scope(task.token):
        if page is not None:
            units = list(client.units(query, page=page, size=size, sort=sort).itens)
        else:
            units = client.all_units(query, size=size, sort=sort)
    now = datetime.now(UTC)
    if args.aberta_agora:
        units = [unit for unit in units if unit_opening(unit, now).open]
    if open_at is not None:
        units = [unit for unit in units if unit_open_at(unit, open_at)]
    if args.json:
        print_json([unit.wire() for unit in units])
        return EXIT_OK
    if not units:
        error(say("no units match"))
        return EXIT_OK
    _units_table(units, now)
    error(count(len(units), "unit", "units"))
    return EXIT_OK


def _run_show(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.branches import parse_mcu

    mcu = checked("MCU", parse_mcu, args.mcu)
    unit = context.branches.client().unit(mcu)
    if args.json:
        print_json(unit.wire())
        return EXIT_OK
    # lazy: the command line starts without it
    from postalgui.services.branches.export import hours_summary
    from postalgui.services.branches.hours import unit_opening

    state = unit_opening(unit, datetime.now(UTC))
    address = unit.endereco
    print_fields(
        {
            "MCU": unit.id,
            say("Name"): unit.nome,
            say("Type"): unit.tipoUnidade.descricao if unit.tipoUnidade else "",
            say("Status"): f"{unit.status} {unit.descStatus or ''}".strip(),
            say("Address"): ", ".join(
                part
                for part in (address.logradouro, address.numero, address.complemento, address.bairro)
                if part
            ),
            say("Municipality"): f"{address.localidade or address.municipio or ''}/{address.uf or ''}",
            "CEP": _cep(address.cep),
            say("Phones"): " / ".join(unit.telefones),
            say("E-mails"): " / ".join(unit.emails),
            say("Hours"): hours_summary(unit),
            say("Posting until"): unit.horarios.limitePostagemSemana or "",
            say("Open now"): _open_now_word(state),
            say("Time zone"): address.fuso or "",
            "Clique e Retire": say("yes") if unit.clique_retire else say("no"),
            say("Coordinates"): f"{address.latitude}, {address.longitude}" if address.latitude else "",
        }
    )
    return EXIT_OK


def _open_now_word(state: OpeningState) -> str:
    if state.status is not None:
        return say("no (by its status)")
    if not state.known:
        return say("unknown")
    return say("yes") if state.open else say("no")


def _run_types(args: argparse.Namespace, context: AppContext) -> int:
    types = context.branches.client().types()
    if args.json:
        print_json([record_json(item) for item in types])
    else:
        print_table(
            [say("CODE"), say("DESCRIPTION"), say("ABBREVIATION")],
            [[t.codigo, t.descricao, t.sigla] for t in types],
        )
    return EXIT_OK


def _run_statuses(args: argparse.Namespace, context: AppContext) -> int:
    statuses = context.branches.client().statuses()
    if args.json:
        print_json([record_json(item) for item in statuses])
    else:
        print_table([say("CODE"), say("DESCRIPTION")], [[s.codigo, s.descricao] for s in statuses])
    return EXIT_OK


def _run_localities(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.branches import UnitQuery, parse_uf

    uf = checked("--uf", parse_uf, args.uf)
    if args.municipio is not None and not args.municipio.strip():
        raise BadOption(say("--municipio: is empty"))
    for code in args.tipo:
        checked("--tipo", lambda value: UnitQuery(type_codes=(value,)), code)
    if args.status is not None:
        checked("--status", lambda value: UnitQuery(statuses=(value,)), args.status)
    places = context.branches.client().localities(
        uf, municipio=args.municipio, type_codes=tuple(args.tipo), status=args.status
    )
    if args.json:
        print_json([record_json(place) for place in places])
        return EXIT_OK
    rows = [
        [
            place.name,
            place.bairro or "",
            place.codigoIbge or "",
            _units_number(place.extras.get("quantidadeUnidades")),
        ]
        for place in places
    ]
    print_table([say("MUNICIPALITY"), say("NEIGHBOURHOOD"), "IBGE", say("UNITS")], rows, right={3})
    return EXIT_OK


def _units_number(value: object) -> str:
    """The operator's unit count in the spoken language's form; anything else as sent."""
    return number(value) if isinstance(value, int) and not isinstance(value, bool) else str(value or "")
