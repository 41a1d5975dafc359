"""Filing claims: checked, reserved in the office database, sent lot by lot, each lot's
answer saved as it is read (`ClaimBook` tells why in three steps).

One object's refusal never fails the others: the report says, per object, filed (with its
protocol), already claimed (900), refused (the operator's code and words), blocked here
(filed: nothing sent), being sent by another desk (who, since when: nothing sent), held
(sent before and no answer read: nothing sent until a person files it again on purpose,
``again``), unconfirmed (the call failed now after it may have reached the operator),
unreadable (the operator took it, 2xx, and its answer could not be read: kept raw) or not
sent (cancelled before its lot went). Writes happen once (DESIGN.md).

The recipient's name is never sent empty (the operator answers 301): each item takes the
name given, else the pre-posting's or the address book's (`ClaimsService.recipients`);
an item still without one stops the whole order, naming it (`MissingNamesError`), nothing sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import Cancelled
from postalgui.api.claims import checked_request
from postalgui.api.errors import ApiError, InvalidResponseError, OperatorError, RoutineError
from postalgui.api.models.claims import ClaimRequest, FiledClaim
from postalgui.api.values.claims import Manifestation, Packaging, parse_claim_phone, parse_reason
from postalgui.api.values.object_codes import parse_object_code
from postalgui.services.claims.candidates import Candidate

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.api.claims import ClaimsClient
    from postalgui.services.claims.book import ClaimBook
    from postalgui.services.claims.service import ClaimsService

__all__ = [
    "FilingItem",
    "FilingOrder",
    "FilingReport",
    "FilingResult",
    "MissingNamesError",
    "Result",
    "claim_row",
    "file_claims",
    "with_known_names",
]


class Result(StrEnum):
    FILED = "filed"
    ALREADY = "already"
    REFUSED = "refused"
    BLOCKED = "blocked"
    BEING_SENT = "being_sent"
    HELD = "held"
    UNCONFIRMED = "unconfirmed"
    UNREADABLE = "unreadable"
    NOT_SENT = "not_sent"


class MissingNamesError(RoutineError):
    """Objects without a recipient's name (``nomeDestinatario``, the operator refuses a
    claim without one: 301): nothing was sent. ``codes`` lists them."""

    def __init__(self, codes: Sequence[str]) -> None:
        self.codes = list(codes)
        super().__init__(
            "Recipient's name (nomeDestinatario) missing for " + ", ".join(self.codes) + ": nothing was sent"
        )


@dataclass(frozen=True)
class FilingItem:
    """One object to claim, with what its candidate knew (kept with the claim)."""

    code: str
    reason: int
    recipient: str = ""
    kind: str | None = None
    days_late: int | None = None
    postage: Decimal | None = None
    estimate: Decimal | None = None
    invoice: str | None = None

    @classmethod
    def of(cls, candidate: Candidate, reason: int | None = None, recipient: str = "") -> FilingItem:
        return cls(
            candidate.code,
            reason if reason is not None else candidate.reason,
            recipient,
            candidate.kind.value,
            candidate.days_late,
            candidate.postage,
            candidate.estimate,
            candidate.invoice,
        )


@dataclass(frozen=True)
class FilingOrder:
    """What to send: the objects and what every claim of the order shares."""

    items: Sequence[FilingItem]
    email: str
    phone: str
    manifestation: Manifestation = Manifestation.COMPENSATION
    package: Packaging = Packaging.BOX

    @classmethod
    def of(
        cls,
        candidates: Sequence[Candidate],
        *,
        email: str,
        phone: str,
        reason: int | None = None,
        manifestation: Manifestation = Manifestation.COMPENSATION,
        package: Packaging = Packaging.BOX,
        names: Mapping[str, str] | None = None,
    ) -> FilingOrder:
        """Claims for ``candidates``, each with its own reason unless ``reason`` is given."""
        names = names or {}
        items = [FilingItem.of(c, reason, names.get(c.code, "")) for c in candidates]
        return cls(items, email, phone, manifestation, package)

    def requests(self) -> list[ClaimRequest]:
        """The requests as sent; raises `InvalidValue` naming the first bad field."""
        return [
            checked_request(
                ClaimRequest.model_construct(
                    codigoObjeto=item.code,
                    emailResposta=self.email,
                    nomeDestinatario=item.recipient,
                    codigoMotivoReclamacao=item.reason,
                    tipoEmbalagem=self.package,
                    tipoManifestacao=self.manifestation,
                )
            )
            for item in self.items
        ]


@dataclass(frozen=True)
class FilingResult:
    code: str
    result: Result
    return_code: int | None = None
    message: str = ""
    protocol: str | None = None
    by: str = ""
    """Who sent it (``BEING_SENT``, ``HELD``)."""
    at: datetime | None = None
    """Since when (``BEING_SENT``, ``HELD``)."""


@dataclass(frozen=True)
class FilingReport:
    results: list[FilingResult] = field(default_factory=list)

    def count(self, *results: Result) -> int:
        return sum(item.result in results for item in self.results)

    @property
    def filed(self) -> int:
        return self.count(Result.FILED, Result.ALREADY)

    @property
    def refused(self) -> int:
        return self.count(Result.REFUSED)


def _result(answer: FiledClaim) -> FilingResult:
    kind = Result.ALREADY if answer.already else Result.FILED if answer.filed else Result.REFUSED
    return FilingResult(answer.code, kind, answer.return_code, answer.message, answer.protocol)


def with_known_names(order: FilingOrder, names: Mapping[str, str]) -> FilingOrder:
    """``order`` with each nameless item given its name from ``names`` (by object code);
    raises `MissingNamesError` for the items still without one."""
    items = [
        item if item.recipient.strip() else replace(item, recipient=names.get(item.code.strip().upper(), ""))
        for item in order.items
    ]
    missing = [item.code for item in items if not item.recipient.strip()]
    if missing:
        raise MissingNamesError(missing)
    return replace(order, items=items)


def _held(book: ClaimBook, codes: Sequence[str], now: datetime) -> dict[str, FilingResult]:
    """Why each blocked code was not sent: filed, being sent by whom, or held."""
    found = {item.code: item for item in book.claims() if item.code in set(codes)}
    results: dict[str, FilingResult] = {}
    for code in codes:
        item = found.get(code)
        if item is None or item.filed:
            results[code] = FilingResult(code, Result.BLOCKED, protocol=item.protocol if item else None)
            continue
        kind = Result.BEING_SENT if item.being_sent(now) else Result.HELD
        results[code] = FilingResult(
            code, kind, item.return_code, item.return_message, None, item.filed_by, item.filed_at
        )
    return results


def file_claims(
    task: TaskControl, service: ClaimsService, order: FilingOrder, *, again: bool = False
) -> FilingReport:
    """File ``order``'s claims. Raises `InvalidValue` (a bad field), `MissingNamesError` or
    `ApiError` (no contract or card) before anything is reserved or sent. ``again``: a
    person asked to file again the claims sent before whose answer was never read."""
    order = with_known_names(order, service.recipients([item.code for item in order.items]))
    requests = order.requests()
    phone = parse_claim_phone(order.phone)
    contract, card = service.contract_and_card()
    by_code = {request.codigoObjeto: request for request in requests}
    items = {parse_object_code(item.code): item for item in order.items}
    book = service.book()
    rows = [claim_row(order, items[code], phone) for code in by_code]
    reserved, blocked = book.reserve(rows, service.now(), again=again)
    results = _held(book, blocked, service.now())
    client = service.client()
    lots = [reserved[start : start + client.lot] for start in range(0, len(reserved), client.lot)]
    task.progress(0, len(reserved))
    for number, lot in enumerate(lots):
        if task.cancelled:
            book.release([code for rest in lots[number:] for code in rest])
            results |= {code: FilingResult(code, Result.NOT_SENT) for rest in lots[number:] for code in rest}
            break
        results |= _send(service, book, client, (contract, card, phone), [by_code[code] for code in lot])
        task.progress(sum(len(done) for done in lots[: number + 1]), len(reserved))
    return FilingReport([results[code] for code in by_code])


def _send(
    service: ClaimsService,
    book: ClaimBook,
    client: ClaimsClient,
    head: tuple[str, str, str],
    lot: list[ClaimRequest],
) -> dict[str, FilingResult]:
    """One lot: its answers saved as read; a refusal of the whole call is each object's."""
    codes = [request.codigoObjeto for request in lot]
    try:
        answers = client.file(
            *head, lot, done=lambda found, number: book.record(found, number, service.now())
        )
    except InvalidResponseError as exc:
        if not exc.delivered:
            book.unconfirmed(codes)
            return {code: FilingResult(code, Result.UNCONFIRMED, exc.status, str(exc)) for code in codes}
        book.unreadable(codes, exc.raw, str(exc))
        return {code: FilingResult(code, Result.UNREADABLE, exc.status, str(exc)) for code in codes}
    except OperatorError as exc:
        if exc.status is not None and 400 <= exc.status < 500 and exc.status != 408:
            refused = [FiledClaim(code=code, return_code=exc.status, message=str(exc)) for code in codes]
            book.record(refused, None, service.now())
            return {
                item.code: FilingResult(item.code, Result.REFUSED, exc.status, str(exc)) for item in refused
            }
        book.unconfirmed(codes)
        return {code: FilingResult(code, Result.UNCONFIRMED, exc.status, str(exc)) for code in codes}
    except (ApiError, Cancelled) as exc:
        book.unconfirmed(codes)
        return {code: FilingResult(code, Result.UNCONFIRMED, None, str(exc)) for code in codes}
    return {answer.code: _result(answer) for answer in answers}


def claim_row(order: FilingOrder, item: FilingItem, phone: str) -> dict[str, Any]:
    """The claim book's values for one item of ``order`` (what `ClaimBook.reserve` keeps)."""
    return {
        "code": parse_object_code(item.code),
        "reason": parse_reason(item.reason),
        "manifestation": order.manifestation.value,
        "package": order.package.value,
        "email": order.email.strip(),
        "phone": phone,
        "recipient": item.recipient,
        "kind": item.kind,
        "days_late": item.days_late,
        "postage": None if item.postage is None else str(item.postage),
        "estimate": None if item.estimate is None else str(item.estimate),
        "invoice": item.invoice,
    }
