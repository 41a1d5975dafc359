"""`ShipThis`: "Ship this" under the comparison: the selected national quote made into a
shipment draft.

Apart from the tab, which only places the button and passes the draft on: the Prices tab
never imports the Shipping tab; the window opens the draft there (`Handoffs.open_draft`). The draft
carries the quote's product, CEPs, package, additional services and declared value, so the
clerk only picks the recipient.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QPushButton, QWidget

from postalgui.services.shipping.draft import ShipDraft

if TYPE_CHECKING:
    from postalgui.api.models.price import QuoteResult

__all__ = ["ShipThis", "draft_of"]


def _cm(value: Decimal | None) -> int:
    """A side in whole centimetres (the pre-posting takes whole ones): rounded up."""
    return math.ceil(value) if value is not None else 0


def draft_of(result: QuoteResult) -> ShipDraft | None:
    """The quote's shipment, or ``None`` for a quote that cannot be shipped (international,
    unpriced, without both CEPs or a weight)."""
    query = result.query
    priced = result.ok and result.response is not None and result.response.pcFinal is not None
    if not priced or query.sgPaisDestino or not (query.cepOrigem and query.cepDestino and query.psObjeto):
        return None
    return ShipDraft(
        service_code=query.coProduto,
        origin_cep=query.cepOrigem,
        destination_cep=query.cepDestino,
        weight_g=int(query.psObjeto),
        format_code=query.tpObjeto.value if query.tpObjeto is not None else "2",
        length_cm=_cm(query.comprimento),
        width_cm=_cm(query.largura),
        height_cm=_cm(query.altura),
        declared_value=query.vlDeclarado,
        additional_services=tuple(query.servicosAdicionais),
    )


class ShipThis(QObject):
    """The button; enabled while a national quote with a price is selected.

    Signals: ``shipRequested(ShipDraft)`` with the `ShipDraft` of the selected quote.
    """

    shipRequested = Signal(ShipDraft)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._result: QuoteResult | None = None
        self.button = QPushButton(self.tr("&Ship this…"), parent)
        self.button.setObjectName("shipThis")
        self.button.setToolTip(self.tr("Register the selected quote as a pre-posting in Shipping"))
        self.button.setEnabled(False)
        self.button.clicked.connect(self._on_button_clicked)

    def show_result(self, result: QuoteResult | None) -> None:
        """The quote selected (``None``: none)."""
        self._result = result
        self.button.setEnabled(result is not None and draft_of(result) is not None)

    def ship(self) -> bool:
        """Say ``shipRequested`` with the selected quote's draft; False when it cannot be shipped."""
        draft = draft_of(self._result) if self._result is not None else None
        if draft is None:
            return False
        self.shipRequested.emit(draft)
        return True

    @Slot()
    def _on_button_clicked(self) -> None:
        self.ship()
