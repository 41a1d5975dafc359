"""Non-modal messages: a strip at the top of a window or tab instead of a dialog box.

Routine failures (a token refused, the network down, no keyring) must not stop the
clerk with a modal box; the strip says what happened and offers the one useful action.

The strip takes its own row in its layout and never covers what is below it: lying
over its neighbours (as it once did, so that rows would not move when a message came and
went) it hid the tab's toolbar while a warning showed, and Add, Import, Refresh and
Export were gone until the warning was closed (issue 37). Empty, the area takes no
height; with messages, the rows below move down by the messages' height.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from postalgui.gui.messages import arg, describe_error
from postalgui.gui.widgets.failure import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.services.setting_missing import SettingMissingError

_AS_IT_IS = Failure()

# Explicit foreground and background so the strip reads the same on dark themes.
_COLOURS: dict[MessageKind, tuple[str, str, str]] = {
    MessageKind.INFO: ("#e8f1fb", "#5b9bd5", "#0b2a4a"),
    MessageKind.WARNING: ("#fff4ce", "#d4a500", "#3b2f00"),
    MessageKind.ERROR: ("#fde7e9", "#d13438", "#4a0b0f"),
}
_ICONS: dict[MessageKind, QStyle.StandardPixmap] = {
    MessageKind.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
    MessageKind.WARNING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    MessageKind.ERROR: QStyle.StandardPixmap.SP_MessageBoxCritical,
}


class MessageBar(QFrame):
    """One dismissable message with an optional action button.

    Signals: ``actionTriggered()`` when the action button was clicked;
    ``dismissed()`` when the user closed the message.
    """

    actionTriggered = Signal()
    dismissed = Signal()

    def __init__(
        self,
        text: str,
        kind: MessageKind = MessageKind.INFO,
        action_text: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.kind = kind
        self._gone = False
        self.setObjectName("messageBar")
        background, border, foreground = _COLOURS[kind]
        self.setStyleSheet(
            f"QFrame#messageBar {{ background: {background}; border: 1px solid {border};"
            " border-radius: 4px; }"
            f" QFrame#messageBar QLabel {{ color: {foreground}; background: transparent; border: none; }}"
        )
        # Height follows the wrapped text at the width actually given, not a guessed width.
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

        icon = QLabel(self)
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        icon.setPixmap(self.style().standardIcon(_ICONS[kind]).pixmap(size, size))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)

        self.label = QLabel(text, self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        policy = self.label.sizePolicy()  # keeps the height-for-width flag word wrap set
        policy.setHorizontalPolicy(QSizePolicy.Policy.Expanding)
        self.label.setSizePolicy(policy)

        self.action_button: QPushButton | None = None
        if action_text:
            self.action_button = QPushButton(action_text, self)
            self.action_button.clicked.connect(self._on_action_clicked)

        self.close_button = QToolButton(self)
        self.close_button.setText("\N{MULTIPLICATION SIGN}")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Dismiss this message"))
        self.close_button.setAccessibleName(self.tr("Dismiss"))
        self.close_button.clicked.connect(self._on_close_clicked)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 6, 6)
        layout.addWidget(icon)
        layout.addWidget(self.label, 1)
        if self.action_button is not None:
            layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)

    def text(self) -> str:
        return self.label.text()

    @property
    def gone(self) -> bool:
        """Dismissed or expired: no longer one of the area's messages."""
        return self._gone

    def set_text(self, text: str) -> None:
        self.label.setText(text)

    @Slot()
    def _on_action_clicked(self) -> None:
        self.actionTriggered.emit()

    @Slot()
    def _on_close_clicked(self) -> None:
        self.expire()

    @Slot()
    def expire(self) -> None:
        """Leave as if dismissed (an information that has had its time)."""
        if self._gone:
            return
        self._gone = True
        self.hide()
        self.dismissed.emit()
        self.deleteLater()


class MessageArea(QWidget):
    """A column of `MessageBar`s in a row of its own, above or below a toolbar, never over it.

    Empty, it is 0 high; with messages it is as high as they are at its width, and the
    layout moves the widgets below it down: a message never covers a control.

    A message shown with a ``key`` replaces the previous one with that key, so a
    repeated failure updates one strip instead of piling up strips. Information is
    news, not a state: a new one replaces the one before, and each leaves by itself
    after `info_timeout_ms` (`info_action_timeout_ms` when it offers an action, so
    there is time to click it). Warnings and errors stay until dealt with.

    Given ``open_settings`` (the window's `Handoffs.open_settings`), a routine failure that
    is a missing setting (`SettingMissingError`) offers "Open Settings" at its fields.
    """

    info_timeout_ms = 8_000
    info_action_timeout_ms = 30_000

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        open_settings: Callable[[Sequence[str]], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.open_settings = open_settings
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(4)
        self._keyed: dict[str, MessageBar] = {}
        # As high as the bars at the area's width (their text wraps: the layout's height for
        # that width), no more and no less; empty, 0.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def show_message(
        self,
        text: str,
        kind: MessageKind = MessageKind.INFO,
        *,
        key: str | None = None,
        action_text: str | None = None,
        on_action: Callable[[], None] | None = None,
    ) -> MessageBar:
        """Add (or replace, by ``key``) a message; ``on_action`` runs on its button."""
        if key is not None:
            self.clear(key)
        if kind is MessageKind.INFO:
            self._clear_info()
        bar = MessageBar(text, kind, action_text, self)
        if on_action is not None:
            bar.actionTriggered.connect(on_action)
        if key is not None:
            self._keyed[key] = bar
            bar.dismissed.connect(self._on_bar_dismissed)
        self._layout.addWidget(bar)
        if kind is MessageKind.INFO:
            timeout = self.info_action_timeout_ms if action_text else self.info_timeout_ms
            # The bar is the context: its timer goes with it when it is closed earlier.
            QTimer.singleShot(timeout, bar, bar.expire)
        return bar

    def _clear_info(self) -> None:
        # Every bar in the layout: one added a moment ago is still hidden until the
        # event loop shows it, and must go too.
        items = (self._layout.itemAt(i) for i in range(self._layout.count()))
        bars = [item.widget() for item in items if item is not None]
        for bar in bars:
            if isinstance(bar, MessageBar) and bar.kind is MessageKind.INFO:
                bar.expire()

    def show_routine_error(self, error: BaseException, failure: Failure = _AS_IT_IS) -> None:
        """A task's routine failure, in the user's words (the runner's default `ErrorSink`)."""

        text = describe_error(error)
        shown = arg(failure.template, text) if failure.template else text
        if isinstance(error, SettingMissingError) and self.open_settings is not None:
            self.show_message(
                shown,
                failure.kind,
                key=failure.key,
                action_text=self.tr("Open Settings"),
                on_action=partial(self.open_settings, error.settings),
            )
            return
        self.show_message(shown, failure.kind, key=failure.key)

    def message(self, key: str) -> MessageBar | None:
        return self._keyed.get(key)

    def messages(self) -> list[MessageBar]:
        """The messages on screen, top to bottom.

        A bar added a moment ago counts: on a visible area Qt shows it from the event
        loop, so until then it is still hidden, though nothing took it away.
        """
        items = (self._layout.itemAt(i) for i in range(self._layout.count()))
        bars = (item.widget() for item in items if item is not None)
        return [bar for bar in bars if isinstance(bar, MessageBar) and not bar.gone]

    def clear(self, key: str) -> None:
        bar = self._keyed.pop(key, None)
        if bar is not None:
            self._layout.removeWidget(bar)
            bar.hide()
            bar.deleteLater()

    @Slot()
    def _on_bar_dismissed(self) -> None:
        sender = self.sender()
        for key, bar in list(self._keyed.items()):
            if bar is sender:
                del self._keyed[key]
        if isinstance(sender, MessageBar):
            self._layout.removeWidget(sender)
