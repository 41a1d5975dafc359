"""How serious a message is; apart from the strip's widgets so the window can name it cheaply."""

from __future__ import annotations

from enum import Enum


class MessageKind(Enum):
    """How serious a message is: picks its colours and icon."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"
