"""``postalgui price history``: the quote history of the office database, newest first.

The same history the Prices tab shows (this environment's quotes, every desk's when the
office shares a server), each line with when (local time, ``DD/MM/AAAA HH:MM``), who, product, route, and
price or error; ``--json`` the same fields as a list of objects, money as a dot-decimal
string as the other ``price`` commands print it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from postalgui.api.values import format_brl, format_cep
from postalgui.cli.language import say
from postalgui.cli.options import BadOption, add_json, subcommand, whole_number
from postalgui.cli.output import EXIT_OK, error, moment_json, moment_text, print_json, visible

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.price.history import HistoryEntry

__all__ = ["DEFAULT_LIMIT", "add_history", "entry_json", "entry_line"]

DEFAULT_LIMIT = 50
"""Quotes listed without ``--limit``: a screenful or two; ``--search`` narrows, ``--limit`` widens."""


def add_history(sub: Commands) -> None:
    subcommand(
        sub,
        "history",
        _run_history,
        _add_history_options,
        summary="list the quote history, newest first, with who made each quote and when",
        description=_DESCRIPTION,
    )


_DESCRIPTION = (
    "List the quotes kept in the office database for this environment (every desk's when the office "
    "shares a database), newest first: when (local time), who, product, route, and price or error."
)


def _add_history_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mine", action="store_true", help="only the quotes made with the configured login")
    parser.add_argument(
        "--search",
        metavar="TEXT",
        default="",
        help="every word must match a product, CEP, country, request number or error",
    )
    parser.add_argument("--limit", metavar="N", help=f"at most N quotes (default {DEFAULT_LIMIT})")
    add_json(parser)


def _run_history(args: argparse.Namespace, context: AppContext) -> int:
    limit = whole_number("--limit", args.limit, 1) or DEFAULT_LIMIT
    author = None
    if args.mine:
        author = context.login
        if not author:
            raise BadOption(
                say(
                    "--mine: needs a login, and none is configured for the {environment} environment "
                    "(set it in Settings, or POSTALGUI_USER)",
                    environment=context.env_key,
                )
            )
    entries = context.quote_history().search(args.search, limit=limit, author=author)
    if args.json:
        print_json([entry_json(entry) for entry in entries])
        return EXIT_OK
    if not entries:  # said, so an empty history is not mistaken for a command that did nothing
        error(_nothing_found(args.search, mine=args.mine))
        return EXIT_OK
    sys.stdout.writelines(entry_line(entry) + "\n" for entry in entries)
    return EXIT_OK


def _nothing_found(search: str, *, mine: bool) -> str:
    if search.strip():
        return say("no quotes match '{search}'", search=search.strip())
    return say("no quotes of yours yet") if mine else say("no quotes yet")


def _place(cep: str | None, country: str | None = None) -> str:
    return country or (format_cep(cep) if cep else "")


def entry_line(entry: HistoryEntry) -> str:
    """``25/11/2026 14:03  clerk.a  03220  01310-100 -> 20040-020  R$ 19,92`` (or ``ERROR ...``):
    local time, written as every command writes one (`moment_text`)."""
    query = entry.query
    when = moment_text(entry.at)
    route = f"{_place(query.cepOrigem):9} -> {_place(query.cepDestino, query.sgPaisDestino):9}"
    head = f"{when}  {entry.created_by or '-':12}  {query.coProduto:5}  {route}  "
    error = entry.error
    if error is None and entry.response is not None and entry.response.pcFinal is not None:
        return head + f"{format_brl(entry.response.pcFinal):>12}"
    return head + f"{say('ERROR')} {visible(error)}" if error is not None else head.rstrip()


def entry_json(entry: HistoryEntry) -> dict[str, Any]:
    """The line's fields: ``when`` ISO 8601 with its offset as stored (UTC, as every command's
    JSON), ``price`` dot-decimal, ``error`` or null."""
    query, response, error = entry.query, entry.response, entry.error
    price = None if error is not None or response is None or response.pcFinal is None else response.pcFinal
    return {
        "id": entry.id,
        "when": moment_json(entry.at),
        "who": entry.created_by,
        "product": query.coProduto,
        "productName": None if response is None else response.product_name,
        "origin": query.cepOrigem,
        "destination": query.sgPaisDestino or query.cepDestino,
        "price": None if price is None else format(price, "f"),
        "error": None if error is None else str(error),
        "source": entry.source,
    }
