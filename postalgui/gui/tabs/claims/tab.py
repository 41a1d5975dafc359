"""The Claims tab: late and lost parcels turned into money back.

The tab composes and wires: its message area on top, then its pages in an inner tab
widget, all on one `Desk`: "Candidates" (`CandidatesPage`: what can be claimed and
filing it), "Filed claims" (`FiledPage`: following and reopening) and "Money back"
(`MoneyBackPage`). A statement's objects not yet followed are followed through the
`Follow` port (as the Invoices tab's "Track these objects"), then the window shows the
Tracking tab; "Open Settings" beside the reply e-mail asks the window (`Handoffs`), and
the window brings the Candidates page forward when the Overview asks for the money left
on the table (`Handoffs.candidatesOpened`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QWidget

from postalgui.gui.desk import Desk
from postalgui.gui.tabs.claims.candidates_page import CandidatesPage
from postalgui.gui.tabs.claims.filed_page import FiledPage
from postalgui.gui.tabs.claims.money_page import MoneyBackPage
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.tab_pages import tab_pages
from postalgui.services.claims.filing import FilingReport
from postalgui.services.ports import NewObject, follow_objects

if TYPE_CHECKING:
    from postalgui.gui.tabs.contract import Handoffs
    from postalgui.gui.tasks import TaskRunner
    from postalgui.gui.widgets.message_bar import MessageArea
    from postalgui.services.claims.service import ClaimsService
    from postalgui.services.ports import Follow

__all__ = ["ClaimsTab"]


class ClaimsTab(QWidget):
    """The message area and the pages.

    Signals: ``objectsFollowed(int)`` with how many of a statement's objects were not
    followed before, once ``follow`` followed them; ``claimsFiled(FilingReport)`` with a
    filing's `FilingReport`.
    """

    objectsFollowed = Signal(int)
    claimsFiled = Signal(FilingReport)

    FOLLOW_KEY = "claims.follow"

    def __init__(
        self,
        service: ClaimsService,
        runner: TaskRunner,
        messages: MessageArea,
        parent: QWidget | None = None,
        *,
        follow: Follow | None = None,
        handoffs: Handoffs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("claimsTab")
        self.follow, self.handoffs = follow, handoffs
        self.setWindowTitle(self.tr("Claims"))
        self.service = service
        self.messages = messages
        desk = Desk(service, runner, messages)
        self.desk = desk
        self.pages = tab_pages(self, messages, "claimsPages")
        self.candidates = CandidatesPage(desk, self.pages)
        self.pages.addTab(self.candidates, self.tr("Ca&ndidates"))
        self.filed = FiledPage(desk, self.pages)
        self.pages.addTab(self.filed, self.tr("Filed claim&s"))
        self.money = MoneyBackPage(desk, self.pages)
        self.pages.addTab(self.money, self.tr("&Money back"))
        self.candidates.trackRequested.connect(self._on_candidates_track_requested)
        self.candidates.claimsFiled.connect(self._on_candidates_claims_filed)
        self.candidates.settingsRequested.connect(self._on_candidates_settings_requested)
        if handoffs is not None:
            handoffs.candidatesOpened.connect(self._on_handoffs_candidates_opened)

    def settings_changed(self) -> None:
        """Settings changed (the compensation table, the e-mail, the office database)."""
        self.candidates.settings_changed()
        self.filed.settings_changed()
        self.money.settings_changed()

    def start_following(self) -> None:
        """Follow the filed claims in the background though nobody opens the tab (the
        window builds it unseen a while after it opens, as it does Tracking)."""
        self.filed.start_following()

    @Slot(FilingReport)
    def _on_candidates_claims_filed(self, report: FilingReport) -> None:
        """A filing ended. The Candidates page stays in front: each object's result is said
        under its table (the Filed claims page lists the claims as the book tells it)."""
        self.claimsFiled.emit(report)

    def show_candidates(self, *, expired: bool = False) -> None:
        """The Candidates page in front (another tab asked: the Overview's money left on the
        table); ``expired`` lists those past the 90 days too."""
        self.pages.setCurrentWidget(self.candidates)
        if expired:
            self.candidates.expired_check.setChecked(True)

    @Slot(bool)
    def _on_handoffs_candidates_opened(self, expired: bool) -> None:
        self.show_candidates(expired=expired)

    @Slot()
    def _on_candidates_settings_requested(self) -> None:
        """The window opens its settings dialog at the reply e-mail."""
        if self.handoffs is not None:
            self.handoffs.open_settings(("claims.reply_email", "claims.phone"))

    @Slot(list)
    def _on_candidates_track_requested(self, objects: list[NewObject]) -> None:
        """Follow a statement's objects not followed yet (in the background), then show Tracking."""
        if self.follow is None:
            return
        self.desk.runner.run(
            follow_objects,
            self.follow,
            objects,
            "invoice",
            name="follow a statement's objects",
            key=self.FOLLOW_KEY,
            owner=self,
            on_result=self._on_follow_task_result,
            failure=Failure(self.tr("The objects could not be added: %1"), self.FOLLOW_KEY),
        )

    @Slot(int)
    def _on_follow_task_result(self, added: int) -> None:
        self.messages.show_message(
            self.tr("%n object(s) sent to the Tracking tab.", "", added),
            MessageKind.INFO,
            key=self.FOLLOW_KEY,
        )
        if self.handoffs is not None:
            self.handoffs.show_tracking()
        self.objectsFollowed.emit(added)
