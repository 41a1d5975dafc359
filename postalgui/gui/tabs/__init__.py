"""The main window's tabs, in the order they appear.

A tab factory is any callable ``factory(context, runner) -> QWidget``; a ``QWidget``
subclass whose ``__init__`` takes ``(context, runner, parent=None)`` is one. The tab's
label is the widget's ``windowTitle()`` (set it with ``self.tr(...)`` in the tab, so it
is translated with the tab's other strings) and its icon ``windowIcon()``.

A feature adds its tab by creating ``postalgui/gui/tabs/<feature>/`` and appending
its widget class here, e.g.::

    from postalgui.gui.tabs.price import PriceTab

    TAB_FACTORIES: list[TabFactory] = [PriceTab]

Planned order: Prices, Invoices and slips, Contracts and cards, Branches, Attendances.
While the list is empty the window shows the connection overview instead of tabs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from postalgui.services.context import AppContext
    from postalgui.services.tasks import TaskRunner

TabFactory = Callable[["AppContext", "TaskRunner"], QWidget]

TAB_FACTORIES: list[TabFactory] = []
