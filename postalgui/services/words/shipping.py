"""Shipping's words: a pre-posting's status, the office's "labelled" mark, a return's state and
the customer's return authorization (`postalgui.services.words`).

The Pre-postings and Returns pages, their filters, ``postalgui ship``, ``postalgui returns``,
the printing refusals and the authorization PDF read these, so they say the same words.
"""

from __future__ import annotations

from postalgui.api.models.prepostings import PrepostingStatus
from postalgui.services.shipping.return_records import ReturnState
from postalgui.services.words import Words, catalogue

__all__ = ["AUTHORIZATION", "LABELLED", "NO_STATUS", "RETURN_STATE", "STATUS", "UNKNOWN_STATUS"]

STATUS = catalogue(
    PrepostingStatus,
    {
        PrepostingStatus.PRE_ATTENDED: Words("Pre-attended", "Pré-atendido"),
        PrepostingStatus.PREPOSTED: Words("Pre-posted", "Pré-postado"),
        PrepostingStatus.POSTED: Words("Posted", "Postado"),
        PrepostingStatus.EXPIRED: Words("Expired", "Expirado"),
        PrepostingStatus.CANCELLED: Words("Cancelled", "Cancelado"),
        PrepostingStatus.REVERSED: Words("Reversed", "Estornado"),
        PrepostingStatus.PENDING: Words("Pending", "Pendente"),
    },
)

NO_STATUS = Words("No status", "Sem status")
"""A pre-posting the operator gave no status number."""

UNKNOWN_STATUS = Words("Unknown ({number})", "Desconhecido ({number})")
"""A status number this version does not know (the operator's own word follows it)."""

LABELLED = Words("Labelled", "Emitida")
"""The office's own mark of a pre-posting whose label was issued here (under "Label")."""

RETURN_STATE = catalogue(
    ReturnState,
    {
        ReturnState.AUTHORIZED: Words("Authorized", "Autorizada"),
        ReturnState.POSTED: Words("Posted", "Postada"),
        ReturnState.IN_TRANSIT: Words("In transit", "Em trânsito"),
        ReturnState.DELIVERED_BACK: Words("Delivered back", "Recebida de volta"),
        ReturnState.EXPIRED: Words("Expired", "Expirada"),
        ReturnState.CANCELLED: Words("Cancelled", "Cancelada"),
        ReturnState.UNKNOWN: Words("Unknown", "Desconhecida"),
    },
)
"""Where a return stands (the Returns page, ``postalgui returns list``)."""

AUTHORIZATION: dict[str, Words] = {
    "title": Words("Return authorization", "Autorização de postagem"),
    "subtitle": Words(
        "Return of goods: postage paid by {office}", "Logística reversa: postagem paga por {office}"
    ),
    "code": Words("Authorization code", "Código de autorização"),
    "object": Words("Object code", "Código do objeto"),
    "sender": Words("Sender (you)", "Remetente (você)"),
    "recipient": Words("Recipient", "Destinatário"),
    "service": Words("Service", "Serviço"),
    "valid_until": Words("Valid until", "Válida até"),
    "outbound": Words("Object sent to you", "Objeto enviado a você"),
    "where": Words("Where to take it", "Onde postar"),
    "how": Words(
        "Pack the parcel and take it to any branch of the operator (agência dos Correios) by {until}. "
        "Show this code at the counter: {code}. Nothing is paid at the counter.",
        "Embale o objeto e leve-o a qualquer agência dos Correios até {until}. "
        "Apresente este código no balcão: {code}. Nada é pago no balcão.",
    ),
    "foot": Words(
        "Authorization {code}, made on {made}. After {until} it is no longer valid.",
        "Autorização {code}, emitida em {made}. Depois de {until} não é mais válida.",
    ),
    "greeting": Words("Hello {name},", "Olá, {name},"),
    "intro": Words(
        "Your return is authorized: the postage is paid by {office}.",
        "Sua devolução está autorizada: a postagem é paga por {office}.",
    ),
    "closing": Words("Thank you,", "Obrigado,"),
    "none": Words("(none)", "(nenhum)"),
}
"""The customer's authorization (the PDF and the e-mail text), by part."""
