"""`FiltersPanel`: every filter of the branch search, split by who applies it.

The operator filters by state, municipality, neighbourhood, name, types, statuses and
CEP (`query`: a `UnitQuery`, sent when the user asks); the search box, "open now",
"open at", Clique e Retire and lockers only filter the loaded set here, per keystroke
(`local_criteria`). When the whole country is loaded the operator's filters are local
too (`local_criteria(everything=True)`): nothing needs the network any more.
"""

from __future__ import annotations

from datetime import datetime, time

from PySide6.QtCore import QDate, QDateTime, QTime, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QToolButton,
    QWidget,
)

from postalgui.api.models.branches import Locality, UnitStatusCode
from postalgui.api.values import parse_cep
from postalgui.gui.messages import arg
from postalgui.gui.models.branch_words import TYPE_CODES, status_meaning, status_word, type_word
from postalgui.services.branches.index import LocalCriteria
from postalgui.services.branches.use_cases import UnitQuery

__all__ = ["STATE_NAMES", "FiltersPanel"]

STATE_NAMES = {
    "AC": "Acre",
    "AL": "Alagoas",
    "AM": "Amazonas",
    "AP": "Amapá",
    "BA": "Bahia",
    "CE": "Ceará",
    "DF": "Distrito Federal",
    "ES": "Espírito Santo",
    "GO": "Goiás",
    "MA": "Maranhão",
    "MG": "Minas Gerais",
    "MS": "Mato Grosso do Sul",
    "MT": "Mato Grosso",
    "PA": "Pará",
    "PB": "Paraíba",
    "PE": "Pernambuco",
    "PI": "Piauí",
    "PR": "Paraná",
    "RJ": "Rio de Janeiro",
    "RN": "Rio Grande do Norte",
    "RO": "Rondônia",
    "RR": "Roraima",
    "RS": "Rio Grande do Sul",
    "SC": "Santa Catarina",
    "SE": "Sergipe",
    "SP": "São Paulo",
    "TO": "Tocantins",
}


class ChoiceButton(QToolButton):
    """A button whose menu holds checkable choices ("Types: all" / "Types: 2 chosen").

    Signals: ``choicesChanged()`` when a choice is ticked or cleared.
    """

    choicesChanged = Signal()

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._caption = caption
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setMenu(QMenu(self))
        self.menu().aboutToHide.connect(self._on_menu_about_to_hide)
        self._changed = False
        self._update_text()

    def add_choice(self, code: str, text: str, tooltip: str = "") -> QAction:
        action = self.menu().addAction(text)
        action.setCheckable(True)
        action.setData(code)
        action.setToolTip(tooltip)
        action.toggled.connect(self._on_choice_toggled)
        return action

    def chosen(self) -> tuple[str, ...]:
        return tuple(str(action.data()) for action in self.menu().actions() if action.isChecked())

    def set_chosen(self, codes: tuple[str, ...] | set[str]) -> None:
        for action in self.menu().actions():
            action.blockSignals(True)
            action.setChecked(str(action.data()) in codes)
            action.blockSignals(False)
        self._update_text()
        self.choicesChanged.emit()

    def _update_text(self) -> None:
        count = len(self.chosen())
        if count == 0:
            self.setText(arg(self.tr("%1: all"), self._caption))
        elif count == 1:
            chosen = next(a.text() for a in self.menu().actions() if a.isChecked())
            self.setText(arg(self.tr("%1: %2"), self._caption, chosen))
        else:
            self.setText(arg(self.tr("%1: %2 chosen"), self._caption, count))

    @Slot(bool)
    def _on_choice_toggled(self, _checked: bool) -> None:
        self._update_text()
        self.choicesChanged.emit()

    @Slot()
    def _on_menu_about_to_hide(self) -> None:
        self._update_text()


class FiltersPanel(QWidget):
    """The filter bar above the list.

    Signals: ``localChanged()`` when a filter of the loaded set changed (search box, open
    now, open at, Clique e Retire, lockers); ``serverChanged()`` when an operator filter
    changed (a text field as typed, a choice as picked); ``searchRequested()`` when the
    user asks for the operator filters' units (Search, Enter in one of their fields, a
    state picked); ``countryRequested()`` (All of Brazil); ``stateChanged(str)`` with the
    state's UF (empty: none) so its municipalities can be loaded.
    """

    localChanged = Signal()
    serverChanged = Signal()
    searchRequested = Signal()
    countryRequested = Signal()
    stateChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchFilters")
        self._build()
        self._lay_out()
        self._connect()

    def _build(self) -> None:
        # Created in the order Tab walks them: the search box, the operator's fields, the local ones.
        self.search_edit = self._line_edit(
            "branchSearchEdit",
            self.tr("Search the list: name, street, neighbourhood, CEP, code…"),
            self.tr("Search the list"),
        )
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setToolTip(self.tr("Filters the units loaded, as you type (Ctrl+F)"))
        self._build_operator_fields()
        self._build_choices()
        self._build_local_filters()
        self.search_button = QPushButton(self.tr("&Search"), self)
        self.search_button.setObjectName("branchSearchButton")
        self.search_button.setToolTip(self.tr("Ask the operator for the units of the state, municipality, …"))
        self.country_button = QPushButton(self.tr("All of &Brazil"), self)
        self.country_button.setObjectName("branchCountryButton")
        self.country_button.setToolTip(
            self.tr("Download every unit in Brazil once; then every filter works at once, also offline")
        )

    def _line_edit(self, name: str, placeholder: str, accessible: str) -> QLineEdit:
        edit = QLineEdit(self)
        edit.setObjectName(name)
        edit.setPlaceholderText(placeholder)
        edit.setAccessibleName(accessible)
        return edit

    def _build_operator_fields(self) -> None:
        """State, municipality, neighbourhood, name and CEP: the operator applies them."""
        self.state_combo = QComboBox(self)
        self.state_combo.setObjectName("branchStateCombo")
        self.state_combo.addItem(self.tr("All states"), "")
        for uf in sorted(STATE_NAMES):
            self.state_combo.addItem(f"{uf} – {STATE_NAMES[uf]}", uf)
        self.state_combo.setAccessibleName(self.tr("State"))
        self.municipality_combo = QComboBox(self)
        self.municipality_combo.setObjectName("branchMunicipalityCombo")
        self.municipality_edit = QLineEdit(self.municipality_combo)
        self.municipality_combo.setLineEdit(self.municipality_edit)  # editable, with our own line edit
        self.municipality_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.municipality_combo.setMinimumContentsLength(14)
        self.municipality_edit.setPlaceholderText(self.tr("Any municipality"))
        self.municipality_combo.setAccessibleName(self.tr("Municipality"))
        self.neighbourhood_edit = self._line_edit(
            "branchNeighbourhoodEdit", self.tr("Any neighbourhood"), self.tr("Neighbourhood")
        )
        self.name_edit = self._line_edit("branchNameEdit", self.tr("Any name"), self.tr("Unit name"))
        self.cep_edit = self._line_edit("branchCepEdit", "00000-000", self.tr("CEP"))
        self.cep_edit.setToolTip(self.tr("One or more CEPs, separated by spaces or commas"))

    def _build_choices(self) -> None:
        """Types and statuses, each a menu of choices."""
        self.types_button = ChoiceButton(self.tr("Types"), self)
        self.types_button.setObjectName("branchTypesButton")
        for code in TYPE_CODES:
            self.types_button.add_choice(code, type_word(code))
        self.statuses_button = ChoiceButton(self.tr("Statuses"), self)
        self.statuses_button.setObjectName("branchStatusesButton")
        for status in UnitStatusCode:
            self.statuses_button.add_choice(
                status.value, status_word(status.value), status_meaning(status.value)
            )

    def _build_local_filters(self) -> None:
        """Open now, open at, Clique e Retire and lockers: with the search box, the loaded set's filters."""
        self.open_now_check = self._check(
            "branchOpenNowCheck",
            self.tr("Open &now"),
            self.tr("Units open at this moment, on their own clock"),
        )
        self.open_at_check = self._check(
            "branchOpenAtCheck",
            self.tr("Open &at"),
            self.tr("Units open on that day at that time, on their own clock"),
        )
        # A day and a time as the CLI's --aberta-em takes them ("Saturday 28/11 at 10:00"),
        # read on each unit's own clock; the calendar shows which weekday a date is.
        self.when_edit = QDateTimeEdit(QDateTime(QDate.currentDate(), QTime(10, 0)), self)
        self.when_edit.setObjectName("branchOpenAtWhen")
        self.when_edit.setCalendarPopup(True)
        self.when_edit.setDisplayFormat("ddd dd/MM/yyyy HH:mm")
        self.when_edit.setAccessibleName(self.tr("Day and time"))
        self.clique_check = self._check(
            "branchCliqueRetireCheck",
            self.tr("Clique e &Retire"),
            self.tr("Units where online purchases can be picked up"),
        )
        self.lockers_check = self._check("branchLockersCheck", self.tr("&Lockers only"))

    def _check(self, name: str, text: str, tooltip: str = "") -> QCheckBox:
        check = QCheckBox(text, self)
        check.setObjectName(name)
        if tooltip:
            check.setToolTip(tooltip)
        return check

    def _lay_out(self) -> None:
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        search_label = QLabel(self.tr("Fi&nd:"), self)
        search_label.setBuddy(self.search_edit)
        grid.addWidget(search_label, 0, 0)
        grid.addWidget(self.search_edit, 0, 1, 1, 3)
        row = QHBoxLayout()
        row.addWidget(self.open_now_check)
        row.addWidget(self.open_at_check)
        row.addWidget(self.when_edit)
        row.addWidget(self.clique_check)
        row.addWidget(self.lockers_check)
        row.addStretch(1)
        grid.addLayout(row, 0, 4, 1, 4)

        state_label = QLabel(self.tr("S&tate:"), self)
        state_label.setBuddy(self.state_combo)
        grid.addWidget(state_label, 1, 0)
        grid.addWidget(self.state_combo, 1, 1)
        city_label = QLabel(self.tr("&Municipality:"), self)
        city_label.setBuddy(self.municipality_combo)
        grid.addWidget(city_label, 1, 2)
        grid.addWidget(self.municipality_combo, 1, 3)
        # Three rows: on two, the neighbourhood, name and CEP boxes were cut to a few
        # letters at the default window size.
        for column, (text, edit) in enumerate(
            ((self.tr("Neighbourhood:"), self.neighbourhood_edit), (self.tr("Name:"), self.name_edit)),
            start=2,
        ):
            label = QLabel(text, self)
            label.setBuddy(edit)
            grid.addWidget(label, 1, 2 * column)
            grid.addWidget(edit, 1, 2 * column + 1)
        cep_label = QLabel(self.tr("CEP:"), self)
        cep_label.setBuddy(self.cep_edit)
        grid.addWidget(cep_label, 2, 0)
        server = QHBoxLayout()
        server.addWidget(self.cep_edit)
        server.addWidget(self.types_button)
        server.addWidget(self.statuses_button)
        server.addStretch(1)
        server.addWidget(self.search_button)
        server.addWidget(self.country_button)
        grid.addLayout(server, 2, 1, 1, 7)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        grid.setColumnStretch(5, 1)
        grid.setColumnStretch(7, 1)
        self._update_open_at()

    def _connect(self) -> None:
        self.search_edit.textChanged.connect(self._on_local_changed)
        for check in (self.open_now_check, self.open_at_check, self.clique_check, self.lockers_check):
            check.toggled.connect(self._on_local_changed)
        self.open_at_check.toggled.connect(self._on_open_at_check_toggled)
        self.when_edit.dateTimeChanged.connect(self._on_local_changed)
        for edit in (
            self.neighbourhood_edit,
            self.name_edit,
            self.cep_edit,
            self.municipality_edit,
        ):
            edit.textEdited.connect(self._on_server_changed)
            edit.returnPressed.connect(self.searchRequested)
        self.municipality_combo.activated.connect(self._on_municipality_combo_activated)
        self.state_combo.currentIndexChanged.connect(self._on_state_combo_current_index_changed)
        self.types_button.choicesChanged.connect(self._on_server_changed)
        self.statuses_button.choicesChanged.connect(self._on_server_changed)
        self.search_button.clicked.connect(self.searchRequested)
        self.country_button.clicked.connect(self.countryRequested)

    # --- what the filters say ------------------------------------------------------------------

    def state(self) -> str:
        return str(self.state_combo.currentData() or "")

    def set_state(self, uf: str) -> None:
        index = self.state_combo.findData(uf)
        self.state_combo.setCurrentIndex(max(index, 0))

    def ceps(self) -> tuple[str, ...]:
        """The CEPs typed, as 8 digits; raises `InvalidValue` for one that is not a CEP."""
        parts = self.cep_edit.text().replace(",", " ").replace(";", " ").split()
        return tuple(parse_cep(part) for part in parts)

    def query(self) -> UnitQuery:
        """The operator's filters as a query; raises `InvalidValue` (a CEP) so nothing bad is sent."""
        return UnitQuery(
            statuses=self.statuses_button.chosen(),
            ceps=self.ceps(),
            type_codes=self.types_button.chosen(),
            nome=self.name_edit.text() or None,
            municipio=self.municipality_combo.currentText() or None,
            bairro=self.neighbourhood_edit.text() or None,
            uf=self.state() or None,
        )

    def open_at_moment(self) -> datetime:
        """The day and time chosen for "open at", naive: a wall time of each unit's clock."""
        chosen = self.when_edit.dateTime()
        day, at = chosen.date(), chosen.time()
        return datetime(day.year(), day.month(), day.day(), at.hour(), at.minute())

    def set_open_at(self, moment: datetime) -> None:
        """Ask for the units open at ``moment`` (a wall time of each unit's clock)."""
        self.when_edit.setDateTime(
            QDateTime(QDate(moment.year, moment.month, moment.day), QTime(moment.hour, moment.minute))
        )
        self.open_at_check.setChecked(True)

    def open_at(self) -> tuple[int, time] | None:
        """ "Open at" as the index asks it: a day of the week (0 Monday) and a wall time."""
        if not self.open_at_check.isChecked():
            return None
        moment = self.open_at_moment()
        return moment.weekday(), moment.time()

    def local_criteria(self, *, everything: bool = False) -> LocalCriteria:
        """The loaded set's filters; with ``everything`` (the whole country is loaded) the
        operator's filters too, so they need no request."""
        text = self.search_edit.text()
        criteria = LocalCriteria(
            text=text,
            open_now=self.open_now_check.isChecked(),
            open_at=self.open_at(),
            clique_retire=self.clique_check.isChecked(),
            lockers_only=self.lockers_check.isChecked(),
        )
        if not everything:
            return criteria
        try:
            ceps = frozenset(self.ceps())
        except ValueError:  # InvalidValue: said when the query is built; filters nothing here
            ceps = frozenset()
        return LocalCriteria(
            text=" ".join(part for part in (text, self.name_edit.text()) if part),
            uf=self.state() or None,
            municipio=self.municipality_combo.currentText() or None,
            bairro=self.neighbourhood_edit.text() or None,
            type_codes=frozenset(self.types_button.chosen()),
            statuses=frozenset(self.statuses_button.chosen()),
            ceps=ceps,
            open_now=criteria.open_now,
            open_at=criteria.open_at,
            clique_retire=criteria.clique_retire,
            lockers_only=criteria.lockers_only,
        )

    @Slot(list)
    def set_localities(self, localities: list[Locality]) -> None:
        """The chosen state's municipalities (those with units), for the municipality list."""
        typed = self.municipality_combo.currentText()
        names = sorted({locality.name for locality in localities if locality.name}, key=str.casefold)
        self.municipality_combo.blockSignals(True)
        self.municipality_combo.clear()
        self.municipality_combo.addItems(names)
        self.municipality_combo.setEditText(typed)
        self.municipality_combo.blockSignals(False)

    def set_busy(self, busy: bool) -> None:
        """While the whole country downloads, another download cannot start."""
        self.country_button.setEnabled(not busy)

    def _update_open_at(self) -> None:
        self.when_edit.setEnabled(self.open_at_check.isChecked())

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_local_changed(self) -> None:
        self.localChanged.emit()

    @Slot()
    def _on_server_changed(self) -> None:
        self.serverChanged.emit()

    @Slot(bool)
    def _on_open_at_check_toggled(self, _checked: bool) -> None:
        self._update_open_at()

    @Slot(int)
    def _on_municipality_combo_activated(self, _index: int) -> None:
        self.serverChanged.emit()
        self.searchRequested.emit()

    @Slot(int)
    def _on_state_combo_current_index_changed(self, _index: int) -> None:
        self.municipality_combo.blockSignals(True)
        self.municipality_combo.clear()
        self.municipality_combo.setEditText("")
        self.municipality_combo.blockSignals(False)
        self.stateChanged.emit(self.state())
        self.serverChanged.emit()
        if self.state():
            self.searchRequested.emit()
