"""Display helpers shared by the tabs: colours that follow the palette, grams, numbers.

Numbers (grams, centimetres, counts) are written as the interface speaks: ``1.500 g``
and ``20,5 cm`` in Portuguese, ``1,500 g`` and ``20.5 cm`` in English. Money is not
here: it is always reais in Brazilian form (``R$ 1.234,56``, `format_brl`), in both.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from postalgui.gui.i18n import app_locale


def format_count(number: int) -> str:
    """``12500`` -> ``"12.500"`` (Portuguese) or ``"12,500"`` (English)."""
    return app_locale().toString(number)


def format_grams(grams: int | None) -> str:
    """``"12.500 g"`` in Portuguese, ``"12,500 g"`` in English; empty for no weight (table cells)."""
    return "" if grams is None else f"{format_count(grams)} g"


def format_measure(value: Decimal | float | None) -> str:
    """A size without trailing zeros: ``20,5`` / ``20`` (Portuguese), ``20.5`` (English); empty for none."""
    if value is None:
        return ""
    text = format(Decimal(str(value)).normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", app_locale().decimalPoint())


def error_colour() -> QColor:
    """A red that reads on the current palette: darker on light themes, lighter on dark."""
    base = QGuiApplication.palette().color(QPalette.ColorRole.Base)
    return QColor("#ff7b72") if base.lightness() < 128 else QColor("#c42b1c")
