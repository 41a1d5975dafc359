"""How a task's routine failure reads: apart from the runner and the strip, which both
take it (the runner hands it to the strip), so neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass

from postalgui.gui.widgets.message_kind import MessageKind

__all__ = ["Failure"]


@dataclass(frozen=True)
class Failure:
    """How a task's routine failure reads in the message area: what failed (``%1`` is the
    error's text), the message's key (a new failure replaces the previous one) and how
    serious it is (a background refresh that failed is a warning, a click that failed an
    error). With it a caller needs no ``on_error`` slot of its own."""

    template: str | None = None
    key: str | None = None
    kind: MessageKind = MessageKind.ERROR
