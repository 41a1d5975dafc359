"""The filters bar of an analytic statement's items: card, service, posting dates, search words.

Typing (a date, a word) waits `FILTER_DELAY_MS` before ``changed`` is emitted; a card or
a service filters at once. Its texts keep the translation context of `AnalyticView`,
where the catalog has them.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QCoreApplication, QDate, QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QDateEdit, QHBoxLayout, QLabel, QLineEdit, QWidget

from postalgui.services.invoices.item_index import ItemIndex, key_date

__all__ = ["FILTER_DELAY_MS", "ItemFilters", "ItemFiltersBar"]

FILTER_DELAY_MS = 250
"""Typing in the search field or a date waits this long before filtering 100,000 rows."""

ItemFilters = tuple[str | None, str | None, int | None, int | None, str]
"""card, service, first and last ``YYYYMMDD`` (``None`` where they do not narrow), search text."""


def _qdate(day: date) -> QDate:
    return QDate(day.year, day.month, day.day)


def _key(day: QDate) -> int:
    return day.year() * 10000 + day.month() * 100 + day.day()


class ItemFiltersBar(QWidget):
    """Card and service combos, a date range and a search field over one statement's items.

    Signals: ``changed()`` when the filters changed (after the typing pause).
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._index: ItemIndex | None = None
        self.card_combo = QComboBox(self)
        self.card_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.card_combo.currentIndexChanged.connect(self._on_card_combo_current_index_changed)
        self.service_combo = QComboBox(self)
        self.service_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.service_combo.currentIndexChanged.connect(self._on_service_combo_current_index_changed)
        self.date_from = QDateEdit(self)
        self.date_to = QDateEdit(self)
        for edit in (self.date_from, self.date_to):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("dd/MM/yyyy")
        self.date_from.dateChanged.connect(self._on_date_from_date_changed)
        self.date_to.dateChanged.connect(self._on_date_to_date_changed)
        self.search_edit = QLineEdit(self)
        self.search_edit.setPlaceholderText(
            QCoreApplication.translate("AnalyticView", "Label, CEP, document, date")
        )
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search_edit_text_changed)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(FILTER_DELAY_MS)
        self.timer.timeout.connect(self._on_timer_timeout)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for caption, field in (
            (QCoreApplication.translate("AnalyticView", "C&ard:"), self.card_combo),
            (QCoreApplication.translate("AnalyticView", "Ser&vice:"), self.service_combo),
            (QCoreApplication.translate("AnalyticView", "&From:"), self.date_from),
            (QCoreApplication.translate("AnalyticView", "&To:"), self.date_to),
            (QCoreApplication.translate("AnalyticView", "S&earch:"), self.search_edit),
        ):
            label = QLabel(caption, self)
            label.setBuddy(field)
            layout.addWidget(label)
            layout.addWidget(field, 1 if field is self.search_edit else 0)

    def fill(self, index: ItemIndex) -> None:
        """Offer a statement's cards, services and dates, every filter cleared (no ``changed``)."""
        self._index = index
        for combo in (self.card_combo, self.service_combo):
            combo.blockSignals(True)
            combo.clear()
        self.card_combo.addItem(QCoreApplication.translate("AnalyticView", "All cards"), None)
        for card in sorted(index.by_card):
            holder = index.holders.get(card, "")
            self.card_combo.addItem(f"{card} \N{EM DASH} {holder}" if holder else card, card)
        self.service_combo.addItem(QCoreApplication.translate("AnalyticView", "All services"), None)
        for code in sorted(index.by_service):
            name = index.service_names.get(code, "")
            self.service_combo.addItem(f"{code} {name}" if name else code, code)
        for combo in (self.card_combo, self.service_combo):
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        first = key_date(index.first_date) if index.first_date is not None else date.today()
        last = key_date(index.last_date) if index.last_date is not None else first
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(True)
            edit.setDateRange(_qdate(first), _qdate(last))
            edit.setEnabled(index.first_date is not None)
        self.date_from.setDate(_qdate(first))
        self.date_to.setDate(_qdate(last))
        for edit in (self.date_from, self.date_to):
            edit.blockSignals(False)

    def filters(self) -> ItemFilters:
        """What the bar asks for now (stops a pending typing pause)."""
        self.timer.stop()
        first, last = self._date_bounds()
        return (
            self.card_combo.currentData(),
            self.service_combo.currentData(),
            first,
            last,
            self.search_edit.text(),
        )

    def _date_bounds(self) -> tuple[int | None, int | None]:
        """The date filter as ``YYYYMMDD`` bounds; ``None`` where it does not narrow."""
        index = self._index
        if index is None or index.first_date is None or index.last_date is None:
            return None, None
        first, last = _key(self.date_from.date()), _key(self.date_to.date())
        return (first if first > index.first_date else None, last if last < index.last_date else None)

    @Slot(int)
    def _on_card_combo_current_index_changed(self, _index: int) -> None:
        self.changed.emit()

    @Slot(int)
    def _on_service_combo_current_index_changed(self, _index: int) -> None:
        self.changed.emit()

    @Slot(QDate)
    def _on_date_from_date_changed(self, _date: QDate) -> None:
        self.timer.start()

    @Slot(QDate)
    def _on_date_to_date_changed(self, _date: QDate) -> None:
        self.timer.start()

    @Slot(str)
    def _on_search_edit_text_changed(self, _text: str) -> None:
        self.timer.start()

    @Slot()
    def _on_timer_timeout(self) -> None:
        self.changed.emit()
