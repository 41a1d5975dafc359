"""What the Shipping tab's tests share: the app speaking a language as it does at start
(its translators and its default locale), English included, whose plural forms ("1
pre-posting", "2 pre-postings") come from its own small catalog."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QVBoxLayout, QWidget

from postalgui.gui import i18n
from postalgui.gui.desk import Desk
from postalgui.gui.tabs.shipping.address_page import AddressPage
from postalgui.gui.widgets.message_bar import MessageArea

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.context import AppContext
    from postalgui.services.shipping.service import ShippingService


@contextmanager
def speaking(qapp: QCoreApplication, language: str) -> Iterator[None]:
    """The UI in ``language`` ("en", "pt_BR") for the block, as the app installs it."""
    default = QLocale()
    installed = i18n.install_translators(qapp, language)
    try:
        yield
    finally:
        i18n.remove_translators(qapp, installed)
        QLocale.setDefault(default)


@contextmanager
def shipping_desk(
    context: AppContext, runner: TaskRunner, qtbot: QtBot
) -> Iterator[tuple[QWidget, Desk[ShippingService]]]:
    """A window holding a message area, and the Shipping desk that speaks in it."""
    box = QWidget()
    qtbot.addWidget(box)
    box.resize(1100, 600)
    messages = MessageArea(box)
    QVBoxLayout(box).addWidget(messages)
    try:
        yield box, Desk(context.shipping, runner, messages)
    finally:
        box.close()


def shown_page(desk: tuple[QWidget, Desk[ShippingService]], qtbot: QtBot) -> AddressPage:
    """The address page in the desk's box, shown once it has read the book."""
    box, shop = desk
    page = AddressPage(shop.service, shop, box)
    layout = box.layout()
    assert layout is not None
    layout.addWidget(page)
    with qtbot.waitSignal(page.addressesLoaded, timeout=30_000):
        box.show()
    return page
