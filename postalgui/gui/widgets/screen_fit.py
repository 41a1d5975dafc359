"""Windows no larger than the screen they open on; what does not fit scrolls inside.

Settings opened 1,659 px wide on a 1,366 px screen, OK and Cancel off it (issue 37): a
window took its layout's size whatever the screen. `fit_to_screen` bounds a window's
size by its screen's free area, and `PageScroll` holds a page that may then need to
scroll, while asking for the whole page when there is room.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QScrollArea, QWidget

__all__ = ["FRAME", "PageScroll", "fit_to_screen", "screen_room"]

FRAME = QSize(16, 48)
"""What a window manager adds around a window (borders, a title bar): the screen's free
area must hold the frame too, and a window's own size leaves it out."""


def screen_room(window: QWidget) -> QSize | None:
    """The largest size ``window`` can take on its screen with its frame; None without a screen."""
    screen = window.screen()
    if screen is None:
        return None
    return screen.availableGeometry().size() - FRAME


def fit_to_screen(window: QWidget, wanted: QSize) -> None:
    """Resize ``window`` to ``wanted``, no larger than its screen's free area."""
    room = screen_room(window)
    window.resize(wanted if room is None else wanted.boundedTo(room))


class PageScroll(QScrollArea):
    """A frameless scroll area around one page that asks for the whole page's size.

    Qt's scroll area asks for at most 36 x 24 lines whatever it holds, so a dialog sized
    from its hint squeezed a page that would have fitted; this one asks for the page's
    own size (and a vertical scroll bar's width, in case it must scroll) and still lets
    the window shrink below it.
    """

    def __init__(self, page: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setWidget(page)

    def sizeHint(self) -> QSize:
        page = self.widget()
        if page is None:
            return super().sizeHint()
        return page.sizeHint() + QSize(self.verticalScrollBar().sizeHint().width(), 0)
