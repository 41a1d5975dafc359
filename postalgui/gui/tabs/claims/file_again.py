"""The filed page's "File again…": the selected claims whose answer was never read (none
came, it could not be read, or a desk stopped mid-call), filed again on purpose after a
question. They are never filed again by themselves (`services.claims.again`); following
them first says whether the operator has them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from postalgui.gui.tabs.claims.filing_results import summary_of
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.page_action import page_action
from postalgui.services.claims.again import file_again
from postalgui.services.claims.filing import Result

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.filing import FilingReport
    from postalgui.services.claims.records import Claim
    from postalgui.services.claims.service import ClaimsService

__all__ = ["AGAIN_KEY", "FileAgain"]

AGAIN_KEY = "claims.again"


class FileAgain(QObject):
    """The action (enabled while every selected claim waits for a person) and its task.

    ``ask(text) -> bool`` is the question (a test answers it); ``done`` runs after each
    filing (the page reads its list again)."""

    def __init__(
        self,
        desk: Desk[ClaimsService],
        selected: Callable[[], list[Claim]],
        done: Callable[[], object],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.selected = selected
        self.done = done
        self._widget = parent
        self.ask: Callable[[str], bool] = self._ask
        self.action = page_action(
            parent,
            self.tr("File a&gain…"),
            self.tr("File again, on purpose, the selected claims whose answer was lost or unreadable"),
        )
        self.action.triggered.connect(self._on_action_triggered)
        self.update()

    def held(self) -> list[Claim]:
        """The selection, when every claim of it waits for a person; else nothing."""
        now = datetime.now(UTC)
        chosen = self.selected()
        return chosen if chosen and all(claim.needs_person(now) for claim in chosen) else []

    def update(self) -> None:
        self.action.setEnabled(bool(self.held()))

    def start(self) -> TaskHandle | None:
        claims = self.held()
        if not claims:
            return None
        text = self.tr(
            "%n claim(s) were sent before and no answer was read: the operator may have them. "
            "Follow them first to find out.\n\nFile them again anyway? If the operator has them, "
            "it answers that a claim already exists (900).",
            "",
            len(claims),
        )
        if not self.ask(text):
            return None
        self.desk.messages.clear(AGAIN_KEY)
        return self.desk.run(
            file_again,
            [claim.code for claim in claims],
            name="file claims again",
            key=AGAIN_KEY,
            owner=self,
            on_result=self._on_task_result,
            failure=Failure(self.tr("The claims could not be filed again: %1"), AGAIN_KEY),
        )

    def _ask(self, text: str) -> bool:
        answer = QMessageBox.question(
            self._widget,
            self.tr("File claims again"),
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    @Slot(object)
    def _on_task_result(self, report: FilingReport) -> None:
        filed = report.count(Result.FILED, Result.ALREADY) == len(report.results)
        kind = MessageKind.INFO if filed else MessageKind.WARNING
        self.desk.messages.show_message(summary_of(report), kind, key=AGAIN_KEY)
        self.done()

    @Slot()
    def _on_action_triggered(self) -> None:
        self.start()
