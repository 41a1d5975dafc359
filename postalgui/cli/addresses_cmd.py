"""``postalgui addresses``: the office's address book (senders and recipients).

``addresses list`` shows it (``--kind``, ``--search`` as the tab searches: no accents, any
case, CEP digits; ``--json`` with each address's ``versao`` and who changed it last);
``addresses import FILE`` reads a CSV (``;``) or .xlsx whose columns
are named as the pre-posting API names them (``nome``, ``cep``, ``logradouro``...,
``grupo``) or as sheets write them (``cpf_cnpj``, ``telefone``...), says which columns
it did not read, fills street, district, city and state from the CEP when they are
empty, and says every problem naming its row and column. A file with a bad row exits 2 with
nothing saved, unless ``--skip-bad`` saves the good rows. An import only adds addresses
(each new, at version 1): it never writes over one a desk may be editing. The CLI speaks the user's
language (`cli.language`); the operator's words (an unknown CEP) stay as sent.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.values import format_cep
from postalgui.cli.file_notes import say_ignored_columns
from postalgui.cli.language import count, say
from postalgui.cli.options import BadOption, confirmed_by, json_option, subcommand
from postalgui.cli.output import EXIT_INVALID_INPUT, EXIT_OK, error, print_json, print_table
from postalgui.cli.worded import routine_text
from postalgui.services.shipping.addresses import AddressKind

if TYPE_CHECKING:
    from postalgui.cli.options import Commands
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.address_import import AddressFile, AddressRow
    from postalgui.services.shipping.addresses import Address
from pathlib import Path

from postalgui.services.table_files import TableFileError

__all__ = ["add_parser"]

KINDS = [kind.value for kind in AddressKind]


def add_parser(commands: Commands) -> None:
    parser = commands.add_parser(
        "addresses",
        help="the office's address book: senders and recipients",
        description="The office's address book (the office database: every desk shares it). "
        "'list' shows it, 'import' adds the rows of a CSV or .xlsx file.",
    )
    sub = parser.add_subparsers(dest="addresses_command", metavar="SUBCOMMAND", required=True)
    subcommand(
        sub,
        "list",
        _run_list,
        _add_list_options,
        json_option("print JSON to stdout: the addresses"),
        summary="senders and recipients, senders first, by name",
        description="The address book as stored. --search finds a name, city, e-mail, group or CEP "
        "without accents or case.",
    )
    subcommand(
        sub,
        "import",
        _run_import,
        _add_import_options,
        json_option("print JSON to stdout: what was saved and each row's problems"),
        summary="add the addresses of a CSV or .xlsx file",
        description="Columns named as the pre-posting API names them: 'nome, cep, logradouro, numero, "
        "complemento, bairro, cidade, uf, email, celular, cpfCnpj' and 'grupo' (the name and the CEP "
        "required; a row without street, district, city and state takes them from its CEP), in any "
        "case, with or without accents, '_' or '-', or as sheets name them: 'CPF', 'CNPJ', "
        "'telefone', 'fone', 'endereco', 'municipio', 'estado'... A column not understood is named "
        "on stderr (its cells are not read). Every problem is said naming its row and column. "
        "Exit status: 0 saved, 1 the CEP service or the database failed, 2 a row has a problem "
        "(nothing saved unless --skip-bad), the file cannot be read, or no --yes without a terminal.",
    )


def _add_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--kind", choices=KINDS, help="senders or recipients only")
    parser.add_argument("--search", default="", metavar="TEXT", help="name, city, e-mail, group or CEP")


def _add_import_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a CSV (';', UTF-8 or Latin-1) or .xlsx file")
    parser.add_argument(
        "--kind",
        choices=KINDS,
        default=AddressKind.RECIPIENT.value,
        help="what the rows are (default: recipient)",
    )
    parser.add_argument("--skip-bad", action="store_true", help="save the good rows when some have problems")
    parser.add_argument(
        "--yes", action="store_true", help="save without asking (required when not on a terminal)"
    )


# --------------------------------------------------------------------------- list


def _as_json(address: Address) -> dict[str, Any]:
    return {
        "uid": address.uid, "kind": address.kind.value, "nome": address.name, "cep": address.cep,
        "logradouro": address.street, "numero": address.number, "complemento": address.complement,
        "bairro": address.district, "cidade": address.city, "uf": address.state, "email": address.email,
        "celular": address.phone, "cpfCnpj": address.cpf_cnpj, "grupo": address.group,
        "padrao": address.is_default, "logo": address.logo is not None,
        "criadoPor": address.created_by, "criadoEm": address.created_at, "versao": address.version,
        "alteradoPor": address.updated_by, "alteradoEm": address.updated_at,
    }  # fmt: skip


def _run_list(args: argparse.Namespace, context: AppContext) -> int:
    kind = AddressKind(args.kind) if args.kind else None
    addresses = context.shipping.addresses().list(kind=kind, search=args.search)
    if args.json:
        print_json([_as_json(address) for address in addresses])
        return EXIT_OK
    if addresses:
        rows = [
            [
                _kind_word(address.kind) + (say(" (default)") if address.is_default else ""),
                address.name,
                format_cep(address.cep),
                f"{address.city}/{address.state}" if address.city else "",
                address.group,
            ]
            for address in addresses
        ]
        print_table([say("kind"), say("name"), "cep", say("city"), say("group")], rows)
    error(count(len(addresses), "address", "addresses"))
    return EXIT_OK


def _kind_word(kind: AddressKind) -> str:
    return say("sender") if kind is AddressKind.SENDER else say("recipient")


# --------------------------------------------------------------------------- import


def _problem_lines(rows: list[AddressRow]) -> list[str]:
    return [
        say(
            "row {row}, column {column}: {message}",
            row=problem.row,
            column=problem.column or "-",
            message=problem.message,
        )
        for row in rows
        for problem in row.problems
    ]


def _import_json(read: AddressFile, saved: int) -> dict[str, Any]:
    problems = [
        {"row": problem.row, "column": problem.column, "message": problem.message}
        for row in read.rows
        for problem in row.problems
    ]
    return {
        "saved": saved,
        "rows": len(read.rows),
        "problems": problems,
        "ignoredColumns": list(read.ignored),
    }


def _run_import(args: argparse.Namespace, context: AppContext) -> int:

    # lazy: the command line starts without it
    from postalgui.services.shipping.address_import import (
        AddressFile,
        complete_addresses,
        import_addresses,
        read_address_file,
    )

    path = Path(args.file)
    if not path.is_file():
        raise BadOption(say("FILE: {file} is not a file", file=args.file))
    kind = AddressKind(args.kind)
    try:
        read = read_address_file(path, kind)
    except TableFileError as exc:
        raise BadOption(f"FILE: {routine_text(exc)}") from None
    say_ignored_columns(path.name, read.ignored)
    if not read.rows:
        raise BadOption(say("FILE: {name} has no address rows under its header", name=path.name))
    read = AddressFile(complete_addresses(PlainTask(), context.shipping, read.rows), read.ignored)
    rows = read.rows
    for line in _problem_lines(rows):
        error(line)
    good = sum(row.good for row in rows)
    bad = len(rows) - good
    if (bad and not args.skip_bad) or not good:
        if args.json:
            print_json(_import_json(read, 0))
        error(
            say("{rows} with problems: nothing saved", rows=count(bad, "row", "rows"))
            + (say(" (--skip-bad saves the good rows)") if bad and good else "")
        )
        return EXIT_INVALID_INPUT
    people = (
        count(good, "sender", "senders")
        if kind is AddressKind.SENDER
        else count(good, "recipient", "recipients")
    )
    question = say("Save {people} to the office's address book?", people=people)
    confirmed = confirmed_by(args.yes, question)
    if confirmed is None:
        raise BadOption(
            say("--yes: not on a terminal, so nobody can confirm; give --yes to save (nothing was saved)")
        )
    if not confirmed:
        error(say("nothing was saved"))
        return EXIT_INVALID_INPUT
    saved = import_addresses(PlainTask(), context.shipping, rows)
    if args.json:
        print_json(_import_json(read, saved))
    skipped = say(", {rows} with problems skipped", rows=count(bad, "row", "rows")) if bad else ""
    error(count(saved, "address saved", "addresses saved") + skipped)
    return EXIT_OK
