"""What became of an order sent to the operator, in the clerk's words (context
``ShippingOutcome``), for the orders dialog's rows and the new pre-posting dialog.

A pre-posting the operator took but whose answer could not be read, or whose answer never
came, is never said as "not sent": the row says it was sent and what to do (follow it up
in the operator's list, cancel it there, or send it again on purpose).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg, local_datetime
from postalgui.services.shipping.use_cases import RowResult

if TYPE_CHECKING:
    from postalgui.services.shipping.use_cases import EarlierSending, RowOutcome

__all__ = ["earlier_text", "outcome_text"]

_CONTEXT = "ShippingOutcome"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def earlier_text(earlier: EarlierSending) -> str:
    """ "Sent before by ana on 27/11/2026 10:02 as PR...: not sent again" and its unsettled twin."""
    who = earlier.sent_by or _tr("another desk")
    when = local_datetime(earlier.sent_at)
    if earlier.prepost_id:
        return arg(_tr("Sent before by %1 on %2 as %3: not sent again"), who, when, earlier.prepost_id)
    return arg(_tr("Sent before by %1 on %2, its answer lost or unreadable: not sent again"), who, when)


def outcome_text(outcome: RowOutcome) -> str:
    """One order's result as its row says it."""
    if outcome.result is RowResult.CREATED and outcome.shipment is not None:
        return arg(_tr("Created: %1"), outcome.shipment.prepost_id)
    if outcome.result is RowResult.REFUSED:
        return arg(_tr("Refused: %1"), outcome.words)
    if outcome.result is RowResult.UNREADABLE:
        return _tr(
            "Sent, answer unreadable: the operator took it. Follow it up in the operator's list, "
            "cancel it there, or send it again on purpose"
        )
    if outcome.result is RowResult.LOST:
        return arg(
            _tr(
                "Sent, no answer (%1): the operator may have it. Follow it up in the operator's list, "
                "or send it again on purpose"
            ),
            outcome.words,
        )
    if outcome.result is RowResult.SENT_BEFORE and outcome.earlier is not None:
        return earlier_text(outcome.earlier)
    return _tr("Not sent")
