"""Following filed claims (``acompanha``) and reopening refused ones (``reativa``).

Open claims are asked again every `ClaimsSettings.follow_minutes`; an unconfirmed,
unreadable or stale one is asked by its object code, which settles it: found, filed with
its protocol; 990 or 4, it may be filed again. A claim judged
with merit is paid when the object's tracking shows it (event IDC): the accepted claims'
objects are tracked again here, since a delivered object is final and the tracking
refresh no longer asks about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

from postalgui.api.cancel import Cancelled
from postalgui.api.errors import ApiError, RoutineError
from postalgui.api.models.claims import ClaimProgress, Reopening, ReopenResult
from postalgui.api.values.claims import Manifestation
from postalgui.api.values.text import plain_text
from postalgui.services.claims.records import Claim, ClaimState, Outcome, ReopenBar
from postalgui.services.office.outgoing import Outgoing, send_once
from postalgui.services.tracking.status import Status

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.claims.service import ClaimsService

__all__ = ["REOPEN_KIND", "Followed", "NotReopenableError", "follow_claims", "reopen_claim"]

REOPEN_KIND = "claim-reopen"
"""The ``outgoing`` kind of a reopening (key: the protocol)."""


@dataclass(frozen=True)
class Followed:
    asked: int
    changed: int
    paid: int
    problems: list[str] = field(default_factory=list)
    """Claims the operator could not be asked about, with why (``"DG...: message"``)."""


def _wanted(service: ClaimsService, codes: Sequence[str] | None) -> list[Claim]:
    book = service.book()
    if codes is None:
        return book.due(timedelta(minutes=service.settings.follow_minutes), service.now())
    wanted = {code.strip().upper() for code in codes}
    return [
        item
        for item in book.claims()
        if (item.code in wanted or item.protocol in wanted) and item.state is not ClaimState.REFUSED
    ]


def follow_claims(task: TaskControl, service: ClaimsService, codes: Sequence[str] | None = None) -> Followed:
    """Ask the operator where ``codes``' claims stand (default: every claim due), save what
    it says, then mark paid the accepted ones whose object shows the compensation paid."""
    claims = _wanted(service, codes)
    answers: dict[str, ClaimProgress] = {}
    problems: list[str] = []
    task.progress(0, len(claims))
    if claims:
        contract, _ = service.contract_and_card()
        client = service.client()
        for done, item in enumerate(claims, start=1):
            task.raise_if_cancelled()
            try:
                answers[item.code] = client.follow(contract, item.protocol or item.code)
            except (ApiError, Cancelled) as exc:
                if isinstance(exc, Cancelled) or (not answers and done == len(claims)):
                    raise
                problems.append(f"{item.code}: {exc}")
            task.progress(done, len(claims))
    book = service.book()
    changed = book.followed(answers, service.now()) if answers else 0
    paid = _paid(task, service)
    return Followed(len(answers), changed, paid, problems)


def _paid(task: TaskControl, service: ClaimsService) -> int:
    """Filed claims whose object shows IDC are paid. The accepted ones' objects are tracked
    again first (final since delivered, the tracking refresh no longer asks about them)."""
    book = service.book()
    unpaid = [item for item in book.claims() if item.filed and item.outcome is not Outcome.PAID]
    if not unpaid:
        return 0
    codes = [item.code for item in unpaid]
    tracked = service.tracked
    known = tracked.statuses(codes)
    accepted = [item.code for item in unpaid if item.outcome is Outcome.ACCEPTED and item.code in known]
    if accepted:
        tracked.refresh(task, accepted)
        known = tracked.statuses(codes)
    paid = [code for code, status in known.items() if status is Status.COMPENSATED]
    return book.mark_paid(paid, service.now()) if paid else 0


class NotReopenableError(RoutineError, ValueError):
    """The claim of ``key`` cannot be reopened, for ``bar``; nothing was sent. The window and
    the CLI word ``bar`` in their language; the text here is for logs."""

    def __init__(self, key: str, bar: ReopenBar) -> None:
        self.key = key
        self.bar = bar
        words = (
            "no filed claim with a protocol" if bar is ReopenBar.NOT_FILED else f"cannot be reopened ({bar})"
        )
        super().__init__(f"{key}: {words}; nothing was sent")


def reopen_claim(
    task: TaskControl, service: ClaimsService, key: str, reason_text: str, note: str = ""
) -> ReopenResult:
    """Ask to reopen the claim of object or protocol ``key`` (`NotReopenableError` when it has
    no protocol, nothing sent; the window and the CLI ask `Claim.reopen_bar` first, which
    also says not closed, accepted, reopened or too late). Written down before it is sent
    (`send_once`, kind ``claim-reopen``, key the protocol): a reopening being sent by a
    desk, or sent with no answer read, raises `AlreadySentError` and nothing goes; a 2xx
    the client cannot read raises `UnreadableAnswerError` (kept raw, never sent again by
    itself). The result is the protocol's own from ``pi`` (its code and the operator's words).
    A control character in the reason or the note (`values.text.plain_text`: a line break is
    fine) raises `InvalidValue` ``text.control`` and nothing is sent."""
    item = service.book().get(key)
    if item is None or item.protocol is None:
        raise NotReopenableError(key.strip().upper(), ReopenBar.NOT_FILED)
    if not reason_text.strip():
        raise ValueError("The reason to reopen is empty")
    reason_text = plain_text(reason_text, "motivoReativacao")  # no control character is sent
    note = plain_text(note, "observacao")
    contract, card = service.contract_and_card()
    task.raise_if_cancelled()
    reopening = Reopening(
        protocolo=item.protocol,
        tipoManifestacao=Manifestation(item.manifestation),
        motivoReativacao=reason_text.strip()[:500],
        observacao=note.strip()[:1000],
    )
    result = send_once(
        Outgoing(service.office()),
        REOPEN_KIND,
        item.protocol,
        reopening.model_dump(mode="json"),
        f"{item.code} ({item.protocol})",
        lambda: service.client().reopen(contract, card, [reopening])[0],
        result=lambda answer: str(answer.return_code),
        now=service.now,
    )
    if result.reopened:
        service.book().reopened(item.code, service.now())
    return result
