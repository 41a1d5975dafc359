"""The argparse set-up every command module shares: a command with subcommands, one
subcommand with its options and run function, and the options several commands take
(``--json``, ``--contrato``/``--dr``).

Each module keeps its own help texts; only the way they are wired lives here, so a new
command reads like the others and the ``run``/``dest`` conventions `main` relies on hold.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from postalgui.cli.output import guarded

if TYPE_CHECKING:
    from postalgui.services.context import AppContext

Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What ``add_subparsers`` returns: the place commands and subcommands are added."""
Run = Callable[[argparse.Namespace, "AppContext"], int]
"""A subcommand's body: `main` calls it with the parsed arguments and the app context."""
Options = Callable[[argparse.ArgumentParser], None]
"""Adds a group of arguments to a (sub)command's parser."""

JSON_HELP = "print JSON to stdout"


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
    parser.set_defaults(run=guarded(run))
    return parser


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
