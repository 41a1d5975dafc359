"""Asynchronous processing of the invoice service: statements and previews made "later".

A request creates a `Processing` that is ``SOLICITADO``; its status is computed from
the sandbox clock whenever it is read, so no background thread exists:

    elapsed < delay / 3          SOLICITADO
    elapsed < delay              EM_EXECUCAO
    otherwise                    SUCESSO (or ERRO when the request was marked to fail)
    finished + file lifetime     EXCLUIDO (the file is gone: download answers 410)

``delay`` is the live ``processing_delay_s`` at request time (changing it later does
not move requests already made). ``fail_next(n)`` marks the next `n` requests to end
in ``ERRO`` (control endpoint ``POST /_sandbox/processing/fail-next``). The file is
rendered on download by the callable given at request time.

Statuses beyond the spec's SOLICITADO and SUCESSO (EM_EXECUCAO, ERRO, EXCLUIDO) are the
ones REFERENCE.md lists as seen in the wild.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from postalgui.sandbox.timefmt import format_local

SOLICITADO = "SOLICITADO"
EM_EXECUCAO = "EM_EXECUCAO"
SUCESSO = "SUCESSO"
ERRO = "ERRO"
EXCLUIDO = "EXCLUIDO"

EXTRATO_ANALITICO = "EXTRATO_ANALITICO"
PREVIA_SINTETICO = "PREVIA_SINTETICO"
PREVIA_ANALITICO = "PREVIA_ANALITICO"

ERROR_MESSAGE = "FAT-033: Falha ao gerar o arquivo do processamento; solicite novamente"
MAX_RECORDS = 1000
"""Oldest processings are forgotten beyond this many (a long-running demo stays small)."""


@dataclass(frozen=True)
class Processing:
    """One asynchronous request; everything but the status is fixed when it is made."""

    id: str
    kind: str
    parametros: dict[str, str]
    requested_at: float
    delay_s: float
    fails: bool
    owner_cnpj: str
    file_name: Callable[[float], str]
    media_type: str
    render: Callable[[], bytes] = field(repr=False)

    @property
    def finished_at(self) -> float:
        return self.requested_at + self.delay_s

    def status_at(self, now: float, lifetime_s: float) -> str:
        elapsed = now - self.requested_at
        if elapsed < self.delay_s / 3:
            return SOLICITADO
        if elapsed < self.delay_s:
            return EM_EXECUCAO
        if self.fails:
            return ERRO
        if now >= self.finished_at + lifetime_s:
            return EXCLUIDO
        return SUCESSO

    def record(self, now: float, lifetime_s: float, *, initial: bool = False) -> dict[str, Any]:
        """The wire record; `initial` gives the answer to the request itself (SOLICITADO)."""
        status = SOLICITADO if initial else self.status_at(now, lifetime_s)
        body: dict[str, Any] = {
            "id": self.id,
            "tipoProcessamento": self.kind,
            "status": status,
            "dataSolicitacao": format_local(self.requested_at),
            "parametros": dict(self.parametros),
        }
        if status in (SUCESSO, ERRO, EXCLUIDO):
            body["dataFimProcessamento"] = format_local(self.finished_at)
        if status in (SUCESSO, EXCLUIDO):
            body["nomeArquivo"] = self.file_name(self.finished_at)
            body["tiporquivo"] = self.media_type
        if status == ERRO:
            body["mensagem"] = ERROR_MESSAGE
        return body


class ProcessingStore:
    """The processings of one sandbox, and how many of the next ones must fail. Locked."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: OrderedDict[str, Processing] = OrderedDict()
        self._fail_next = 0

    def create(
        self,
        *,
        kind: str,
        parametros: dict[str, str],
        now: float,
        delay_s: float,
        owner_cnpj: str,
        file_name: Callable[[float], str],
        media_type: str,
        render: Callable[[], bytes],
    ) -> Processing:
        with self._lock:
            fails = self._fail_next > 0
            if fails:
                self._fail_next -= 1
            processing = Processing(
                id=str(uuid.uuid4()),
                kind=kind,
                parametros=parametros,
                requested_at=now,
                delay_s=max(0.0, delay_s),
                fails=fails,
                owner_cnpj=owner_cnpj,
                file_name=file_name,
                media_type=media_type,
                render=render,
            )
            self._records[processing.id] = processing
            while len(self._records) > MAX_RECORDS:
                self._records.popitem(last=False)
            return processing

    def get(self, processing_id: str) -> Processing | None:
        with self._lock:
            return self._records.get(processing_id)

    def all(self) -> list[Processing]:
        with self._lock:
            return list(self._records.values())

    def fail_next(self, count: int = 1) -> int:
        """Make the next `count` requests end in ERRO (adds to any already pending)."""
        with self._lock:
            self._fail_next += max(0, count)
            return self._fail_next

    @property
    def pending_failures(self) -> int:
        with self._lock:
            return self._fail_next

    def clear(self) -> None:
        """Forget every processing and pending failure."""
        with self._lock:
            self._records.clear()
            self._fail_next = 0
