"""The ticket text as the counter prints it: 50 characters a line (spec 002 2.4).

The clerk types the ticket one printed line per text line; `preview_lines` says, line by
line, what will print and which lines break the rule, so the problem shows while typing
rather than as a refusal after Register. `preview_html` renders that for the preview
pane, with the lines over 50 characters marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from postalgui.api.values.ster import TICKET_LINE

__all__ = ["PreviewLine", "preview_html", "preview_lines"]


@dataclass(frozen=True)
class PreviewLine:
    """One printed line: its number (from 1), its text, and whether it is too long."""

    number: int
    text: str

    @property
    def length(self) -> int:
        return len(self.text)

    @property
    def over(self) -> bool:
        return self.length > TICKET_LINE

    @property
    def has_plus(self) -> bool:
        """``+`` separates lines on the wire: it cannot be inside one."""
        return "+" in self.text


def preview_lines(text: str) -> list[PreviewLine]:
    """The typed text's lines as they print (trailing blanks and empty last lines dropped)."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return [PreviewLine(number, line) for number, line in enumerate(lines, start=1)]


def preview_html(lines: list[PreviewLine], marker: str, colour: str, plus_marker: str = "") -> str:
    """The lines in a monospaced block, a ruler of 50 on top; a bad line in ``colour``, its
    part past 50 underlined and ``marker`` on the row below (always in view, however long).

    ``marker`` is a translated note with ``%1`` for the line's length; ``plus_marker`` the
    note for a line holding a ``+`` (which the wire reads as a line break).
    """
    ruler = "".join(str(i % 10) for i in range(1, TICKET_LINE + 1))
    rows = [f'<span style="color: gray">   {ruler}</span>']
    for line in lines:
        number = f"{line.number:>2} "
        if line.over or line.has_plus:
            fits, rest = escape(line.text[:TICKET_LINE]), escape(line.text[TICKET_LINE:])
            text = marker if line.over or not plus_marker else plus_marker
            note = escape(text.replace("%1", str(line.length)))
            rows.append(f'<span style="color: {colour}">{number}{fits}<u>{rest}</u></span>')
            rows.append(f'<span style="color: {colour}">   \N{WARNING SIGN} {note}</span>')
        else:
            rows.append(f"{number}{escape(line.text)}")
    return '<pre style="margin: 0">' + "\n".join(rows) + "</pre>"
