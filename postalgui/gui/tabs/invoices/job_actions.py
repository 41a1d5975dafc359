"""The jobs panel's four actions (Open, Request again, Resume, Remove), as menu entries of
the jobs table and as the buttons under it, enabled for the job selected.

Apart from the panel so the panel only wires: what each action does is the panel's and its
controllers' (`job_tracking`, `job_changes`); this module holds the widgets and the rule
saying which action fits which state.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTableView, QWidget

from postalgui.services.invoices.jobs import Job, JobState

__all__ = ["JobActions"]


class JobActions(QObject):
    """Open, Request again, Resume and Remove: an action each (in the table's context menu)
    and a button each (in `buttons`). Each button triggers its action."""

    def __init__(self, table: QTableView, parent: QWidget) -> None:
        super().__init__(parent)
        self.open_action = QAction(self.tr("&Open"), parent)
        self.again_action = QAction(self.tr("Request &again"), parent)
        self.again_action.setToolTip(self.tr("Ask the operator for a new file"))
        self.resume_action = QAction(self.tr("Res&ume"), parent)
        self.resume_action.setToolTip(self.tr("Follow this request again"))
        self.remove_action = QAction(self.tr("&Remove"), parent)
        self.remove_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.remove_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.buttons = QHBoxLayout()
        self._pairs: list[tuple[QAction, QPushButton]] = []
        for action in (self.open_action, self.again_action, self.resume_action, self.remove_action):
            table.addAction(action)
            button = QPushButton(action.iconText(), parent)
            button.setToolTip(action.toolTip() if action.toolTip() != action.iconText() else "")
            button.clicked.connect(action.trigger)
            self.buttons.addWidget(button)
            self._pairs.append((action, button))
        self.buttons.addStretch(1)
        self.open_button, self.again_button, self.resume_button, self.remove_button = (
            button for _action, button in self._pairs
        )

    def update_for(self, job: Job | None, followed: bool) -> None:
        """Enable what fits ``job`` (the one selected; ``followed`` when a task follows it now)."""
        ready = job is not None and job.state is JobState.READY
        again = job is not None and job.state in (JobState.FAILED, JobState.EXPIRED)
        resume = job is not None and job.pending and not followed
        for (action, button), enabled in zip(
            self._pairs, (ready, again, resume, job is not None), strict=True
        ):
            action.setEnabled(enabled)
            button.setEnabled(enabled)
