"""The settings' Interface box: the UI language, used from the next start, and the tab the
window shows first (a manager's Overview), from the next start too."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QGroupBox, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import add_row, form_layout, note_label

LANGUAGES: tuple[str, ...] = ("", "pt_BR", "en")


class InterfacePage(QGroupBox):
    """The language choice ("" is the system's) and the first tab's (by its factory's key,
    "" the first as listed). Signals: none."""

    def __init__(self, parent: QWidget | None = None, tabs: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Interface"))
        self.language_combo = QComboBox(self)
        self.language_combo.addItem(self.tr("System default"), "")
        self.language_combo.addItem("Português (Brasil)", "pt_BR")  # endonyms: not translated
        self.language_combo.addItem("English", "en")
        language_note = note_label(self, self.tr("A new language is used after PostalGUI restarts."))
        language_note.setEnabled(False)
        self.first_tab_combo = QComboBox(self)
        self.first_tab_combo.setObjectName("firstTabCombo")
        self.first_tab_combo.addItem(self.tr("As listed"), "")
        for key, label in tabs:
            self.first_tab_combo.addItem(label.replace("&", ""), key)
        self.first_tab_combo.setToolTip(self.tr("The tab shown first when PostalGUI starts"))
        form = form_layout(self)
        add_row(form, self.tr("Lan&guage:"), self.language_combo, self.language_combo)
        form.addRow("", language_note)
        # no Alt letter: every one the dialog could give it is taken, in both languages
        add_row(form, self.tr("First tab:"), self.first_tab_combo, self.first_tab_combo)

    def language(self) -> str:
        return LANGUAGES[self.language_combo.currentIndex()]

    def set_language(self, language: str) -> None:
        self.language_combo.setCurrentIndex(LANGUAGES.index(language))

    def first_tab(self) -> str:
        return str(self.first_tab_combo.currentData() or "")

    def set_first_tab(self, key: str) -> None:
        """Show ``key``'s tab chosen; a key of no tab listed reads "As listed"."""
        self.first_tab_combo.setCurrentIndex(max(self.first_tab_combo.findData(key), 0))
