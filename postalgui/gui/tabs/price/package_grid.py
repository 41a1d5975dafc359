"""The quote form's "Package" group in two columns, so the whole form fits a 1366x768 screen.

One label and one field a row made the group eight rows high: with the route above and
the lists below, the form asked for ~611 px where the screen gives it ~550, so it
scrolled and the products' "All" was out of sight. Two pairs a row make it five::

    Preset:          [preset ...................................] [Save…]
    Weight:          [300 g          ]  Format:           [Package (box)]
                     understood: 1.500 g
    Sizes:           L [—      ]  W [—      ]  H [—      ]
                     Length: understood: 1,5 cm
    Declared value:  [none           ]  Handling days:    [0            ]
                     understood: R$ 10,00
                     Limits: R$ 25,00 to R$ 10.000,00, by product
    Date:            [25/11/2026     ]  [ ] Must arrive by: [02/12/2026  ]

The weight comes before the format so its note lies under its own box; each note
starts under its field and may use the width of both columns. Tab goes along the rows.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGridLayout, QGroupBox, QWidget

if TYPE_CHECKING:
    from postalgui.gui.tabs.price.declared_value import DeclaredValue
    from postalgui.gui.tabs.price.delivery_dates import DeliveryDates
    from postalgui.gui.tabs.price.package_fields import PackageFields

__all__ = ["lay_out_package"]

_LABEL, _FIELD, _RIGHT_LABEL, _RIGHT_FIELD = range(4)
_ROW_GAP = 2


def lay_out_package(
    box: QGroupBox, package: PackageFields, declared: DeclaredValue, dates: DeliveryDates
) -> QGridLayout:
    """Place the parts' labels, fields and notes in ``box``; Tab follows the rows."""
    grid = QGridLayout(box)
    # Each note keeps its line while hidden (it moves nothing when it comes): those lines
    # part the fields, so the rows themselves sit close, and the form still fits.
    grid.setVerticalSpacing(_ROW_GAP)
    grid.setColumnStretch(_FIELD, 1)
    grid.setColumnStretch(_RIGHT_FIELD, 1)
    grid.addWidget(package.preset_label, 0, _LABEL)
    grid.addLayout(package.presets_row, 0, _FIELD, 1, 3)
    grid.setRowMinimumHeight(1, _ROW_GAP)  # no note under the preset: a gap instead
    _pair(grid, 2, package.weight_label, package.weight_spin, package.format_label, package.format_combo)
    _note(grid, 3, package.weight_note)
    grid.addWidget(package.sizes_label, 4, _LABEL)
    grid.addWidget(package.sizes_row, 4, _FIELD, 1, 3)
    _note(grid, 5, package.sizes_note)
    _pair(grid, 6, declared.declared_label, declared.declared_spin, dates.handling_label, dates.handling_spin)
    _note(grid, 7, declared.declared_note)
    _note(grid, 8, declared.declared_hint)
    _pair(grid, 9, dates.date_label, dates.date_edit, dates.arrive_check, dates.arrive_edit)
    sizes = [spin for _, spin in package.sizes()]
    _tab_along(
        package.package_combo,
        package.save_package_button,
        package.weight_spin,
        package.format_combo,
        *sizes,
        declared.declared_spin,
        dates.handling_spin,
        dates.date_edit,
        dates.arrive_check,
        dates.arrive_edit,
    )
    return grid


def _pair(
    grid: QGridLayout, row: int, label: QWidget, field: QWidget, right_label: QWidget, right_field: QWidget
) -> None:
    grid.addWidget(label, row, _LABEL)
    grid.addWidget(field, row, _FIELD)
    grid.addWidget(right_label, row, _RIGHT_LABEL)
    grid.addWidget(right_field, row, _RIGHT_FIELD)


def _note(grid: QGridLayout, row: int, note: QWidget) -> None:
    """A line under a field, from its field's column to the group's right edge."""
    grid.addWidget(note, row, _FIELD, 1, 3)


def _tab_along(*widgets: QWidget) -> None:
    """Tab visits ``widgets`` in this order (the order they are read, row by row)."""
    for first, second in pairwise(widgets):
        QWidget.setTabOrder(first, second)
