"""How the Shipping tab prints, and how long a return authorization lasts: saved with the other
settings (``Settings.shipping``).

The label layout and the printer are remembered after each print, so the next batch goes
to the thermal printer it went to before, at its size, without the clerk choosing again.
The values are the layouts' own names (`documents.reports.labels.Layout`, the operator's
`OperatorLayout`), kept as strings here so a settings file reads without the PDF engine.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from postalgui.services.frozen_model import FrozenModel

__all__ = [
    "LABEL_LAYOUTS",
    "OPERATOR_LAYOUTS",
    "LabelLayoutName",
    "LabelSource",
    "OperatorLayoutName",
    "ShippingSettings",
]

LabelLayoutName = Literal["a4", "100x150", "100x80", "a4-1"]
OperatorLayoutName = Literal["PADRAO", "LINEAR_100_150", "LINEAR_100_80", "LINEAR_A4", "LINEAR_A"]
LabelSource = Literal["ours", "operator"]

LABEL_LAYOUTS: tuple[LabelLayoutName, ...] = ("a4", "100x150", "100x80", "a4-1")
"""Our layouts, in the order the labels dialog offers them."""
OPERATOR_LAYOUTS: tuple[OperatorLayoutName, ...] = (
    "PADRAO",
    "LINEAR_100_150",
    "LINEAR_100_80",
    "LINEAR_A4",
    "LINEAR_A",
)
"""The operator's ``layoutImpressao`` values, in the order the dialog offers them."""


class ShippingSettings(FrozenModel):
    layout: LabelLayoutName = "100x150"
    """The layout of the labels made here: the thermal printer's size is what offices use most."""
    printer: str = ""
    """The printer labels last went to; ``""`` is the system's default printer."""
    label_source: LabelSource = "ours"
    """Labels made here (``ours``) or the operator's own PDF (``operator``)."""
    operator_layout: OperatorLayoutName = "PADRAO"
    """The layout asked of the operator when its labels are chosen."""
    return_days: int = Field(default=30, ge=1, le=90)
    """A return authorization is valid this many days from the day it is made (the customer
    takes the parcel to a branch within them)."""
