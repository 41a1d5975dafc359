"""``postalgui ship create --from FILE``: an orders file's rows sent as pre-postings.

Apart from `ship_cmd` because it is the one that sends many: the file is read and every
field checked first (a problem names its row and column; any problem exits 2 with nothing
sent), the recipients' addresses are completed from their CEPs, what will be sent is
shown and confirmed on a terminal (``--yes`` skips the question; without a terminal it is
required), then each row's result is said: its pre-posting id, or the operator's words
and code. Exit 0 when every row was created, 1 when some were refused or not sent.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.values import format_brl, format_cep, format_count, format_grams
from postalgui.cli.options import BadOption, json_option, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, LANGUAGE, error, print_json
from postalgui.cli.ship_common import confirm, progress_task

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.api.models.prepostings import Order, Person
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.orders import OrderRow
    from postalgui.services.shipping.use_cases import CreationReport

__all__ = ["add_parser"]

SUFFIXES = (".csv", ".xlsx")
"""What an orders file may be: CSV with ';', or an Excel workbook."""
SHOWN_ROWS = 10
"""How many rows the question before sending lists; the others are counted."""


def add_parser(sub: Commands) -> None:
    subcommand(
        sub,
        "create",
        _run_create,
        _add_options,
        json_option("print JSON to stdout: one result per row"),
        summary="send an orders file's rows as pre-postings",
        description="Read an orders file (CSV with ';' or .xlsx; columns named as the operator names "
        "them: 'nome, cep, logradouro, numero, complemento, bairro, cidade, uf, email, celular, "
        "cpfCnpj, codigoServico, pesoInformado, comprimentoInformado, larguraInformada, "
        "alturaInformada, valorDeclarado, numeroNotaFiscal, chaveNFe, conteudo, quantidade, valor'; "
        "each row an invoice or a content line), complete each recipient's street, district, city "
        "and state from the CEP, and create one pre-posting a row, the address book's default "
        "sender as the sender. Exit status: 0 every row created, 1 the operator refused some (its "
        "words and code) or some were not sent, 2 a problem in the file (its row and column "
        "named), no default sender, or not confirmed (nothing sent).",
    )


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from", dest="orders", type=Path, required=True, metavar="FILE", help="orders.csv or orders.xlsx"
    )
    parser.add_argument("--yes", action="store_true", help="send without asking")


# --------------------------------------------------------------------------- reading


def _orders_file(path: Path) -> Path:
    if path.suffix.lower() not in SUFFIXES:
        raise BadOption(f"--from: must be a .csv (';') or .xlsx file (got {path.name})")
    if not path.is_file():
        raise BadOption(f"--from: no such file: {path}")
    return path


def _sender(context: AppContext) -> Person:
    sender = context.shipping.addresses().default_sender()
    if sender is None:
        raise BadOption(
            "no default sender in the address book: add one with 'postalgui addresses import "
            "--kind sender FILE' or in the Shipping tab (nothing was sent)"
        )
    return sender.person()


def _checked(rows: Sequence[OrderRow], path: Path) -> list[tuple[int, Order]]:
    """Each row's number and order; every problem said on stderr and `BadOption` when any."""
    problems = [problem for row in rows for problem in row.problems]
    for problem in problems:
        error(f"row {problem.row}, column {problem.column}: {problem.message}")
    if problems:
        bad = len({problem.row for problem in problems})
        raise BadOption(
            f"--from: {path.name}: {format_count(bad, 'row', 'rows', LANGUAGE)} with a problem "
            f"of {format_count(len(rows), 'row', 'rows', LANGUAGE)}; nothing was sent"
        )
    orders = [(row.row, row.order) for row in rows if row.order is not None]
    if not orders:
        raise BadOption(f"--from: {path.name} has no orders (a header line, then one row an object)")
    return orders


# --------------------------------------------------------------------------- sending


def _order_line(row: int, order: Order) -> str:
    person = order.recipient
    value = f"  declared {format_brl(order.declared_value)}" if order.declared_value is not None else ""
    return (
        f"  row {row}  {person.name}  {format_cep(person.cep)} {person.city}/{person.state}  "
        f"{order.service_code}  {format_grams(order.weight_g, LANGUAGE)}{value}"
    )


def _summary(orders: Sequence[tuple[int, Order]], sender: Person, card: str) -> str:
    lines = [
        f"About to create {format_count(len(orders), 'pre-posting', 'pre-postings', LANGUAGE)} "
        f"(card {card}) from {sender.name} ({format_cep(sender.cep)}):",
        *(_order_line(row, order) for row, order in orders[:SHOWN_ROWS]),
    ]
    if len(orders) > SHOWN_ROWS:
        lines.append(f"  and {format_count(len(orders) - SHOWN_ROWS, 'row', 'rows', LANGUAGE)} more")
    return "\n".join(lines)


def _results(orders: Sequence[tuple[int, Order]], report: CreationReport) -> list[dict[str, Any]]:
    """One result a row, in the file's order: created (with its id), refused (the
    operator's words with its code) or not sent."""
    refused = dict(report.refused)
    created = iter(report.created)
    results = []
    for index, (row, order) in enumerate(orders):
        result: dict[str, Any] = {"row": row, "recipient": order.recipient.name, "id": None, "error": None}
        if index in refused:
            result.update(result="refused", error=refused[index])
        elif (shipment := next(created, None)) is not None:
            result.update(result="created", id=shipment.prepost_id)
        else:
            result["result"] = "not_sent"
        results.append(result)
    return results


def _say(results: Sequence[dict[str, Any]], *, as_json: bool) -> None:
    if as_json:
        print_json(results)
        return
    for result in results:
        said = {"created": result["id"], "refused": f"Refused ({result['error']})", "not_sent": "Not sent"}
        sys.stdout.write(f"row {result['row']}  {said[result['result']]}  {result['recipient']}\n")


def _run_create(args: argparse.Namespace, context: AppContext) -> int:
    from postalgui.services.shipping.orders import complete_orders, read_orders
    from postalgui.services.shipping.use_cases import create_prepostings
    from postalgui.services.table_files import TableFileError

    path = _orders_file(args.orders)
    sender = _sender(context)
    try:
        rows = read_orders(path, sender)
    except TableFileError as exc:  # unreadable, or a required column missing: the file's fault
        raise BadOption(f"--from: {exc}") from None
    _checked(rows, path)  # the file's own problems first: no CEP is asked for a bad file
    with progress_task("completing addresses from their CEPs") as task:
        rows = complete_orders(task, context.shipping, rows)
    orders = _checked(rows, path)
    confirm(args.yes, _summary(orders, sender, context.shipping.card()), "Send them?")
    with progress_task("creating pre-postings") as task:
        report = create_prepostings(task, context.shipping, [order for _, order in orders])
    results = _results(orders, report)
    _say(results, as_json=args.json)
    if report.failed:
        error(f"stopped: {report.failed}")
    left = sum(result["result"] != "created" for result in results)
    error(
        f"{format_count(len(results) - left, 'pre-posting', 'pre-postings', LANGUAGE)} created"
        + (f", {format_count(left, 'row', 'rows', LANGUAGE)} not (exit status 1)" if left else "")
    )
    return EXIT_API_ERROR if left else EXIT_OK
