"""`TokenApisLabel`: which of the operator's APIs the current token enables (its ``api`` list).

A card's token may open fewer APIs than its contract's (a small card quotes and tracks
only), so after a card switch the office sees at once what the new card can do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QLabel, QWidget

from postalgui.gui.messages import api_list, arg, describe_error

if TYPE_CHECKING:
    from postalgui.gui.tasks import TaskHandle, TaskRunner
    from postalgui.services.contracts.service import ContractService
from postalgui.services.contracts.use_cases import token_apis

__all__ = ["TokenApisLabel"]


class TokenApisLabel(QLabel):
    """One line: the API ids (with their names) of the current token, or why they are unknown.

    Signals: ``apisLoaded(list)`` with the API ids, once shown.
    """

    apisLoaded = Signal(list)

    def __init__(self, service: ContractService, runner: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tokenApisLabel")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.service = service
        self.runner = runner
        self.apis: list[int] | None = None
        """The API ids the current token enables, once known."""
        self.setText(self.tr("APIs enabled for the current token: asking…"))

    def refresh(self) -> TaskHandle:
        """Ask which APIs the token of the configured scope enables (the cached token will do)."""

        return self.runner.run(
            token_apis,
            self.service,
            name="token APIs",
            key="contracts.apis",
            on_result=self._on_apis_task_result,
            on_error=self._on_apis_task_error,
        )

    def show_apis(self, apis: list[int]) -> None:
        self.apis = list(apis)
        self.setText(arg(self.tr("APIs enabled for the current token: %1"), api_list(apis)))
        self.apisLoaded.emit(list(apis))

    @Slot()
    def show_no_token(self) -> None:
        self.apis = None
        self.setText(self.tr("APIs enabled for the current token: unknown (no token)"))

    @Slot(object)
    def _on_apis_task_result(self, apis: list[int]) -> None:
        self.show_apis(apis)

    @Slot(object)
    def _on_apis_task_error(self, error: BaseException) -> None:
        self.apis = None
        self.setText(arg(self.tr("APIs enabled for the current token: unknown (%1)"), describe_error(error)))
