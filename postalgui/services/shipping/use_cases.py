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
from typing import TYPE_CHECKING

from postalgui.api.errors import ApiError, OperatorError
from postalgui.api.models.prepostings import OperatorLayout, Order, Preposting, PrepostingStatus
from postalgui.api.values.shipping import checked_order
from postalgui.services.shipping.records import Shipment
from postalgui.services.tracking.records import NewObject

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.prepostings import PrepostingClient
    from postalgui.services.shipping.service import ShippingService

__all__ = [
    "CreationReport",
    "IssuedLabels",
    "cancel_shipments",
    "create_prepostings",
    "issue_codes",
    "issue_labels",
    "refresh_shipments",
]

LIST_PAGES = 20
"""Pages of 50 a refresh reads at most, newest first (1,000 pre-postings)."""
LABEL_BATCH = 100
"""Pre-postings per label request: the sandbox refuses more (PPN-030); the operator publishes no bound."""
LABEL_WAIT_S = 120.0
"""How long the operator may take to make a labels PDF before the task gives up."""
SOURCE = "shipping"
"""The watchlist's word for objects that came from a label made here."""


@dataclass
class CreationReport:
    """What a registering run did: ``refused`` holds (index in the orders, the operator's
    words with its code); ``failed`` why the run stopped early, ``not_sent`` how many it left."""

    created: list[Shipment] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)
    not_sent: int = 0
    failed: str = ""


def _operator_words(error: ApiError) -> str:
    if isinstance(error, OperatorError) and error.code:
        return f"{error.code}: {error.text}"
    return str(error)


def create_prepostings(
    task: TaskControl, service: ShippingService, orders: Sequence[Order]
) -> CreationReport:
    """Register every order; `InvalidValue` before anything is sent when one breaks a rule."""
    checked = [checked_order(order) for order in orders]
    card = service.card()
    client = service.client()
    book = service.book()
    report = CreationReport()
    for index, order in enumerate(checked):
        if task.cancelled:
            report.not_sent = len(checked) - index
            break
        task.progress(index, len(checked))
        try:
            answer = client.create(order, card)
        except OperatorError as error:
            report.refused.append((index, _operator_words(error)))
            continue
        except ApiError as error:  # unreachable: what is left is not sent
            report.failed, report.not_sent = str(error), len(checked) - index
            break
        report.created.append(book.record(answer, order, service.now()))
    task.progress(len(checked), len(checked))
    return report


def _operator_list(task: TaskControl, client: PrepostingClient, wanted: set[str]) -> list[Preposting]:
    """The operator's pre-postings, newest first, until every one of ``wanted`` was seen."""
    found: list[Preposting] = []
    for page in range(LIST_PAGES):
        task.raise_if_cancelled()
        items, pages = client.list(page=page)
        found += items
        wanted -= {item.id for item in items}
        if not wanted or page + 1 >= pages:
            break
    return found


def refresh_shipments(task: TaskControl, service: ShippingService) -> list[Shipment]:
    """Ask the operator where the open pre-postings stand; answers every shipment."""
    book = service.book()
    open_ids = set(book.open_ids())
    if open_ids:
        codes = {item.prepost_id: item.object_code for item in book.get(sorted(open_ids))}
        answers = [
            item for item in _operator_list(task, service.client(), set(open_ids)) if item.id in open_ids
        ]
        book.update(answers, service.now())
        labelled = [
            item.id for item in answers if item.object_code and item.object_code != codes.get(item.id)
        ]
        _follow(service, book.get(labelled))
    return book.shipments()


def cancel_shipments(
    task: TaskControl, service: ShippingService, ids: Sequence[str]
) -> list[tuple[str, str]]:
    """Cancel ``ids``; answers (id, the operator's words) for those it refused."""
    client = service.client()
    book = service.book()
    refused: list[tuple[str, str]] = []
    for index, prepost_id in enumerate(ids):
        task.raise_if_cancelled()
        task.progress(index, len(ids))
        try:
            client.cancel(prepost_id)
        except OperatorError as error:
            refused.append((prepost_id, _operator_words(error)))
            continue
        book.update(
            [Preposting(prepost_id, None, PrepostingStatus.CANCELLED, None, None, None)], service.now()
        )
    return refused


@dataclass(frozen=True)
class IssuedLabels:
    """The operator's labels PDF and the shipments with the codes it assigned."""

    shipments: list[Shipment]
    pdf: bytes


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
            f"The operator makes at most {LABEL_BATCH} labels at once ({len(ids)} asked): "
            "choose fewer, or print the labels made here"
        )
    client = service.client()
    wanted = [item.prepost_id for item in service.book().get(ids)]
    pdf = _download(task, client, client.request_labels(wanted, layout))
    labelled = _read_back(task, service, client, wanted)
    _follow(service, labelled)
    return IssuedLabels(labelled, pdf)


def issue_codes(task: TaskControl, service: ShippingService, ids: Sequence[str]) -> list[Shipment]:
    """Give ``ids`` their object codes through the operator's label call, `LABEL_BATCH` at a
    time (its PDFs are not kept: labels made here follow), and follow the objects in Tracking."""
    client = service.client()
    wanted = [item.prepost_id for item in service.book().get(ids)]
    for start in range(0, len(wanted), LABEL_BATCH):
        task.raise_if_cancelled()
        batch = wanted[start : start + LABEL_BATCH]
        _download(task, client, client.request_labels(batch, OperatorLayout.LINEAR_100_150))
    coded = _read_back(task, service, client, wanted)
    _follow(service, coded)
    return coded


def _read_back(
    task: TaskControl, service: ShippingService, client: PrepostingClient, wanted: Sequence[str]
) -> list[Shipment]:
    """The codes the operator assigned to ``wanted``, read once from its list's pages (one
    call each for those the pages do not reach), kept in the book; answers the shipments."""
    answers = [item for item in _operator_list(task, client, set(wanted)) if item.id in wanted]
    missing = set(wanted) - {item.id for item in answers}
    answers += [found for found in (_one(client, prepost_id) for prepost_id in sorted(missing)) if found]
    book = service.book()
    book.update(answers, service.now())
    return book.get(wanted)


def _download(task: TaskControl, client: PrepostingClient, receipt: str) -> bytes:
    from postalgui.api.cancel import current

    waited, pause = 0.0, 0.25
    while waited < LABEL_WAIT_S:
        task.progress(0, None)
        pdf = client.download_labels(receipt)
        if pdf is not None:
            return pdf
        current().wait(pause)
        waited += pause
        pause = min(pause * 2, 2.0)
    raise ApiError(f"The operator did not make the labels within {LABEL_WAIT_S:.0f} s (receipt {receipt})")


def _one(client: PrepostingClient, prepost_id: str) -> Preposting | None:
    items, _ = client.list(id=prepost_id)
    return next((item for item in items if item.id == prepost_id), None)


def _follow(service: ShippingService, shipments: Sequence[Shipment]) -> int:
    """Labelled objects join the watchlist (a code already followed keeps its row)."""
    objects = [
        NewObject(
            code=item.object_code,
            tag=item.recipient_name[:120],
            co_produto=item.service_code,
            cep_origem=item.order.sender.cep,
            cep_destino=item.recipient_cep,
        )
        for item in shipments
        if item.object_code
    ]
    if not objects:
        return 0
    return service.tracking.watchlist().add(objects, source=SOURCE)
