"""What the main window knows of a tab, and what a tab may ask of the window, as types.

A tab is a ``QWidget`` built by a `postalgui.gui.tab_factories.TabFactory` with its
feature service, the task runner, its message area and the window's `Handoffs`. Tabs never
import each other, and they do not hand each other work either: a feature that has objects
to follow follows them through its `Follow` port (`postalgui.services.ports`), and the
Tracking tab's list follows the office database's change feed. What is left for the window
is navigation, one typed object for every tab: show the Tracking tab, open a shipment draft
or a return of a delivered object in the Shipping tab, open Settings at a field, and
"settings changed" after a tab saved some.

Two hooks go the other way, from the window to a tab, both runtime-checkable because a tab
has either, both or neither: `FollowsSettings` (the window calls ``settings_changed()``
after a change made anywhere) and `FollowsInBackground` (the Claims tab asks the operator
about its data on a timer though nobody opens it: the window builds it unseen and starts it).

This module is imported by the window's frame before it is shown: Qt and a dataclass only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QObject, Signal, Slot

from postalgui.services.shipping.draft import ShipDraft

__all__ = ["FollowsInBackground", "FollowsSettings", "Handoffs"]


@runtime_checkable
class FollowsSettings(Protocol):
    """A tab that re-reads the context's settings when the window says they changed."""

    def settings_changed(self) -> None:
        """Called after settings were saved, by the settings dialog or by any tab."""
        ...


@runtime_checkable
class FollowsInBackground(Protocol):
    """A tab that follows the operator on a timer (the Claims tab's follow-up of filed claims)."""

    def start_following(self) -> None:
        """Start following; called once by the window after it built the tab unseen."""
        ...


class Handoffs(QObject):
    """The window's navigation, as a tab asks for it: one object, given to every tab when built.

    Signals, which the window answers: ``trackingRequested()`` (show the Tracking tab);
    ``draftRequested(ShipDraft)`` (Prices' "Ship this": build and show the Shipping tab);
    ``settingsRequested(list)`` with the profile fields to show first (empty: the dialog as
    it opens); ``settingsApplied()`` after a tab saved settings itself (the card quoting
    uses): every view follows them; ``returnRequested(str)`` with the code of a delivered
    object (Tracking's "Authorize a return…": build and show the Shipping tab);
    ``candidatesRequested(bool)`` (the Overview's "Show candidates": build and show the
    Claims tab at its candidates, ``True``: the expired ones listed too). And three the
    window says to the tab it showed: ``draftOpened(ShipDraft)``, ``returnOpened(str)``
    (Shipping), ``candidatesOpened(bool)`` (Claims).
    """

    trackingRequested = Signal()
    draftRequested = Signal(ShipDraft)
    draftOpened = Signal(ShipDraft)
    returnRequested = Signal(str)
    returnOpened = Signal(str)
    candidatesRequested = Signal(bool)
    candidatesOpened = Signal(bool)
    settingsRequested = Signal(list)
    settingsApplied = Signal()

    @Slot()
    def show_tracking(self) -> None:
        """Bring the Tracking tab forward (built now if it never was)."""
        self.trackingRequested.emit()

    def open_draft(self, draft: ShipDraft) -> None:
        """Open ``draft`` in the Shipping tab's new pre-posting dialog (built now if needed)."""
        self.draftRequested.emit(draft)

    @Slot(str)
    def open_return(self, code: str) -> None:
        """Open the Shipping tab's return dialog for the object ``code`` (built now if needed)."""
        self.returnRequested.emit(code)

    def show_candidates(self, *, expired: bool = False) -> None:
        """Bring the Claims tab forward at its candidates (built now if needed); ``expired``:
        list the candidates past their 90 days too (the money left on the table)."""
        self.candidatesRequested.emit(expired)

    def open_settings(self, fields: Sequence[str] = ()) -> None:
        """Open the Settings dialog at the first of ``fields`` (profile field names)."""
        self.settingsRequested.emit(list(fields))

    @Slot()
    def settings_changed(self) -> None:
        """A tab saved settings itself: the window and every other tab follow them."""
        self.settingsApplied.emit()
