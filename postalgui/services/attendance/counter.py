"""The sandbox's simulated counter (``/_sandbox/ster``), so a new user sees the whole flow:
start an attendance in either model, then conclude, cancel or reverse it, with or without
the callback. Sandbox only; the calls go to its control routes over HTTP.
"""

from __future__ import annotations

from typing import Any

from postalgui.services.attendance.service import AttendanceService

__all__ = ["attendances", "configure_counter", "finish", "start"]

PREFIX = "/_sandbox/ster"
OUTCOMES = ("concluded", "cancelled", "reversed")


def configure_counter(service: AttendanceService, partner_url: str) -> None:
    """Point the counter at our partner server, with its paths and credentials."""
    secrets = service.partner_secrets()
    settings = service.settings
    from postalgui.partner.config import DEFAULT_CONFIRM_PATH

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


def start(service: AttendanceService, model: int, form: dict[str, str] | None = None) -> dict[str, Any]:
    """Start an attendance at the counter: model 1 posts the form to our receiver; model 2
    answers the partner URL with ``?codigoOperador=``."""
    transport = service.sandbox_control()
    try:
        body = {"model": model, "form": form or {}}
        return dict(transport.request_json("POST", f"{PREFIX}/attendances", json_body=body, idempotent=False))
    finally:
        transport.close()


def finish(
    service: AttendanceService, protocol: str, outcome: str, *, callback: bool = True
) -> dict[str, Any]:
    """Conclude (``00``), cancel or reverse (``99``) an attendance; `callback` False stays silent."""
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}")
    transport = service.sandbox_control()
    try:
        body = {"outcome": outcome, "callback": callback}
        path = f"{PREFIX}/attendances/{protocol}/finish"
        return dict(transport.request_json("POST", path, json_body=body, idempotent=False))
    finally:
        transport.close()


def attendances(service: AttendanceService) -> list[dict[str, Any]]:
    """Every attendance the counter knows, as the operator's detail records."""
    transport = service.sandbox_control()
    try:
        data = transport.request_json("GET", f"{PREFIX}/attendances")
    finally:
        transport.close()
    records = data.get("atendimentos", []) if isinstance(data, dict) else data
    return [dict(record) for record in records or []]
