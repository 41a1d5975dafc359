"""`SummaryLine`: what the Branches list shows, in one line under it.

"12 of 240 units shown · São Paulo · last synced 20/11/2025 12:00", with "checking for
changes…" while a cached copy is being refreshed, and a hint before anything is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QWidget

from postalgui.gui.i18n import app_locale
from postalgui.gui.messages import arg, local_datetime
from postalgui.gui.tabs.branches.filters_panel import STATE_NAMES

if TYPE_CHECKING:
    from postalgui.services.branches.use_cases import Loaded, UnitQuery

__all__ = ["SummaryLine"]


class SummaryLine(QLabel):
    """The footer's line: how many units are shown of how many loaded, of what, and how fresh."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("branchSummary")
        self.setWordWrap(True)

    def show_state(self, loaded: Loaded | None, shown: int, loading: bool) -> None:
        """The line for ``shown`` rows of ``loaded`` (``None``: nothing yet), ``loading`` or not."""
        if loaded is None:
            if loading:
                text = self.tr("Searching…")
            else:
                text = self.tr(
                    "Pick a state (or a municipality, a CEP…) and press Search, "
                    "or download All of Brazil once to filter every unit at once."
                )
            self.setText(text)
            return
        locale = app_locale()
        result = loaded.result
        text = arg(
            self.tr("%1 of %2 units shown · %3"),
            locale.toString(shown),
            locale.toString(len(loaded.index)),
            self.set_name(result.query),
        )
        text += " · " + arg(self.tr("last synced %1"), local_datetime(result.synced_at))
        if loading and result.from_cache:
            text += " · " + self.tr("checking for changes…")
        self.setText(text)

    def set_name(self, query: UnitQuery) -> str:
        """What the loaded set is, in words: "All of Brazil", "SP", "São Paulo/SP, Centro"."""
        if query.is_everything:
            return self.tr("All of Brazil")
        parts = []
        if query.municipio:
            parts.append(f"{query.municipio}/{query.uf}" if query.uf else query.municipio)
        elif query.uf:
            parts.append(STATE_NAMES.get(query.uf, query.uf))
        for value in (query.bairro, query.nome):
            if value:
                parts.append(value)
        if query.ceps:
            parts.append(", ".join(f"{cep[:5]}-{cep[5:]}" for cep in query.ceps))
        if query.type_codes or query.statuses:
            parts.append(self.tr("chosen types and statuses"))
        return ", ".join(parts) or self.tr("the operator's filters")
