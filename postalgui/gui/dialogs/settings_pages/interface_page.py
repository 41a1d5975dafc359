"""The settings' Interface box: the UI language, used from the next start."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGroupBox, QWidget

from postalgui.gui.dialogs.settings_pages.form_parts import add_row, form_layout, note_label

LANGUAGES: tuple[str, ...] = ("", "pt_BR", "en")


class InterfacePage(QGroupBox):
    """The language choice ("" is the system's). Signals: none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Interface"))
        self.language_combo = QComboBox(self)
        self.language_combo.addItem(self.tr("System default"), "")
        self.language_combo.addItem("Português (Brasil)", "pt_BR")  # endonyms: not translated
        self.language_combo.addItem("English", "en")
        language_note = note_label(self, self.tr("A new language is used after PostalGUI restarts."))
        language_note.setEnabled(False)
        form = form_layout(self)
        add_row(form, self.tr("Lan&guage:"), self.language_combo, self.language_combo)
        form.addRow("", language_note)

    def language(self) -> str:
        return LANGUAGES[self.language_combo.currentIndex()]

    def set_language(self, language: str) -> None:
        self.language_combo.setCurrentIndex(LANGUAGES.index(language))
