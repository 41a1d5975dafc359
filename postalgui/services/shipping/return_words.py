"""A return authorization in the customer's words: the PDF's page (`AuthorizationPage`, drawn by
`documents.reports.return_authorization`) and the e-mail text a clerk copies. Both say the same
facts from the same catalogue (`services.words.shipping.AUTHORIZATION`): the code, the object,
who sends and to whom, the service, until when, where to take it and the outbound object.
Portuguese by default, English with ``"en"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from postalgui.api.values.cep import format_cep
from postalgui.api.values.dates import format_date_ui
from postalgui.api.values.errors import InvalidValue
from postalgui.services.words.shipping import AUTHORIZATION

if TYPE_CHECKING:
    from postalgui.api.models.prepostings import Person
    from postalgui.documents.reports.return_authorization import AuthorizationPage
    from postalgui.services.shipping.return_records import ReturnAuthorization

__all__ = [
    "RETURN_SERVICES",
    "address_lines",
    "authorization_document",
    "authorization_words",
    "service_name",
]

RETURN_SERVICES = {"03301": "PAC Reverso", "03247": "SEDEX Reverso"}
"""The operator's return services by code (their names are the same in both languages)."""


def service_name(code: str) -> str:
    """``03301 PAC Reverso``; a code not known here alone."""
    name = RETURN_SERVICES.get(code)
    return f"{code} {name}" if name else code


def _cep(text: str) -> str:
    try:
        return format_cep(text)
    except InvalidValue:
        return text


def address_lines(person: Person) -> list[str]:
    """A person as an envelope writes it: name, street and number, district, city/UF, CEP."""
    street = ", ".join(part for part in (person.street, person.number) if part)
    if person.complement:
        street = f"{street} - {person.complement}" if street else person.complement
    place = f"{person.city}/{person.state}" if person.city and person.state else person.city or person.state
    lines = [person.name, street, person.district, place, f"CEP {_cep(person.cep)}"]
    return [line for line in lines if line]


def _said(part: str, language: str, **fields: str) -> str:
    return AUTHORIZATION[part].said(language).format(**fields)


def _facts(authorization: ReturnAuthorization, language: str) -> list[tuple[str, str]]:
    none = _said("none", language)
    order = authorization.shipment.order
    return [
        (_said("object", language), authorization.object_code or none),
        (_said("service", language), service_name(order.service_code)),
        (_said("valid_until", language), format_date_ui(authorization.valid_until)),
        (_said("outbound", language), authorization.outbound_code or none),
    ]


def _page(authorization: ReturnAuthorization, language: str) -> AuthorizationPage:
    # lazy: reportlab loads when a PDF is made, not with the Returns page
    from postalgui.documents.reports.return_authorization import AuthorizationPage

    order = authorization.shipment.order
    until = format_date_ui(authorization.valid_until)
    made = format_date_ui(authorization.shipment.created_at.astimezone().date())
    return AuthorizationPage(
        title=_said("title", language),
        subtitle=_said("subtitle", language, office=order.recipient.name),
        code_label=_said("code", language),
        code=authorization.code,
        facts=tuple(_facts(authorization, language)),
        sender_title=_said("sender", language),
        sender=tuple(address_lines(order.sender)),
        recipient_title=_said("recipient", language),
        recipient=tuple(address_lines(order.recipient)),
        where_title=_said("where", language),
        where=_said("how", language, until=until, code=authorization.code),
        foot=_said("foot", language, code=authorization.code, made=made, until=until),
    )


def authorization_document(authorizations: Sequence[ReturnAuthorization], language: str) -> bytes:
    """The PDF of ``authorizations``, one page each, in ``language``."""
    # lazy: reportlab loads when a PDF is made, not with the Returns page
    from postalgui.documents.reports.return_authorization import return_authorization_pdf

    return return_authorization_pdf([_page(item, language) for item in authorizations])


def authorization_words(authorization: ReturnAuthorization, language: str) -> str:
    """The e-mail text: a subject line, greeting, the code, the facts, where to take it, both addresses."""
    order = authorization.shipment.order
    until = format_date_ui(authorization.valid_until)
    lines = [
        f"{_said('title', language)} {authorization.code}",
        "",
        _said("greeting", language, name=order.sender.name),
        "",
        _said("intro", language, office=order.recipient.name),
        "",
        f"{_said('code', language)}: {authorization.code}",
        *(f"{label}: {value}" for label, value in _facts(authorization, language)),
        "",
        f"{_said('where', language)}:",
        _said("how", language, until=until, code=authorization.code),
        "",
        f"{_said('sender', language)}:",
        *address_lines(order.sender),
        "",
        f"{_said('recipient', language)}:",
        *address_lines(order.recipient),
        "",
        _said("closing", language),
        order.recipient.name,
    ]
    return "\n".join(lines) + "\n"
