"""`Follower`: asks the operator how the filed claims stand, one follow-up at a time.

Every ``ClaimsSettings.follow_minutes`` (a `QTimer`) the claims due are asked (the use
case's ``codes=None``: not closed, not asked within the interval); F5 or the page's
button asks for chosen codes. A follow-up asked while one runs is not started (the
running one answers soon; the timer comes again). Progress reads "Asking the operator:
3 of 40" with Cancel; what was saved before a cancel stays saved. A claim the operator
answers with an error (990: it does not know it) is said with its code in the page's
message area; a whole failure (no network) goes there through the runner's `ErrorSink`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.periodic_run import PeriodicRun
from postalgui.services.claims.use_cases import Followed, follow_claims

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.service import ClaimsService

__all__ = ["FOLLOW_KEY", "Follower"]

FOLLOW_KEY = "claims.follow"


class Follower(PeriodicRun):
    """The follow-up's progress bar and Cancel button (hidden while none runs), and its timer.

    Signals: ``started()`` when a follow-up starts; ``finished(bool)`` when it ended
    (True: cancelled); ``followed(Followed)`` with the use case's `Followed`.
    """

    followed = Signal(Followed)

    def __init__(self, desk: Desk[ClaimsService], parent: QWidget | None = None) -> None:
        super().__init__(parent, "claimsFollow")
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop following the claims; the answers saved so far stay"))
        self.desk = desk
        self.follow_settings()

    def interval_minutes(self) -> int:
        return self.desk.service.settings.follow_minutes

    def timer_run(self) -> None:
        self.start(None)

    def progress_text(self, done: str, total: str) -> str:
        return arg(self.tr("Following the claims: %1 of %2"), done, total)

    def start(self, codes: Sequence[str] | None = None) -> TaskHandle | None:
        """Ask about ``codes`` (``None``: every claim due); ``None`` when one already runs."""
        if self.running:
            return None
        self.desk.messages.clear(FOLLOW_KEY)
        handle = self.desk.run(
            follow_claims,
            list(codes) if codes is not None else None,
            name="claims follow-up",
            key=FOLLOW_KEY,
            owner=self,
            on_result=self._on_follow_task_result,
            on_progress=self.on_task_progress,
            on_finished=self.on_task_finished,
            # background work: a warning, gone once a later follow succeeds (TaskRunner)
            failure=Failure(self.tr("The claims could not be followed: %1"), FOLLOW_KEY, MessageKind.WARNING),
        )
        return self.begin(handle, self.tr("Following the claims…"))

    def summary(self, followed: Followed) -> str:
        """ "Asked 12 claims: 3 changed, 1 paid." and each claim that could not be asked, with why."""
        locale = app_locale()
        said = [
            arg(
                self.tr("Asked %1 claims: %2 changed, %3 paid."),
                locale.toString(followed.asked),
                locale.toString(followed.changed),
                locale.toString(followed.paid),
            )
        ]
        if followed.problems:
            said.append(arg(self.tr("Not asked: %1."), "; ".join(followed.problems)))
        return " ".join(said)

    @Slot(object)
    def _on_follow_task_result(self, followed: Followed) -> None:
        self.followed.emit(followed)
        if followed.asked or followed.paid or followed.problems:
            kind = MessageKind.WARNING if followed.problems else MessageKind.INFO
            self.desk.messages.show_message(self.summary(followed), kind, key=FOLLOW_KEY)
