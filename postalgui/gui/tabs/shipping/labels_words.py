"""The label layouts and sources in the clerk's words (the labels dialog never shows a code).

One module, so the dialog's combo boxes and its tests read the same words; they keep the
`LabelsDialog` translation context, where the catalog has them.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from postalgui.services.shipping.settings import (
    LABEL_LAYOUTS,
    OPERATOR_LAYOUTS,
    LabelLayoutName,
    LabelSource,
    OperatorLayoutName,
)

__all__ = ["layout_word", "layout_words", "operator_layout_word", "source_word"]

CONTEXT = "LabelsDialog"


def layout_word(layout: LabelLayoutName) -> str:
    """One of our layouts as the clerk knows it: the sheet and how many labels it holds."""
    words = {
        "a4": QCoreApplication.translate(CONTEXT, "A4 sheet, 4 labels a page"),
        "100x150": QCoreApplication.translate(CONTEXT, "Thermal label 100 × 150 mm"),
        "100x80": QCoreApplication.translate(CONTEXT, "Thermal label 100 × 80 mm (compact)"),
        "a4-1": QCoreApplication.translate(CONTEXT, "A4 sheet, 1 label a page"),
    }
    return words[layout]


def operator_layout_word(layout: OperatorLayoutName) -> str:
    """One of the operator's ``layoutImpressao`` values in words."""
    words = {
        "PADRAO": QCoreApplication.translate(CONTEXT, "The operator's standard label"),
        "LINEAR_100_150": QCoreApplication.translate(CONTEXT, "Operator's thermal label 100 × 150 mm"),
        "LINEAR_100_80": QCoreApplication.translate(CONTEXT, "Operator's thermal label 100 × 80 mm"),
        "LINEAR_A4": QCoreApplication.translate(CONTEXT, "Operator's A4 sheet of labels"),
        "LINEAR_A": QCoreApplication.translate(CONTEXT, "Operator's A sheet of labels"),
    }
    return words[layout]


def layout_words(source: LabelSource) -> list[tuple[str, str]]:
    """(value, words) of every layout the source offers, in the dialog's order."""
    if source == "operator":
        return [(layout, operator_layout_word(layout)) for layout in OPERATOR_LAYOUTS]
    return [(layout, layout_word(layout)) for layout in LABEL_LAYOUTS]


def source_word(source: LabelSource) -> str:
    if source == "operator":
        return QCoreApplication.translate(CONTEXT, "The operator's labels (asked online)")
    return QCoreApplication.translate(CONTEXT, "Made here (PostalGUI's labels)")
