"""Proof of delivery: what settles "it never arrived" (issue 41).

For a delivered object the office keeps, once, in the office database (`ProofBook`): who
received it, the document they showed, when and where (the delivered event of its
timeline: the watchlist's, else the operator's answer now), the AR digital image when it
had the service, and the delivery images (a facade photo, the signature). A proof kept is
answered from the database and never asked again, on any desk.

Fetching (`fetch_proofs`): the AR digital in calls of at most `AR_DIGITAL_MAX` codes; the
delivery images asked in one request per `IMAGES_BATCH` codes, written down first
(`send_once`, kind `IMAGES`) so that it is never sent twice: a line still unsettled is
polled by its receipt number when its answer has one. The receipt is then polled, with
progress and cancel, for at most ``wait_s`` seconds; codes whose images are not ready by
then are reported ``waiting`` and their receipt is polled again next time (asked again
only once it is no longer valid).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import TaskControl, cancel_scope, current
from postalgui.api.errors import OperatorError
from postalgui.api.models.tracking import TrackedObject, TrackingEvent
from postalgui.api.values.dates import operator_utc
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.office.outgoing import AlreadySentError, UnreadableAnswerError, digest, send_once
from postalgui.services.tracking.proof_book import KeptProof, ProofBook
from postalgui.services.tracking.proof_records import DeliveryProof, ProofImage, ProofReport
from postalgui.services.tracking.status import Status, classify

if TYPE_CHECKING:
    from postalgui.api.models.proofs import ArDigital, ImagesReceipt, ReceiptItem
    from postalgui.api.proofs import ProofClient
    from postalgui.services.tracking.service import TrackingService

__all__ = [
    "IMAGES",
    "IMAGES_BATCH",
    "WAIT_S",
    "delivered_event",
    "fetch_proofs",
    "proof_pdf",
    "receiver_of",
    "stored_proof",
]

IMAGES = "proof_images"
"""The ``outgoing`` kind of a request for delivery images."""
IMAGES_BATCH = 50
"""Codes per request for delivery images: the operator publishes no limit; tracking's 50."""
WAIT_S = 60.0
"""How long a fetch polls the images' receipt before it reports the codes ``waiting``."""
RECEIPT_VALID = timedelta(hours=24)
"""How long a receipt is polled when its ``dtValidade`` cannot be read."""
_FIRST_PAUSE, _LONGEST_PAUSE = 0.5, 4.0
_NAME_KEYS = ("nome", "nomeRecebedor", "name")
_DOCUMENT_KEYS = ("documento", "numeroDocumento", "docRecebedor", "rg", "cpf")


def stored_proof(task: TaskControl, service: TrackingService, code: str) -> DeliveryProof | None:
    """The proof of ``code`` the office keeps, complete (``None``: none yet); nothing is sent."""
    wanted = parse_object_code(code)
    task.raise_if_cancelled()
    kept = service.proofs().kept([wanted]).get(wanted)
    return kept.proof if kept is not None and kept.complete else None


def fetch_proofs(
    task: TaskControl, service: TrackingService, codes: Sequence[str], *, wait_s: float = WAIT_S
) -> ProofReport:
    """The proofs of ``codes``: those kept answered from the office database (nothing sent),
    the others fetched and kept (see the module). A bad code raises `InvalidValue` before
    anything is sent."""
    wanted = list(dict.fromkeys(parse_object_code(code) for code in codes))
    task.raise_if_cancelled()
    with cancel_scope(task.token):
        book = service.proofs()
        kept = book.kept(wanted)
        if all(item.complete for item in kept.values()) and len(kept) == len(wanted):
            proofs = {code: item.proof for code, item in kept.items()}
            return ProofReport(proofs=proofs, fetched=0, not_delivered=(), waiting=(), problems={})
        fresh = [code for code in wanted if code not in kept]
        events, not_delivered, problems = _delivered_events(service, fresh)
        client = service.proof_client()
        started = _started(service, client, events)
        book.start(started)
        unfinished = [item for item in kept.values() if not item.complete]
        polls = _receipts(service, client, book, [proof.code for proof in started], unfinished, problems)
        ready, waiting = _poll(task, client, polls, wait_s)
        book.complete(ready, service.now())
        now_kept = book.kept(wanted)
    proofs = {code: item.proof for code, item in now_kept.items() if item.complete}
    return ProofReport(
        proofs=proofs,
        fetched=sum(1 for code in ready if code in proofs),
        not_delivered=tuple(not_delivered),
        waiting=tuple(code for code in wanted if code in waiting and code not in proofs),
        problems=problems,
    )


def proof_pdf(proofs: Sequence[DeliveryProof], language: str = "pt") -> bytes:
    """The "Comprovante de entrega" of ``proofs``, one page each (`proof_pdf.proof_pdf`)."""
    # lazy: reportlab loads when a proof is printed, not with the Tracking tab
    from postalgui.services.tracking import proof_pdf as document

    return document.proof_pdf(proofs, language)


# --- the delivered event ---------------------------------------------------------------------


def delivered_event(found: TrackedObject) -> TrackingEvent | None:
    """The event that delivered the object (the newest such), or ``None``."""
    return next((event for event in found.eventos if classify(event)[0] is Status.DELIVERED), None)


def receiver_of(recebedor: Any) -> tuple[str, str]:
    """The receiver's name and document of an event's ``recebedor``, read leniently: its
    shape is not published (REFERENCE.md lists the field only), so a text is the name, an
    object gives its ``nome`` and ``documento`` (or a few names public clients use)."""
    if isinstance(recebedor, str):
        return " ".join(recebedor.split()), ""
    if not isinstance(recebedor, Mapping):
        return "", ""

    def first(keys: tuple[str, ...]) -> str:
        value = next((recebedor[key] for key in keys if recebedor.get(key) not in (None, "")), "")
        return " ".join(str(value).split())

    return first(_NAME_KEYS), first(_DOCUMENT_KEYS)


def _place(event: TrackingEvent) -> str:
    """``"CDD Centro, Rio de Janeiro/RJ"``: the unit's name and its city."""
    unit = event.unidade
    if unit is None:
        return ""
    return ", ".join(part for part in ((unit.nome or "").strip(), unit.place) if part)


def _delivered_events(
    service: TrackingService, codes: Sequence[str]
) -> tuple[dict[str, TrackingEvent], list[str], dict[str, str]]:
    """The delivered event of each of ``codes`` that was delivered (the watchlist's timeline
    when it says so, else the operator's answer now), the codes not delivered, and the
    operator's words for those it does not know."""
    if not codes:
        return {}, [], {}
    events: dict[str, TrackingEvent] = {}
    for code, watched in service.watchlist().details(codes).items():
        event = delivered_event(watched.answer) if watched.answer is not None else None
        if watched.status is Status.DELIVERED and event is not None:
            events[code] = event
    asked = [code for code in codes if code not in events]
    not_delivered: list[str] = []
    problems: dict[str, str] = {}
    if asked:
        for code, found in zip(asked, service.client().track(asked), strict=True):
            event = delivered_event(found)
            if event is not None:
                events[code] = event
            elif found.message_code is not None:
                problems[code] = found.mensagem or found.message_code
            else:
                not_delivered.append(code)
    return events, not_delivered, problems


# --- the AR digital --------------------------------------------------------------------------


def _content_type(data: bytes, given: str | None = None) -> str:
    """The image's type: what the operator says, else what its first bytes say."""
    if given and given.strip():
        return given.strip().lower()
    if data.startswith(b"\x89PNG"):
        return "image/png"
    if data.startswith(b"%PDF"):
        return "application/pdf"
    return "image/jpeg"


def _ar_image(found: ArDigital | None) -> ProofImage | None:
    data = found.image() if found is not None else None
    if found is None or data is None:
        return None
    return ProofImage(_content_type(data, found.contentType), data)


def _started(
    service: TrackingService, client: ProofClient, events: Mapping[str, TrackingEvent]
) -> list[DeliveryProof]:
    """A proof of each delivered code with what is known at once: the delivered event and
    the AR digital (asked `AR_DIGITAL_MAX` codes a call)."""
    if not events:
        return []
    ars = {(found.objeto or "").strip().upper(): found for found in client.ar_digital(list(events))}
    now, login = service.now(), service.login
    started = []
    for code, event in events.items():
        receiver, document = receiver_of(event.recebedor)
        started.append(
            DeliveryProof(
                code=code,
                receiver=receiver,
                document=document,
                delivered_at=operator_utc(event.dtHrCriado) if event.dtHrCriado is not None else None,
                place=_place(event),
                ar=_ar_image(ars.get(code)),
                images=(),
                fetched_at=now,
                fetched_by=login,
            )
        )
    return started


# --- the delivery images ---------------------------------------------------------------------


def _receipts(
    service: TrackingService,
    client: ProofClient,
    book: ProofBook,
    fresh: Sequence[str],
    unfinished: Sequence[KeptProof],
    problems: dict[str, str],
) -> dict[str, list[str]]:
    """The receipts to poll and their codes: the valid ones kept, and those of the images
    asked now (of ``fresh`` codes and of kept ones whose receipt is missing or no longer
    valid). A code whose request cannot be sent says why in ``problems``."""
    now = service.now()
    polls: dict[str, list[str]] = {}
    ask = list(fresh)
    for item in unfinished:
        if item.receipt and item.receipt_until is not None and item.receipt_until > now:
            polls.setdefault(item.receipt, []).append(item.proof.code)
        else:
            ask.append(item.proof.code)
    ask = _pending_elsewhere(service, ask, polls, problems)
    for start in range(0, len(ask), IMAGES_BATCH):
        batch = ask[start : start + IMAGES_BATCH]
        receipt = _ask_images(service, client, batch, problems)
        if receipt is not None and receipt.numero:
            book.asked(batch, receipt.numero, _valid_until(receipt, now))
            polls.setdefault(receipt.numero, []).extend(batch)
    return polls


def _pending_elsewhere(
    service: TrackingService, codes: list[str], polls: dict[str, list[str]], problems: dict[str, str]
) -> list[str]:
    """Of ``codes``, those no unsettled request for images holds: one whose answer names
    its receipt is polled by it; one without (lost: no answer) says so in ``problems``."""
    if not codes:
        return codes
    left = set(codes)
    for line in service.outgoing().unsettled(IMAGES).values():
        held = left.intersection(line.request.get("objetos", ()))
        if not held:
            continue
        numero = line.result or _numero_of(line.answer)
        for code in sorted(held):
            if numero:
                polls.setdefault(numero, []).append(code)
            else:
                problems[code] = str(AlreadySentError(line, service.now()))
        left -= held
    return [code for code in codes if code in left]


def _numero_of(answer: str | None) -> str | None:
    """The receipt number of an answer kept raw (one the client could not read otherwise)."""
    try:
        data = json.loads(answer or "")
    except ValueError:
        return None
    numero = data.get("numero") if isinstance(data, dict) else None
    return str(numero).strip() or None if numero is not None else None


def _ask_images(
    service: TrackingService, client: ProofClient, codes: list[str], problems: dict[str, str]
) -> ImagesReceipt | None:
    """Ask the images of ``codes`` once (`send_once`); a refusal or a request already
    unsettled says why in ``problems`` (a lost answer is raised: nothing is known)."""
    summary = f"Delivery images of {len(codes)} object{'s' if len(codes) != 1 else ''}"
    try:
        return send_once(
            service.outgoing(), IMAGES, digest(sorted(codes)), {"objetos": codes}, summary,
            lambda: client.ask_images(codes), result=lambda receipt: receipt.numero, now=service.now,
        )  # fmt: skip
    except (AlreadySentError, UnreadableAnswerError) as error:
        words = str(error)
    except OperatorError as error:
        if error.status is None or not 400 <= error.status < 500:
            raise
        words = str(error)
    problems.update(dict.fromkeys(codes, words))
    return None


def _valid_until(receipt: ImagesReceipt, now: datetime) -> datetime:
    """Until when the receipt may be polled: its ``dtValidade`` (the operator's time), else a day."""
    try:
        until = datetime.fromisoformat((receipt.dtValidade or "").strip())
    except ValueError:
        return now + RECEIPT_VALID
    return operator_utc(until)


def _images(item: ReceiptItem) -> list[ProofImage]:
    found = []
    for image in item.imagens:
        data = image.data()
        if data is not None:
            found.append(ProofImage(_content_type(data), data, (image.comentario or "").strip()))
    return found


def _poll(
    task: TaskControl, client: ProofClient, polls: dict[str, list[str]], wait_s: float
) -> tuple[dict[str, tuple[list[ProofImage], str]], set[str]]:
    """Poll each receipt until its images come or ``wait_s`` ran out: the images (and the
    operator's note) by code, and the codes still waiting."""
    total = sum(len(codes) for codes in polls.values())
    ready: dict[str, tuple[list[ProofImage], str]] = {}
    pending = dict(polls)
    waited, pause = 0.0, _FIRST_PAUSE
    while pending:
        task.progress(len(ready), total)
        for numero, codes in list(pending.items()):
            items = client.receipt(numero)
            if items is None:
                continue
            by_code = {(item.objeto or "").strip().upper(): item for item in items}
            for code in codes:
                item = by_code.get(code)
                ready[code] = (_images(item), (item.observacao or "").strip()) if item else ([], "")
            del pending[numero]
        if not pending or waited >= wait_s:
            break
        current().wait(min(pause, wait_s - waited))
        waited += pause
        pause = min(pause * 2, _LONGEST_PAUSE)
    task.progress(len(ready), total)
    return ready, {code for codes in pending.values() for code in codes}
