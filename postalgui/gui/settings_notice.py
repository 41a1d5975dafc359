"""What loading the settings file found, said once in the main window's message strip.

The strings keep the window's translation context (``MainWindow``): they were its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from postalgui.gui.messages import arg, reset_settings_text
from postalgui.gui.widgets.message_kind import MessageKind

if TYPE_CHECKING:
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.settings import SettingsStore

__all__ = ["settings_notice", "show_settings_notice"]


def show_settings_notice(
    messages: MessageArea, store: SettingsStore, open_settings: Callable[[], None]
) -> None:
    """Say in ``messages`` what loading the settings file found, if anything, with a way
    to the Settings dialog."""
    notice = settings_notice(store)
    if notice:
        messages.show_message(
            notice,
            MessageKind.WARNING,
            key="settings-file",
            action_text=QCoreApplication.translate("MainWindow", "Open Settings"),
            on_action=open_settings,
        )


def settings_notice(store: SettingsStore) -> str:
    """What loading the settings file found, in the UI's language; empty when it was fine."""
    kept = (
        str(store.kept_copy)
        if store.kept_copy
        else QCoreApplication.translate("MainWindow", "(no copy could be written)")
    )
    if store.unreadable is not None:
        return arg(
            QCoreApplication.translate(
                "MainWindow",
                "Your settings file could not be read, so PostalGUI started with default settings. "
                "The original file is kept as %1.",
            ),
            kept,
        )
    parts: list[str] = []
    if store.newer_version is not None:
        parts.append(
            arg(
                QCoreApplication.translate(
                    "MainWindow",
                    "Your settings file %1 was written by a newer PostalGUI: it is read as far as "
                    "possible and not overwritten, so changes made here are not saved.",
                ),
                str(store.path),
            )
        )
    if store.reset_fields and store.newer_version is None:
        parts.append(
            arg(
                QCoreApplication.translate(
                    "MainWindow",
                    "Some settings were not valid and are back to their defaults: %1. "
                    "The original file is kept as %2.",
                ),
                reset_settings_text(store.reset_groups()),
                kept,
            )
        )
    return " ".join(parts)
