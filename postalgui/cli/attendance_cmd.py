"""``postalgui attendance``: the counter partner's side of the registration system (spec 002).

``decode`` and ``register`` call the registration system with the identity-portal
credentials; ``list`` reads the partner server's ledger; ``reconcile`` checks a day
with the registration system and prints the report. Every one takes ``--contrato``, the
registration-system contract (else ``POSTALGUI_STER_CONTRACT``, else the settings file).
Input is checked before anything is sent; a rejection names the option, exit status 2.
"""

from __future__ import annotations

import argparse
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.errors import BadRequestError, NotFoundError, RoutineError
from postalgui.api.values import InvalidValue, format_brl, parse_money, shown_value
from postalgui.api.values.ster import parse_ster_contract, ticket_from_text
from postalgui.cli.language import PORTUGUESE, number, say, spoken
from postalgui.cli.options import BadOption, checked, command_group, json_option, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, print_fields, print_json, print_table
from postalgui.cli.worded import routine_text
from postalgui.services.attendance.service import CodeOrigin, SterContractMissingError
from postalgui.services.context import AppContext

if TYPE_CHECKING:
    from postalgui.cli.options import Commands, Options, Run
    from postalgui.partner.reconcile import Report
    from postalgui.services.attendance.use_cases import LedgerRow
from postalgui.api.values.ster import check_operator_code

STATES = ("received", "registered", "confirmed", "not_confirmed", "cancelled", "reversed", "pending")


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "attendance",
        "counter attendances: decode a code, register, list the ledger, reconcile a day",
        "The counter partner's side of the operator's registration system (STER).",
    )
    subcommand(
        sub,
        "decode",
        _with_contract(run_decode),
        _add_decode_options,
        _contract_option,
        json_option("print the record (chave masked)"),
        summary="decrypt an operator code (codigoOperador)",
    )
    subcommand(
        sub,
        "register",
        _with_contract(run_register),
        _add_register_options,
        _contract_option,
        json_option(None),
        summary="register a model-2 attendance; prints the protocol",
    )
    subcommand(
        sub,
        "list",
        _with_contract(run_list),
        _add_ledger_options,
        _contract_option,
        json_option(None),
        summary="the partner server's ledger",
    )
    subcommand(
        sub,
        "reconcile",
        _with_contract(run_reconcile),
        _day_option("the day (default today, Brasilia time)"),
        _contract_option,
        json_option(None),
        summary="reconcile a day with the registration system",
    )


def _day_option(help_text: str) -> Options:
    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--dia", metavar="YYYY-MM-DD", help=help_text)

    return add


CONTRACT_HELP = (
    "registration-system contract, 12 characters (default: POSTALGUI_STER_CONTRACT, else the settings"
    " file's; the sandbox's demo one there)"
)


def _contract_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--contrato", metavar="N", help=CONTRACT_HELP)


def _with_contract(run: Run) -> Run:
    """``run`` after ``--contrato``, checked, is set for this run's calls (it wins over
    ``POSTALGUI_STER_CONTRACT`` and the settings file); no contract at all names the three."""

    def with_contract(args: argparse.Namespace, context: AppContext) -> int:
        if args.contrato is not None:
            context.attendance.use_contract(checked("--contrato", parse_ster_contract, args.contrato))
        try:
            return run(args, context)
        except SterContractMissingError:
            raise BadOption(
                say(
                    "--contrato: the registration-system contract (12 characters) is not set: give "
                    '--contrato, set POSTALGUI_STER_CONTRACT, or "ster_contract" under "attendance" in the '
                    "settings file"
                )
            ) from None

    with_contract.__doc__ = run.__doc__
    return with_contract


def _add_decode_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", metavar="CODE", help="the code, or the partner URL with ?codigoOperador=")


def _add_register_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--codigo", required=True, metavar="CODE", help="the operator code (or the URL)")
    parser.add_argument("--valor", metavar="12,34", help="amount in R$ (empty for ERP-tariffed services)")
    parser.add_argument("--quantidade", default="1", metavar="N", help="quantity of services, 1 to 999")
    parser.add_argument("--cliente", metavar="CPF/CNPJ", help="the attended client's tax id")
    parser.add_argument("--chave", metavar="K", help="your record key (order, title), at most 30 characters")
    parser.add_argument(
        "--ticket-file",
        metavar="F",
        type=Path,
        help="ticket text, one line per line (longer than 50 characters wraps)",
    )


def _add_ledger_options(parser: argparse.ArgumentParser) -> None:
    _day_option("one day (Brasilia time); default all")(parser)
    parser.add_argument("--estado", choices=STATES, help="one state")
    parser.add_argument("--database", metavar="URL", help="the ledger's SQLAlchemy URL (default: settings)")


def _day(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise BadOption(
            say("--dia: the day must be written YYYY-MM-DD (got {value})", value=shown_value(value))
        ) from None


def run_decode(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.attendance.use_cases import code_from_text, decode_code

    service = context.attendance

    checked("CODE", check_operator_code, code_from_text(args.code))
    try:
        record = decode_code(PlainTask(), service, args.code)
    except (BadRequestError, NotFoundError) as exc:
        error(say("the registration system could not decode this code: {problem}", problem=exc))
        error(say("hint: {hint}", hint=decode_hint(service.code_origin())))
        return EXIT_API_ERROR
    if args.json:
        print_json(record.wire())
        return EXIT_OK
    credentials = record.credentials()
    fields: dict[str, Any] = {
        say("attendant"): record.nome,
        "cpf": record.cpf,
        say("unit"): f"{record.mcmcuAgencia or ''} ({record.tipoAgencia or ''})",
        say("terminal"): record.numeroCaixa,
        say("place"): f"{record.cidade or ''}/{record.uf or ''}",
        say("issued"): record.issued_at.isoformat(timespec="seconds") if record.issued_at else None,
        say("partner user"): credentials.user if credentials else None,
        say("partner password"): "********" if credentials else None,
    }
    print_fields({key: value for key, value in fields.items() if value})
    return EXIT_OK


def decode_hint(origin: CodeOrigin) -> str:
    """Why a code may not decode here: the environment, contract and (sandbox) key it needs."""
    contract = (
        say("contract {contract}", contract=origin.contract) if origin.contract else say("no contract set")
    )
    if origin.sandbox == "embedded" and origin.key_kept:
        return say(
            "a code decodes only where it was made; here: the embedded sandbox, {contract}, whose code key"
            " is kept in the keyring for this profile and shared with the window's simulated counter."
            " A code from another sandbox or another profile (POSTALGUI_CONFIG_DIR) does not decode here",
            contract=contract,
        )
    if origin.sandbox == "embedded":
        return say(
            "a code decodes only where it was made; here: the embedded sandbox, {contract}. With no usable"
            " keyring this run drew its own code key, so codes made by the window do not decode here:"
            " install a keyring service, or serve one sandbox (postalgui sandbox) and set POSTALGUI_BASE_URL",
            contract=contract,
        )
    if origin.sandbox == "elsewhere":
        return say(
            "a code decodes only in the sandbox that made it; here: the one at {url}, {contract}",
            url=origin.url,
            contract=contract,
        )
    return say(
        "a code decodes only in the environment and contract that made it; here: {environment},"
        " {contract} (--contrato or POSTALGUI_STER_CONTRACT); a code of homologation does not decode in"
        " production, nor the reverse",
        environment=origin.environment,
        contract=contract,
    )


_RULE_OPTIONS = {
    "ster.code_length": "--codigo",
    "ster.quantity": "--quantidade",
    "ster.client_key": "--chave",
}


def _option_of(rule: str) -> str:
    """The option a registration rule belongs to."""
    if rule in _RULE_OPTIONS:
        return _RULE_OPTIONS[rule]
    if rule.startswith(("taxid.", "cpf.", "cnpj.")):
        return "--cliente"
    return "--valor"


TICKET_FILE_MOST = 64 * 1024
"""The largest ticket file read: sixteen times the 4,000 characters a ticket holds (spec
2.4), room for any spacing. A larger file is the wrong file, refused before it is read
(wrapping megabytes into ticket lines takes minutes)."""


def _ticket_text(path: Path) -> str:
    """The ticket file's text; a file that cannot be read, is too large or is not UTF-8
    is a `BadOption` naming it."""
    try:
        size = path.stat().st_size
        if size > TICKET_FILE_MOST:
            raise BadOption(
                say(
                    "--ticket-file: {path} has {size} bytes; a ticket file holds at most {most}",
                    path=path,
                    size=number(size),
                    most=number(TICKET_FILE_MOST),
                )
            )
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problem = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise BadOption(
            say("--ticket-file: cannot read {path}: {problem}", path=path, problem=problem)
        ) from None


def run_register(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.api.ster import Registration
    from postalgui.services.attendance.use_cases import code_from_text, register_attendance

    amount: Decimal | None = checked("--valor", parse_money, args.valor) if args.valor else None
    ticket = None
    if args.ticket_file is not None:
        ticket = checked("--ticket-file", ticket_from_text, _ticket_text(args.ticket_file))
    try:
        registration = Registration(
            operator_code=code_from_text(args.codigo),
            quantity=args.quantidade,
            amount=amount,
            client_tax_id=args.cliente or None,
            client_key=args.chave or None,
            ticket=ticket,
        )
    except InvalidValue as exc:
        raise BadOption(f"{_option_of(exc.rule)}: {routine_text(exc)}") from None
    # lazy: the command line starts without it
    from postalgui.api.ster import RegistrationRevertedError

    try:
        done = register_attendance(PlainTask(), context.attendance, registration)
    except RegistrationRevertedError as exc:
        error(
            say(
                "{problem} (the operator reverted this registration: start a new attendance at the counter)",
                problem=exc,
            )
        )
        return EXIT_API_ERROR
    if "amount_over_8_digits" in done.warnings:
        error(say("warning: the amount has more than 8 digits in cents; the spec's size is 8 (10 accepted)"))
    if args.json:
        print_json({"protocolo": done.answer.protocol, "mensagem": done.answer.mensagem})
    else:
        print_fields({say("protocol"): done.answer.protocol, say("message"): done.answer.mensagem})
    return EXIT_OK


def _row(attendance: LedgerRow) -> list[str]:
    return [
        attendance.protocol,
        attendance.day.isoformat(),
        str(attendance.model),
        attendance.state,
        format_brl(attendance.amount) if attendance.amount is not None else "",
        attendance.client_key or "",
        attendance.flag or "",
    ]


def _json(attendance: LedgerRow) -> dict[str, Any]:
    return {
        "protocolo": attendance.protocol,
        "dia": attendance.day.isoformat(),
        "modelo": attendance.model,
        "estado": attendance.state,
        "valorCentavos": None if attendance.amount is None else int(attendance.amount.scaleb(2)),
        "quantidade": attendance.quantity,
        "cliente": attendance.client_tax_id,
        "chaveCliente": attendance.client_key,
        "confirmacao": attendance.confirmation,
        "codigoParceiro": attendance.partner_code,
        "statusOperador": attendance.operator_status,
        "sinal": attendance.flag,
        "criadoEm": attendance.created_at.isoformat(),
    }


def run_list(args: argparse.Namespace, context: AppContext) -> int:
    day = _day(args.dia)
    if args.database:
        from postalgui.partner.ledger.store import Ledger
        from postalgui.services.attendance.use_cases import LedgerRow

        try:
            ledger = Ledger(args.database)
        except RoutineError:
            raise  # a damaged or newer ledger, a refused password: its own sentence, exit 1
        except Exception as exc:  # noqa: BLE001  # a URL that is no URL, said plainly
            raise BadOption(
                say("--database: cannot open the ledger: {kind}", kind=type(exc).__name__)
            ) from None
        try:
            rows = [
                LedgerRow.of(row) for row in ledger.attendances(day, {args.estado} if args.estado else None)
            ]
        finally:
            ledger.close()
    else:
        from postalgui.services.attendance.use_cases import list_attendances

        rows = list_attendances(PlainTask(), context.attendance, day, args.estado)
    if args.json:
        print_json([_json(row) for row in rows])
    elif rows:
        print_table(
            [
                say("protocol"),
                say("day"),
                say("model"),
                say("state"),
                say("amount"),
                say("client key"),
                say("flag"),
            ],
            [_row(r) for r in rows],
            right=[4],
        )
    return EXIT_OK


def _print_report(report: Report) -> None:
    # lazy: the command line starts without it
    from postalgui.services.attendance.export import KINDS, report_rows

    data = report.as_json()
    if report.preview:
        run = say("preview (before 22:00 Brasilia time): the day stays open; the run after 22:00 closes it")
    else:
        run = say("closing (after 22:00 Brasilia time)")
    counts = {_kind_words(kind): number(len(data[kind])) for kind in KINDS}
    print_fields({say("run"): run} | counts)
    rows = list(report_rows(data, "pt" if spoken() == PORTUGUESE else "en"))
    if rows:
        titles = [say("result"), say("protocol"), say("ledger"), say("operator")]
        print_table([*titles, say("ledger amount"), say("operator amount"), say("note")], rows)
    for text in report.errors:
        error(say("error: {problem}", problem=text))


def _kind_words(kind: str) -> str:
    """A list of the report as its count's line names it; a list this CLI does not know, as named."""
    words = {
        "confirmed": say("confirmed"),
        "cancelled": say("cancelled"),
        "reversed": say("reversed"),
        "pending": say("pending"),
        "unknown_to_operator": say("unknown_to_operator"),
        "missing_from_ledger": say("missing_from_ledger"),
        "amount_differences": say("amount_differences"),
        "flagged": say("flagged"),
    }
    return words.get(kind, kind)


def run_reconcile(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.attendance.use_cases import reconcile_day, today

    day = _day(args.dia) or today()
    report = reconcile_day(PlainTask(), context.attendance, day)
    if args.json:
        print_json(report.as_json())
    else:
        _print_report(report)
    return EXIT_OK
