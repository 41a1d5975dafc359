"""The papers the office prints for its shipments, made here (``postalgui.documents``):
labels in the layouts offices use, content declarations and the day's posting list.

A label needs its object code: shipments that have none yet have the operator issue
theirs first (`issue_codes`, which also follows them in Tracking). The sender's logo is
the address book's default sender's, when the label's sender is that address.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from postalgui.api.cancel import Cancelled
from postalgui.api.models.prepostings import Person
from postalgui.api.values.dates import format_date_ui
from postalgui.api.values.errors import Worded
from postalgui.api.values.shipping import closed_preposting, undeclared
from postalgui.api.values.taxid import format_tax_id
from postalgui.documents.reports.declaration import WORDS as DECLARATION_WORDS
from postalgui.documents.reports.declaration import ContentItem, Declaration, render_declarations
from postalgui.documents.reports.labels import LabelData, LabelParty, Layout, RenderCancelled, render_labels
from postalgui.documents.reports.posting_list import ListedObject, render_posting_list
from postalgui.services.price.products import product_name
from postalgui.services.shipping.records import CLOSED_STATUSES, Shipment
from postalgui.services.shipping.use_cases import Coded, IssuedLabels, issue_codes
from postalgui.services.shipping.words import status_words

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.service import ShippingService

CLOSED = CLOSED_STATUSES

__all__ = ["declarations", "label_data", "our_labels", "party", "posting_list"]


def party(person: Person) -> LabelParty:
    return LabelParty(
        name=person.name,
        street=person.street,
        number=person.number,
        complement=person.complement,
        district=person.district,
        city=person.city,
        state=person.state,
        cep=person.cep,
        phone=person.phone,
        tax_id=format_tax_id(person.cpf_cnpj),
    )


def label_data(item: Shipment, card: str, contract: str, logo: bytes | None = None) -> LabelData:
    order = item.order
    return LabelData(
        object_code=item.object_code or "",
        service_code=order.service_code,
        service_name=product_name(order.service_code) or order.service_code,
        recipient=party(order.recipient),
        sender=party(order.sender),
        card=card,
        declared_value=order.declared_value,
        additional_services=tuple(code[-2:] for code in order.additional_services),
        invoice_number=order.invoice_number,
        contract=contract,
        weight_g=order.weight_g,
        observation=order.observation,
        sender_logo=logo,
    )


def _coded(task: TaskControl, service: ShippingService, shipments: Sequence[Shipment]) -> Coded:
    """``shipments``, each with its object code (issued now where missing); `InvalidValue`
    before anything is sent when one is cancelled or expired."""
    for item in shipments:
        if item.status in CLOSED:
            raise closed_preposting(item.prepost_id, Worded(status_words(item.status, language="en").lower()))
    return issue_codes(task, service, shipments)


def _logo(service: ShippingService, sender: Person) -> bytes | None:
    """The default sender's logo, when ``sender`` is that address (same name and CEP)."""
    default = service.addresses().default_sender()
    if default is None or default.name != sender.name or default.cep != sender.cep:
        return None
    return default.logo


def our_labels(
    task: TaskControl, service: ShippingService, ids: Sequence[str], layout: Layout
) -> IssuedLabels:
    """The labels of ``ids`` in ``layout``, made here: one PDF, the shipments as labelled and
    how many objects are now followed (those whose code was issued for it)."""
    coded = _coded(task, service, service.book().get(ids))
    card, contract = service.card(), service.profile.contract or ""
    logos: dict[tuple[str, str], bytes | None] = {}
    labels = []
    for item in coded.shipments:
        key = (item.order.sender.name, item.order.sender.cep)
        if key not in logos:
            logos[key] = _logo(service, item.order.sender)
        labels.append(label_data(item, card, contract, logos[key]))
    total = len(labels)

    def progress(done: int) -> None:
        task.progress(done, total)

    try:
        pdf = render_labels(labels, layout, progress=progress, cancelled=lambda: task.cancelled)
    except RenderCancelled:
        raise Cancelled from None
    return IssuedLabels(pdf, coded.shipments, coded.followed)


def declarations(
    task: TaskControl, service: ShippingService, ids: Sequence[str], *, words: Mapping[str, str] | None = None
) -> bytes:
    """The content declarations of ``ids`` (two a page), signed today at the sender's city.

    A pre-posting with no content lines declares what its invoice says, in one line that
    names it (the operator took it on the invoice, `check_order`); one with neither has
    nothing to declare: `InvalidValue` names it before any object code is asked for."""
    said = {**DECLARATION_WORDS, **(words or {})}
    read = service.book().get(ids)
    items = {item.prepost_id: _declared(item, said) for item in read}
    shipments = _coded(task, service, read).shipments
    found = [
        Declaration(
            object_code=item.object_code or item.prepost_id,
            sender=party(item.order.sender),
            recipient=party(item.order.recipient),
            items=items[item.prepost_id],
            weight_g=item.weight_g,
        )
        for item in shipments
    ]
    city = shipments[0].order.sender.city if shipments else ""
    place = f"{city}, {format_date_ui(service.today())}" if city else format_date_ui(service.today())
    return render_declarations(found, place_and_date=place, words=words)


def _declared(item: Shipment, words: Mapping[str, str]) -> tuple[ContentItem, ...]:
    """What ``item`` declares: its content lines, else its invoice's goods at the declared value."""
    order = item.order
    if order.contents:
        return tuple(ContentItem(line.content, line.quantity, line.value) for line in order.contents)
    if order.invoice_number.strip():
        goods = words["invoice_goods"].format(invoice=order.invoice_number.strip())
    elif order.nfe_key.strip():
        goods = words["nfe_goods"].format(invoice=order.nfe_key.strip())
    else:
        raise undeclared(item.prepost_id)
    return (ContentItem(goods, 1, order.declared_value or Decimal(0)),)


def posting_list(
    task: TaskControl,
    service: ShippingService,
    ids: Sequence[str],
    *,
    day: date | None = None,
    words: Mapping[str, str] | None = None,
) -> bytes:
    """The posting list of ``ids`` (the counter's: grouped per service with totals)."""
    shipments = _coded(task, service, service.book().get(ids)).shipments
    objects = [
        ListedObject(
            object_code=item.object_code or "",
            service_code=item.service_code,
            service_name=product_name(item.service_code) or item.service_code,
            recipient_name=item.recipient_name,
            cep=item.recipient_cep,
            weight_g=item.weight_g,
            declared_value=item.declared_value,
            additional_services=tuple(code[-2:] for code in item.order.additional_services),
        )
        for item in shipments
    ]
    sender = party(shipments[0].order.sender) if shipments else LabelParty("", "", "", "", "", "", "", "")
    return render_posting_list(
        objects,
        sender=sender,
        card=service.card(),
        contract=service.profile.contract or "",
        day=day or service.today(),
        words=words,
    )
