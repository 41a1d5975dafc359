"""`FileDialog`: "File claim(s)…" in two steps: the form, then exactly what will be sent.

The first step is the `FilingForm`; "Review" checks it (a bad or empty field is named
with its rule, "Open Settings" offered for the e-mail and phone, nothing sent) and shows
the second: one line per object with its reason, kind, packaging, e-mail, phone, recipient
and estimate, as `file_claims` will send them. "Send" accepts; the page runs the filing.
A claim that says the parcel did not arrive as it should, for an object the operator has
proof of delivery of, shows that proof above the lines (`ProofWarning`), and "Send" reads
"File anyway"; a delivered object whose proof was never fetched is offered "Get proof".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QSize, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.values import format_brl
from postalgui.api.values.claims import format_claim_phone
from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.claims.filing_form import FilingForm
from postalgui.gui.tabs.claims.proof_warning import ProofWarning, StoredProofs
from postalgui.gui.tabs.claims.words import manifestation_word, package_word, reason_word
from postalgui.gui.widgets.screen_fit import fit_to_screen
from postalgui.services.claims.candidates import Candidate
from postalgui.services.claims.filing import FilingOrder
from postalgui.services.claims.proofs import DELIVERY_REASONS
from postalgui.services.claims.settings import ClaimsSettings
from postalgui.services.tracking.proof_records import DeliveryProof, ProofReport

__all__ = ["FileDialog"]

FORM, CONFIRM = 0, 1
WARNED_HEIGHT = 640


class FileDialog(QDialog):
    """The form and the confirmation; `order` once accepted ("Send").

    Signals: ``settingsRequested()`` when "Open Settings" was clicked (the e-mail or phone).
    """

    settingsRequested = Signal()

    def __init__(
        self,
        candidates: Sequence[Candidate],
        settings: ClaimsSettings,
        parent: QWidget | None = None,
        known: Mapping[str, str] | None = None,
        proofs: StoredProofs | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("claimsFileDialog")
        self.fetcher = proofs
        self.proofs: dict[str, DeliveryProof] = dict(proofs.found) if proofs is not None else {}
        self.setWindowTitle(self.tr("File claims"))
        self.candidates = list(candidates)
        self.form = FilingForm(self.candidates, settings, self, known)
        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("claimsFilingProblem")
        self.problem_label.setWordWrap(True)
        self.problem_label.hide()
        self.settings_button = QPushButton(self.tr("Open Se&ttings"), self)
        self.settings_button.setObjectName("claimsOpenSettingsButton")
        self.settings_button.hide()
        self.confirm_label = QLabel(self)
        self.confirm_label.setWordWrap(True)
        self.warning = ProofWarning(self)
        self.warning.hide()
        self.confirm_table = QTableWidget(0, 8, self)
        self.confirm_table.setObjectName("claimsConfirmTable")
        self.confirm_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.confirm_table.verticalHeader().hide()
        self.confirm_table.horizontalHeader().setStretchLastSection(True)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self._page(self.form, self.problem_label, self.settings_button))
        self.stack.addWidget(self._page(self.warning, self.confirm_label, self.confirm_table))
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.back_button = QPushButton(self.tr("&Back"), self)
        self.review_button = QPushButton(self.tr("Re&view…"), self)
        self.review_button.setObjectName("claimsReviewButton")
        self.review_button.setDefault(True)
        self.send_button = QPushButton(self.tr("&Send"), self)
        self.send_button.setObjectName("claimsSendButton")
        self.send_button.setShortcut(QKeySequence("Ctrl+Return"))
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.cancel_button, self.back_button, self.review_button, self.send_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.stack, 1)
        layout.addLayout(buttons)
        self.resize(760, 480)
        self.cancel_button.clicked.connect(self.reject)
        self.back_button.clicked.connect(self._on_back_button_clicked)
        self.review_button.clicked.connect(self._on_review_button_clicked)
        self.send_button.clicked.connect(self._on_send_button_clicked)
        self.settings_button.clicked.connect(self._on_settings_button_clicked)
        self._connect_proofs()
        self._show_step(FORM)

    def _connect_proofs(self) -> None:
        """ "Get proof" asks the page's proofs; what comes redraws the confirmation."""
        self.warning.getRequested.connect(self._on_warning_get_requested)
        if self.fetcher is not None:
            self.fetcher.fetched.connect(self._on_fetcher_fetched)
            self.fetcher.fetchFailed.connect(self._on_fetcher_fetch_failed)

    def _page(self, *widgets: QWidget) -> QWidget:
        """The widgets one under the other; the room left goes to the last (the lines sent)."""
        page = QWidget(self)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in widgets:
            layout.addWidget(widget)
        layout.setStretchFactor(widgets[-1], 1)
        return page

    def _show_step(self, step: int) -> None:
        self.stack.setCurrentIndex(step)
        self.back_button.setVisible(step == CONFIRM)
        self.review_button.setVisible(step == FORM)
        self.send_button.setVisible(step == CONFIRM)
        self.send_button.setEnabled(step == CONFIRM)

    # --- the steps -------------------------------------------------------------------------------

    def review(self) -> bool:
        """The form checked: the confirmation shown (True), or the bad field named (False)."""
        text, field = self.form.problem()
        if text:
            self.problem_label.setText(text)
            self.problem_label.show()
            self.settings_button.show()
            if field is not None:
                field.setFocus()
            return False
        self.problem_label.hide()
        self.settings_button.hide()
        self._fill_confirmation()
        self._show_step(CONFIRM)
        return True

    def warned(self) -> list[DeliveryProof]:
        """The proofs of the objects claimed as not delivered (by the form's reasons) that the
        operator has: each such claim is likely refused."""
        form = self.form
        return [
            self.proofs[candidate.code]
            for candidate in self.candidates
            if candidate.code in self.proofs and form.reason_of(candidate) in DELIVERY_REASONS
        ]

    def missing(self) -> list[str]:
        """The delivered objects claimed as not delivered whose proof was never fetched (none
        when this dialog cannot fetch)."""
        if self.fetcher is None or not self.fetcher.can_fetch:
            return []
        form = self.form
        return [
            candidate.code
            for candidate in self.candidates
            if candidate.arrived_on is not None
            and candidate.code not in self.proofs
            and form.reason_of(candidate) in DELIVERY_REASONS
        ]

    def sent_rows(self) -> list[list[str]]:
        """The confirmation's cells, row by row: what will be sent."""
        table = self.confirm_table
        return [
            [(table.item(row, column) or QTableWidgetItem()).text() for column in range(table.columnCount())]
            for row in range(table.rowCount())
        ]

    def _fill_confirmation(self) -> None:
        form = self.form
        names = form.names()
        warned = self.warned()
        self.warning.show_proofs(warned, self.missing())
        self.send_button.setText(self.tr("&File anyway") if warned else self.tr("&Send"))
        self.send_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.confirm_label.setText(
            arg(
                self.tr("These claims will be sent to the operator (%1), each object on its own:"),
                app_locale().toString(len(self.candidates)),
            )
        )
        headers = [
            self.tr("Object"),
            self.tr("Reason"),
            self.tr("Ask for"),
            self.tr("Packaging"),
            self.tr("E-mail"),
            self.tr("Phone"),
            self.tr("Recipient"),
            self.tr("Estimate"),
        ]
        table = self.confirm_table
        table.setRowCount(len(self.candidates))
        table.setHorizontalHeaderLabels(headers)
        for row, candidate in enumerate(self.candidates):
            cells = (
                candidate.code,
                reason_word(form.reason_of(candidate)),
                manifestation_word(form.manifestation.value),
                package_word(form.package.value),
                form.email,
                format_claim_phone(form.phone),
                names.get(candidate.code, ""),
                format_brl(candidate.estimate) if candidate.estimate is not None else "—",
            )
            for column, text in enumerate(cells):
                table.setItem(row, column, QTableWidgetItem(text))
        table.resizeColumnsToContents()
        wanted = table.horizontalHeader().length() + table.verticalScrollBar().sizeHint().width() + 48
        available = self.screen().availableGeometry().width() - 40 if self.screen() is not None else wanted
        if self.width() < min(wanted, available):  # every column in sight, up to the screen's width
            self.resize(min(wanted, available), self.height())
        if warned and self.height() < WARNED_HEIGHT:  # the proofs above, the lines still in sight
            fit_to_screen(self, QSize(self.width(), WARNED_HEIGHT))

    def order(self) -> FilingOrder:
        """What "Send" sends."""
        form = self.form
        return FilingOrder.of(
            self.candidates,
            reason=form.reason,
            manifestation=form.manifestation,
            package=form.package,
            email=form.email,
            phone=form.phone,
            names=form.names(),
        )

    # --- slots -----------------------------------------------------------------------------------

    @Slot()
    def _on_review_button_clicked(self) -> None:
        self.review()

    @Slot()
    def _on_back_button_clicked(self) -> None:
        self._show_step(FORM)

    @Slot()
    def _on_send_button_clicked(self) -> None:
        if self.stack.currentIndex() == CONFIRM:
            self.accept()

    @Slot()
    def _on_settings_button_clicked(self) -> None:
        self.settingsRequested.emit()

    @Slot(list)
    def _on_warning_get_requested(self, codes: list[str]) -> None:
        if self.fetcher is not None:
            self.fetcher.fetch(codes)
            self.warning.asking()

    @Slot(ProofReport)
    def _on_fetcher_fetched(self, report: ProofReport) -> None:
        """What came is shown with the others; what did not is said (why, in a line)."""
        self.proofs.update(report.proofs)
        if self.stack.currentIndex() != CONFIRM:
            return
        self._fill_confirmation()
        left = self.missing()
        if not left:
            return
        if report.waiting:
            said = self.tr("The operator is still preparing the proof: ask again in a while (Get proof).")
        elif report.problems:
            said = "; ".join(arg(self.tr("%1: %2"), code, words) for code, words in report.problems.items())
        else:
            said = arg(self.tr("The operator has no proof of delivery for %1."), ", ".join(left))
        self.warning.say(said)

    @Slot(str)
    def _on_fetcher_fetch_failed(self, reason: str) -> None:
        self.warning.say(arg(self.tr("The proof of delivery could not be fetched: %1"), reason))
        self.warning.get_button.setEnabled(True)
