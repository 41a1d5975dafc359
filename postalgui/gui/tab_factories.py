"""The main window's tabs, in the order they appear, and how each is built.

Each entry is a `TabFactory`: ``label()`` names the tab without building it,
``build(context, runner, handoffs)`` imports the tab's widget and builds it with what it
uses: its feature service (``context.price``, ...), the task runner, its message area (which
offers "Open Settings" at the field a `SettingMissingError` names) and, for a tab that asks
the window for navigation, the window's `Handoffs`; never the
composition root (an import-linter contract: ``postalgui.gui.tabs`` may not import
``services.context``). The window builds only the tab on screen at start and the others
when first shown. A tab's ``windowTitle()`` is the label, and the factory's ``label()``
translates the same string in the same context (the tab's class name, as the tab's
``self.tr``), so both agree in every language.

A feature adds its tab by creating ``postalgui/gui/tabs/<feature>/`` and appending a
factory here, with its ``KEY`` (``Settings.first_tab`` names a tab by it to show it
first; a tab that follows settings is a `FollowsSettings`; one that saves settings says
so through `Handoffs.settings_changed`): the window's frame imports this module before
it is shown, so a tab's modules (pydantic models, ...) must load later, inside ``build``.

While the list is empty the window shows the connection overview instead of tabs;
otherwise the overview is the last tab, "Connection".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal, Protocol, runtime_checkable

from PySide6.QtCore import QCoreApplication

from postalgui.gui.tabs.contract import FollowsSettings, Handoffs

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.context import AppContext

__all__ = [
    "TAB_FACTORIES",
    "AttendanceTabFactory",
    "BackgroundFactory",
    "BranchesTabFactory",
    "ClaimsTabFactory",
    "ContractsTabFactory",
    "FollowsSettings",
    "Handoffs",
    "InvoicesTabFactory",
    "OverviewTabFactory",
    "PriceTabFactory",
    "ShippingTabFactory",
    "TabFactory",
    "TrackingTabFactory",
    "attendance_tab",
    "branches_tab",
    "claims_tab",
    "contracts_tab",
    "first_tab_first",
    "invoices_tab",
    "overview_tab",
    "price_tab",
    "shipping_tab",
    "tab_key",
    "tracking_tab",
]


class TabFactory(Protocol):
    """Makes one tab: its label at once, the widget when the tab is first shown."""

    def label(self) -> str:
        """The tab's label, translated; equal to the built tab's ``windowTitle()``."""
        ...

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        """The tab, imported here (its modules load after the window is on screen)."""
        ...


@runtime_checkable
class BackgroundFactory(Protocol):
    """A factory whose tab follows the operator on a timer though nobody opens it
    (``RUNS_UNSEEN = True``: the Tracking tab's refresh and alerts, the Claims tab's
    follow-up): the window builds it unseen a while after it opens and starts it."""

    RUNS_UNSEEN: ClassVar[Literal[True]]
    MODULE: ClassVar[str]
    """What ``build`` imports: loaded in a background task before the tab is built unseen."""

    def label(self) -> str: ...

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget: ...


def _messages(handoffs: Handoffs) -> MessageArea:
    """A tab's message area: a missing setting's message opens Settings at its field."""
    # lazy: loaded once the window's frame is painted (start-up)
    from postalgui.gui.widgets.message_bar import MessageArea

    return MessageArea(open_settings=handoffs.open_settings)


class PriceTabFactory:
    """The Prices tab."""

    KEY = "price"

    def label(self) -> str:
        return QCoreApplication.translate("PriceTab", "Prices")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.price import PriceTab

        return PriceTab(context.price, runner, _messages(handoffs), handoffs=handoffs)


class InvoicesTabFactory:
    """The Invoices and slips tab."""

    KEY = "invoices"

    def label(self) -> str:
        return QCoreApplication.translate("InvoicesTab", "Invoices and slips")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.invoices import InvoicesTab

        return InvoicesTab(context.invoices, runner, _messages(handoffs), handoffs=handoffs)


class ContractsTabFactory:
    """The Contracts and cards tab."""

    KEY = "contracts"

    def label(self) -> str:
        return QCoreApplication.translate("ContractsTab", "Contracts and cards")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.contracts import ContractsTab

        return ContractsTab(context.contracts, runner, _messages(handoffs), handoffs=handoffs)


class BranchesTabFactory:
    """The Branches tab."""

    KEY = "branches"

    def label(self) -> str:
        return QCoreApplication.translate("BranchesTab", "Branches")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.branches import BranchesTab

        return BranchesTab(context.branches, runner, _messages(handoffs))


class AttendanceTabFactory:
    """The Attendances tab."""

    KEY = "attendance"

    def label(self) -> str:
        return QCoreApplication.translate("AttendanceTab", "Attendances")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.attendance import AttendanceTab

        return AttendanceTab(context.attendance, runner, _messages(handoffs))


class TrackingTabFactory:
    """The Tracking tab (it refreshes the objects followed in the background: ``RUNS_UNSEEN``)."""

    KEY = "tracking"

    RUNS_UNSEEN = True
    MODULE = "postalgui.gui.tabs.tracking"

    def label(self) -> str:
        # In Portuguese the tab names its Alt letter (S): the word-initial R is the
        # Attendances tab's Register and Stop server, on screen beside it.
        return QCoreApplication.translate("TrackingTab", "Tracking", "tab")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.tracking import TrackingTab

        return TrackingTab(context.tracking, runner, _messages(handoffs), handoffs=handoffs)


class ClaimsTabFactory:
    """The Claims tab (it follows the filed claims in the background: ``RUNS_UNSEEN``)."""

    KEY = "claims"

    RUNS_UNSEEN = True
    MODULE = "postalgui.gui.tabs.claims"
    ALT_LETTER = False
    """Every letter of "Claims" and "Reclamações" is an Alt letter on the window or on
    another tab (the Attendances pages, Prices' Lote, Invoices' Atualizar...): Ctrl+7."""

    def label(self) -> str:
        return QCoreApplication.translate("ClaimsTab", "Claims", "tab")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.claims import ClaimsTab

        return ClaimsTab(
            context.claims, runner, _messages(handoffs), follow=context.following, handoffs=handoffs
        )


class OverviewTabFactory:
    """The Overview tab: the manager's charts (the one a manager's Settings puts first)."""

    KEY = "overview"
    ALT_LETTER = False
    """Ctrl+9 (Ctrl+1 when it comes first): its free letters are taken on the tabs beside it
    (O would push Connection to the N of the Claims tab's Candidates; Visão geral's V is
    the Claims tab's Mostrar vencidos)."""

    def label(self) -> str:
        return QCoreApplication.translate("ManagerOverviewTab", "Overview")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up); QtCharts with it
        from postalgui.gui.tabs.overview import ManagerOverviewTab

        return ManagerOverviewTab(context.overview, runner, _messages(handoffs), handoffs=handoffs)


class ShippingTabFactory:
    """The Shipping tab (it opens the quotes Prices hands over: `Handoffs.draftOpened`)."""

    KEY = "shipping"

    ALT_LETTER = False
    """Ctrl+8: the free letters of "Shipping" and "Envios" are taken on the window or on
    the tabs beside it (checked by tests/gui/alt_letters.py in both languages)."""

    def label(self) -> str:
        return QCoreApplication.translate("ShippingTab", "Shipping")

    def build(self, context: AppContext, runner: TaskRunner, handoffs: Handoffs) -> QWidget:
        # lazy: loaded once the window's frame is painted (start-up)
        from postalgui.gui.tabs.shipping import ShippingTab

        return ShippingTab(context.shipping, runner, _messages(handoffs), handoffs=handoffs)


price_tab = PriceTabFactory()
invoices_tab = InvoicesTabFactory()
contracts_tab = ContractsTabFactory()
branches_tab = BranchesTabFactory()
attendance_tab = AttendanceTabFactory()
tracking_tab = TrackingTabFactory()
claims_tab = ClaimsTabFactory()
shipping_tab = ShippingTabFactory()
overview_tab = OverviewTabFactory()

TAB_FACTORIES: list[TabFactory] = [
    price_tab,
    invoices_tab,
    contracts_tab,
    branches_tab,
    attendance_tab,
    tracking_tab,
    claims_tab,
    shipping_tab,
    overview_tab,
]


def tab_key(factory: object) -> str:
    """A factory's key (``"overview"``): what ``Settings.first_tab`` names; "" for none."""
    key = getattr(factory, "KEY", "")
    return key if isinstance(key, str) else ""


def first_tab_first(factories: Sequence[TabFactory], first: str) -> list[TabFactory]:
    """``factories`` with the one whose key is ``first`` moved to the front (the window's
    first tab, shown at start); the order as it is when ``first`` is "" or names none."""
    chosen = [factory for factory in factories if first and tab_key(factory) == first]
    return chosen + [factory for factory in factories if factory not in chosen]
