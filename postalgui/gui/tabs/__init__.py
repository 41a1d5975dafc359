"""The main window's tabs, in the order they appear.

A tab factory is any callable ``factory(context, runner) -> QWidget``; a ``QWidget``
subclass whose ``__init__`` takes ``(context, runner, parent=None)`` is one. The tab's
label is the widget's ``windowTitle()`` (set it with ``self.tr(...)`` in the tab, so it
is translated with the tab's other strings) and its icon ``windowIcon()``.

A feature adds its tab by creating ``postalgui/gui/tabs/<feature>/`` and appending
a factory here that imports the widget when called (a tab that changes settings is a
`ChangesSettings`; a tab that follows settings is a `FollowsSettings`: see
`postalgui.gui.tabs.contract`): the window's frame imports this
module before it is shown, so a tab's modules (pydantic models, ...) must load later.

Planned order: Prices, Invoices and slips, Contracts and cards, Branches, Attendances.
While the list is empty the window shows the connection overview instead of tabs;
otherwise the overview is the last tab, "Connection".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskRunner

TabFactory = Callable[["AppContext", "TaskRunner"], QWidget]


def price_tab(context: AppContext, runner: TaskRunner) -> QWidget:
    """The Prices tab, imported when the window attaches (after the frame is shown)."""
    from postalgui.gui.tabs.price import PriceTab

    return PriceTab(context, runner)


def invoices_tab(context: AppContext, runner: TaskRunner) -> QWidget:
    """The Invoices and slips tab, imported when the window attaches."""
    from postalgui.gui.tabs.invoices import InvoicesTab

    return InvoicesTab(context, runner)


def contracts_tab(context: AppContext, runner: TaskRunner) -> QWidget:
    """The Contracts and cards tab, imported when the window attaches."""
    from postalgui.gui.tabs.contracts import ContractsTab

    return ContractsTab(context, runner)


TAB_FACTORIES: list[TabFactory] = [price_tab, invoices_tab, contracts_tab]
