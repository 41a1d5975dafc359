"""The simulated counter: what the operator's side does around an attendance.

Model 1 opens an attendance with its protocol and delivers the internal form to the
partner; model 2 issues an operator code for the partner's application. Finishing an
attendance in the counter automation system sets its final situation and calls the
partner's ``confirmarAtendimento`` (spec 002 4.2, 6).

Situations: P pending, F finalised, C cancelled, E reversed. A pending attendance can
end in any of the three; a finalised one can still be reversed; C and E are final.
A model-1 form the partner refuses (non-200, ``codigo_retorno`` other than 00) or never
receives cancels the attendance at the counter, as the attendant would.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from postalgui.sandbox.errors import OperatorError
from postalgui.sandbox.state import SandboxState
from postalgui.sandbox.ster.codes import basic_chave, code_fields
from postalgui.sandbox.ster.partner import CallResult
from postalgui.sandbox.ster.store import STATUS_NAMES, Attendance, SterStore

OUTCOMES = {"concluded": ("F", "00"), "cancelled": ("C", "99"), "reversed": ("E", "99")}
"""Each way to finish: the new situation and the confirmation code the partner gets."""
ALLOWED = {("P", "F"), ("P", "C"), ("P", "E"), ("F", "E")}


def _form_accepted(result: CallResult) -> bool:
    answer = result.answer or {}
    return result.status == 200 and str(answer.get("codigo_retorno", "")) == "00"


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _deliver_form(
    state: SandboxState, store: SterStore, attendance: Attendance, form: dict[str, Any]
) -> CallResult:
    """POST the form and the protocol to the partner; record its amount or cancel."""
    link = store.partner
    protocolo = attendance.protocolo
    result = link.post(link.config.form_path, form | {"numeroProtocolo": protocolo, "protocolo": protocolo})
    if _form_accepted(result):
        answer = result.answer or {}
        store.update(
            protocolo,
            valor=_text(answer.get("valor")),
            texto_ticket=_text(answer.get("texto_ticket")),
            chave_cliente=_text(answer.get("chave_cliente")),
        )
    else:
        store.update(protocolo, status="C", concluded=state.now())
    return result


def start_form_attendance(
    state: SandboxState, store: SterStore, form: dict[str, Any], *, deliver: bool
) -> dict[str, Any]:
    """Model 1: a pending attendance, its form delivered to the partner unless `deliver` is off."""
    attendant, _ = store.next_attendant()
    now = state.now()
    attendance = store.add(
        Attendance(
            protocolo=store.new_protocol(now),
            modelo=1,
            status="P",
            started=now,
            unit_mcmcu=attendant.unit.mcmcu,
            caixa=attendant.caixa,
            cliente=_text(form.get("numeroIdentificacaoCliente")),
        )
    )
    result = _deliver_form(state, store, attendance, form) if deliver else None
    final = store.get(attendance.protocolo) or attendance
    return {
        "protocolo": final.protocolo,
        "modelo": 1,
        "partner_status": None if result is None else result.status,
        "partner_answer": None if result is None else result.answer,
        "error": None if result is None else result.error,
        "statusAtendimento": final.status,
    }


def issue_code(state: SandboxState, store: SterStore) -> dict[str, Any]:
    """Model 2: an operator code and the partner URL the attendant is sent to."""
    attendant, ate_nu = store.next_attendant()
    config = store.partner.config
    fields = code_fields(
        attendant,
        ate_nu=ate_nu,
        time_ms=int(state.now() * 1000),
        chave=basic_chave(config.user, config.password),
    )
    code = store.cipher.seal(fields)
    joiner = "&" if "?" in config.url else "?"
    return {
        "modelo": 2,
        "codigoOperador": code,
        "url": f"{config.url}{joiner}codigoOperador={quote(code, safe='')}",
    }


def _callback_view(protocolo: str, status: str | None, result: CallResult | None) -> dict[str, Any]:
    return {
        "protocolo": protocolo,
        "statusAtendimento": status,
        "callback_status": None if result is None else result.status,
        "callback_answer": None if result is None else result.answer,
        "error": None if result is None else result.error,
    }


def send_confirmation(store: SterStore, protocolo: str, codigo: str) -> dict[str, Any]:
    """POST ``{numeroProtocolo, codigoConfirmacao}`` to the partner; the situation is untouched."""
    link = store.partner
    result = link.post(link.config.confirm_path, {"numeroProtocolo": protocolo, "codigoConfirmacao": codigo})
    attendance = store.get(protocolo)
    return _callback_view(protocolo, None if attendance is None else attendance.status, result)


def finish(
    state: SandboxState, store: SterStore, protocolo: str, outcome: str, *, callback: bool
) -> dict[str, Any]:
    """Conclude, cancel or reverse at the counter, then tell the partner unless `callback` is off."""
    attendance = store.get(protocolo)
    if attendance is None:
        raise OperatorError(404, f"Protocolo {protocolo} não encontrado")
    status, codigo = OUTCOMES[outcome]
    if (attendance.status, status) not in ALLOWED:
        raise OperatorError(
            409,
            f"Atendimento {protocolo} está {STATUS_NAMES[attendance.status]}: não pode passar a"
            f" {STATUS_NAMES[status]}",
        )
    store.update(protocolo, status=status, concluded=state.now())
    if callback:
        return send_confirmation(store, protocolo, codigo)
    return _callback_view(protocolo, status, None)
