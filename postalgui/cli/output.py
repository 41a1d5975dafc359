"""Printing for the CLI: JSON to stdout alone, messages to stderr, exit statuses.

Exit status: 0 success, 1 operator or network error, 2 invalid input (nothing sent).
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TextIO

from pydantic import BaseModel

from postalgui.api.masking import scrub
from postalgui.api.values import format_date_ui
from postalgui.api.values.dates import operator_utc

EXIT_OK = 0
EXIT_API_ERROR = 1
EXIT_INVALID_INPUT = 2
EXIT_BUG = 70
"""An unexpected exception (``EX_SOFTWARE``): one line, the traceback only with ``-v``."""
EXIT_BROKEN_PIPE = 141
"""The reader of stdout went away (``| head``): 128 + SIGPIPE, as a shell reports it."""


LEGACY_KEYS_UNTIL = "0.2.0"
"""The release whose JSON drops the snake_case keys `our_keys` still prints beside the
camelCase ones (README, "JSON keys")."""


def camel(key: str) -> str:
    """``days_late`` -> ``daysLate``; a camelCase key stays as it is."""
    head, *rest = key.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def our_keys(data: Mapping[str, Any]) -> dict[str, Any]:
    """One of our own records for JSON, its keys in camelCase, as the operator's records and
    most commands print them (``objectCode``, ``createdAt``).

    The commands that printed snake_case before (``track``, ``claims``, ``sent``) keep each old
    key beside its new one, same value, until `LEGACY_KEYS_UNTIL`: a script reading
    ``days_late`` keeps working for one release while it moves to ``daysLate``. The aliases come
    after the record's own keys, so a reader of the output sees the new ones first.
    """
    record = {camel(key): value for key, value in data.items()}
    aliases = {key: value for key, value in data.items() if camel(key) != key}
    return record | aliases


def print_json(data: Any, stream: TextIO | None = None) -> None:
    json.dump(data, stream or sys.stdout, ensure_ascii=False, indent=2, default=str)
    (stream or sys.stdout).write("\n")


def print_fields(fields: Mapping[str, Any], stream: TextIO | None = None) -> None:
    """``key: value`` lines, keys aligned, lists joined with commas."""
    out = stream or sys.stdout
    width = max((len(k) for k in fields), default=0)
    for key, value in fields.items():
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        out.write(f"{key.ljust(width)}  {'' if value is None else value}\n")


def moment_json(moment: datetime | date | None) -> str | None:
    """A time or day in JSON: ISO 8601, a time with its offset as stored (aware UTC,
    ``2026-11-25T17:03:12.345678+00:00``), as every command prints it; null for none. A
    time without a zone is the operator's, Brasília's (`operator_utc`)."""
    if isinstance(moment, datetime):
        return operator_utc(moment).isoformat()
    return None if moment is None else moment.isoformat()


def moment_text(moment: datetime) -> str:
    """A time in text output: the desk's local time, ``25/11/2026 14:03``, as every command
    prints it (dates ``DD/MM/AAAA`` in both languages, as the window writes them); a time
    without a zone is the operator's, Brasília's."""
    local = operator_utc(moment).astimezone()
    return f"{format_date_ui(local.date())} {local:%H:%M}"


def error(message: str) -> None:
    sys.stderr.write(f"postalgui: {message}\n")


def progress_line(text: str) -> None:
    """A long task's progress on stderr: one line rewritten in place on a terminal, a line
    a step in a log."""
    sys.stderr.write(f"\r{text}\033[K" if sys.stderr.isatty() else f"{text}\n")
    sys.stderr.flush()


def record_json(record: BaseModel) -> dict[str, Any]:
    """A record with the operator's field names (extras included), timestamps as sent."""
    data: dict[str, Any] = record.model_dump(mode="json", exclude_none=True)
    return data


def print_table(titles: Sequence[str], rows: Sequence[Sequence[str]], *, right: Iterable[int] = ()) -> None:
    """Columns padded to their widest cell; the ``right`` column positions right-aligned."""
    aligned = set(right)
    widths = [max(len(title), *(len(row[i]) for row in rows)) for i, title in enumerate(titles)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.rjust(width) if i in aligned else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    sys.stdout.write(line(titles) + "\n")
    for row in rows:
        sys.stdout.write(line(row) + "\n")


class MessageHandler(logging.Handler):
    """Log records as the CLI's one-line messages on stderr, scrubbed of secrets.

    Without it Python's last-resort handler prints WARNING and above with their
    tracebacks. Quiet: WARNING and above, the first line of the message, never a
    traceback. Verbose (``-v``): every level, the logger's name and the traceback.
    """

    def __init__(self, *, verbose: bool) -> None:
        super().__init__(logging.DEBUG if verbose else logging.WARNING)
        self.verbose = verbose

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = scrub(record.getMessage())
            if self.verbose:
                line = f"postalgui: {record.levelname.lower()}: {record.name}: {text}"
                if record.exc_info and record.exc_info[1] is not None:
                    line += "\n" + scrub(logging.Formatter().formatException(record.exc_info))
            else:
                first = text.strip().splitlines()[0] if text.strip() else record.levelname.lower()
                line = f"postalgui: {'warning: ' if record.levelno < logging.ERROR else ''}{first}"
            sys.stderr.write(line + "\n")
        except BrokenPipeError:
            pass  # stderr went away too: nothing left to tell
        except Exception:  # noqa: BLE001  # logging must never raise into the caller
            self.handleError(record)


@contextmanager
def cli_logging(*, verbose: bool) -> Iterator[MessageHandler]:
    """`MessageHandler` on the root logger for one command, removed afterwards (tests run many)."""
    root = logging.getLogger()
    handler = MessageHandler(verbose=verbose)
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG if verbose else min(level or logging.WARNING, logging.WARNING))
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def silence_stdout() -> None:
    """After a `BrokenPipeError`: point stdout at devnull so the exit flush stays quiet.

    The way the Python documentation gives (``signal`` module, "Note on SIGPIPE").
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # a stdout without a descriptor (tests)
        pass
