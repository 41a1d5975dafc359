"""The registration system's memory: attendances, protocol sequence, used codes, partner link.

One `SterStore` per sandbox state (`state.extension("ster", ...)`), so
``POST /_sandbox/reset`` forgets it all, including a random code key (a key the sandbox
was started with, `SandboxConfig.ster_code_key`, stays). Routes run in
FastAPI's worker threads too (the counter's outbound calls), hence the lock; it is
never held across an HTTP call.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from postalgui.sandbox.demo_account import STER_CONTRACTOR_ID
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.ster.attendants import ATTENDANTS, Attendant
from postalgui.sandbox.ster.codes import CodeCipher
from postalgui.sandbox.ster.partner import PartnerConfig, PartnerLink
from postalgui.sandbox.timefmt import local_datetime

STATUS_NAMES = {"P": "PENDENTE", "F": "FINALIZADO", "C": "CANCELADO", "E": "ESTORNADO"}
"""`statusAtendimento` and its `descricaoStatus` (spec 002 3 names the last three)."""
SEQUENCE_DIGITS = 10
FIRST_ATE_NU = 7_300_000_000


@dataclass(frozen=True)
class Attendance:
    """One attendance as the operator records it; `started`/`concluded` are POSIX seconds."""

    protocolo: str
    modelo: int
    status: str
    started: float
    unit_mcmcu: str
    caixa: int
    valor: str = ""
    quantidade: str = "1"
    cliente: str = ""
    chave_cliente: str = ""
    texto_ticket: str = ""
    concluded: float | None = None

    def record(self) -> dict[str, Any]:
        """The detail record (``.../protocolo/{p}/detalhes`` and the day list)."""
        return {
            "numeroProtocolo": self.protocolo,
            "protocolo": self.protocolo,
            "statusAtendimento": self.status,
            "descricaoStatus": STATUS_NAMES[self.status],
            "modelo": self.modelo,
            "valorServico": self.valor,
            "quantidade": self.quantidade,
            "numeroIdentificacaoCliente": self.cliente,
            "chaveCliente": self.chave_cliente,
            "mcmcuAgencia": self.unit_mcmcu,
            "numeroCaixa": str(self.caixa),
            "dataHoraAtendimento": iso_local(self.started),
            "dataHoraConclusao": None if self.concluded is None else iso_local(self.concluded),
        }


def iso_local(ts: float) -> str:
    """``2026-11-24T10:15:00-03:00``: the registration system writes its offset."""
    return local_datetime(ts).replace(microsecond=0).isoformat()


class SterStore:
    """Everything the registration system and the simulated counter remember."""

    def __init__(self, clock: Callable[[], float], code_key: bytes | None = None) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self.cipher = CodeCipher(code_key)
        self._attendances: dict[str, Attendance] = {}
        self._sequence = 0
        self._ate_nu = FIRST_ATE_NU
        self._turn = 0
        self._used_codes: set[int] = set()
        self._fail_next = 0
        self._partner = PartnerLink(PartnerConfig(), clock)

    # -- counter and codes ---------------------------------------------------------

    def next_attendant(self) -> tuple[Attendant, int]:
        """The next demo attendant in turn, and a fresh `ateNu` for a code."""
        with self._lock:
            attendant = ATTENDANTS[self._turn % len(ATTENDANTS)]
            self._turn += 1
            self._ate_nu += 1
            return attendant, self._ate_nu

    def use_code(self, ate_nu: int) -> bool:
        """Mark a code used; False when it already was (a code registers one attendance)."""
        with self._lock:
            if ate_nu in self._used_codes:
                return False
            self._used_codes.add(ate_nu)
            return True

    def fail_next(self, count: int) -> int:
        with self._lock:
            self._fail_next = count
            return self._fail_next

    def take_failure(self) -> bool:
        """True (and one fewer pending) when the next registration is scripted to fail."""
        with self._lock:
            if self._fail_next <= 0:
                return False
            self._fail_next -= 1
            return True

    # -- attendances ---------------------------------------------------------------

    def new_protocol(self, now: float) -> str:
        """Year (2) + contractor (2) + sequence (10): spec 002 2.2."""
        with self._lock:
            self._sequence += 1
            sequence = self._sequence
        year = local_datetime(now).strftime("%y")
        return f"{year}{STER_CONTRACTOR_ID}{sequence:0{SEQUENCE_DIGITS}d}"

    def add(self, attendance: Attendance) -> Attendance:
        with self._lock:
            self._attendances[attendance.protocolo] = attendance
        return attendance

    def get(self, protocolo: str) -> Attendance | None:
        with self._lock:
            return self._attendances.get(protocolo)

    def update(self, protocolo: str, **changes: Any) -> Attendance | None:
        """The attendance with `changes` applied and stored; None when unknown."""
        with self._lock:
            current = self._attendances.get(protocolo)
            if current is None:
                return None
            changed = replace(current, **changes)
            self._attendances[protocolo] = changed
            return changed

    def all(self) -> list[Attendance]:
        with self._lock:
            return sorted(self._attendances.values(), key=lambda a: (a.started, a.protocolo))

    def on_day(self, day: date) -> list[Attendance]:
        """Attendances started on `day` (a local date at the operator's offset)."""
        return [a for a in self.all() if local_datetime(a.started).date() == day]

    # -- the partner ---------------------------------------------------------------

    @property
    def partner(self) -> PartnerLink:
        with self._lock:
            return self._partner

    def set_partner(self, config: PartnerConfig) -> PartnerLink:
        """A new link (and so an empty token cache) for a new partner configuration.

        Raises ssl.SSLError or ValueError when its PEM text does not load."""
        link = PartnerLink(config, self._clock)
        with self._lock:
            self._partner = link
        return link


def ster_store(state: SandboxState) -> SterStore:
    """This sandbox's registration system (made on first use, dropped by a reset)."""
    return state.extension("ster", lambda: SterStore(state.now, state.config.ster_code_key))
