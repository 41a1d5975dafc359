"""``postalgui ship create --from FILE``: an orders file's rows sent as pre-postings.

Apart from `ship_cmd` because it is the one that sends many: the file is read and every
field checked first (a problem names its row and column; any problem exits 2 with nothing
sent), the recipients' addresses are completed from their CEPs, what will be sent is
shown and confirmed on a terminal (``--yes`` skips the question; without a terminal it is
required), then each row's result is said: its pre-posting id, or the operator's words
and code. Exit 0 when every row was created, 1 when some were refused or not sent.

A row sent before (the same recipient and invoice number or the same NF-e key among the
office's pre-postings, or the same order written down as sent, its answer read, lost or
unreadable) is named and not sent, ``--yes`` or not: a rerun of the same file sends nothing
twice. ``--again`` sends such rows on purpose. A row the operator took but whose answer
could not be read says so, with what to do: it is never reported as not sent.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from postalgui.api.values import format_brl, format_cep, format_date_ui, format_grams
from postalgui.cli.file_notes import say_ignored_columns
from postalgui.cli.language import count, say, spoken
from postalgui.cli.options import BadOption, json_option, subcommand
from postalgui.cli.output import EXIT_API_ERROR, EXIT_OK, error, print_json, visible
from postalgui.cli.ship_common import confirm, progress_task
from postalgui.cli.worded import routine_text
from postalgui.services.shipping.use_cases import RowResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.api.models.prepostings import Order, Person
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.orders import OrderRow
    from postalgui.services.shipping.use_cases import CreationReport, EarlierSending
from postalgui.services.shipping.use_cases import create_prepostings, sent_before
from postalgui.services.table_files import TableFileError

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
        "sender as the sender. A row sent before (same recipient and invoice number, same NF-e key, "
        "or the same order already sent from this office) is named and not sent, --yes or not; "
        "--again sends it on purpose. Exit status: 0 every row created, 1 the operator refused "
        "some (its words and code), some were sent before, or some were not sent or their "
        "answer could not be read, 2 a problem in the file (its row and column named), no "
        "default sender, or not confirmed (nothing sent).",
    )


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--from", dest="orders", type=Path, required=True, metavar="FILE", help="orders.csv or orders.xlsx"
    )
    parser.add_argument("--yes", action="store_true", help="send without asking")
    parser.add_argument(
        "--again",
        action="store_true",
        help="send rows that were sent before, on purpose (a rerun sends nothing twice without it)",
    )


# --------------------------------------------------------------------------- reading


def _orders_file(path: Path) -> Path:
    if path.suffix.lower() not in SUFFIXES:
        raise BadOption(say("--from: must be a .csv (';') or .xlsx file (got {name})", name=path.name))
    if not path.is_file():
        raise BadOption(say("{option}: no such file: {path}", option="--from", path=path))
    return path


def _sender(context: AppContext) -> Person:
    sender = context.shipping.addresses().default_sender()
    if sender is None:
        raise BadOption(
            say(
                "no default sender in the address book: add one with 'postalgui addresses import "
                "--kind sender FILE' or in the Shipping tab (nothing was sent)"
            )
        )
    return sender.person()


def _checked(rows: Sequence[OrderRow], path: Path) -> list[tuple[int, Order]]:
    """Each row's number and order; every problem said on stderr and `BadOption` when any."""
    problems = [problem for row in rows for problem in row.problems]
    for problem in problems:
        error(
            say(
                "row {row}, column {column}: {message}",
                row=problem.row,
                column=problem.column,
                message=routine_text(problem.error),
            )
        )
    if problems:
        bad = len({problem.row for problem in problems})
        raise BadOption(
            say(
                "--from: {name}: {bad} with a problem of {rows}; nothing was sent",
                name=path.name,
                bad=count(bad, "row", "rows"),
                rows=count(len(rows), "row", "rows"),
            )
        )
    orders = [(row.row, row.order) for row in rows if row.order is not None]
    if not orders:
        raise BadOption(
            say("--from: {name} has no orders (a header line, then one row an object)", name=path.name)
        )
    return orders


# --------------------------------------------------------------------------- sending


def _order_line(row: int, order: Order) -> str:
    person = order.recipient
    declared = order.declared_value
    value = "" if declared is None else "  " + say("declared {amount}", amount=format_brl(declared))
    place = f"{format_cep(person.cep)} {person.city}/{person.state}"
    return (
        f"  {say('row {row}', row=row)}  {person.name}  {place}  "
        f"{order.service_code}  {format_grams(order.weight_g, spoken())}{value}"
    )


def _summary(orders: Sequence[tuple[int, Order]], sender: Person, card: str) -> str:
    about = say(
        "About to create {shipments} (card {card}) from {sender} ({cep}):",
        shipments=count(len(orders), "pre-posting", "pre-postings"),
        card=card,
        sender=sender.name,
        cep=format_cep(sender.cep),
    )
    lines = [about, *(_order_line(row, order) for row, order in orders[:SHOWN_ROWS])]
    if len(orders) > SHOWN_ROWS:
        lines.append(" " + say(" and {more} more", more=count(len(orders) - SHOWN_ROWS, "row", "rows")))
    return "\n".join(lines)


def _earlier_words(earlier: EarlierSending, *, neutral: bool) -> str:
    """``sent before by clerk.a on 25/11/2026 14:03 as PR...``: in English when ``neutral`` (JSON)."""
    when = earlier.sent_at.astimezone()
    moment = f"{format_date_ui(when.date())} {when:%H:%M}"
    who = earlier.sent_by or say("a desk", neutral=neutral)
    said = say("sent before by {who} on {moment}", neutral=neutral, who=who, moment=moment)
    if earlier.prepost_id:
        return say("{said} as {id}", neutral=neutral, said=said, id=earlier.prepost_id)
    if earlier.settled:
        return said
    return say("{said}, its answer lost or unreadable", neutral=neutral, said=said)


def _advice(result: RowResult, words: str, *, neutral: bool) -> str:
    """What to do with a row the operator may have taken, and its words."""
    if result is RowResult.UNREADABLE:
        return say(
            "the operator took it but its answer could not be read (kept); follow it up in the "
            "operator's list, cancel it there, or send it again on purpose (--again): {words}",
            neutral=neutral,
            words=words,
        )
    return say(
        "no answer came: the operator may have it; follow it up in the operator's list, or send "
        "it again on purpose (--again): {words}",
        neutral=neutral,
        words=words,
    )


def _results(
    orders: Sequence[tuple[int, Order]], report: CreationReport, *, neutral: bool
) -> list[dict[str, Any]]:
    """One result a row, in the file's order: created (with its id), refused (the operator's
    words with its code), unreadable or lost (what to do), sent before, or not sent; the
    words in English when ``neutral`` (JSON), else in the spoken language."""
    results = []
    for index, (row, order) in enumerate(orders):
        outcome = report.outcome(index)
        result: dict[str, Any] = {
            "row": row,
            "recipient": order.recipient.name,
            "result": outcome.result.value,
            "id": outcome.shipment.prepost_id if outcome.shipment else None,
            "error": None,
        }
        if outcome.result is RowResult.REFUSED:
            result["error"] = outcome.words
        elif outcome.result in (RowResult.UNREADABLE, RowResult.LOST):
            result["error"] = _advice(outcome.result, outcome.words, neutral=neutral)
        elif outcome.earlier is not None:
            result["error"] = _earlier_words(outcome.earlier, neutral=neutral)
            result["id"] = outcome.earlier.prepost_id
        results.append(result)
    return results


def _say(results: Sequence[dict[str, Any]], *, as_json: bool) -> None:
    if as_json:
        print_json(results)
        return
    for result in results:
        words = result["error"]
        said = {
            "created": result["id"],
            "refused": say("Refused ({words})", words=words),
            "unreadable": say("Sent, answer unreadable ({words})", words=words),
            "lost": say("Sent, no answer ({words})", words=words),
            "sent_before": say("Not sent: {words} (--again sends it)", words=words),
            "not_sent": say("Not sent"),
        }
        row = say("row {row}", row=result["row"])
        sys.stdout.write(f"{row}  {visible(said[result['result']])}  {visible(result['recipient'])}\n")


def _named_before(
    orders: Sequence[tuple[int, Order]], earlier: dict[int, EarlierSending], again: bool
) -> None:
    """The rows sent before, said on stderr before anything is asked or sent."""
    for index, earlier_one in sorted(earlier.items()):
        row = orders[index][0]
        what = say("will be sent again (--again)") if again else say("will not be sent")
        earlier_words = _earlier_words(earlier_one, neutral=False)
        error(say("row {row}: {earlier}; {what}", row=row, earlier=earlier_words, what=what))


def _run_create(args: argparse.Namespace, context: AppContext) -> int:
    # lazy: the command line starts without it
    from postalgui.services.shipping.orders import complete_orders, read_order_file

    path = _orders_file(args.orders)
    sender = _sender(context)
    try:
        read = read_order_file(path, sender)
    except TableFileError as exc:  # unreadable, or a required column missing: the file's fault
        raise BadOption(f"--from: {routine_text(exc)}") from None
    say_ignored_columns(path.name, read.ignored)
    rows = read.rows
    _checked(rows, path)  # the file's own problems first: no CEP is asked for a bad file
    with progress_task(say("completing addresses from their CEPs")) as task:
        rows = complete_orders(task, context.shipping, rows)
    orders = _checked(rows, path)
    with progress_task(say("looking for rows sent before")) as task:
        earlier = sent_before(task, context.shipping, [order for _, order in orders])
    _named_before(orders, earlier, args.again)
    to_send = orders if args.again else [item for index, item in enumerate(orders) if index not in earlier]
    if to_send:
        confirm(args.yes, _summary(to_send, sender, context.shipping.card()), say("Send them?"))
    with progress_task(say("creating pre-postings")) as task:
        report = create_prepostings(task, context.shipping, [order for _, order in orders], again=args.again)
    results = _results(orders, report, neutral=args.json)
    _say(results, as_json=args.json)
    if report.failed:
        error(say("stopped: {problem}", problem=report.failed))
    error(_tally(results))
    return EXIT_OK if all(result["result"] == "created" for result in results) else EXIT_API_ERROR


def _tally(results: Sequence[dict[str, Any]]) -> str:
    """``1 pre-posting created, 2 rows sent before, not sent (--again sends them) (exit status 1)``."""
    counts = Counter(result["result"] for result in results)
    said = {
        "created": count(counts["created"], "pre-posting created", "pre-postings created"),
        "sent_before": count(
            counts["sent_before"],
            "row sent before, not sent (--again sends it)",
            "rows sent before, not sent (--again sends them)",
        ),
        "refused": count(counts["refused"], "row refused", "rows refused"),
        "unreadable": count(
            counts["unreadable"], "row sent, answer unreadable", "rows sent, answer unreadable"
        ),
        "lost": count(counts["lost"], "row sent, no answer", "rows sent, no answer"),
        "not_sent": count(counts["not_sent"], "row not sent", "rows not sent"),
    }
    parts = [text for result, text in said.items() if result == "created" or counts[result]]
    failed = len(results) - counts["created"]
    return ", ".join(parts) + (say(" (exit status 1)") if failed else "")
