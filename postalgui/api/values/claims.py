"""What a claim (``pedido de informação``) carries, checked before anything is sent:
the reason, the kind (compensation or complaint), the packaging, the reply e-mail, the
phone and the recipient's name (REFERENCE.md, Claims).

Each rejection is an `InvalidValue` naming the field (rules ``claim.*``; a control
character in the name, e-mail or phone: ``text.control``, `values.text`).
"""

from __future__ import annotations

import re
from enum import StrEnum
from types import MappingProxyType

from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.text import trimmed

__all__ = [
    "MAX_NAME",
    "REASONS",
    "Manifestation",
    "Packaging",
    "format_claim_phone",
    "parse_claim_email",
    "parse_claim_name",
    "parse_claim_phone",
    "parse_manifestation",
    "parse_packaging",
    "parse_reason",
]

REASONS = MappingProxyType(
    {
        132: "Entregue em local divergente",
        133: "Objeto violado",
        134: "Objeto avariado",
        135: "Entregue com atraso",
        136: "Devolvido indevidamente",
        141: "Confirmação de entrega não recebida",
        142: "Cópia da confirmação não recebida",
        148: "AR não recebido",
        211: "Objeto não entregue",
        240: "Imagem do AR digital indisponível",
        1414: "Sem tentativa de entrega domiciliar",
    }
)
"""``codigoMotivoReclamacao``: the reasons the operator's manual lists, in its words."""

MAX_NAME = 100
_EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")


class Manifestation(StrEnum):
    """``tipoManifestacao``: ask for the compensation, or only complain."""

    COMPLAINT = "R"
    COMPENSATION = "I"


class Packaging(StrEnum):
    """``tipoEmbalagem``."""

    ENVELOPE = "E"
    BOX = "C"


def parse_reason(value: object) -> int:
    """A reason code the manual lists (``claim.reason``)."""
    try:
        code = int(str(value).strip())
    except ValueError:
        raise InvalidValue("claim.reason", value) from None
    if code not in REASONS:
        raise InvalidValue("claim.reason", value)
    return code


def parse_manifestation(value: object) -> Manifestation:
    """``R`` or ``I`` (``claim.kind``)."""
    try:
        return Manifestation(str(value).strip().upper())
    except ValueError:
        raise InvalidValue("claim.kind", value) from None


def parse_packaging(value: object) -> Packaging:
    """``E`` or ``C`` (``claim.package``)."""
    try:
        return Packaging(str(value).strip().upper())
    except ValueError:
        raise InvalidValue("claim.package", value) from None


def parse_claim_email(value: str) -> str:
    """The reply address, trimmed (``claim.email``: the operator answers there; a control
    character is ``text.control``)."""
    text = trimmed(value, "emailResposta") if isinstance(value, str) else ""
    if not _EMAIL.fullmatch(text) or len(text) > 120:
        raise InvalidValue("claim.email", value)
    return text


def parse_claim_phone(value: str) -> str:
    """The phone's 10 or 11 digits with its area code (``claim.phone``); separators dropped."""
    text = trimmed(value, "telefone") if isinstance(value, str) else ""
    digits = "".join(char for char in text if char.isdigit())
    if len(digits) not in (10, 11) or digits.startswith("0") or set(text) - set("0123456789 ()-+."):
        raise InvalidValue("claim.phone", value)
    return digits


def parse_claim_name(value: str) -> str:
    """The recipient's name, trimmed (``claim.name``: 1 to `MAX_NAME` characters; the
    operator refuses a claim without one with code 301; a control character is ``text.control``)."""
    text = " ".join(trimmed(value, "nomeDestinatario").split()) if isinstance(value, str) else ""
    if not text or len(text) > MAX_NAME:
        raise InvalidValue("claim.name", len(text), count=len(text), width=MAX_NAME)
    return text


def format_claim_phone(digits: str) -> str:
    """``(11) 3003-0100`` / ``(11) 98765-4321`` of a phone's digits (as given when not 10 or 11)."""
    digits = "".join(char for char in digits if char.isdigit())
    if len(digits) not in (10, 11):
        return digits
    return f"({digits[:2]}) {digits[2:-4]}-{digits[-4:]}"
