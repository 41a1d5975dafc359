"""The quote form's two checkable lists, side by side: `ServicesPicker` (the additional
services the products offer) and `ProductsPicker` (the products to compare).

Each is its own group: the services list shows the union of the products' offers
(`offered_services`), keeping what was checked; the products list remembers the
clerk's selection in the settings (empty: every product). Both lists ask for a few rows
and take the room the form has left (`grow_with_room`), so the form fits a 1366x768
screen without a scroll bar and shows every product where there is room.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from PySide6.QtCore import QSignalBlocker, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg
from postalgui.gui.tabs.price.form_rows import elide_items
from postalgui.services.price.form_values import Offers
from postalgui.services.price.service_choice import DECLARED

__all__ = ["ProductsPicker", "ServicesPicker"]

_KEY = Qt.ItemDataRole.UserRole
SHORTEST_ROWS = 4
"""The rows a list keeps however small the window: beyond them it shows what room allows."""


def grow_with_room(view: QListWidget, rows: int = SHORTEST_ROWS) -> None:
    """``rows`` rows high at least, and as high as the room left: the list asks for no
    more (Qt's own hint, 192 px, made the form scroll at 1366x768)."""
    policy = view.sizePolicy()
    policy.setVerticalPolicy(QSizePolicy.Policy.Ignored)
    view.setSizePolicy(policy)
    row = view.sizeHintForRow(0) if view.count() else view.fontMetrics().height() + 2
    view.setMinimumHeight(rows * row + 2 * view.frameWidth())


def _keys(view: QListWidget, *, checked: bool) -> list[str]:
    """The keys of a list's items in order, all or only the checked ones."""
    items = [view.item(row) for row in range(view.count())]
    return [item.data(_KEY) for item in items if not checked or item.checkState() == Qt.CheckState.Checked]


def _checkable(view: QListWidget, text: str, key: str, on: bool) -> QListWidgetItem:
    item = QListWidgetItem(text, view)
    item.setData(_KEY, key)
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    return item


def _check(view: QListWidget, wanted: Callable[[str], bool]) -> None:
    for row in range(view.count()):
        item = view.item(row)
        item.setCheckState(Qt.CheckState.Checked if wanted(item.data(_KEY)) else Qt.CheckState.Unchecked)


class ServicesPicker(QGroupBox):
    """The additional services to ask for, offered by at least one compared product."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Additional services"))
        self.services_list = QListWidget(self)
        self.services_list.setObjectName("additionalServices")
        grow_with_room(self.services_list)
        elide_items(self.services_list)
        self.services_list.setAccessibleName(self.tr("Additional services"))
        self.services_status = QLabel(self)
        self.services_status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.services_list, 1)
        layout.addWidget(self.services_status)

    def checked(self) -> list[str]:
        return _keys(self.services_list, checked=True)

    def show_offers(self, offers: Offers, name_of: Callable[[str], str]) -> None:
        """Show the union of the services the products offer, keeping what was checked."""
        checked = set(self.checked())
        with QSignalBlocker(self.services_list):
            self.services_list.clear()
            for service in offers.services:
                declared = service.key == DECLARED
                label = self.tr("Declared value (per product)") if declared else service.name
                item = _checkable(self.services_list, label, service.key, service.key in checked)
                products = ", ".join(name_of(code) or code for code in service.products)
                item.setToolTip(f"{label}\n" + arg(self.tr("Offered with: %1"), products))
        failed = ", ".join(offers.failed)
        self.services_status.setText(
            arg(self.tr("Services of %1 could not be read."), failed) if failed else ""
        )

    def set_status(self, text: str) -> None:
        self.services_status.setText(text)

    def check_declared(self) -> None:
        """Check "Declared value" (a value was entered), leaving the others as they are."""
        for row in range(self.services_list.count()):
            item = self.services_list.item(row)
            if item.data(_KEY) == DECLARED:
                item.setCheckState(Qt.CheckState.Checked)

    def check_only(self, keys: Collection[str]) -> None:
        _check(self.services_list, lambda key: key in keys)


class ProductsPicker(QGroupBox):
    """The products to price side by side.

    Signals: ``selectionEdited(list)`` with the checked codes, when the user checked or
    unchecked one (not when the list is filled).
    """

    selectionEdited = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Products to compare"))
        self.products_list = QListWidget(self)
        self.products_list.setObjectName("products")
        grow_with_room(self.products_list)
        elide_items(self.products_list)
        self.products_list.setAccessibleName(self.tr("Products to compare"))
        self.products_list.itemChanged.connect(self._on_products_list_item_changed)
        self.all_products_button = QToolButton(self)
        self.all_products_button.setText(self.tr("All"))
        self.all_products_button.clicked.connect(self._on_all_products_button_clicked)
        layout = QVBoxLayout(self)
        layout.addWidget(self.products_list, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.all_products_button)
        layout.addLayout(buttons)

    def codes(self) -> list[str]:
        """Every product listed, in list order."""
        return _keys(self.products_list, checked=False)

    def checked(self) -> list[str]:
        return _keys(self.products_list, checked=True)

    def fill(self, products: Sequence[tuple[str, str]], chosen: Collection[str], *, every: bool) -> None:
        """List ``(code, text)`` pairs, checking the ``chosen`` ones (all when none, or ``every``)."""
        with QSignalBlocker(self.products_list):
            self.products_list.clear()
            for code, text in products:
                item = _checkable(self.products_list, text, code, every or not chosen or code in chosen)
                item.setToolTip(item.text())  # the list is narrow: a long name is elided

    def check_only(self, code: str) -> None:
        """Check one product (a history re-run), without `selectionEdited`."""
        with QSignalBlocker(self.products_list):
            _check(self.products_list, lambda key: key == code)

    @Slot(QListWidgetItem)
    def _on_products_list_item_changed(self, _item: QListWidgetItem) -> None:
        self.selectionEdited.emit(self.checked())

    @Slot()
    def _on_all_products_button_clicked(self) -> None:
        for row in range(self.products_list.count()):
            self.products_list.item(row).setCheckState(Qt.CheckState.Checked)
