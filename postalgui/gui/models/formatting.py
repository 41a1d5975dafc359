"""Display helpers shared by the tabs: colours that follow the palette, grams."""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from postalgui.api.values import format_grams as weight_text


def format_grams(grams: int | None) -> str:
    """``"12.500 g"``, or empty for no weight (table cells)."""
    return "" if grams is None else weight_text(grams)


def error_colour() -> QColor:
    """A red that reads on the current palette: darker on light themes, lighter on dark."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#ff7b72") if base.lightness() < 128 else QColor("#c42b1c")
