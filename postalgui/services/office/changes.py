"""Watching the office database's changes, as a task: a view that shows office data
(the history, the jobs) refreshes when another desk commits to it.

Subscribing builds the office's store on first use (reads the server's password from the
keyring, parses the URL), which the GUI thread must not wait for; so the view starts this
task and hands over ``attach``, which takes the function that stops the subscription
(called at once when the view went away meanwhile: nothing is left subscribed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from postalgui.api.cancel import TaskControl
from postalgui.services.office.errors import routine_store_errors

__all__ = ["Watchable", "watch_changes"]

Unsubscribe = Callable[[], None]


class Watchable(Protocol):
    """A feature facade whose store says what changed (`PriceService`, `InvoiceService`)."""

    def watch(self, callback: Callable[[str], None]) -> Unsubscribe: ...


def watch_changes(
    task: TaskControl,
    service: Watchable,
    callback: Callable[[str], None],
    attach: Callable[[Unsubscribe], None],
) -> None:
    """Subscribe ``callback(topic)`` to the office's changes and give ``attach`` the stop."""
    task.raise_if_cancelled()
    with routine_store_errors():
        attach(service.watch(callback))
