"""Return authorizations ("logística reversa"): the customer sends a parcel back to the office,
billed to the office's contract, from any branch, with a code the office gives it.

A return is a pre-posting with ``order.reverse`` set (REFERENCE.md, Pre-posting:
``logisticaReversa`` S, ``dataValidadeLogReversa``, ``codigoObjetoIda``), the customer its
sender and the office its recipient. It is written down before it is sent (`send_once`, as any
pre-posting), kept in the shipments book, and its object is followed in Tracking with the
``"return"`` mark (`RETURN_SOURCE`), so the office sees it come home.

Each task is ``fn(task, service, ...)``, run on a worker thread; the GUI and the CLI share them.
The customer's PDF and the e-mail text are plain functions of the authorizations.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING

from postalgui.api.models.prepostings import Order, Preposting, PrepostingStatus
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.shipping import checked_order
from postalgui.services.office.outgoing import digest, send_once
from postalgui.services.ports import Progress
from postalgui.services.shipping.desk_reads import default_sender
from postalgui.services.shipping.return_records import ReturnAuthorization, ReturnDraft, ReturnState
from postalgui.services.shipping.return_words import authorization_document, authorization_words
from postalgui.services.shipping.use_cases import (
    PREPOSTING,
    RETURN_SOURCE,
    cancel_shipments,
    follow_shipments,
    operator_list,
    unfollow_cancelled,
)

if TYPE_CHECKING:
    from datetime import date

    from postalgui.api.cancel import TaskControl
    from postalgui.api.prepostings import PrepostingClient
    from postalgui.services.shipping.records import Shipment
    from postalgui.services.shipping.service import ShippingService

__all__ = [
    "PAC_REVERSE",
    "RETURN_SOURCE",
    "SEDEX_REVERSE",
    "authorization",
    "authorization_pdf",
    "authorization_text",
    "authorize_return",
    "cancel_returns",
    "list_returns",
    "return_draft",
    "return_state",
]

PAC_REVERSE = "03301"
SEDEX_REVERSE = "03247"
DEFAULT_BOX = (300, "2", 20, 15, 10)
"""Weight (g), format and sides (cm) of a return drafted without an outbound shipment: a small
box, which the clerk corrects."""


def return_draft(task: TaskControl, service: ShippingService, outbound_code: str = "") -> ReturnDraft:
    """A return pre-filled: the office is the default sender address; from ``outbound_code``,
    the office's shipment of that object (when there is one) gives the customer (its recipient),
    the package and the declared value. Valid for the setting's days from today. Nothing is sent."""
    task.raise_if_cancelled()
    office = default_sender(task, service)
    code = outbound_code.strip().upper()
    outbound = next(iter(service.book().get([code])), None) if code else None
    valid_until = service.today() + timedelta(days=service.settings.return_days)
    if outbound is None:
        weight, shape, length, width, height = DEFAULT_BOX
        return ReturnDraft(
            None, office, code, PAC_REVERSE, weight, shape, length, width, height, None, valid_until
        )
    sent = outbound.order
    return ReturnDraft(
        customer=sent.recipient,
        office=office,
        outbound_code=code,
        service_code=PAC_REVERSE,
        weight_g=sent.weight_g,
        format_code=sent.format_code,
        length_cm=sent.length_cm,
        width_cm=sent.width_cm,
        height_cm=sent.height_cm,
        declared_value=sent.declared_value,
        valid_until=valid_until,
        contents=sent.contents,
        invoice_number=sent.invoice_number,
    )


def authorize_return(task: TaskControl, service: ShippingService, order: Order) -> ReturnAuthorization:
    """Ask the operator for a return authorization of ``order`` (its ``reverse`` set; `InvalidValue`
    naming the first bad field before anything is sent). Written down first (`send_once`): a
    lost or unreadable answer is never sent again by itself. The object joins Tracking's
    watchlist with the ``"return"`` mark."""
    if order.reverse is None:
        raise InvalidValue("shipping.required", "", field="logisticaReversa")
    checked = checked_order(order, today=service.today())
    card = service.card()
    client = service.client()
    task.raise_if_cancelled()
    answer = _send(service, client, checked, card)
    shipment = service.book().record(answer, checked, service.now())
    follow_shipments(service, [shipment])
    return authorization(shipment, {}, service.today())


def _send(service: ShippingService, client: PrepostingClient, order: Order, card: str) -> Preposting:
    body = client.body(order, card)
    customer = order.sender
    summary = f"Return authorization from {customer.name} ({customer.cep})"
    return send_once(
        service.outgoing(), PREPOSTING, digest(body), body, summary,
        lambda: client.create(order, card), result=lambda answer: answer.id, now=service.now,
    )  # fmt: skip


def list_returns(
    task: TaskControl, service: ShippingService, *, refresh: bool = True
) -> list[ReturnAuthorization]:
    """Every return the office authorized, newest first, with its state. ``refresh``: the operator
    is asked about the open ones (the ``logisticaReversa=S`` list, then one by one), and
    Tracking about the objects on their way (posted, not yet delivered back)."""
    book = service.book()
    if refresh:
        _refresh_open(task, service)
    returns = book.shipments(returns=True)
    where = service.whereabouts
    codes = [item.object_code for item in returns if item.object_code]
    progress = where.progress(codes) if where is not None and codes else {}
    if refresh and where is not None:
        moving = [
            item.object_code
            for item in returns
            if item.object_code
            and _may_move(item)
            and progress.get(item.object_code) is not Progress.DELIVERED
        ]
        if moving:
            task.raise_if_cancelled()
            where.refresh(task, moving)
            progress = where.progress(codes)
    today = service.today()
    return [authorization(item, progress, today) for item in returns]


def _may_move(item: Shipment) -> bool:
    """Its object may be on its way: posted (the operator's word), or open and not past its date."""
    return item.status is PrepostingStatus.POSTED or item.is_open


def _refresh_open(task: TaskControl, service: ShippingService) -> None:
    """The operator's word on the open returns (a row another desk wrote meanwhile keeps its newer word)."""
    book = service.book()
    open_ids = set(book.open_ids())
    read = [item for item in book.get(sorted(open_ids)) if item.is_return]
    if not read:
        return
    wanted = {item.prepost_id for item in read}
    found = operator_list(task, service.client(), wanted, returns=True)
    book.update(found, service.now(), read={item.prepost_id: item.version for item in read})
    codes = {item.prepost_id: item.object_code for item in read}
    coded = [item.id for item in found if item.object_code and item.object_code != codes.get(item.id)]
    follow_shipments(service, book.get(coded))  # a code the operator gave after creation (its §I)
    unfollow_cancelled(
        service, book.get([item.id for item in found if item.status is PrepostingStatus.CANCELLED])
    )


def cancel_returns(task: TaskControl, service: ShippingService, ids: Sequence[str]) -> list[tuple[str, str]]:
    """Cancel the returns ``ids`` as pre-postings are cancelled (`cancel_shipments`): their objects
    leave Tracking's watchlist. Answers (id, the operator's words) for those it refused."""
    return cancel_shipments(task, service, ids)


def return_state(shipment: Shipment, progress: Progress | None, today: date) -> ReturnState:
    """Where a return stands: cancelled or expired by the pre-posting's status (or its date
    passed while still pre-posted); else by its object's tracking (posted, in transit,
    delivered back); else authorized (or posted, by the operator's word alone)."""
    status = shipment.status
    if status in (PrepostingStatus.CANCELLED, PrepostingStatus.REVERSED):
        return ReturnState.CANCELLED
    if status is PrepostingStatus.EXPIRED:
        return ReturnState.EXPIRED
    moved = {
        Progress.DELIVERED: ReturnState.DELIVERED_BACK,
        Progress.MOVING: ReturnState.IN_TRANSIT,
        Progress.POSTED: ReturnState.POSTED,
    }
    if progress is not None and progress in moved:
        return moved[progress]
    if status is PrepostingStatus.POSTED:
        return ReturnState.POSTED
    if status is None:
        return ReturnState.UNKNOWN
    terms = shipment.order.reverse
    if terms is not None and terms.valid_until < today:
        return ReturnState.EXPIRED
    return ReturnState.AUTHORIZED


def authorization(shipment: Shipment, progress: dict[str, Progress], today: date) -> ReturnAuthorization:
    """``shipment`` (a return) as the office reads it, its state from ``progress`` by object code."""
    terms = shipment.order.reverse
    code = shipment.object_code
    valid_until = terms.valid_until if terms is not None else shipment.expiry().date()
    return ReturnAuthorization(
        shipment=shipment,
        code=shipment.eticket or code or shipment.prepost_id,
        valid_until=valid_until,
        outbound_code=terms.outbound_code if terms is not None else "",
        state=return_state(shipment, progress.get(code) if code else None, today),
        object_code=code,
    )


def authorization_pdf(authorizations: Sequence[ReturnAuthorization], language: str = "pt") -> bytes:
    """The customer's "Autorização de postagem", one page each; Portuguese unless ``language`` is English."""
    return authorization_document(authorizations, language)


def authorization_text(authorization: ReturnAuthorization, language: str = "pt") -> str:
    """The e-mail a clerk copies to the customer: the same facts as the PDF, plain text."""
    return authorization_words(authorization, language)
