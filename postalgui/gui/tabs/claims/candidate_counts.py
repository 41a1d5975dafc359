"""`CandidateCounts`: the line above the candidate table: what can be claimed and what cannot yet.

How many candidates and their estimated total; how many are not late enough yet (the
operator would answer 544), expired (past the 90 days: shown on request, never fileable)
and already filed; and the objects of a statement that Tracking does not follow, with the
button that hands them over ("Follow them in Tracking").
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from postalgui.api.values import format_brl
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.services.claims.candidates import CandidateList

__all__ = ["CandidateCounts"]


class CandidateCounts(QWidget):
    """The counts as labels and the "Follow them in Tracking" button (shown when needed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsCounts")
        self.candidates_label = self._label("claimsCandidatesCount")
        self.total_label = self._label("claimsEstimateTotal")
        self.total_label.setToolTip(
            self.tr("An estimate from the compensation table in Settings (Claims): the operator decides")
        )
        self.waiting_label = self._label("claimsWaitingCount")
        self.waiting_label.setToolTip(
            self.tr("Late, but still within the operator's deadline: it would answer 544 today")
        )
        self.expired_label = self._label("claimsExpiredCount")
        self.expired_label.setToolTip(
            self.tr("More than 90 days since the delivery or expected date: not fileable")
        )
        self.filed_label = self._label("claimsFiledCount")
        self.untracked_label = self._label("claimsUntrackedCount")
        self.follow_button = QPushButton(self.tr("Follo&w them in Tracking"), self)
        self.follow_button.setObjectName("claimsFollowButton")
        self.follow_button.setToolTip(
            self.tr("Hand the statement's objects Tracking does not follow yet to the Tracking tab")
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for label in (
            self.candidates_label,
            self.total_label,
            self.waiting_label,
            self.expired_label,
            self.filed_label,
            self.untracked_label,
        ):
            layout.addWidget(label)
        layout.addWidget(self.follow_button)
        layout.addStretch(1)
        self.show_counts(None)

    def _label(self, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        return label

    def show_counts(self, found: CandidateList | None) -> None:
        locale = app_locale()
        candidates = list(found.candidates) if found is not None else []
        total = sum((c.estimate for c in candidates if c.estimate is not None), Decimal(0))
        self.candidates_label.setText(arg(self.tr("Candidates: %1"), locale.toString(len(candidates))))
        self.total_label.setText(arg(self.tr("Estimated total: %1"), format_brl(total)))
        waiting = found.waiting if found is not None else 0
        self.waiting_label.setText(arg(self.tr("Not late enough yet: %1"), locale.toString(waiting)))
        expired = len(found.expired) if found is not None else 0
        self.expired_label.setText(arg(self.tr("Expired: %1"), locale.toString(expired)))
        filed = found.filed if found is not None else 0
        self.filed_label.setText(arg(self.tr("Already filed: %1"), locale.toString(filed)))
        untracked = len(found.untracked) if found is not None else 0
        self.untracked_label.setText(arg(self.tr("Not followed in Tracking: %1"), locale.toString(untracked)))
        self.untracked_label.setVisible(untracked > 0)
        self.follow_button.setVisible(untracked > 0)
