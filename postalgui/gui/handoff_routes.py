"""`TabRoutes`: where the window takes a tab's request to show another tab.

Apart from the window, which only builds and wires the tabs: each route is "show this tab
(built now if it never was), then tell it what to open", and a new hand-over between two
tabs (Prices' "Ship this", Tracking's "Authorize a return…") is one more route here, not
one more slot of the window. The window answers the `Handoffs` that need its own state
(Settings) itself.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.tab_factories import TabFactory, claims_tab, shipping_tab, tracking_tab
from postalgui.gui.tabs.contract import Handoffs
from postalgui.services.shipping.draft import ShipDraft

__all__ = ["TabRoutes"]


class TabRoutes(QObject):
    """Answers ``handoffs``' tab requests with ``show_tab`` (the window's: the tab of a
    factory, built now if needed, on top; ``None`` when the window has no such tab).
    Signals: none (the opened ones are the `Handoffs`').

    It holds the window's method weakly: the window holds it (through its `Handoffs`), and a
    cycle through a window would leave the window to the garbage collector."""

    def __init__(self, handoffs: Handoffs, show_tab: Callable[[TabFactory], QWidget | None]) -> None:
        super().__init__(handoffs)
        self.handoffs = handoffs
        self._show = weakref.WeakMethod(show_tab)  # a bound method: the window's
        handoffs.trackingRequested.connect(self._on_handoffs_tracking_requested)
        handoffs.draftRequested.connect(self._on_handoffs_draft_requested)
        handoffs.returnRequested.connect(self._on_handoffs_return_requested)
        handoffs.candidatesRequested.connect(self._on_handoffs_candidates_requested)

    def _show_tab(self, factory: TabFactory) -> QWidget | None:
        show = self._show()
        return show(factory) if show is not None else None

    @Slot()
    def _on_handoffs_tracking_requested(self) -> None:
        self._show_tab(tracking_tab)

    @Slot(ShipDraft)
    def _on_handoffs_draft_requested(self, draft: ShipDraft) -> None:
        """A quote to ship: the Shipping tab (built now if needed) shows itself and opens it."""
        if self._show_tab(shipping_tab) is not None:
            self.handoffs.draftOpened.emit(draft)

    @Slot(str)
    def _on_handoffs_return_requested(self, code: str) -> None:
        """A delivered object to take back: the Shipping tab (built now if needed) opens its return."""
        if self._show_tab(shipping_tab) is not None:
            self.handoffs.returnOpened.emit(code)

    @Slot(bool)
    def _on_handoffs_candidates_requested(self, expired: bool) -> None:
        """The Overview's money left on the table: the Claims tab (built now if needed) at its candidates."""
        if self._show_tab(claims_tab) is not None:
            self.handoffs.candidatesOpened.emit(expired)
