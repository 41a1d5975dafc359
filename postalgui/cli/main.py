"""Entry of ``postalgui <command>``: parse, build the context, run, map errors to exit codes."""

from __future__ import annotations

import argparse
import logging
import sys

from postalgui.api.cancel import Cancelled
from postalgui.api.errors import CredentialsMissingError, RoutineError
from postalgui.api.masking import scrub
from postalgui.api.values import InvalidValue
from postalgui.cli import contracts_cmd, invoices_cmd, price_cmd, sandbox_cmd, token_cmd
from postalgui.cli.output import EXIT_API_ERROR, EXIT_INVALID_INPUT, error
from postalgui.services.context import build_context
from postalgui.services.settings import ConfigError

COMMAND_MODULES = [token_cmd, price_cmd, invoices_cmd, contracts_cmd, sandbox_cmd]


def build_parser() -> argparse.ArgumentParser:
    # argparse exits with 2 on bad usage, which is our 'invalid input' status too.
    parser = argparse.ArgumentParser(
        prog="postalgui",
        description="PostalGUI: the postal operator's business APIs from the command line. "
        "Without a command, opens the window.",
        epilog="Exit status: 0 success, 1 operator or network error, 2 invalid input.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log requests to stderr")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.verbose:
        handler = logging.StreamHandler(sys.stderr)
        from postalgui.api.masking import ScrubFilter

        handler.addFilter(ScrubFilter())
        logging.basicConfig(level=logging.DEBUG, handlers=[handler])
    if getattr(args, "run_plain", None) is not None:
        return int(args.run_plain(args))
    try:
        context = build_context()
    except ConfigError as exc:
        error(str(exc))
        return EXIT_INVALID_INPUT
    if context.store.problem:  # a bad value reset, a newer file read only: said once, never rewritten
        error(f"note: {context.store.problem}")
    if not context.credentials.persistent:
        error(
            "note: no usable system keyring; credentials and tokens are kept for this run only "
            "(set POSTALGUI_USER and POSTALGUI_ACCESS_CODE, or install a keyring service)"
        )
    try:
        return int(args.run(args, context))
    except InvalidValue as exc:
        error(scrub(str(exc)))
        return EXIT_INVALID_INPUT
    except CredentialsMissingError as exc:
        error(f"{exc.message}: set them in Settings or POSTALGUI_USER and POSTALGUI_ACCESS_CODE")
        return EXIT_API_ERROR
    except RoutineError as exc:  # the operator, the network, a store of a newer PostalGUI: said, no traceback
        error(scrub(str(exc)))
        return EXIT_API_ERROR
    except (Cancelled, KeyboardInterrupt):
        error("interrupted")
        return 130
    finally:
        context.close()
