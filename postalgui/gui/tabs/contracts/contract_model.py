"""The contract list: validity, status with what it means (spec 001, 3), expiry marks.

A contract whose validity ends within `EXPIRING_DAYS` is marked ("Expires in 12 days",
amber); one that is not ATIVO (or no longer valid) is greyed, so the usable contracts
stand out. Statuses are shown in words ("Em desenvolvimento", not ``EM_DESENVOLVIMENTO``);
the tooltip says what the status means and the operator's own code, which its support
desk asks for.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from enum import IntEnum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QDate, QObject
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

from postalgui.api.values import format_date_ui
from postalgui.gui.messages import arg, or_dash
from postalgui.gui.models.row_table import Column, RowTableModel, TextRow

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract

__all__ = [
    "CARD_STATUSES",
    "CONTRACT_STATUSES",
    "EXPIRING_DAYS",
    "ContractColumn",
    "ContractModel",
    "alarm_colour",
    "card_status_meaning",
    "contract_status_meaning",
    "date_text",
    "days_to_expiry",
    "expiry_note",
    "muted_colour",
    "qdate",
    "status_line",
    "status_tooltip",
    "status_word",
    "validity_text",
    "warning_colour",
]

EXPIRING_DAYS = 30
"""A validity ending in fewer days than this is marked as expiring."""

CONTRACT_STATUSES = ("ATIVO", "SUSPENSO", "CANCELADO", "EM_DESENVOLVIMENTO")
CARD_STATUSES = ("ATIVO", "SUSPENSO", "CANCELADO", "IRREGULAR")


class ContractColumn(IntEnum):
    NUMBER = 0
    DR = 1
    VALID_FROM = 2
    VALID_TO = 3
    STATUS = 4
    NOTE = 5


# --- what a status means ----------------------------------------------------------------------


def _meanings() -> dict[str, str]:
    """What the statuses contracts and cards share mean (spec 001, 3)."""
    return {
        "ATIVO": QCoreApplication.translate("ContractModel", "usable normally"),
        "SUSPENSO": QCoreApplication.translate("ContractModel", "suspended; can be reactivated"),
        "CANCELADO": QCoreApplication.translate("ContractModel", "cancelled; cannot be reactivated"),
    }


def contract_status_meaning(status: str | None) -> str:
    """What a contract status means (spec 001, 3); empty for a status the spec does not name."""
    meanings = _meanings()
    meanings["EM_DESENVOLVIMENTO"] = QCoreApplication.translate(
        "ContractModel", "being created, not yet active"
    )
    return meanings.get((status or "").strip().upper(), "")


def card_status_meaning(status: str | None) -> str:
    """What a posting card status means (spec 001, 3); empty for an unknown one."""
    meanings = _meanings()
    meanings["IRREGULAR"] = QCoreApplication.translate(
        "ContractModel", "irregular; the operator must be consulted"
    )
    return meanings.get((status or "").strip().upper(), "")


def status_word(status: str | None) -> str:
    """A contract or card status in words (``EM_DESENVOLVIMENTO`` -> "In development");
    a status the spec does not name is shown as sent."""
    words = {
        "ATIVO": QCoreApplication.translate("ContractModel", "Active"),
        "SUSPENSO": QCoreApplication.translate("ContractModel", "Suspended"),
        "CANCELADO": QCoreApplication.translate("ContractModel", "Cancelled"),
        "EM_DESENVOLVIMENTO": QCoreApplication.translate("ContractModel", "In development"),
        "IRREGULAR": QCoreApplication.translate("ContractModel", "Irregular"),
    }
    return words.get((status or "").strip().upper(), status or "")


def status_line(status: str | None, meaning: str) -> str:
    """``"Active — usable normally"``; a status the spec does not name is shown as sent."""
    if not status:
        return QCoreApplication.translate("ContractModel", "Not stated")
    if not meaning:
        return arg(
            QCoreApplication.translate("ContractModel", "%1 (a status PostalGUI does not know)"), status
        )
    return arg(QCoreApplication.translate("ContractModel", "%1 — %2"), status_word(status), meaning)


def status_tooltip(status: str | None, meaning: str) -> str:
    """The status line with the operator's code: ``"Active — usable normally (code ATIVO)"``."""
    line = status_line(status, meaning)
    if not status or not meaning:
        return line
    return arg(QCoreApplication.translate("ContractModel", "%1 (operator's code %2)"), line, status)


# --- validity ---------------------------------------------------------------------------------


def days_to_expiry(end: datetime | None, today: date) -> int | None:
    """Days from ``today`` to the last day of validity (0: ends today; negative: ended)."""
    if end is None:
        return None
    return (end.date() - today).days


def expiry_note(end: datetime | None, today: date) -> str:
    """``"Expires in 12 days"``, ``"Expires tomorrow"``, ``"Expires today"``, ``"Expired"``; empty when
    far off or unknown."""
    days = days_to_expiry(end, today)
    if days is None or days >= EXPIRING_DAYS:
        return ""
    if days < 0:
        return QCoreApplication.translate("ContractModel", "Expired")
    if days == 0:
        return QCoreApplication.translate("ContractModel", "Expires today")
    if days == 1:
        return QCoreApplication.translate("ContractModel", "Expires tomorrow")
    return arg(QCoreApplication.translate("ContractModel", "Expires in %1 days"), days)


def date_text(value: datetime | None) -> str:
    return "" if value is None else format_date_ui(value.date())


def validity_text(start: datetime | None, end: datetime | None, today: date) -> str:
    """``"01/01/2025 to 31/12/2026"``, with the expiry note when it ends soon (or ended)."""
    text = arg(
        QCoreApplication.translate("ContractModel", "%1 to %2"),
        or_dash(date_text(start)),
        or_dash(date_text(end)),
    )
    note = expiry_note(end, today)
    return f"{text} ({note})" if note else text


def qdate(value: datetime | None) -> QDate | None:
    return None if value is None else QDate(value.year, value.month, value.day)


# --- colours ----------------------------------------------------------------------------------


def _dark() -> bool:
    return QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128


def muted_colour() -> QColor:
    """The palette's disabled text: a row that cannot be used."""
    return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)


def warning_colour() -> QColor:
    """Amber that reads on the current palette, light or dark."""
    return QColor("#e3b341") if _dark() else QColor("#9a6700")


def alarm_colour() -> QColor:
    """Red that reads on the current palette: a card the operator must be consulted about."""
    return QColor("#ff7b72") if _dark() else QColor("#cf222e")


# --- the model --------------------------------------------------------------------------------


_COLUMNS: tuple[Column[Contract], ...] = (
    Column(QT_TRANSLATE_NOOP("ContractModel", "Contract"), numeric=True),
    Column(QT_TRANSLATE_NOOP("ContractModel", "DR"), numeric=True),
    Column(QT_TRANSLATE_NOOP("ContractModel", "Valid from")),
    Column(QT_TRANSLATE_NOOP("ContractModel", "Valid until")),
    Column(QT_TRANSLATE_NOOP("ContractModel", "Status")),
    Column(QT_TRANSLATE_NOOP("ContractModel", "Attention")),
)


class ContractModel(RowTableModel["Contract"]):
    """`Contract`s in `ContractColumn` order, one row each, in the operator's order."""

    def __init__(self, parent: QObject | None = None, today: date | None = None) -> None:
        super().__init__(_COLUMNS, parent)
        self.today = today or date.today()
        self._bold = QFont()
        self._bold.setBold(True)

    def set_contracts(self, contracts: Sequence[Contract], today: date | None = None) -> None:
        if today is not None:
            self.today = today
        self.set_items(contracts)

    def contract(self, row: int) -> Contract:
        return self.item(row)

    def contracts(self) -> list[Contract]:
        return self.items()

    def row_of(self, number: str) -> int | None:
        return next((row for row, c in enumerate(self.items()) if c.nuContrato == number), None)

    # --- what a contract means -----------------------------------------------------------

    def usable(self, contract: Contract) -> bool:
        """ATIVO and not past its validity."""
        days = days_to_expiry(contract.dtFimVigencia, self.today)
        return (contract.status or "").upper() == "ATIVO" and (days is None or days >= 0)

    def expiring(self, contract: Contract) -> bool:
        """Within validity and ending in fewer than `EXPIRING_DAYS` days."""
        days = days_to_expiry(contract.dtFimVigencia, self.today)
        return days is not None and 0 <= days < EXPIRING_DAYS

    def note(self, contract: Contract) -> str:
        if self.expiring(contract) or not self.usable(contract):
            note = expiry_note(contract.dtFimVigencia, self.today)
            if note:
                return note
        if (contract.status or "").upper() != "ATIVO":
            return QCoreApplication.translate("ContractModel", "Not active")
        return ""

    # --- cells ---------------------------------------------------------------------------

    def make_row(self, item: Contract) -> TextRow[Contract]:
        contract = item
        note = self.note(contract)
        texts = (
            contract.nuContrato,
            "" if contract.nuSe is None else str(contract.nuSe),
            date_text(contract.dtInicioVigencia),
            date_text(contract.dtFimVigencia),
            status_word(contract.status),
            note,
        )
        number = contract.nuContrato
        keys: tuple[object, ...] = (
            int(number) if number.isdigit() else number,
            contract.nuSe,
            contract.dtInicioVigencia,
            contract.dtFimVigencia,
            texts[ContractColumn.STATUS].casefold(),
            days_to_expiry(contract.dtFimVigencia, self.today),
        )
        return TextRow(contract, texts, keys, failed=not self.usable(contract))

    def tooltip(self, row: TextRow[Contract], column: int) -> str | None:
        contract = row.item
        if column == ContractColumn.STATUS:
            return status_tooltip(contract.status, contract_status_meaning(contract.status))
        if column == ContractColumn.VALID_TO:  # the list shows no start: the whole validity here
            return validity_text(contract.dtInicioVigencia, contract.dtFimVigencia, self.today)
        if column == ContractColumn.NOTE and row.texts[ContractColumn.NOTE]:
            return arg(
                QCoreApplication.translate("ContractModel", "Valid until %1"),
                date_text(contract.dtFimVigencia),
            )
        return None

    def foreground(self, row: TextRow[Contract], column: int) -> Any:
        if self.expiring(row.item) and column in (ContractColumn.NOTE, ContractColumn.VALID_TO):
            return warning_colour()
        return muted_colour() if row.failed else None

    def font(self, row: TextRow[Contract], column: int) -> Any:
        if column == ContractColumn.NOTE and self.expiring(row.item):
            return self._bold
        return None
