"""What the CLI says about a table file it read beside the rows: the columns it did not
read. One sentence for `price batch`, `addresses import` and `ship create --from`, so a
column nobody understands is named the same way by each, never dropped in silence."""

from __future__ import annotations

from collections.abc import Sequence

from postalgui.cli.language import say
from postalgui.cli.output import error

__all__ = ["say_ignored_columns"]


def say_ignored_columns(name: str, titles: Sequence[str]) -> None:
    """``note: orders.csv: columns not read (not known): Fax`` on stderr; nothing when none."""
    if titles:
        titles_said = ", ".join(titles)
        error(say("note: {name}: columns not read (not known): {titles}", name=name, titles=titles_said))
