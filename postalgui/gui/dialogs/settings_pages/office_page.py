"""The settings' Office database box: the shared server's URL and password, Test and Copy.

The URL is the environment's (`Profile.database_url`, checked as typed: the line under
it names the rule); the password goes to the keyring, never the settings file. An empty
URL keeps every record on this computer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QToolButton, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import (
    add_row,
    error_label,
    form_layout,
    note_label,
    side_by_side,
    with_error,
)
from postalgui.gui.dialogs.settings_pages.office_actions import OfficeCopyAction, OfficeTestAction
from postalgui.gui.dialogs.settings_pages.office_words import url_rule_text
from postalgui.services.office.use_cases import DatabaseReport

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskRunner
    from postalgui.services.office.service import OfficeService
    from postalgui.services.settings_drafts import ProfileDraft


class OfficePage(QGroupBox):
    """URL, password, what is shared, and the Test and Copy actions (`test`, `copy`).

    Signals: ``edited()`` while the URL or the password is typed; ``urlLeft()`` once the
    URL was left (then its rule is shown).
    """

    edited = Signal()
    urlLeft = Signal()

    def __init__(self, service: OfficeService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Office database"))
        self.url_edit = QLineEdit(self)
        self.url_edit.setPlaceholderText("postgresql://postalgui@server:5432/postalgui")
        self.url_edit.setAccessibleName(self.tr("Office database URL"))
        self.url_edit.setClearButtonEnabled(True)
        self.url_edit.textChanged.connect(self._on_edit_text_changed)
        self.url_edit.editingFinished.connect(self._on_url_edit_editing_finished)
        self.url_error = error_label(self)
        self.password_edit = QLineEdit(self)
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setAccessibleName(self.tr("Office database password"))
        self.password_edit.textChanged.connect(self._on_edit_text_changed)
        self.password_toggle = QToolButton(self)
        self.password_toggle.setCheckable(True)
        self.password_toggle.setText(self.tr("Show"))
        self.password_toggle.setToolTip(self.tr("Show or hide the office database password"))
        self.password_toggle.setAccessibleName(self.password_toggle.toolTip())
        self.password_toggle.toggled.connect(self._on_password_toggle_toggled)
        self.note_label = self._note()
        self.test = OfficeTestAction(service, runner, self)
        self.test.databaseTested.connect(self._on_test_database_tested)
        self.test.databaseFailed.connect(self._on_test_database_failed)
        self.copy = OfficeCopyAction(service, runner, self)
        self._url_valid = False
        self._test_failed = False
        form = form_layout(self)
        add_row(
            form,
            self.tr("Office data&base URL:"),
            with_error(self, self.url_edit, self.url_error),
            self.url_edit,
        )
        password_row = side_by_side(self, self.password_edit, self.password_toggle)
        add_row(form, self.tr("Pass&word:"), password_row, self.password_edit)
        form.addRow(self.note_label)
        form.addRow(self.test)
        form.addRow(self.copy)

    def _note(self) -> QLabel:
        """What is shared, what stays, and what an empty URL means (greyed, like the language note)."""
        note = note_label(self)
        note.setEnabled(False)
        note.setText(
            self.tr(
                "Every desk pointed at the same PostgreSQL database shares the quote history, presets and "
                "invoice jobs; settings, the keyring and the map stay on each computer. "
                "Empty: this computer only."
            )
        )
        return note

    def load(self, draft: ProfileDraft) -> None:
        self.url_edit.setText(draft.database_url)
        self.password_edit.setText(draft.database_password)

    def store(self, draft: ProfileDraft) -> None:
        draft.database_url = self.url_edit.text()
        draft.database_password = self.password_edit.text()

    def url_error_text(self, draft: ProfileDraft) -> str | None:
        """What is wrong with the URL, in words naming the field; None when it is usable or empty."""
        rule = draft.database_url_rule()
        return None if rule is None else url_rule_text(rule)

    def allow(self, url_valid: bool) -> None:
        """Test needs a usable URL (empty tests this computer's file); Copy needs a server
        whose Test did not just fail (a copy there would fail the same way)."""
        self._url_valid = url_valid
        self.test.allow(url_valid)
        self.copy.allow(url_valid and bool(self.url_edit.text().strip()) and not self._test_failed)

    def cancel(self) -> None:
        """Stop a running Test or Copy (the dialog closes, or the environment changes)."""
        self.test.cancel()
        self.copy.cancel()

    def clear_results(self) -> None:
        self.test.clear()
        self.copy.clear()

    @Slot(str)
    def _on_edit_text_changed(self, text: str) -> None:
        """New values: what Test said was about the old ones, so it goes (a running Test
        too), and Copy may be tried again. A running Copy keeps its line."""
        del text
        self._test_failed = False
        self.test.cancel()
        self.test.clear()
        if not self.copy.busy:
            self.copy.clear()
        self.edited.emit()

    @Slot(DatabaseReport)
    def _on_test_database_tested(self, _report: DatabaseReport) -> None:
        self._test_failed = False
        self.allow(self._url_valid)

    @Slot(BaseException)
    def _on_test_database_failed(self, _error: BaseException) -> None:
        self._test_failed = True
        self.allow(self._url_valid)

    @Slot()
    def _on_url_edit_editing_finished(self) -> None:
        self.url_edit.setText(self.url_edit.text().strip())
        self.urlLeft.emit()

    @Slot(bool)
    def _on_password_toggle_toggled(self, shown: bool) -> None:
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)
        self.password_toggle.setText(self.tr("Hide") if shown else self.tr("Show"))
