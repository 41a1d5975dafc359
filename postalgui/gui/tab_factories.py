"""The main window's tabs, in the order they appear, and how each is built.

Each entry is a `TabFactory`: ``label()`` names the tab without building it,
``build(context, runner)`` imports the tab's widget and builds it with what it uses: its
feature service (``context.price``, ...), the task runner and its message area, never the
composition root (an import-linter contract: ``postalgui.gui.tabs`` may not import
``services.context``). The window builds only the tab on screen at start and the others
when first shown. A tab's ``windowTitle()`` is the label, and the factory's ``label()``
translates the same string in the same context (the tab's class name, as the tab's
``self.tr``), so both agree in every language.

A feature adds its tab by creating ``postalgui/gui/tabs/<feature>/`` and appending a
factory here (a tab that changes settings is a `ChangesSettings`; a tab that follows
settings is a `FollowsSettings`): the window's frame imports this module before it is
shown, so a tab's modules (pydantic models, ...) must load later, inside ``build``.

While the list is empty the window shows the connection overview instead of tabs;
otherwise the overview is the last tab, "Connection".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, Protocol, runtime_checkable

from PySide6.QtCore import QCoreApplication

from postalgui.gui.tabs.contract import ChangesSettings, FollowsSettings

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.context import AppContext

__all__ = [
    "TAB_FACTORIES",
    "AttendanceTabFactory",
    "BackgroundFactory",
    "BranchesTabFactory",
    "ChangesSettings",
    "ClaimsTabFactory",
    "ContractsTabFactory",
    "FollowerFactory",
    "FollowsSettings",
    "InvoicesTabFactory",
    "PriceTabFactory",
    "ShippingTabFactory",
    "TabFactory",
    "TrackingTabFactory",
    "attendance_tab",
    "branches_tab",
    "claims_tab",
    "contracts_tab",
    "invoices_tab",
    "price_tab",
    "shipping_tab",
    "tracking_tab",
]


class TabFactory(Protocol):
    """Makes one tab: its label at once, the widget when the tab is first shown."""

    def label(self) -> str:
        """The tab's label, translated; equal to the built tab's ``windowTitle()``."""
        ...

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        """The tab, imported here (its modules load after the window is on screen)."""
        ...


@runtime_checkable
class BackgroundFactory(Protocol):
    """A factory whose tab follows the operator on a timer though nobody opens it (the
    Claims tab, ``RUNS_UNSEEN = True``; the Tracking tab as the `FollowerFactory`): the
    window builds it unseen a while after it opens and starts it."""

    RUNS_UNSEEN: ClassVar[Literal[True]]

    def label(self) -> str: ...

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget: ...


@runtime_checkable
class FollowerFactory(Protocol):
    """A factory whose tab follows objects other tabs hand over (a `FollowsObjects`: the
    Tracking tab). The window builds that tab when objects arrive before it was shown, and
    only that one: it knows it by this mark (``FOLLOWS_OBJECTS = True``) without building it."""

    FOLLOWS_OBJECTS: ClassVar[Literal[True]]

    def label(self) -> str: ...

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget: ...


class PriceTabFactory:
    """The Prices tab."""

    def label(self) -> str:
        return QCoreApplication.translate("PriceTab", "Prices")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.price import PriceTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return PriceTab(context.price, runner, MessageArea())


class InvoicesTabFactory:
    """The Invoices and slips tab."""

    def label(self) -> str:
        return QCoreApplication.translate("InvoicesTab", "Invoices and slips")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.invoices import InvoicesTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return InvoicesTab(context.invoices, runner, MessageArea())


class ContractsTabFactory:
    """The Contracts and cards tab."""

    def label(self) -> str:
        return QCoreApplication.translate("ContractsTab", "Contracts and cards")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.contracts import ContractsTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return ContractsTab(context.contracts, runner, MessageArea())


class BranchesTabFactory:
    """The Branches tab."""

    def label(self) -> str:
        return QCoreApplication.translate("BranchesTab", "Branches")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.branches import BranchesTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return BranchesTab(context.branches, runner, MessageArea())


class AttendanceTabFactory:
    """The Attendances tab."""

    def label(self) -> str:
        return QCoreApplication.translate("AttendanceTab", "Attendances")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.attendance import AttendanceTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return AttendanceTab(context.attendance, runner, MessageArea())


class TrackingTabFactory:
    """The Tracking tab (it follows the objects other tabs hand over: ``FOLLOWS_OBJECTS``)."""

    FOLLOWS_OBJECTS = True

    def label(self) -> str:
        # In Portuguese the tab names its Alt letter (S): the word-initial R is the
        # Attendances tab's Register and Stop server, on screen beside it.
        return QCoreApplication.translate("TrackingTab", "Tracking", "tab")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.tracking import TrackingTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return TrackingTab(context.tracking, runner, MessageArea())


class ClaimsTabFactory:
    """The Claims tab (it follows the filed claims in the background: ``RUNS_UNSEEN``)."""

    RUNS_UNSEEN = True
    ALT_LETTER = False
    """Every letter of "Claims" and "Reclamações" is an Alt letter on the window or on
    another tab (the Attendances pages, Prices' Lote, Invoices' Atualizar...): Ctrl+7."""

    def label(self) -> str:
        return QCoreApplication.translate("ClaimsTab", "Claims", "tab")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.claims import ClaimsTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return ClaimsTab(context.claims, runner, MessageArea())


class ShippingTabFactory:
    """The Shipping tab (it opens the quotes other tabs hand over: ``OPENS_DRAFTS``)."""

    OPENS_DRAFTS = True
    ALT_LETTER = False
    """Ctrl+8: the free letters of "Shipping" and "Envios" are taken on the window or on
    the tabs beside it (checked by tests/gui/alt_letters.py in both languages)."""

    def label(self) -> str:
        return QCoreApplication.translate("ShippingTab", "Shipping")

    def build(self, context: AppContext, runner: TaskRunner) -> QWidget:
        from postalgui.gui.tabs.shipping import ShippingTab
        from postalgui.gui.widgets.message_bar import MessageArea

        return ShippingTab(context.shipping, runner, MessageArea())


price_tab = PriceTabFactory()
invoices_tab = InvoicesTabFactory()
contracts_tab = ContractsTabFactory()
branches_tab = BranchesTabFactory()
attendance_tab = AttendanceTabFactory()
tracking_tab = TrackingTabFactory()
claims_tab = ClaimsTabFactory()
shipping_tab = ShippingTabFactory()

TAB_FACTORIES: list[TabFactory] = [
    price_tab,
    invoices_tab,
    contracts_tab,
    branches_tab,
    attendance_tab,
    tracking_tab,
    claims_tab,
    shipping_tab,
]
