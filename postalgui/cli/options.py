"""The argparse set-up every command module shares: a command with subcommands, one
subcommand with its options and run function, the options several commands take
(``--json``, ``--contrato``/``--dr``), and the checking of what was typed (`checked`,
`BadOption`: a rejection names the option, exit status 2).

Each module keeps its own help texts; only the way they are wired lives here, so a new
command reads like the others and the ``run``/``dest`` conventions `main` relies on hold.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from postalgui.api.values import InvalidValue, shown_value
from postalgui.cli.language import LANG_CHOICES, say
from postalgui.cli.output import EXIT_INVALID_INPUT, error
from postalgui.cli.worded import routine_text

if TYPE_CHECKING:
    from postalgui.services.context import AppContext
from postalgui.api.models.invoices import DocumentType

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_subparsers`` returns: the place commands and subcommands are added."""
Run = Callable[[argparse.Namespace, "AppContext"], int]
"""A subcommand's body: `main` calls it with the parsed arguments and the app context."""
Options = Callable[[argparse.ArgumentParser], None]
"""Adds a group of arguments to a (sub)command's parser."""

JSON_HELP = "print JSON to stdout"

_T = TypeVar("_T")


def command_group(commands: Commands, name: str, summary: str, description: str | None = None) -> Commands:
    """The top-level command ``name``; its subcommand's name lands in ``<name>_command``."""
    parser = commands.add_parser(name, help=summary, description=description)
    return parser.add_subparsers(dest=f"{name}_command", metavar="SUBCOMMAND", required=True)


def subcommand(
    sub: Commands,
    name: str,
    run: Run,
    *options: Options,
    summary: str,
    description: str | None = None,
) -> argparse.ArgumentParser:
    """One subcommand run by ``run``, its arguments added by ``options`` in their order.

    ``run`` is `guarded`: a `BadOption` it raises is said, naming the option, with exit 2.
    """
    parser = sub.add_parser(name, help=summary, description=description)
    for add in options:
        add(parser)
    lang_option(parser)
    parser.set_defaults(run=guarded(text_checked(run, _option_names(parser))))
    return parser


LANG_HELP = (
    "the language of messages and text output: pt or en (default: Settings', else the system "
    "locale's; Portuguese unless the locale names another language)"
)


def lang_option(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """``--lang pt|en``, before the command or after it; after it, it leaves the one before alone."""
    parser.add_argument(
        "--lang",
        choices=sorted(LANG_CHOICES),
        default=None if top else argparse.SUPPRESS,
        help=LANG_HELP if top else argparse.SUPPRESS,
    )


def json_option(help_text: str | None = JSON_HELP) -> Options:
    """``--json``, with ``help_text`` (none shown when it is None)."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--json", action="store_true", help=help_text)

    return add


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json`` with the common help: print JSON to stdout."""
    json_option()(parser)


def contract_options(dr_type: Callable[[str], object] = str) -> Options:
    """``--contrato`` and ``--dr`` (read by ``dr_type``), both falling back to the configured ones."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--contrato", help="contract number (default: the configured one)")
        parser.add_argument(
            "--dr", type=dr_type, help="regional office (DR) of the contract (default: the configured one)"
        )

    return add


def out_option(metavar: str, help_text: str, *, required: bool = True) -> Options:
    """``--out`` naming the file to write (a `Path`)."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--out", type=Path, required=required, metavar=metavar, help=help_text)

    return add


# --------------------------------------------------------------------------- checking what was typed


class BadOption(Exception):  # noqa: N818  # control flow inside the commands, never shown raw
    """An option is wrong; the message names it (exit 2, nothing sent)."""


def confirmed_by(yes: bool, question: str) -> bool | None:
    """True to go on (``--yes``, or the person said yes to ``question``), False when they
    said no; None when nobody can be asked (not on a terminal)."""
    if yes:
        return True
    if not sys.stdin.isatty():
        return None
    sys.stderr.write(question + say(" [y/N] "))
    sys.stderr.flush()
    answer = sys.stdin.readline().strip().casefold()
    return answer in ("y", "yes", "s", "sim")


def checked(option: str, parse: Callable[[Any], _T], value: Any) -> _T:
    """``parse(value)``, a rejected value becoming a `BadOption` that names ``option``."""
    try:
        return parse(value)
    except InvalidValue as exc:
        raise BadOption(f"{option}: {routine_text(exc)}") from None


def statement_options(what: str) -> Options:
    """``--from-invoice N --tipo-documento T`` (``what``: its help), and the hidden
    ``--poll-interval`` the tests shorten the statement's processing wait with."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--from-invoice", metavar="N", help=what)
        parser.add_argument(
            "--tipo-documento",
            metavar="T",
            help=f"the invoice's document type: {', '.join(DocumentType)} (spec 2.1)",
        )
        parser.add_argument("--poll-interval", type=float, default=None, help=argparse.SUPPRESS)

    return add


def statement_of(args: argparse.Namespace) -> tuple[str, str] | None:
    """The invoice number and document type of ``--from-invoice``/``--tipo-documento``,
    checked (``None`` without them); says on stderr that the statement is loaded."""
    # lazy: the command line starts without it
    from postalgui.api.invoices import parse_document_type, parse_invoice_number

    if args.tipo_documento is not None and args.from_invoice is None:
        raise BadOption(say("--tipo-documento: only with --from-invoice"))
    if args.from_invoice is None:
        return None
    number = checked("--from-invoice", parse_invoice_number, args.from_invoice)
    if args.tipo_documento is None:
        raise BadOption(say("--tipo-documento: required with --from-invoice (RE, RT...)"))
    kind = checked("--tipo-documento", parse_document_type, args.tipo_documento)
    if kind not in set(DocumentType):  # typed by hand: the spec's table, refused before a statement is asked
        raise BadOption(
            say(
                "--tipo-documento: {kind} is not a document type; one of {allowed}",
                kind=shown_value(kind),
                allowed=", ".join(DocumentType),
            )
        )
    error(
        say(
            "invoice {kind} {number}: its analytic statement is loaded (requested and waited for if needed)",
            kind=kind,
            number=number,
        )
    )
    return number, kind


def out_file(path: Path, option: str = "--out") -> Path:
    """``path`` if a file can be written there, checked before anything is sent or priced:
    not a folder, in a folder that exists and takes a new file (the results go to a
    temporary file beside it first)."""
    if path.is_dir():
        raise BadOption(say("{option}: {path} is a folder; name the file to write", option=option, path=path))
    folder = path.parent
    if not folder.is_dir():
        raise BadOption(say("{option}: the folder {folder} does not exist", option=option, folder=folder))
    try:
        handle, probe = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=folder)
    except OSError as exc:
        problem = say(
            "{option}: cannot write in the folder {folder} ({reason})",
            option=option,
            folder=folder,
            reason=exc.strerror or exc,
        )
        raise BadOption(problem) from None
    os.close(handle)
    Path(probe).unlink(missing_ok=True)
    return path


_MAX_DIGITS = 9
"""More digits than any page, size or count a command takes."""


def whole_number(option: str, value: str | None, minimum: int) -> int | None:
    """A whole number option (``--page``, ``--size``), at least ``minimum``; None when not given."""
    if value is None:
        return None
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or (len(text) <= _MAX_DIGITS and int(text) < minimum):
        raise BadOption(
            say(
                "{option}: must be a whole number, {minimum} or more (got {value})",
                option=option,
                minimum=minimum,
                value=shown_value(value),
            )
        )
    if len(text) > _MAX_DIGITS:  # int() of 5,000 digits is refused by Python itself
        raise BadOption(
            say(
                "{option}: is too large, at most {most} digits (got {value})",
                option=option,
                most=_MAX_DIGITS,
                value=shown_value(value),
            )
        )
    return int(text)


def _option_names(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each argument's ``dest`` and the name a user types (``--nome``; a positional's metavar)."""
    names: dict[str, str] = {}
    for action in parser._actions:  # argparse keeps its arguments nowhere public
        if action.option_strings:
            names[action.dest] = max(action.option_strings, key=len)
        else:
            names[action.dest] = str(action.metavar or action.dest).upper()
    return names


def undecodable(text: str) -> int | None:
    """The byte the terminal could not decode as UTF-8 in ``text``, None when there is none.

    Python hands such bytes over as lone surrogates (``b"\\xff"`` becomes ``"\\udcff"``),
    which cannot be sent, written to a file or printed: they crash far from the option.
    """
    for char in text:
        if "\udc80" <= char <= "\udcff":
            return ord(char) - 0xDC00
        if "\ud800" <= char <= "\udfff":
            return ord(char)
    return None


def check_text(option: str, value: object) -> None:
    """Refuse an option's text that is not valid UTF-8 (`BadOption` naming it)."""
    for text in value if isinstance(value, list | tuple) else (value,):
        if isinstance(text, str) and (byte := undecodable(text)) is not None:
            raise BadOption(
                say(
                    "{option}: must be UTF-8 text (it has the byte {byte}, which is not)",
                    option=option,
                    byte=f"{byte:#x}",
                )
            )


def text_checked(run: Callable[[Any, Any], int], names: dict[str, str]) -> Callable[[Any, Any], int]:
    """``run`` after every text option was checked with `check_text` (file names, `Path`s, may
    hold any byte and are left alone)."""

    def wrapper(args: Any, context: Any) -> int:
        for dest, value in vars(args).items():
            if dest in names:
                check_text(names[dest], value)
        return run(args, context)

    wrapper.__doc__ = run.__doc__
    return wrapper


def guarded(run: Callable[[Any, Any], int]) -> Callable[[Any, Any], int]:
    """A command's ``run(args, context)`` that turns a `BadOption` into its message and exit 2."""

    def wrapper(args: Any, context: Any) -> int:
        try:
            return run(args, context)
        except BadOption as exc:
            error(str(exc))
            return EXIT_INVALID_INPUT

    wrapper.__doc__ = run.__doc__
    return wrapper
