"""Table styles that statements and reports share: a shaded heading row, a total row, padding.

They are lists of `TableStyle` commands, so a document puts its own alignments, spans and
colours around them. Reportlab draws backgrounds, then lines, each in the order given,
and a later cell command overrides an earlier one: a document adds these where it would
have written them by hand.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints

from postalgui.documents.fonts import BOLD

__all__ = ["Command", "heading_row", "padding", "total_row"]

Command = tuple[Any, ...]
"""One `TableStyle` command, e.g. ``("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9)``."""


def heading_row(
    size: float, background: Any, rule_width: float, rule_color: Any = colors.grey
) -> list[Command]:
    """The first row in bold on ``background``, ruled below."""
    return [
        ("FONT", (0, 0), (-1, 0), BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), background),
        ("LINEBELOW", (0, 0), (-1, 0), rule_width, rule_color),
    ]


def total_row(
    size: float, rule_width: float, rule_color: Any = colors.grey, *, row: int = -1, background: Any = None
) -> list[Command]:
    """A total row (the last by default) ruled above and in bold, shaded when ``background`` is given."""
    commands: list[Command] = [
        ("LINEABOVE", (0, row), (-1, row), rule_width, rule_color),
        ("FONT", (0, row), (-1, row), BOLD, size),
    ]
    if background is not None:
        commands.append(("BACKGROUND", (0, row), (-1, row), background))
    return commands


def padding(points: float) -> list[Command]:
    """The same padding above and below every cell (reportlab's default of 3 is roomy for data)."""
    return [("TOPPADDING", (0, 0), (-1, -1), points), ("BOTTOMPADDING", (0, 0), (-1, -1), points)]
