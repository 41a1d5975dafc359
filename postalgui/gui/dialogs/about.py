"""What Help ▸ About says: the version, every tab and what it is for, and the log file.

Apart from the window, which only wires the action: the tabs are named from
`TAB_FACTORIES` (the very labels the window shows, in the UI's language) plus the
Connection tab the window always adds last, so About cannot forget a tab the way its one
fixed sentence once forgot Branches and Attendances. Each factory's line is in `_PURPOSES`;
a tab without one is still named.
"""

from __future__ import annotations

import html
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox

from postalgui.gui.messages import arg
from postalgui.gui.tab_factories import (
    TAB_FACTORIES,
    AttendanceTabFactory,
    BranchesTabFactory,
    ClaimsTabFactory,
    ContractsTabFactory,
    InvoicesTabFactory,
    OverviewTabFactory,
    PriceTabFactory,
    ShippingTabFactory,
    TabFactory,
    TrackingTabFactory,
)
from postalgui.gui.widgets.message_kind import MessageKind

if TYPE_CHECKING:
    from pathlib import Path

    from PySide6.QtWidgets import QWidget

    from postalgui.gui.widgets.message_bar import MessageArea

__all__ = ["about_tabs", "about_text", "open_log_folder", "show_about"]

_CONTEXT = "About"

_PURPOSES: dict[type, object] = {  # QT_TRANSLATE_NOOP is typed object; it returns the str
    PriceTabFactory: QT_TRANSLATE_NOOP(
        "About", "national and international price quotes and delivery dates, one at a time or in batches"
    ),
    InvoicesTabFactory: QT_TRANSLATE_NOOP(
        "About",
        "invoices, payment slips and their typed lines, analytic statements and tariff divergences",
    ),
    ContractsTabFactory: QT_TRANSLATE_NOOP(
        "About", "contracts, posting cards and their services, and the card used for quoting"
    ),
    BranchesTabFactory: QT_TRANSLATE_NOOP(
        "About", "the operator's branches: search, opening hours and a map"
    ),
    AttendanceTabFactory: QT_TRANSLATE_NOOP(
        "About",
        "counter attendances of the registration system: the partner server, its ledger and reconciliation",
    ),
    TrackingTabFactory: QT_TRANSLATE_NOOP(
        "About", "every object the office follows, refreshed in the background, with the late ones flagged"
    ),
    ClaimsTabFactory: QT_TRANSLATE_NOOP(
        "About", "compensation for late and lost parcels: the candidates, filing and following the claims"
    ),
    ShippingTabFactory: QT_TRANSLATE_NOOP(
        "About", "pre-postings, the address book, and the labels, declarations and posting lists printed here"
    ),
    OverviewTabFactory: QT_TRANSLATE_NOOP(
        "About", "the manager's charts: spending, where parcels go, what arrives late, money back and quotes"
    ),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def _purpose(factory: TabFactory) -> str:
    text = _PURPOSES.get(type(factory))
    return _tr(str(text)) if text else ""


def about_tabs(factories: list[TabFactory] = TAB_FACTORIES) -> list[tuple[str, str]]:
    """Every tab of the window in order, as (label without its ``&``, what it is for)."""
    tabs = [(factory.label().replace("&", ""), _purpose(factory)) for factory in factories]
    connection = QCoreApplication.translate("MainWindow", "Connection")
    tabs.append((connection, _tr("the environment, the login and the token in use")))
    return tabs


def about_text(log_file: Path) -> str:
    """The dialog's rich text: version, what the app does tab by tab, the log file."""
    try:
        number = version("postalgui")
    except PackageNotFoundError:
        number = "?"
    items = "".join(
        f"<li><b>{html.escape(label)}</b>" + (f": {html.escape(purpose)}" if purpose else "") + "</li>"
        for label, purpose in about_tabs()
    )
    return arg(
        _tr(
            "<h3>PostalGUI %1</h3><p>Works with the Correios business APIs. A built-in sandbox "
            "with demo data works without an account.</p><ul>%2</ul><p>Log file: %3</p>"
        ),
        html.escape(number),
        items,
        html.escape(str(log_file)),
    )


def show_about(parent: QWidget, log_file: Path) -> None:
    """Qt's About box (modal: the user reads it and closes it)."""
    QMessageBox.about(parent, _tr("About PostalGUI"), about_text(log_file))


def open_log_folder(messages: MessageArea, folder: Path) -> None:
    """Help > Open log folder: the folder in the system's file manager, else where it is."""
    if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
        messages.show_message(
            arg(
                QCoreApplication.translate("MainWindow", "Could not open the log folder. It is at %1"), folder
            ),
            MessageKind.WARNING,
            key="log-folder",
        )
