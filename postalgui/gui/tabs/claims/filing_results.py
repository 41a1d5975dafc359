"""`FilingResults`: what a filing answered, one line per object, in words, under the table.

Filed with its protocol, already claimed (900), refused with the operator's code and its
own message ("544: ainda dentro do prazo"), not sent because already filed here, or
unconfirmed (the call failed after it was sent: follow it to find out). One object's
refusal is its own line, never the batch's failure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg
from postalgui.gui.tabs.claims.words import result_text
from postalgui.services.claims.filing import Result

if TYPE_CHECKING:
    from postalgui.services.claims.use_cases import FilingReport, FilingResult

__all__ = ["FilingResults", "line_of", "summary_of"]


def line_of(result: FilingResult) -> str:
    said = result_text(
        result.result.value, result.return_code, result.message, result.protocol, result.by, result.at
    )
    return arg(QCoreApplication.translate("FilingResults", "%1: %2"), result.code, said)


def summary_of(report: FilingReport) -> str:
    """ "Filing: filed 2, refused 1, already claimed 0, not sent 0, unconfirmed 0"."""
    locale = app_locale()
    counts = (
        report.count(Result.FILED),
        report.count(Result.REFUSED),
        report.count(Result.ALREADY),
        report.count(Result.BLOCKED, Result.NOT_SENT),
        report.count(Result.UNCONFIRMED),
    )
    return arg(
        QCoreApplication.translate(
            "FilingResults", "Filing: filed %1, refused %2, already claimed %3, not sent %4, unconfirmed %5"
        ),
        *(locale.toString(count) for count in counts),
    )


class FilingResults(QWidget):
    """The last filing's summary and its per-object lines (hidden before any filing)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claimsFilingResults")
        self.summary_label = QLabel(self)
        self.summary_label.setObjectName("claimsFilingSummary")
        self.summary_label.setWordWrap(True)  # a long summary wraps; it never widens the window
        self.list = QListWidget(self)
        self.list.setObjectName("claimsFilingList")
        self.list.setAccessibleName(self.tr("The last filing's results"))
        self.list.setMaximumHeight(140)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary_label)
        layout.addWidget(self.list)
        self.hide()

    def show_report(self, report: FilingReport) -> None:
        self.summary_label.setText(summary_of(report))
        self.list.clear()
        self.list.addItems([line_of(result) for result in report.results])
        self.show()

    def lines(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]
