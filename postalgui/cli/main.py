"""Entry of ``postalgui <command>``: parse, build the context, run, map errors to exit codes."""

from __future__ import annotations

import argparse
import contextlib
import sys
import traceback
from pathlib import Path

from postalgui.api.cancel import Cancelled
from postalgui.api.errors import CredentialsMissingError, RoutineError
from postalgui.api.masking import scrub
from postalgui.api.values import InvalidValue
from postalgui.cli import (
    addresses_cmd,
    attendance_cmd,
    branches_cmd,
    cep_cmd,
    claims_cmd,
    contracts_cmd,
    database_cmd,
    deadline_cmd,
    invoices_cmd,
    partner_cmd,
    price_cmd,
    report_cmd,
    returns_cmd,
    sandbox_cmd,
    sent_cmd,
    ship_cmd,
    token_cmd,
    track_cmd,
)
from postalgui.cli.language import pick, say, speak
from postalgui.cli.options import lang_option
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_BROKEN_PIPE,
    EXIT_BUG,
    EXIT_INVALID_INPUT,
    cli_logging,
    error,
    silence_stdout,
    visible_streams,
)
from postalgui.cli.queued import say_queued
from postalgui.cli.worded import routine_text
from postalgui.services.context import build_context
from postalgui.services.overrides import ConfigError
from postalgui.services.paths import app_paths
from postalgui.services.table_files import TableFileError

COMMAND_MODULES = [
    token_cmd,
    price_cmd,
    deadline_cmd,
    cep_cmd,
    addresses_cmd,
    invoices_cmd,
    contracts_cmd,
    branches_cmd,
    attendance_cmd,
    track_cmd,
    claims_cmd,
    ship_cmd,
    returns_cmd,
    partner_cmd,
    database_cmd,
    report_cmd,
    sent_cmd,
    sandbox_cmd,
]


def build_parser() -> argparse.ArgumentParser:
    # argparse exits with 2 on bad usage, which is our 'invalid input' status too.
    parser = argparse.ArgumentParser(
        prog="postalgui",
        description="PostalGUI: the postal operator's business APIs from the command line. "
        "Without a command, opens the window.",
        epilog="Exit status: 0 success, 1 operator or network error, 2 invalid input, "
        "70 an unexpected error (details with -v), 141 stdout closed early (| head).",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log requests to stderr, and tracebacks")
    lang_option(parser, top=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    with visible_streams():  # nothing echoed from a file, an argument or the operator is obeyed
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    speak(pick(args.lang, app_paths().settings_file))
    with cli_logging(verbose=args.verbose):
        try:
            status = _run(args)
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit flush
            return status
        except KeyboardInterrupt:  # Ctrl+C before the command ran (while the context was built)
            error(say("interrupted"))
            return 130
        except BrokenPipeError:  # `postalgui ... | head`: the reader has what it wanted
            silence_stdout()
            return EXIT_BROKEN_PIPE
        except Exception as exc:  # noqa: BLE001  # a bug: one line, the traceback with -v
            return _unexpected(exc, verbose=args.verbose)


def _unexpected(exc: Exception, *, verbose: bool) -> int:
    if verbose:
        sys.stderr.write(scrub("".join(traceback.format_exception(exc))))
    lines = scrub(str(exc)).strip().splitlines()
    what = f"{type(exc).__name__}: {lines[0][:200]}" if lines else type(exc).__name__
    error(say("unexpected error ({what})", what=what) + ("" if verbose else say("; run with -v for details")))
    return EXIT_BUG


KEYRING_NOTE_MARKER = "keyring-note-shown"
"""The file in the config folder that says the keyring note was given on this machine."""


def note_keyring_once(config_dir: Path, *, verbose: bool) -> None:
    """Say once per machine (config folder) that credentials are not kept; ``-v`` says it again.

    A script run every minute on a server without a keyring service would otherwise
    print the same note every time. When the marker cannot be written the note is said
    again next time, which is the safe side.
    """
    marker = config_dir / KEYRING_NOTE_MARKER
    if marker.exists() and not verbose:
        return
    error(
        say(
            "note: no usable system keyring; credentials and tokens are kept for this run only "
            "(set POSTALGUI_USER and POSTALGUI_ACCESS_CODE, or install a keyring service). "
            "Said once on this machine; -v says it again."
        )
    )
    with contextlib.suppress(OSError):
        marker.write_text("The note about the missing system keyring was shown.\n", encoding="utf-8")


def _run(args: argparse.Namespace) -> int:
    if getattr(args, "run_plain", None) is not None:
        return int(args.run_plain(args))
    try:
        context = build_context()
    except ConfigError as exc:
        error(scrub(str(exc)))
        return EXIT_INVALID_INPUT
    if context.store.problem:  # a bad value reset, a newer file read only: said once, never rewritten
        error(say("note: {problem}", problem=context.store.problem))
    if not context.credentials.persistent:
        note_keyring_once(context.paths.config_dir, verbose=args.verbose)
    try:
        return int(args.run(args, context))
    except (InvalidValue, TableFileError) as exc:  # a bad value, an unreadable file: the input's fault
        error(routine_text(exc))
        return EXIT_INVALID_INPUT
    except CredentialsMissingError as exc:
        error(
            say(
                "{message}: set them in Settings or POSTALGUI_USER and POSTALGUI_ACCESS_CODE",
                message=routine_text(exc),
            )
        )
        return EXIT_API_ERROR
    except RoutineError as exc:  # the operator, the network, a store of a newer PostalGUI: said, no traceback
        error(routine_text(exc))
        return EXIT_API_ERROR
    except (Cancelled, KeyboardInterrupt):
        error(say("interrupted"))
        return 130
    finally:
        say_queued(context)  # last: quotes left on this computer are never silent
        context.close()
