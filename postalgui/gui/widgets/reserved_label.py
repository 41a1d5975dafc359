"""Labels that keep their room: a note or an inline error that comes and goes moves nothing.

A hidden `QLabel` takes no room in its layout, so showing one ("understood: 1,5 cm", "Client
CPF/CNPJ: ...") pushed every row below it down by 20-36 px, and the click the clerk had
aimed at one row landed on the next. `reserve_lines` gives the label the height of a
fixed number of lines, kept while it is hidden, so its text comes and goes in place.
`QFormLayout` drops a hidden row whatever its size policy says; a label placed there goes
in a `reserved_row`, a holder that stays shown while the label inside comes and goes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

__all__ = ["reserve_lines", "reserved_row"]


def reserve_lines(label: QLabel, lines: int = 1) -> QLabel:
    """Keep ``lines`` lines of ``label``'s font for it, shown or hidden; returns it.

    One line: the text does not wrap, and a longer one is cut at the label's width rather
    than widening its column (a note is short). More lines: the text wraps within them.
    """
    policy = label.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    policy.setVerticalPolicy(QSizePolicy.Policy.Fixed)
    if lines == 1:
        label.setWordWrap(False)
        policy.setHorizontalPolicy(QSizePolicy.Policy.Ignored)
    label.setSizePolicy(policy)
    margins = label.contentsMargins()
    frame = margins.top() + margins.bottom() + 2 * label.margin()
    label.setFixedHeight(lines * label.fontMetrics().lineSpacing() + frame)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return label


def reserved_row(label: QLabel) -> QWidget:
    """``label`` (given its lines by `reserve_lines`) in a holder of the same height for a
    form row: the row keeps its room while the label is hidden."""
    holder = QWidget(label.parentWidget())
    holder.setObjectName(f"{label.objectName()}Row")
    layout = QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(label)
    holder.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    holder.setFixedHeight(label.maximumHeight())
    return holder
