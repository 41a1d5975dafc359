"""The sandbox's simulated counter (``/_sandbox/ster``), so a new user sees the whole flow:
start an attendance in either model, then conclude, cancel or reverse it, with or without
the callback. Sandbox only; the calls go to its control routes over HTTP.

The use cases here are plain ``fn(task, service, ...)`` (the Attendances tab runs them
in the background); what the counter answers comes back as typed records
(`CounterStart`, `CounterFinish`, `CounterAttendance`), read from its JSON once, here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from postalgui.api.models.ster import check_chave_credentials
from postalgui.services.attendance.service import AttendanceService

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
from postalgui.partner.config import DEFAULT_CONFIRM_PATH

__all__ = [
    "OUTCOMES",
    "CounterAttendance",
    "CounterFinish",
    "CounterStart",
    "configure_counter",
    "counter_attendances",
    "finish_at_counter",
    "start_at_counter",
]

PREFIX = "/_sandbox/ster"
OUTCOMES = ("concluded", "cancelled", "reversed")
PENDING = "P"
"""The operator's situation of an attendance still open at the counter."""


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _status(value: object) -> int | None:
    return None if value is None else int(str(value))


@dataclass(frozen=True)
class CounterStart:
    """What the counter answered a start.

    Model 2 hands out the partner URL (``url``; no protocol yet: the attendant brings it
    to our model-2 form). Model 1 opens attendance ``protocol`` and posts its form to our
    server: ``partner_status`` is the HTTP status our server answered (None: the counter
    could not reach it, ``error`` says why) and ``partner_said`` its ``descricao_retorno``.
    """

    model: int
    protocol: str = ""
    url: str | None = None
    partner_status: int | None = None
    partner_said: str = ""
    error: str | None = None

    @property
    def handed_out(self) -> bool:
        """Model 2: the counter handed out the partner URL rather than opening an attendance."""
        return self.url is not None and not self.protocol

    @classmethod
    def of(cls, answer: Mapping[str, Any]) -> CounterStart:
        reply = answer.get("partner_answer") or {}
        said = _text(reply.get("descricao_retorno")) if isinstance(reply, Mapping) else str(reply)
        return cls(
            model=int(answer.get("modelo") or 1),
            protocol=_text(answer.get("protocolo")),
            url=None if answer.get("url") is None else str(answer["url"]),
            partner_status=_status(answer.get("partner_status")),
            partner_said=said,
            error=None if answer.get("error") is None else str(answer["error"]),
        )


@dataclass(frozen=True)
class CounterFinish:
    """A conclusion, cancellation or reversal: the operator's new situation of ``protocol``
    and what our server answered the callback (``callback_status`` None: not reached or
    not sent; ``callback_code`` its ``codigo``; ``error`` why it was not reached)."""

    protocol: str
    operator_status: str | None
    callback_status: int | None = None
    callback_code: str = ""
    error: str = ""

    @classmethod
    def of(cls, answer: Mapping[str, Any]) -> CounterFinish:
        reply = answer.get("callback_answer")
        status = answer.get("statusAtendimento")
        return cls(
            protocol=_text(answer.get("protocolo")),
            operator_status=None if status is None else str(status),
            callback_status=_status(answer.get("callback_status")),
            callback_code=_text(reply.get("codigo")) if isinstance(reply, Mapping) else "",
            error=_text(answer.get("error")),
        )


@dataclass(frozen=True)
class CounterAttendance:
    """One attendance the counter knows, from its detail record."""

    protocol: str
    model: int | None
    operator_status: str | None

    @property
    def pending(self) -> bool:
        return self.operator_status == PENDING

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> CounterAttendance:
        model = record.get("modelo")
        status = record.get("statusAtendimento")
        return cls(
            protocol=_text(record.get("protocolo") or record.get("numeroProtocolo")),
            model=None if model is None else int(model),
            operator_status=None if status is None else str(status),
        )


def configure_counter(service: AttendanceService, partner_url: str) -> None:
    """Point the counter at our partner server, with its paths and credentials."""
    secrets = service.partner_secrets()
    check_chave_credentials(secrets.user or "", secrets.password or "")  # they make the code's chave
    settings = service.settings

    body: dict[str, Any] = {
        "url": partner_url,
        "form_path": settings.partner_form_path,
        "confirm_path": DEFAULT_CONFIRM_PATH,
        "auth": "oauth" if settings.partner_auth == "oauth" else "basic",
        "user": secrets.user,
        "password": secrets.password,
        "client_id": secrets.client_id,
        "client_secret": secrets.client_secret,
    }
    body = {key: value for key, value in body.items() if value is not None}
    transport = service.sandbox_control()
    try:
        transport.request_json("PUT", f"{PREFIX}/partner", json_body=body)
    finally:
        transport.close()


def start_at_counter(
    task: TaskControl, service: AttendanceService, model: int, form: dict[str, str] | None = None
) -> CounterStart:
    """Start an attendance at the counter: model 1 posts the form to our receiver; model 2
    answers the partner URL with ``?codigoOperador=``."""
    del task  # one request, not retried (it starts work): the transport sees the cancel
    transport = service.sandbox_control()
    try:
        body = {"model": model, "form": form or {}}
        answer = transport.request_json("POST", f"{PREFIX}/attendances", json_body=body, idempotent=False)
    finally:
        transport.close()
    return CounterStart.of(answer)


def finish_at_counter(
    task: TaskControl, service: AttendanceService, protocol: str, outcome: str, callback: bool = True
) -> CounterFinish:
    """Conclude (``00``), cancel or reverse (``99``) an attendance; `callback` False stays silent."""
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
    del task  # one request, not retried (it starts work): the transport sees the cancel
    transport = service.sandbox_control()
    try:
        body = {"outcome": outcome, "callback": callback}
        path = f"{PREFIX}/attendances/{protocol}/finish"
        answer = transport.request_json("POST", path, json_body=body, idempotent=False)
    finally:
        transport.close()
    return CounterFinish.of(answer)


def counter_attendances(task: TaskControl, service: AttendanceService) -> list[CounterAttendance]:
    """Every attendance the counter knows, as the operator's detail records."""
    transport = service.sandbox_control()
    try:
        data = transport.request_json("GET", f"{PREFIX}/attendances")
    finally:
        transport.close()
    task.raise_if_cancelled()
    records = data.get("atendimentos", []) if isinstance(data, dict) else data
    return [CounterAttendance.of(record) for record in records or []]
