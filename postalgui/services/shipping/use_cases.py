"""The Shipping feature's tasks, shared by the tab and the command line: register
pre-postings, ask the operator where they stand, cancel them, and have their labels
issued (which assigns their object codes; the objects then join Tracking's watchlist).

Each is ``fn(task, service, ...)``, run on a worker thread. Registering is a POST per
parcel, recorded as soon as the operator answers it: a batch cut short (cancelled, or
the operator unreachable) keeps what was registered and says how many were not sent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import TYPE_CHECKING

from postalgui.api.cancel import current
from postalgui.api.errors import ApiError, OperatorError
from postalgui.api.models.prepostings import OperatorLayout, Order, Preposting, PrepostingStatus
from postalgui.api.prepostings import PrepostingClient
from postalgui.api.said import Said
from postalgui.api.values.shipping import checked_order
from postalgui.services.office.outgoing import (
    AlreadySentError,
    OutgoingState,
    Resolution,
    SentLine,
    UnreadableAnswerError,
    digest,
    send_once,
)
from postalgui.services.ports import NewObject
from postalgui.services.shipping.records import Shipment

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.service import ShippingService

__all__ = [
    "PREPOSTING",
    "RETURN_SOURCE",
    "Coded",
    "CreationReport",
    "EarlierSending",
    "IssuedLabels",
    "RowOutcome",
    "RowResult",
    "cancel_shipments",
    "create_prepostings",
    "create_typed",
    "follow_shipments",
    "issue_codes",
    "issue_labels",
    "operator_list",
    "order_key",
    "refresh_shipments",
    "sent_before",
    "unfollow_cancelled",
]

LIST_PAGES = 20
"""Pages of 50 a refresh reads at most, newest first (1,000 pre-postings)."""
LABEL_BATCH = 100
"""Pre-postings per label request: the sandbox refuses more (PPN-030); the operator publishes no bound."""
LABEL_WAIT_S = 120.0
"""How long the operator may take to make a labels PDF before the task gives up."""
SOURCE = "shipping"
"""The watchlist's word for objects that came from a label made here."""
RETURN_SOURCE = "return"
"""The watchlist's word for a return's object (`returns`): Tracking shows the mark."""
PREPOSTING = "preposting"
"""The written-down sendings' kind of a pre-posting (its key: the order body's digest)."""
LABELS = "labels"
"""The written-down sendings' kind of a label request (its key: the sorted ids and layout)."""
BY_ID = 10
"""Open pre-postings a refresh asks about one by one; past this, by status page by page first."""


class RowResult(StrEnum):
    """What became of one order of a registering run."""

    CREATED = "created"
    REFUSED = "refused"
    """The operator said no (its words and code): nothing was made there."""
    UNREADABLE = "unreadable"
    """Sent, and the operator answered 2xx that could not be read: it was made there; the
    answer is kept raw; never sent again by itself."""
    LOST = "lost"
    """Sent, and no answer came (a timeout, a 5xx): it may have been made; never sent again
    by itself."""
    SENT_BEFORE = "sent_before"
    """Sent before (this office's shipments or its written-down sendings): not sent now."""
    NOT_SENT = "not_sent"


@dataclass(frozen=True)
class EarlierSending:
    """An earlier sending of the same order: the pre-posting it made when known; ``settled``
    false when its answer was lost or unreadable (it may exist at the operator with no id here)."""

    prepost_id: str | None
    sent_at: datetime
    sent_by: str
    settled: bool = True
    line_uid: str | None = None


@dataclass(frozen=True)
class RowOutcome:
    """One order's result: ``words`` the operator's (refused) or the problem (unreadable,
    lost); ``earlier`` for one sent before; ``line`` the written-down sending."""

    result: RowResult
    shipment: Shipment | None = None
    words: str = ""
    earlier: EarlierSending | None = None
    line: SentLine | None = None


@dataclass
class CreationReport:
    """What a registering run did: ``refused`` holds (index in the orders, the operator's
    words with its code); ``failed`` why the run stopped early, ``not_sent`` how many it left;
    ``outcomes`` every order's result by index (`outcome`)."""

    created: list[Shipment] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)
    not_sent: int = 0
    failed: str = ""
    outcomes: dict[int, RowOutcome] = field(default_factory=dict)

    def outcome(self, index: int) -> RowOutcome:
        return self.outcomes.get(index, RowOutcome(RowResult.NOT_SENT))

    def count(self, result: RowResult) -> int:
        return sum(outcome.result is result for outcome in self.outcomes.values())


def _operator_words(error: ApiError) -> str:
    if isinstance(error, OperatorError) and error.code:
        return f"{error.code}: {error.text}"
    return str(error)


def order_key(order: Order, card: str) -> str:
    """Which sendings are the same order: the digest of its body as sent."""
    return digest(PrepostingClient.body(order, card))


def sent_before(
    task: TaskControl, service: ShippingService, orders: Sequence[Order]
) -> dict[int, EarlierSending]:
    """The orders sent before, by index: an order whose body was written down before (its
    answer read, lost or unreadable; one the operator refused does not count), or a shipment
    of the same recipient and invoice number, or the same NF-e key. Nothing is sent."""
    card = service.card()
    keys = [order_key(order, card) for order in orders]
    task.raise_if_cancelled()
    lines = service.outgoing().latest(PREPOSTING, keys)
    found: dict[int, EarlierSending] = {}
    for index, key in enumerate(keys):
        line = lines.get(key)
        if line is not None and line.state is not OutgoingState.REFUSED:
            done = line.state is OutgoingState.DONE
            found[index] = EarlierSending(
                line.result if done else None, line.sent_at, line.created_by, not line.unsettled, line.uid
            )
    for index, item in service.book().sent_before(orders).items():
        found.setdefault(index, EarlierSending(item.prepost_id, item.created_at, item.created_by))
    return found


def create_prepostings(
    task: TaskControl, service: ShippingService, orders: Sequence[Order], again: bool = False
) -> CreationReport:
    """Register every order; `InvalidValue` before anything is sent when one breaks a rule.
    An order sent before (`sent_before`) is not sent unless ``again`` (a person asked: an
    unsettled sending is settled as sent again on purpose). Each sending is written down
    first (`send_once`): an unreadable answer or a lost one is never sent again by itself."""
    return _create(task, service, orders, again=again, look_back=True)


def create_typed(task: TaskControl, service: ShippingService, orders: Sequence[Order]) -> CreationReport:
    """Register orders a clerk typed now (the New... dialog): the same order typed twice is
    two parcels, so sendings done before are not looked up; one still unsettled (being sent,
    its answer lost or unreadable) is not sent again (`send_once`)."""
    return _create(task, service, orders, again=False, look_back=False)


def _create(
    task: TaskControl, service: ShippingService, orders: Sequence[Order], *, again: bool, look_back: bool
) -> CreationReport:
    checked = [checked_order(order) for order in orders]
    card = service.card()
    client = service.client()
    earlier = sent_before(task, service, checked) if look_back else {}
    report = CreationReport()
    for index, order in enumerate(checked):
        if task.cancelled:
            report.not_sent = len(checked) - index
            break
        task.progress(index, len(checked))
        if index in earlier and not again:
            report.outcomes[index] = RowOutcome(RowResult.SENT_BEFORE, earlier=earlier[index])
            continue
        if index in earlier and not earlier[index].settled:
            service.outgoing().resolve(earlier[index].line_uid or "", Resolution.AGAIN, service.now())
        if not _create_one(service, client, card, index, order, report):
            report.not_sent = len(checked) - index - 1
            break
    task.progress(len(checked), len(checked))
    return report


def _create_one(
    service: ShippingService,
    client: PrepostingClient,
    card: str,
    index: int,
    order: Order,
    report: CreationReport,
) -> bool:
    """Send one order and say its outcome in ``report``; false when the run must stop."""
    body = client.body(order, card)
    summary = f"Pre-posting to {order.recipient.name} ({order.recipient.cep})"
    try:
        answer = send_once(
            service.outgoing(), PREPOSTING, digest(body), body, summary,
            lambda: client.create(order, card), result=lambda answer: answer.id, now=service.now,
        )  # fmt: skip
    except AlreadySentError as error:
        line = error.line
        earlier = EarlierSending(None, line.sent_at, line.created_by, False, line.uid)
        report.outcomes[index] = RowOutcome(
            RowResult.SENT_BEFORE, words=str(error), earlier=earlier, line=line
        )
        return True
    except UnreadableAnswerError as error:
        report.outcomes[index] = RowOutcome(RowResult.UNREADABLE, words=str(error.cause), line=error.line)
        return True
    except OperatorError as error:
        if error.status is not None and 400 <= error.status < 500:
            report.refused.append((index, _operator_words(error)))
            report.outcomes[index] = RowOutcome(RowResult.REFUSED, words=_operator_words(error))
            return True
        report.failed = _operator_words(error)
        report.outcomes[index] = RowOutcome(RowResult.LOST, words=report.failed)
        return False
    except ApiError as error:  # no answer: it may have been made; what is left is not sent
        report.failed = str(error)
        report.outcomes[index] = RowOutcome(RowResult.LOST, words=report.failed)
        return False
    shipment = service.book().record(answer, order, service.now())
    report.created.append(shipment)
    report.outcomes[index] = RowOutcome(RowResult.CREATED, shipment=shipment)
    return True


def operator_list(
    task: TaskControl, client: PrepostingClient, wanted: set[str], *, returns: bool = False
) -> list[Preposting]:
    """The operator's word on ``wanted``, never from an unfiltered list: past `BY_ID` of them,
    the pre-posted ones page by page (status with page, as the manual allows) first, or, for
    ``returns``, the returns list (``logisticaReversa`` S) page by page whatever their count;
    then one call per id not seen there (posted, cancelled, another status)."""
    found: list[Preposting] = []
    left = set(wanted)
    if returns or len(left) > BY_ID:
        for page in range(LIST_PAGES):
            task.raise_if_cancelled()
            if returns:
                items, pages = client.list(reverse=True, page=page)
            else:
                items, pages = client.list(status=PrepostingStatus.PREPOSTED, page=page)
            found += [item for item in items if item.id in left]
            left -= {item.id for item in items}
            if not left or page + 1 >= pages:
                break
    for prepost_id in sorted(left):
        task.raise_if_cancelled()
        items, _pages = client.list(id=prepost_id)
        found += [item for item in items if item.id == prepost_id]
    return found


def refresh_shipments(task: TaskControl, service: ShippingService) -> list[Shipment]:
    """Ask the operator where the open pre-postings stand; answers every shipment. A row
    another desk wrote while the operator was asked (a cancel, a label) keeps its newer word."""
    book = service.book()
    open_ids = set(book.open_ids())
    if open_ids:
        read = book.get(sorted(open_ids))
        codes = {item.prepost_id: item.object_code for item in read}
        answers = operator_list(task, service.client(), set(open_ids))
        book.update(answers, service.now(), read={item.prepost_id: item.version for item in read})
        labelled = [
            item.id for item in answers if item.object_code and item.object_code != codes.get(item.id)
        ]
        follow_shipments(service, book.get(labelled))
        unfollow_cancelled(
            service, book.get([item.id for item in answers if item.status is PrepostingStatus.CANCELLED])
        )
    return book.shipments()


def cancel_shipments(
    task: TaskControl, service: ShippingService, ids: Sequence[str]
) -> list[tuple[str, str]]:
    """Cancel ``ids`` as the profile's login (``idCorreiosSolicitanteCancelamento``); answers
    (id, the operator's words) for those it refused."""
    requester = service.requester()
    client = service.client()
    book = service.book()
    refused: list[tuple[str, str]] = []
    for index, prepost_id in enumerate(ids):
        task.raise_if_cancelled()
        task.progress(index, len(ids))
        try:
            answer = client.cancel(prepost_id, requester)
        except OperatorError as error:
            refused.append((prepost_id, _operator_words(error)))
            continue
        if answer is None or answer.id != prepost_id or answer.status is not PrepostingStatus.CANCELLED:
            answer = Preposting(prepost_id, None, PrepostingStatus.CANCELLED, None, None, None)
        book.update([answer], service.now())
        unfollow_cancelled(service, book.get([prepost_id]))
    return refused


@dataclass(frozen=True)
class IssuedLabels:
    """What a label print made, whichever made it (the operator, `issue_labels`, or this
    app, ``printing.our_labels``): the PDF, the shipments as labelled (with the codes they
    have now) and exactly how many of their objects Tracking follows since this print (the
    watchlist's count: an object followed before is not counted again)."""

    pdf: bytes
    shipments: tuple[Shipment, ...]
    followed: int


@dataclass(frozen=True)
class Coded:
    """Shipments with the object codes they have now, and how many objects were followed
    for it (those that got their code now)."""

    shipments: tuple[Shipment, ...]
    followed: int


def issue_labels(
    task: TaskControl,
    service: ShippingService,
    ids: Sequence[str],
    layout: OperatorLayout = OperatorLayout.LINEAR_100_150,
) -> IssuedLabels:
    """Have the operator issue the labels of ``ids`` (assigning the object codes they lack),
    wait for its PDF, keep the codes and follow the objects in Tracking. One request: more
    than `LABEL_BATCH` is refused before anything is sent."""
    if len(ids) > LABEL_BATCH:
        raise ApiError(
            Said(
                "The operator makes at most {most} labels at once ({asked} asked): "
                "choose fewer, or print the labels made here",
                most=LABEL_BATCH,
                asked=len(ids),
            )
        )
    client = service.client()
    shipments = service.book().get(ids)
    wanted = [item.prepost_id for item in shipments]
    pdf = _download(task, client, _request_labels(service, client, wanted, layout))
    labelled = _read_back(task, service, client, shipments)
    return IssuedLabels(pdf, labelled, follow_shipments(service, labelled))


def issue_codes(task: TaskControl, service: ShippingService, shipments: Sequence[Shipment]) -> Coded:
    """Give the ``shipments`` without one their object codes through the operator's label
    call, `LABEL_BATCH` at a time, and follow those objects in Tracking. The call assigns
    the codes (REFERENCE.md); its PDF is never fetched: the labels made here are printed."""
    missing = [item.prepost_id for item in shipments if not item.object_code]
    if not missing:
        return Coded(tuple(shipments), 0)
    client = service.client()
    for start in range(0, len(missing), LABEL_BATCH):
        task.raise_if_cancelled()
        _request_labels(service, client, missing[start : start + LABEL_BATCH], OperatorLayout.LINEAR_100_150)
    answered = _read_back(task, service, client, [item for item in shipments if not item.object_code])
    issued = {item.prepost_id: item for item in answered}
    coded = tuple(issued.get(item.prepost_id, item) for item in shipments)
    return Coded(coded, follow_shipments(service, answered))


def _request_labels(
    service: ShippingService, client: PrepostingClient, ids: Sequence[str], layout: OperatorLayout
) -> str:
    """Ask for the labels of ``ids``, written down first (`send_once`, kind `LABELS`): while
    the same request is unsettled (being sent, its answer lost or unreadable) it is not sent
    again (`AlreadySentError`, `UnreadableAnswerError`)."""
    body = client.label_body(ids, layout)
    key = digest({"ids": sorted(ids), "layout": layout.value})
    summary = f"Labels of {len(ids)} pre-posting{'s' if len(ids) != 1 else ''} ({layout.value})"
    return send_once(
        service.outgoing(), LABELS, key, body, summary,
        lambda: client.request_labels(ids, layout), result=lambda receipt: receipt, now=service.now,
    )  # fmt: skip


def _read_back(
    task: TaskControl, service: ShippingService, client: PrepostingClient, shipments: Sequence[Shipment]
) -> tuple[Shipment, ...]:
    """The codes the operator assigned to ``shipments`` (their labels were just issued here:
    the office's "labelled" mark), kept in the book; answers the shipments as they are now
    (from the same write: not read again)."""
    answers = operator_list(task, client, {item.prepost_id for item in shipments})
    now = service.book().label(answers, service.now())
    return tuple(now.get(item.prepost_id, item) for item in shipments)


def _download(task: TaskControl, client: PrepostingClient, receipt: str) -> bytes:
    waited, pause = 0.0, 0.25
    while waited < LABEL_WAIT_S:
        task.progress(0, None)
        pdf = client.download_labels(receipt)
        if pdf is not None:
            return pdf
        current().wait(pause)
        waited += pause
        pause = min(pause * 2, 2.0)
    seconds = f"{LABEL_WAIT_S:.0f}"
    if client.last_wait:
        raise ApiError(
            Said(
                "The operator did not make the labels within {seconds} s (receipt {receipt}); "
                "its last answer: {answer}",
                seconds=seconds,
                receipt=receipt,
                answer=client.last_wait,
            )
        )
    raise ApiError(
        Said(
            "The operator did not make the labels within {seconds} s (receipt {receipt})",
            seconds=seconds,
            receipt=receipt,
        )
    )


def _source(item: Shipment) -> str:
    """The watchlist's mark of a shipment's object: a return's is ``"return"``."""
    return RETURN_SOURCE if item.is_return else SOURCE


def follow_shipments(service: ShippingService, shipments: Sequence[Shipment]) -> int:
    """Their objects join the watchlist (a code already followed keeps its row): a parcel tagged
    with its recipient's name, a return (`RETURN_SOURCE`) with its customer's, the sender."""
    followed = 0
    for source in (SOURCE, RETURN_SOURCE):
        objects = [
            NewObject(
                code=item.object_code,
                tag=(item.order.sender.name if item.is_return else item.recipient_name)[:120],
                co_produto=item.service_code,
                cep_origem=item.order.sender.cep,
                cep_destino=item.recipient_cep,
            )
            for item in shipments
            if item.object_code and _source(item) == source
        ]
        followed += service.follow.follow(objects, source=source) if objects else 0
    return followed


def unfollow_cancelled(service: ShippingService, shipments: Sequence[Shipment]) -> int:
    """A cancelled pre-posting's object leaves the watchlist: it will never move. Only if this
    feature put it there (a code a clerk also follows by hand stays)."""
    gone = 0
    for source in (SOURCE, RETURN_SOURCE):
        codes = [
            item.object_code
            for item in shipments
            if item.object_code and item.status is PrepostingStatus.CANCELLED and _source(item) == source
        ]
        gone += service.follow.unfollow(codes, source=source) if codes else 0
    return gone
