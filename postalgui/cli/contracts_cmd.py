"""``postalgui contracts`` and ``postalgui cards``: the company's contracts, posting cards,
their services, contacts and category (the contract service, ``/meucontrato/v1``).

The company is the configured CNPJ (Settings or ``POSTALGUI_CNPJ``). The commands run
the window's own use cases (`postalgui.services.contracts.use_cases`) with a `PlainTask`;
`AppContext.contracts` picks the token: the configured contract's (spec 001, 5.2); with
no contract configured the command says so (exit status 1) and sends nothing.
Lists walk every page unless ``--page`` asks for one (0-based, as the operator counts).
Input is checked before anything is sent; a rejection names the argument, exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel

from postalgui.api.cancel import PlainTask
from postalgui.api.models.contracts import (
    CardStatus,
    Category,
    Contact,
    Contract,
    ContractStatus,
    Page,
    PostingCard,
    Service,
    ServiceLookup,
)
from postalgui.api.values import (
    InvalidValue,
    display_cnpj,
    format_date_ui,
    pad_card_number,
    pad_contract_number,
    shown_value,
)
from postalgui.cli.language import count, number, say
from postalgui.cli.options import BadOption, checked, command_group, json_option, subcommand, whole_number
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_OK,
    error,
    json_text,
    print_json,
    print_table,
    record_json,
    visible,
)
from postalgui.services.context import AppContext
from postalgui.services.contracts import use_cases

if TYPE_CHECKING:
    from postalgui.cli.options import Commands, Options, Run
    from postalgui.services.contracts.service import ContractService

_DATE_FIELDS = ("dtInicioVigencia", "dtFimVigencia")


def add_parser(commands: Commands) -> None:
    """Register both top-level commands, ``contracts`` and ``cards``."""
    _add_contracts(commands)
    _add_cards(commands)


def _add_contracts(commands: Commands) -> None:
    sub = command_group(
        commands,
        "contracts",
        "the company's contracts: list, details, services, contacts, category",
        "Query the operator's contract service (/meucontrato/v1) for the configured "
        "company (CNPJ). Dates are printed DD/MM/YYYY, or with --json as the operator sends them.",
    )
    _command(
        sub,
        "list",
        "list the company's contracts",
        "List the company's contracts (GET .../empresas/{cnpj}/contratos).",
        _run_contracts_list,
        _status_options(ContractStatus, "contracts"),
    )
    _command(
        sub,
        "show",
        "show one contract",
        "Show one contract, every field the operator sends (GET .../contratos/{nuContrato}).",
        _run_contracts_show,
        _add_contract_arg,
    )
    _command(
        sub,
        "services",
        "list a contract's services, or look one up",
        "List the contract's services (GET .../contratos/{nuContrato}/servicos), only "
        "those of one posting card with --cartao. With CODIGO, whether the contract (or the card) "
        "has that service: exit status 1 with the operator's CON-011 when it has not.",
        _run_contracts_services,
        _add_contract_arg,
        _add_code_arg,
        _add_card_option,
        _add_page_options,
    )
    _command(
        sub,
        "contacts",
        "a contract's management and administration contacts",
        "Show the contract's management contacts (GET .../contatoGerencia) and "
        "administration contacts (GET .../contatoAcom), every field the operator sends.",
        _run_contracts_contacts,
        _add_contract_arg,
    )
    _command(
        sub,
        "category",
        "a contract's category",
        "Show the contract's category (GET .../contratos/{nuContrato}/categoria).",
        _run_contracts_category,
        _add_contract_arg,
    )


def _add_cards(commands: Commands) -> None:
    sub = command_group(
        commands,
        "cards",
        "a contract's posting cards: list, details, services",
        "Query the posting cards of one of the company's contracts (GET .../contratos/{nuContrato}/cartoes).",
    )
    _command(
        sub,
        "list",
        "list a contract's posting cards",
        "List the contract's posting cards, every page unless --page is given.",
        _run_cards_list,
        _add_contract_arg,
        _status_options(CardStatus, "cards"),
        _add_page_options,
    )
    _command(
        sub,
        "show",
        "show one posting card",
        "Show one posting card (GET .../cartoes/{nuCartaoPostagem}).",
        _run_cards_show,
        _add_contract_arg,
        _add_card_arg,
    )
    _command(
        sub,
        "services",
        "list a posting card's services, or look one up",
        "List the card's services (GET .../cartoes/{nuCartaoPostagem}/servicos). With "
        "CODIGO, the service if the card has it; exit status 1 with the operator's CON-011 when "
        "the card lacks it.",
        _run_cards_services,
        _add_contract_arg,
        _add_card_arg,
        _add_code_arg,
        _add_page_options,
    )


def _command(
    sub: Commands, name: str, summary: str, description: str, run: Run, *options: Options
) -> argparse.ArgumentParser:
    """One subcommand: its arguments in ``options``' order, then ``--json``, run by ``run``."""
    return subcommand(sub, name, run, *options, _add_json, summary=summary, description=description)


def _status_options(statuses: Iterable[StrEnum], what: str) -> Options:
    """``--status`` (one of ``statuses``) and ``--vigente`` for a list of ``what``."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--status",
            type=str.upper,
            choices=[status.value for status in statuses],
            help=f"only {what} in this status",
        )
        parser.add_argument("--vigente", action="store_true", help=f"only {what} valid today")

    return add


def _add_code_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar="CODIGO", nargs="?", help="service code, e.g. 03220")


def _add_card_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cartao", metavar="CARTAO", help="only the services of this posting card")


def _add_contract_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("contract", metavar="NUCONTRATO", help="contract number (up to 10 digits)")


def _add_card_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("card", metavar="CARTAO", help="posting card number (up to 10 digits)")


_add_json = json_option("print JSON to stdout (the operator's fields)")


def _add_page_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--page",
        metavar="N",
        help="only page N, 0-based as the operator counts (default: every page); "
        "with --json prints the operator's page envelope",
    )
    parser.add_argument(
        "--size", metavar="N", help="records per page (default: the operator's; services 500)"
    )


# --------------------------------------------------------------------------- shared input


def _contract_number(args: argparse.Namespace) -> str:
    number: str = checked("NUCONTRATO", pad_contract_number, args.contract)
    return number


def _card_number(value: str, option: str = "CARTAO") -> str:
    number: str = checked(option, pad_card_number, value)
    return number


def _service_code(value: str) -> str:
    # lazy: the command line starts without it
    from postalgui.api.contracts import parse_service_code

    try:
        return parse_service_code(value)
    except InvalidValue:
        raise BadOption(
            say(
                "CODIGO: a service code is letters and digits, at most 10, e.g. 03220 (got {value})",
                value=shown_value(value),
            )
        ) from None


def _page(args: argparse.Namespace) -> int | None:
    return whole_number("--page", args.page, 0)


def _size(args: argparse.Namespace) -> int | None:
    return whole_number("--size", args.size, 1)


def _service(context: AppContext) -> ContractService:
    """The contracts feature, once a company is configured to ask about."""
    if not context.profile.cnpj:
        raise BadOption(say("no company CNPJ is configured (Settings or POSTALGUI_CNPJ)"))
    return context.contracts


# --------------------------------------------------------------------------- output


def page_json(page: Page[Any]) -> dict[str, Any]:
    """A page envelope as the operator sends it: ``itens``, ``page`` and any extra fields."""
    data: dict[str, Any] = page.model_dump(mode="json", exclude_none=True)
    data["itens"] = [record_json(item) for item in page.itens]
    return data


def _date(value: datetime | None) -> str:
    return "" if value is None else format_date_ui(value.date())


def contract_status_text(status: str | None) -> str:
    """``ATIVO (usable normally)``; an unknown status as sent."""
    try:
        known = ContractStatus(status or "")
    except ValueError:
        return status or ""
    return f"{known.value} ({_meaning(known)})"


def card_status_text(status: str | None) -> str:
    try:
        known = CardStatus(status or "")
    except ValueError:
        return status or ""
    return f"{known.value} ({_meaning(known)})"


def _meaning(status: ContractStatus | CardStatus) -> str:
    """What a status means for the office, in the spoken language."""
    words = {
        "ATIVO": say("usable normally"),
        "SUSPENSO": say("suspended; can be reactivated"),
        "CANCELADO": say("cancelled; cannot be reactivated"),
        "EM_DESENVOLVIMENTO": say("being created, not yet active"),
        "IRREGULAR": say("irregular; the operator must be consulted"),
    }
    return words.get(status.value, status.meaning)


def _print_record(
    record: BaseModel, shown: Mapping[str, str] | None = None, *, indent: str = "", stream: Any = None
) -> None:
    """Every field of ``record`` as ``name  value`` lines: dates DD/MM/YYYY, ``shown`` overrides."""
    out = stream or sys.stdout
    data = record.model_dump(exclude_none=True)
    texts: dict[str, str] = {}
    for key, value in data.items():
        if key in (shown or {}):
            texts[key] = (shown or {})[key]
        elif isinstance(value, datetime):
            texts[key] = _date(value)
        elif isinstance(value, dict | list):
            texts[key] = _compact(value)
        else:
            texts[key] = str(value)
    width = max((len(key) for key in texts), default=0)
    for key, text in texts.items():
        out.write(f"{indent}{key.ljust(width)}  {visible(text)}".rstrip() + "\n")


def _compact(value: Any) -> str:
    return json_text(value, indent=None)


def _page_note(page: Page[Any], what: Literal["services", "cards"]) -> None:
    info = page.page
    if not info.totalPages:
        return
    total = info.totalElements
    counted = count(total, "service", "services") if what == "services" else count(total, "card", "cards")
    error(
        say(
            "page {page} (pages 0 to {last}), {shown} of {total}",
            page=number(info.number),
            last=number(info.totalPages - 1),
            shown=number(len(page.itens)),
            total=counted,
        )
    )


def _services_table(services: Sequence[Service]) -> None:
    print_table(
        [say("CODE"), say("DESCRIPTION"), say("SEGMENT")],
        [
            [
                service.codigo,
                service.descricao or "",
                " ".join(part for part in (service.coSegmento, service.descSegmento) if part),
            ]
            for service in services
        ],
    )


def _print_services(
    services: Sequence[Service], page: Page[Service] | None, args: argparse.Namespace, owner: str
) -> int:
    if args.json:
        print_json(page_json(page) if page is not None else [record_json(s) for s in services])
        return EXIT_OK
    if page is not None:
        _page_note(page, "services")
    if not services:
        error(say("no services on {owner}", owner=owner))
        return EXIT_OK
    _services_table(services)
    return EXIT_OK


def _owner(contract: str, card: str | None) -> str:
    """``card 0067599079 of contract 9912208555``, or ``contract 9912208555``."""
    if card:
        return say("card {card} of contract {contract}", card=card, contract=contract)
    return say("contract {contract}", contract=contract)


def _print_lookup(lookup: ServiceLookup, args: argparse.Namespace, *, on_card: bool) -> int:
    if lookup.service is None:
        reason = str(lookup.missing) if lookup.missing is not None else None
        reason = reason or say("service {code} not found", code=lookup.codigo)
        if on_card:
            error(say("{reason}, the card lacks this service", reason=reason))
        else:
            error(say("{reason}, the contract lacks this service", reason=reason))
        return EXIT_API_ERROR
    if args.json:
        print_json(record_json(lookup.service))
    else:
        _print_record(lookup.service)
    return EXIT_OK


# --------------------------------------------------------------------------- contracts


def _run_contracts_list(args: argparse.Namespace, context: AppContext) -> int:
    contracts = use_cases.list_contracts(PlainTask(), _service(context), args.status, args.vigente or None)
    if args.json:
        print_json([record_json(contract) for contract in contracts])
        return EXIT_OK
    if not contracts:
        error(
            say("no contracts in status {status}", status=args.status) if args.status else say("no contracts")
        )
        return EXIT_OK
    _contracts_table(contracts)
    return EXIT_OK


def _contracts_table(contracts: Sequence[Contract]) -> None:
    print_table(
        [say("CONTRACT"), "DR", say("VALID FROM"), say("VALID UNTIL"), say("CATEGORY"), say("STATUS")],
        [
            [
                contract.nuContrato,
                "" if contract.nuSe is None else str(contract.nuSe),
                _date(contract.dtInicioVigencia),
                _date(contract.dtFimVigencia),
                contract.categoria or "",
                contract_status_text(contract.status),
            ]
            for contract in contracts
        ],
        right={1},
    )


def _run_contracts_show(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    contract = use_cases.contract_record(PlainTask(), _service(context), number)
    if args.json:
        print_json(record_json(contract))
        return EXIT_OK
    _print_record(
        contract,
        {"status": contract_status_text(contract.status), "cnpj": display_cnpj(contract.cnpj)},
    )
    return EXIT_OK


def _run_contracts_services(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    card = None if args.cartao is None else _card_number(args.cartao, "--cartao")
    code = None if args.code is None else _service_code(args.code)
    page_number, size = _page(args), _size(args)
    task, service = PlainTask(), _service(context)
    if code is not None:
        lookup = use_cases.service_lookup(task, service, number, card, code)
        return _print_lookup(lookup, args, on_card=card is not None)
    owner = _owner(number, card)
    if page_number is not None:
        page = use_cases.contract_services_page(task, service, number, page_number, size, card=card)
        return _print_services(page.itens, page, args, owner)
    services = use_cases.all_contract_services(task, service, number, card=card, size=size)
    return _print_services(services, None, args, owner)


def _run_contracts_contacts(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    management, administration = use_cases.contract_contacts(PlainTask(), _service(context), number)
    if args.json:
        print_json(
            {
                "contatoGerencia": [record_json(contact) for contact in management],
                "contatoAcom": [record_json(contact) for contact in administration],
            }
        )
        return EXIT_OK
    _contacts_section(say("Management contacts (contatoGerencia)"), management)
    sys.stdout.write("\n")
    _contacts_section(say("Administration contacts (contatoAcom)"), administration)
    return EXIT_OK


def _contacts_section(title: str, contacts: Sequence[Contact]) -> None:
    sys.stdout.write(f"{title}\n")
    if not contacts:
        sys.stdout.write(f"  {say('(none)')}\n")
    for index, contact in enumerate(contacts):
        if index:
            sys.stdout.write("\n")
        _print_record(contact, indent="  ")


def _run_contracts_category(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    category: Category = use_cases.contract_category(PlainTask(), _service(context), number)
    if args.json:
        print_json(record_json(category))
        return EXIT_OK
    _print_record(category)
    return EXIT_OK


# --------------------------------------------------------------------------- cards


def _run_cards_list(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    page_number, size = _page(args), _size(args)
    task, service = PlainTask(), _service(context)
    vigente = args.vigente or None
    page: Page[PostingCard] | None = None
    if page_number is not None:
        page = use_cases.cards_page(task, service, number, args.status, page_number, size, vigente=vigente)
        cards = page.itens
    else:
        cards = use_cases.all_cards(task, service, number, args.status, vigente=vigente, size=size)
    if args.json:
        print_json(page_json(page) if page is not None else [record_json(card) for card in cards])
        return EXIT_OK
    if page is not None:
        _page_note(page, "cards")
    if not cards:
        if args.status:
            error(
                say(
                    "no posting cards on contract {contract} in status {status}",
                    contract=number,
                    status=args.status,
                )
            )
        else:
            error(say("no posting cards on contract {contract}", contract=number))
        return EXIT_OK
    _cards_table(cards)
    return EXIT_OK


def _cards_table(cards: Sequence[PostingCard]) -> None:
    print_table(
        [say("CARD"), say("HOLDER CNPJ"), say("VALID FROM"), say("VALID UNTIL"), say("STATUS")],
        [
            [
                card.nuCartaoPostagem,
                display_cnpj(card.cnpjCartao),
                _date(card.dtInicioVigencia),
                _date(card.dtFimVigencia),
                card_status_text(card.status),
            ]
            for card in cards
        ],
    )


def _run_cards_show(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    card_number = _card_number(args.card)
    card = use_cases.posting_card(PlainTask(), _service(context), number, card_number)
    if args.json:
        print_json(record_json(card))
        return EXIT_OK
    _print_record(
        card,
        {
            "status": card_status_text(card.status),
            "cnpj": display_cnpj(card.cnpj),
            "cnpjCartao": display_cnpj(card.cnpjCartao),
        },
    )
    return EXIT_OK


def _run_cards_services(args: argparse.Namespace, context: AppContext) -> int:
    number = _contract_number(args)
    card = _card_number(args.card)
    code = None if args.code is None else _service_code(args.code)
    page_number, size = _page(args), _size(args)
    task, service = PlainTask(), _service(context)
    if code is not None:
        return _print_lookup(use_cases.service_lookup(task, service, number, card, code), args, on_card=True)
    owner = _owner(number, card)
    if page_number is not None:
        page = use_cases.card_services_page(task, service, number, card, page_number, size)
        return _print_services(page.itens, page, args, owner)
    services = use_cases.card_services(task, service, number, card, size)
    return _print_services(services, None, args, owner)
