"""`UnitDetail`: one unit as a clerk reads it out on the phone.

Name, whether it is open now and until when (on the unit's own clock: a branch in Rio
Branco closes at 17:00 Acre time, not São Paulo's), type and status in words with what
the status means, the address with its CEP as ``00000-000``, phones, e-mails, the week's
hours (weekdays, lunch, Saturday, Sunday), the posting deadline and the services it
offers. Copy address puts the envelope form on the clipboard; Open in a map website
shows the place on OpenStreetMap in the browser.
"""

from __future__ import annotations

from datetime import datetime
from urllib.parse import quote_plus

from PySide6.QtCore import Qt, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from postalgui.api.models.branches import Unit
from postalgui.gui.messages import arg, or_dash
from postalgui.gui.models.branch_words import (
    address_lines,
    opening_text,
    status_meaning,
    status_word,
    type_word,
    yes_no,
)
from postalgui.gui.widgets.selectable_label import selectable_label
from postalgui.services.branches.hours import DEFAULT_ZONE, unit_opening, unit_zone, week_table

__all__ = ["UnitDetail", "map_url"]

OSM_ZOOM = 17


def map_url(unit: Unit) -> QUrl:
    """The unit on openstreetmap.org: a marker at its coordinates, else a search for its address."""
    lat, lon = unit.endereco.lat, unit.endereco.lon
    if lat is not None and lon is not None:
        return QUrl(
            f"https://www.openstreetmap.org/?mlat={lat:.6f}&mlon={lon:.6f}#map={OSM_ZOOM}/{lat:.6f}/{lon:.6f}"
        )
    return QUrl(f"https://www.openstreetmap.org/search?query={quote_plus(', '.join(address_lines(unit)))}")


class UnitDetail(QScrollArea):
    """The selected unit's details.

    Signals: ``addressCopied(str)`` with the text Copy address put on the clipboard;
    ``mapOpened(QUrl)`` with the address Open in a map website asked the browser for.
    """

    addressCopied = Signal(str)
    mapOpened = Signal(QUrl)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitDetail")
        self._unit: Unit | None = None
        holder = QWidget(self)
        column = QVBoxLayout(holder)
        self.title_label = selectable_label(holder, "unitTitle")
        font = QFont(self.title_label.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.title_label.setFont(font)
        self.opening_label = selectable_label(holder, "unitOpening")
        bold = QFont(self.opening_label.font())
        bold.setBold(True)
        self.opening_label.setFont(bold)
        column.addWidget(self.title_label)
        column.addWidget(self.opening_label)
        # The hours right under "open now", in two pairs of columns: under the address
        # they were a scroll away at 1366x768 and at the default window size.
        column.addWidget(self._build_hours(holder))
        column.addLayout(self._build_form(holder))
        buttons = QHBoxLayout()
        self.copy_button = QPushButton(self.tr("&Copy address"), holder)
        self.copy_button.setObjectName("copyAddressButton")
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self.map_button = QPushButton(self.tr("Open in a map &website"), holder)
        self.map_button.setObjectName("openMapButton")
        self.map_button.setToolTip(self.tr("Shows the unit on openstreetmap.org in your browser"))
        self.map_button.clicked.connect(self._on_map_button_clicked)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.map_button)
        buttons.addStretch(1)
        column.addLayout(buttons)
        column.addStretch(1)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setWidget(holder)
        self.show_unit(None)
        self.setMinimumHeight(self._hours_height(column))

    def _hours_height(self, column: QVBoxLayout) -> int:
        """Room for the name, "open now" and the hours table without scrolling: the
        splitter gives the map less before the detail hides the hours."""
        margins = column.contentsMargins()
        parts = (self.title_label, self.opening_label, self.hours_group)
        return (
            margins.top()
            + sum(part.sizeHint().height() for part in parts)
            + column.spacing() * len(parts)
            + 2 * self.frameWidth()
        )

    def _build_form(self, holder: QWidget) -> QFormLayout:
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)

        def row(title: str, name: str) -> QLabel:
            value = selectable_label(holder, name)
            form.addRow(title, value)
            return value

        self.type_value = row(self.tr("Type:"), "unitType")
        self.status_value = row(self.tr("Status:"), "unitStatus")
        self.code_value = row(self.tr("Unit code (MCU):"), "unitCode")
        self.address_value = row(self.tr("Address:"), "unitAddress")
        self.phones_value = row(self.tr("Phones:"), "unitPhones")
        self.emails_value = row(self.tr("E-mails:"), "unitEmails")
        self.services_value = row(self.tr("Services:"), "unitServices")
        self.zone_value = row(self.tr("Time zone:"), "unitZone")
        self.changed_value = row(self.tr("Last changed:"), "unitChanged")
        return form

    def _build_hours(self, holder: QWidget) -> QGroupBox:
        group = QGroupBox(self.tr("Opening hours (the unit's local time)"), holder)
        grid = QGridLayout(group)
        self.weekdays_value = selectable_label(group, "hoursWeekdays")
        self.lunch_value = selectable_label(group, "hoursLunch")
        self.saturday_value = selectable_label(group, "hoursSaturday")
        self.sunday_value = selectable_label(group, "hoursSunday")
        self.posting_value = selectable_label(group, "hoursPosting")
        self.hours_note = selectable_label(group, "hoursNote")
        cells = (
            (0, 0, self.tr("Monday to Friday"), self.weekdays_value),
            (0, 2, self.tr("Saturday"), self.saturday_value),
            (1, 0, self.tr("Lunch break"), self.lunch_value),
            (1, 2, self.tr("Sunday"), self.sunday_value),
        )
        for row, first, title, value in cells:
            grid.addWidget(QLabel(title, group), row, first)
            grid.addWidget(value, row, first + 1)
        # Across three columns: the longest title would widen the first or the third.
        grid.addWidget(QLabel(self.tr("Posting deadline (weekdays)"), group), 2, 0, 1, 3)
        grid.addWidget(self.posting_value, 2, 3)
        grid.addWidget(self.hours_note, 3, 0, 1, 4)
        grid.setHorizontalSpacing(12)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.hours_group = group
        return group

    # --- the unit ------------------------------------------------------------------------------

    def unit(self) -> Unit | None:
        return self._unit

    def show_unit(self, unit: Unit | None, now: datetime | None = None) -> None:
        """Show ``unit`` (``None``: a hint to pick one); "open now" as at ``now`` (aware)."""
        self._unit = unit
        self.copy_button.setEnabled(unit is not None)
        self.map_button.setEnabled(unit is not None)
        self.hours_group.setVisible(unit is not None)
        if unit is None:
            self.title_label.setText(self.tr("Pick a unit in the list or on the map to see its details."))
            for label in (
                self.opening_label,
                self.type_value,
                self.status_value,
                self.code_value,
                self.address_value,
                self.phones_value,
                self.emails_value,
                self.services_value,
                self.zone_value,
                self.changed_value,
            ):
                label.setText("")
            return
        self.title_label.setText(unit.nome or unit.id)
        self.type_value.setText(type_word(unit))
        kind = unit.tipoUnidade
        self.type_value.setToolTip(
            arg(self.tr("Operator's type %1: %2"), kind.codigo, kind.descricao) if kind is not None else ""
        )
        meaning = status_meaning(unit.status)
        word = status_word(unit.status)
        self.status_value.setText(arg(self.tr("%1 — %2"), word, meaning) if meaning else word)
        self.code_value.setText(unit.id)
        self.address_value.setText("\n".join(address_lines(unit)) or "\N{EM DASH}")
        self.phones_value.setText(or_dash("\n".join(unit.telefones)))
        self.emails_value.setText(or_dash("\n".join(unit.emails)))
        self.services_value.setText(
            "\n".join(
                (
                    arg(
                        self.tr("Clique e Retire (pick-up of online purchases): %1"),
                        yes_no(unit.clique_retire),
                    ),
                    arg(self.tr("Attended by the operator's staff: %1"), yes_no(unit.operator_attends)),
                )
            )
        )
        self.zone_value.setText(self._zone_text(unit))
        changed = unit.dhAlteracao
        self.changed_value.setText(changed.strftime("%d/%m/%Y") if changed else "\N{EM DASH}")
        self._show_hours(unit)
        self.refresh_opening(now)

    def _zone_text(self, unit: Unit) -> str:
        """The unit's ``fuso``; when absent, the clock assumed (its state's, else Brasília's)."""
        fuso = unit.endereco.fuso
        if fuso:
            return fuso
        zone = unit_zone(None, unit.endereco.uf)
        if zone == DEFAULT_ZONE:
            return arg(self.tr("%1 (not given; Brasília time assumed)"), "UTC-03:00")
        offset = zone.utcoffset(None)
        hours = int(offset.total_seconds() // 3600) if offset is not None else -3
        return arg(self.tr("%1 (not given; the state's time assumed)"), f"UTC{hours:+03d}:00")

    def refresh_opening(self, now: datetime | None) -> None:
        """The "open now" line again (the clock moved)."""
        unit = self._unit
        if unit is None:
            return
        moment = now or datetime.now(unit_zone(unit.endereco.fuso, unit.endereco.uf))
        self.opening_label.setText(opening_text(unit_opening(unit, moment), moment))

    def _show_hours(self, unit: Unit) -> None:
        table = week_table(unit.horarios)
        closed = self.tr("Closed")

        def span(pair: tuple[str, str] | None, absent: str = closed) -> str:
            return arg(self.tr("%1 to %2"), pair[0], pair[1]) if pair else absent

        if table.always_open:
            always = self.tr("Open 24 hours")
            for label in (self.weekdays_value, self.saturday_value, self.sunday_value):
                label.setText(always)
        else:
            self.weekdays_value.setText(span(table.weekdays))
            self.saturday_value.setText(span(table.saturday))
            self.sunday_value.setText(span(table.sunday))
        self.lunch_value.setText(span(table.lunch, self.tr("No lunch break")))
        self.posting_value.setText(table.posting_until or "\N{EM DASH}")
        self.hours_note.setText(
            arg(self.tr("The operator says: %1"), table.description) if table.description else ""
        )
        self.hours_note.setVisible(bool(table.description))

    def address_text(self) -> str:
        """The address as Copy address puts it on the clipboard: name, then the envelope lines."""
        if self._unit is None:
            return ""
        return "\n".join([self._unit.nome, *address_lines(self._unit)])

    # --- slots ---------------------------------------------------------------------------------

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        text = self.address_text()
        if text:
            QGuiApplication.clipboard().setText(text)
            self.addressCopied.emit(text)

    @Slot()
    def _on_map_button_clicked(self) -> None:
        if self._unit is None:
            return
        url = map_url(self._unit)
        QDesktopServices.openUrl(url)
        self.mapOpened.emit(url)
