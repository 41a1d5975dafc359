"""Printing for the CLI: JSON to stdout alone, messages to stderr, exit statuses.

Exit status: 0 success, 1 operator or network error, 2 invalid input (nothing sent).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TextIO

EXIT_OK = 0
EXIT_API_ERROR = 1
EXIT_INVALID_INPUT = 2


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


def error(message: str) -> None:
    sys.stderr.write(f"postalgui: {message}\n")


class BadOption(Exception):  # noqa: N818  # control flow inside the commands, never shown raw
    """An option is wrong; the message names it (exit 2, nothing sent)."""


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
