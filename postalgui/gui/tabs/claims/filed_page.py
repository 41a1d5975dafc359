"""`FiledPage`: every claim of the office, how each stands, followed in the background.

The page composes and wires: the toolbar (Follow, Reopen, Export: the claims' objects'
stored proofs of delivery go with the file, as PDFs in a folder beside it), the filter bar (state
and a search box, applied as the user types by `ClaimModel`), the table, and the
follow-up with its progress (`Follower`). Its list is read after the table's first paint
and whenever the office database says claims or tracked objects changed (`OfficeChanges`,
topics ``claim`` and ``tracked_object``: every desk sees who filed what, and a parcel
whose tracking shows the compensation paid turns the claim paid). The first read asks
the operator about the claims due, once; `start_following` does it for a tab built unseen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QWidget,
)

from postalgui.api.models.claims import ReopenResult
from postalgui.gui.i18n import app_locale, ui_language
from postalgui.gui.messages import arg
from postalgui.gui.tabs.claims.claim_model import ClaimColumn, ClaimModel
from postalgui.gui.tabs.claims.file_again import FileAgain
from postalgui.gui.tabs.claims.filed_words import SHOWN_STATES, reopen_text, shown_state, state_word
from postalgui.gui.tabs.claims.follower import Follower
from postalgui.gui.tabs.claims.reopen_dialog import ReopenDialog
from postalgui.gui.tasks import Failure
from postalgui.gui.widgets.filter_row import FilterRow
from postalgui.gui.widgets.list_page import ListPage
from postalgui.gui.widgets.live_reading import LiveReading
from postalgui.gui.widgets.message_kind import MessageKind
from postalgui.gui.widgets.saved_file import SavedFileReporter, ask_save_path, table_types
from postalgui.services.claims.saving import SavedClaims, save_claims
from postalgui.services.claims.use_cases import list_claims, reopen_claim
from postalgui.services.office import topics

if TYPE_CHECKING:
    from postalgui.gui.desk import Desk
    from postalgui.gui.tasks import TaskHandle
    from postalgui.services.claims.records import Claim
    from postalgui.services.claims.service import ClaimsService

__all__ = ["LOAD_KEY", "REOPEN_KEY", "FiledPage"]

LOAD_KEY = "claims.filed"
REOPEN_KEY = "claims.reopen"
FILE_KEY = "claims.filed.file"


COLUMN_WIDTHS = {
    ClaimColumn.CODE: 115,
    ClaimColumn.STATE: 150,
    ClaimColumn.PROTOCOL: 100,
    ClaimColumn.REASON: 190,
    ClaimColumn.MANIFESTATION: 110,
    ClaimColumn.FILED_BY: 120,
    ClaimColumn.FILED_AT: 120,
    ClaimColumn.SITUATION: 110,
    ClaimColumn.MERIT: 100,
}
"""What the values need: the code, the state and the reason whole."""


class FiledPage(ListPage):
    """The filed claims: toolbar and filters above the table, the follow-up below.

    Signals: ``claimsLoaded(int)`` with the number of claims read (each read);
    ``reopened(ReopenResult)`` with the `ReopenResult` of a reopen asked here.
    """

    claimsLoaded = Signal(int)
    reopened = Signal(ReopenResult)

    def __init__(self, desk: Desk[ClaimsService], parent: QWidget | None = None) -> None:
        super().__init__("claimsFiled", parent)
        self.setObjectName("claimsFiledPage")
        self.desk = desk
        self._followed_once = False
        self.open_dialog: Callable[[ReopenDialog], bool] = lambda dialog: bool(dialog.exec())
        self.ask_save: Callable[[], Path | None] = self._ask_save_path
        self.saved = SavedFileReporter(desk.messages, FILE_KEY, self)
        self._build()
        self._connect()

    def _build(self) -> None:
        self.model = ClaimModel(self)
        self.build_table(
            self.model,
            self.tr("Filed claims"),
            (ClaimColumn.FILED_AT, Qt.SortOrder.DescendingOrder),
            COLUMN_WIDTHS,
            least=90,
        )
        self.follower = Follower(self.desk, self)
        self.follow_action = self.action(
            self.tr("&Follow"),
            self.tr("Ask the operator now: the selected claims, else every claim not closed (F5)"),
            QKeySequence(Qt.Key.Key_F5),
        )
        self.reopen_action = self.action(
            self.tr("Re&open…"), self.tr("Ask the operator to look again at the selected closed claim")
        )
        self.export_action = self.action(
            self.tr("E&xport…"),
            self.tr(
                "Save the claims shown as CSV or .xlsx; their stored proofs of delivery go beside it as PDFs"
            ),
        )
        self.again = FileAgain(self.desk, self.selected_claims, self.reload, self)
        filters = FilterRow(
            self,
            "claimsFiled",
            hint=self.tr("Search: object, protocol, who filed, reason, situation…"),
            search_name=self.tr("Search the claims"),
            label=self.tr("Stat&e:"),
            choice_name=self.tr("State"),
            everything=self.tr("All claims"),
            choices=((state_word(state), state) for state in SHOWN_STATES),
        )
        self.search_edit, self.state_combo = filters.search, filters.choice
        self.state_combo.setObjectName("claimsFiledState")
        actions = (self.follow_action, self.reopen_action, self.again.action, self.export_action)
        self.build_frame(actions, filters, (self.follower,))
        self.update_actions()

    def _connect(self) -> None:
        self.follow_action.triggered.connect(self._on_follow_action_triggered)
        self.reopen_action.triggered.connect(self._on_reopen_action_triggered)
        self.export_action.triggered.connect(self._on_export_action_triggered)
        self.follower.finished.connect(self._on_follower_finished)
        # a follow-up saves per claim: the list is read once when it ends
        self.reading = LiveReading(
            self.table,
            self.desk.service,
            (topics.CLAIMS, topics.TRACKING),
            self.desk.runner,
            self.reload,
            lambda: not self.follower.running,
        )

    # --- what the tab, the window and the tests ask -----------------------------------------

    def start_following(self) -> None:
        """Follow the claims due now and every interval, though nobody opens the page."""
        if not self._followed_once:
            self._followed_once = True
            self.follower.start(None)

    def settings_changed(self) -> None:
        """Settings changed (the interval, perhaps the office database): follow them."""
        self.follower.follow_settings()
        self.reading.watch_again()

    def reload(self) -> TaskHandle:
        """Read the claims again in the background (the table keeps what it shows till then)."""
        return self.desk.run(
            list_claims,
            name="claims list",
            key=LOAD_KEY,
            owner=self,
            on_result=self._on_load_task_result,
            failure=Failure(self.tr("The claims could not be read: %1"), LOAD_KEY),
        )

    def follow(self, codes: list[str] | None = None) -> TaskHandle | None:
        """F5: the selected claims, else every claim not closed; ``codes`` when given."""
        if codes is None:
            codes = self.selected_codes() or [c.code for c in self.model.all_claims() if not _closed(c)]
        return self.follower.start(codes) if codes else None

    def selected_claims(self) -> list[Claim]:
        return self.selected_items()

    def selected_codes(self) -> list[str]:
        return [claim.code for claim in self.selected_claims()]

    def select_code(self, code: str) -> bool:
        row = self.model.row_of_code(code)
        if row is None:
            return False
        self.table.selectRow(row)
        return True

    def reopen(self) -> TaskHandle | None:
        """Reopen the selected claim (one, closed, within its time) after the dialog."""
        chosen = self.selected_claims()
        if len(chosen) != 1 or not chosen[0].can_reopen(self.desk.service.today()):
            return None
        dialog = ReopenDialog(chosen[0], self)
        try:
            if not self.open_dialog(dialog):
                return None
            reason, note = dialog.reason, dialog.note
        finally:
            dialog.deleteLater()
        self.desk.messages.clear(REOPEN_KEY)
        return self.desk.run(
            reopen_claim,
            chosen[0].code,
            reason,
            note,
            name="reopen claim",
            key=REOPEN_KEY,
            owner=self,
            on_result=self._on_reopen_task_result,
            failure=Failure(self.tr("The claim could not be reopened: %1"), REOPEN_KEY),
        )

    def export(self) -> TaskHandle | None:
        claims = self.model.items()
        path = self.ask_save() if claims else None
        if path is None:
            return None
        return self.desk.run(
            save_claims,
            path,
            claims,
            ui_language(),
            name="save claims",
            key=FILE_KEY,
            owner=self,
            on_result=self._on_save_task_result,
            on_error=self.saved.failed,
        )

    # --- state ---------------------------------------------------------------------------

    def update_actions(self) -> None:
        chosen = self.selected_claims()
        today = self.desk.service.today()
        self.reopen_action.setEnabled(len(chosen) == 1 and chosen[0].can_reopen(today))
        self.again.update()

    def update_summary(self) -> None:
        total = len(self.model.all_claims())
        if not total:
            self.summary_label.setText(
                self.tr("No claims filed yet: file them from the candidates (late or lost parcels).")
            )
            return
        locale = app_locale()
        self.summary_label.setText(
            arg(
                self.tr("%1 of %2 claims shown"),
                locale.toString(self.model.rowCount()),
                locale.toString(total),
            )
        )

    # --- slots ---------------------------------------------------------------------------

    @Slot(object)
    def _on_load_task_result(self, claims: list[Claim]) -> None:
        chosen = self.selected_codes()
        self.model.set_claims(claims)
        for code in chosen:
            self.select_code(code)
        self.update_summary()
        self.update_actions()
        self.claimsLoaded.emit(len(claims))
        if any(not _closed(claim) for claim in claims):
            self.start_following()  # the list may be hours old: ask what is due now, once

    @Slot(object)
    def _on_reopen_task_result(self, result: ReopenResult) -> None:
        kind = MessageKind.INFO if result.reopened else MessageKind.WARNING
        self.desk.messages.show_message(reopen_text(result.return_code, result.message), kind, key=REOPEN_KEY)
        self.reopened.emit(result)
        self.reload()

    @Slot(object)
    def _on_save_task_result(self, saved: SavedClaims) -> None:
        """Where the file went, and the proofs of delivery that went with it."""
        note = ""
        if saved.proofs:
            note = arg(
                self.tr("%n proof(s) of delivery attached in the folder %1.", "", saved.proofs),
                saved.folder.name,
            )
        self.saved.saved_with(saved.path, note)

    @Slot(bool)
    def _on_follower_finished(self, _cancelled: bool) -> None:
        self.reload()

    @Slot()
    def _on_follow_action_triggered(self) -> None:
        self.follow()

    @Slot()
    def _on_reopen_action_triggered(self) -> None:
        self.reopen()

    @Slot()
    def _on_export_action_triggered(self) -> None:
        self.export()

    def _ask_save_path(self) -> Path | None:
        return ask_save_path(self, self.tr("Export claims"), self.tr("claims"), table_types())


def _closed(claim: Claim) -> bool:
    """Nothing more to ask: paid, refused on its merit, or never filed. An accepted claim is
    still followed: its payment shows in tracking (IDC)."""
    return shown_state(claim) in ("paid", "refused", "not_filed")
