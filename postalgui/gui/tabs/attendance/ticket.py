"""The ticket text as the counter prints it: 50 characters a line (spec 002 2.4).

The clerk types the ticket one printed line per text line; a line longer than 50
characters is wrapped at its last blank that fits (`values.ster.wrap_ticket_line`, the
rule Register sends by), so the clerk need not count. `preview_lines` says, line by
line, what will print and which lines a wrap made; `preview_html` renders that for the
preview pane, marking the wrapped lines and, in colour, a line holding a ``+`` (which the
wire reads as a line break), so the problem shows while typing rather than after Register.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from postalgui.api.values.ster import TICKET_LINE, wrap_ticket_line

__all__ = ["PreviewLine", "preview_html", "preview_lines"]

WRAP_MARK = "\N{RIGHTWARDS ARROW WITH HOOK}"
"""Beside a printed line that continues the typed line above it."""


@dataclass(frozen=True)
class PreviewLine:
    """One printed line: its number (from 1), its text, and whether a wrap made it."""

    number: int
    text: str
    wrapped: bool = False

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def has_plus(self) -> bool:
        """``+`` separates lines on the wire: it cannot be inside one."""
        return "+" in self.text


def preview_lines(text: str) -> list[PreviewLine]:
    """The typed text's lines as they print: each wrapped at 50 characters (trailing
    blanks and empty last lines dropped)."""
    typed = [line.rstrip() for line in text.splitlines()]
    while typed and not typed[-1]:
        typed.pop()
    printed: list[PreviewLine] = []
    for line in typed:
        for part, piece in enumerate(wrap_ticket_line(line)):
            printed.append(PreviewLine(len(printed) + 1, piece, wrapped=part > 0))
    return printed


def preview_html(lines: list[PreviewLine], colour: str, plus_marker: str, wrap_note: str = "") -> str:
    """The lines in a monospaced block, a ruler of 50 on top; a wrapped line marked
    `WRAP_MARK`, a line holding a ``+`` in ``colour`` with ``plus_marker`` on the row below
    (always in view). ``wrap_note``, when any line was wrapped, closes the block."""
    ruler = "".join(str(i % 10) for i in range(1, TICKET_LINE + 1))
    rows = [f'<span style="color: gray">   {ruler}</span>']
    for line in lines:
        mark = f'<span style="color: gray">{WRAP_MARK}</span>' if line.wrapped else " "
        number = f"{line.number:>2}{mark}"
        if line.has_plus:
            rows.append(f'<span style="color: {colour}">{number}{escape(line.text)}</span>')
            rows.append(f'<span style="color: {colour}">   \N{WARNING SIGN} {escape(plus_marker)}</span>')
        else:
            rows.append(f"{number}{escape(line.text)}")
    if wrap_note and any(line.wrapped for line in lines):
        rows.append(f'<span style="color: gray">   {WRAP_MARK} {escape(wrap_note)}</span>')
    return '<pre style="margin: 0">' + "\n".join(rows) + "</pre>"
