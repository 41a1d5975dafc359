"""What the main window knows of a tab, as types instead of duck typing.

A tab is a ``QWidget`` built by a `postalgui.gui.tab_factories.TabFactory` with its
feature service, the task runner and its message area. Two optional hooks link a tab to
the settings: `FollowsSettings` (the window calls ``settings_changed()`` after a change
made anywhere) and `ChangesSettings` (the tab saved settings itself and says so with
``settingsApplied``). Both are runtime-checkable, because a tab has either, both or
neither. Two more link tabs to each other without importing each other: `HandsObjects`
(the Invoices tab says ``trackRequested`` with objects to follow) and `FollowsObjects`
(the Tracking tab's ``follow``); the window passes one to the other. `FollowsInBackground`
(the Claims tab) asks the operator about its data on a timer though nobody opens it: the
window builds it unseen, with Tracking, and starts it. `AsksForSettings` (Claims) asks the
window for the settings dialog. `HandsDrafts` (Prices' "Ship this") and `OpensDrafts`
(Shipping's ``open_draft``) pass a quote to ship the same way.

This module is imported by the window's frame before it is shown: Qt only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from postalgui.services.ports import NewObject


@runtime_checkable
class FollowsSettings(Protocol):
    """A tab that re-reads the context's settings when the window says they changed."""

    def settings_changed(self) -> None:
        """Called after settings were saved, by the settings dialog or by any tab."""
        ...


@runtime_checkable
class ChangesSettings(Protocol):
    """A tab that saves settings itself (the card quoting uses) and tells the window."""

    @property
    def settingsApplied(self) -> SignalInstance:
        """Emitted after the tab saved new settings; the window makes every view follow."""
        ...


@runtime_checkable
class HandsObjects(Protocol):
    """A tab that hands objects to follow to the tab that follows them (Invoices)."""

    @property
    def trackRequested(self) -> SignalInstance:
        """Emitted with a ``list[NewObject]`` the user asked to follow."""
        ...


@runtime_checkable
class FollowsObjects(Protocol):
    """The tab that follows objects (Tracking): it shows itself, adds them and refreshes them."""

    def follow(self, objects: list[NewObject]) -> None:
        """Follow ``objects`` (switching to this tab); called by the window."""
        ...


@runtime_checkable
class FollowsInBackground(Protocol):
    """A tab that follows the operator on a timer (the Claims tab's follow-up of filed claims)."""

    def start_following(self) -> None:
        """Start following; called once by the window after it built the tab unseen."""
        ...


@runtime_checkable
class AsksForSettings(Protocol):
    """A tab whose page may need a setting first (Claims: the reply e-mail and phone)."""

    @property
    def settingsRequested(self) -> SignalInstance:
        """Emitted when the user asked for the settings dialog from the tab."""
        ...


@runtime_checkable
class HandsDrafts(Protocol):
    """A tab that hands a shipment draft to the tab that registers shipments (Prices' "Ship this")."""

    @property
    def shipRequested(self) -> SignalInstance:
        """Emitted with a `ShipDraft` the user asked to ship."""
        ...


@runtime_checkable
class OpensDrafts(Protocol):
    """The tab that registers shipments (Shipping): it shows itself and opens the draft."""

    def open_draft(self, draft: Any) -> object:
        """Open the new pre-posting dialog prefilled with ``draft`` (a `ShipDraft`)."""
        ...
