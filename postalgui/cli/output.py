"""Printing for the CLI: JSON to stdout alone, messages to stderr, exit statuses.

Exit status: 0 success, 1 operator or network error, 2 invalid input (nothing sent).

What the CLI echoes comes from files, arguments and the operator, and a terminal obeys
control characters: ``ESC]0;...BEL`` retitles the window, ``ESC[31m`` paints, a carriage
return or a bidirectional override (U+202E, the "Trojan Source" trick) makes a line read
as something else. So every character in `HIDDEN` is shown escaped (``\\x1b``,
``\\u202e``), in two places: `visible` where a value is put into a message or a table
(`say`'s values, `print_table`'s cells, `print_fields`' values, `routine_text`; there a
tab or a line break is escaped too, so a value cannot forge a line of its own), and
`visible_streams`, which `main` puts over stdout and stderr for the whole run, so no
command can echo one raw (the CLI's own layout keeps its tabs and line breaks). JSON
keeps them as ``\\u`` escapes (`json_text`): the same strings to a parser, inert on a
terminal.
"""

from __future__ import annotations

import io
import json
import logging
import os
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TextIO, cast

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


HIDDEN = (
    r"\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 but tab and line feed, DEL, C1 (ESC, BEL, CR, CSI...)
    r"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks, embeddings, overrides, isolates
    r"\u180e\u200b-\u200d\u2028\u2029\u2060-\u2065\u206a-\u206f\ufeff\ufff9-\ufffb"  # invisible, line breaks
    r"\U000e0000-\U000e007f"  # tags
    r"\ud800-\udfff"  # lone surrogates: bytes of a name that is not UTF-8, which no stream can write
)
"""The characters the CLI never writes raw (a regular expression class's ranges)."""
_IN_VALUE = re.compile(f"[\t\n{HIDDEN}]")
_IN_TEXT = re.compile(f"[{HIDDEN}]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(value: object) -> str:
    """``value`` as text a terminal shows and never obeys: every `HIDDEN` character, tab and
    line break escaped (``\\x1b``, ``\\u202e``, ``\\n``). A backslash stays one (a Windows
    path reads as written), so escaping twice changes nothing."""
    text = str(value)
    return _IN_VALUE.sub(_escaped, text) if _IN_VALUE.search(text) else text


def visible_lines(text: str) -> str:
    """``text`` as `visible` shows it, its tabs and line breaks kept: the CLI's own layout."""
    return _IN_TEXT.sub(_escaped, text) if _IN_TEXT.search(text) else text


class VisibleStream(io.TextIOBase):
    """A text stream written through `visible_lines`; the rest is ``stream``'s own."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(visible_lines(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]  # the wrapped stream's, never None
        return self.stream.encoding

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def visible_streams() -> Iterator[None]:
    """stdout and stderr as `VisibleStream`s for one run, then as they were (tests run many)."""
    before = sys.stdout, sys.stderr
    sys.stdout = cast("TextIO", VisibleStream(sys.stdout))
    sys.stderr = cast("TextIO", VisibleStream(sys.stderr))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = before


def raw(stream: TextIO) -> TextIO:
    """The stream under a `VisibleStream`: for the control characters the CLI means (the
    progress line rewritten in place)."""
    return stream.stream if isinstance(stream, VisibleStream) else stream


def json_text(data: Any, *, indent: int | None = 2) -> str:
    """``data`` as JSON, non-ASCII as itself but every `HIDDEN` character as its ``\\u``
    escape (the same string to a parser; json escapes C0 itself)."""
    return _IN_TEXT.sub(_json_escaped, json.dumps(data, ensure_ascii=False, indent=indent, default=str))


def _json_escaped(match: re.Match[str]) -> str:
    return json.dumps(match.group()).strip('"')


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
    (stream or sys.stdout).write(json_text(data) + "\n")


def print_fields(fields: Mapping[str, Any], stream: TextIO | None = None) -> None:
    """``key: value`` lines, keys aligned, lists joined with commas."""
    out = stream or sys.stdout
    width = max((len(k) for k in fields), default=0)
    for key, value in fields.items():
        if isinstance(value, list | tuple):
            value = ", ".join(str(v) for v in value)
        out.write(f"{key.ljust(width)}  {'' if value is None else visible(value)}\n")


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
    stream = raw(sys.stderr)
    stream.write(f"\r{visible(text)}\033[K" if stream.isatty() else f"{visible(text)}\n")
    stream.flush()


def record_json(record: BaseModel) -> dict[str, Any]:
    """A record with the operator's field names (extras included), timestamps as sent."""
    data: dict[str, Any] = record.model_dump(mode="json", exclude_none=True)
    return data


def print_table(titles: Sequence[str], rows: Sequence[Sequence[str]], *, right: Iterable[int] = ()) -> None:
    """Columns padded to their widest cell; the ``right`` column positions right-aligned.
    Each cell is shown `visible`: a name with a line break stays in its row."""
    aligned = set(right)
    rows = [[visible(cell) for cell in row] for row in rows]
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
