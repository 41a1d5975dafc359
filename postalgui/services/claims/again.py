"""Filing again, on purpose, the claims sent before whose answer was never read (none
came, it could not be read, or its desk stopped mid-call): a person asked, after following
them found nothing. Each is sent as it was first filed (reason, kind, packaging, reply
address, recipient), so the operator sees the same claim; if it has it, it answers 900."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from postalgui.api.values.claims import Manifestation, Packaging
from postalgui.services.claims.filing import FilingItem, FilingOrder, FilingReport, file_claims

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.claims.records import Claim
    from postalgui.services.claims.service import ClaimsService

__all__ = ["file_again", "orders_of"]


def orders_of(claims: Sequence[Claim]) -> list[FilingOrder]:
    """One order per reply address, phone, kind and packaging (what an order shares)."""

    def shared(claim: Claim) -> tuple[str, str, str, str]:
        return (claim.email, claim.phone, claim.manifestation, claim.package)

    orders = []
    for (email, phone, manifestation, package), group in groupby(sorted(claims, key=shared), key=shared):
        items = [
            FilingItem(c.code, c.reason, c.recipient, c.kind, c.days_late, c.postage, c.estimate, c.invoice)
            for c in group
        ]
        orders.append(FilingOrder(items, email, phone, Manifestation(manifestation), Packaging(package)))
    return orders


def file_again(task: TaskControl, service: ClaimsService, codes: Sequence[str]) -> FilingReport:
    """File ``codes`` again on purpose; only claims that wait for a person (`needs_person`)
    are sent, the others are left out of the report."""
    book, now = service.book(), service.now()
    wanted = {code.strip().upper() for code in codes}
    held = [claim for claim in book.claims() if claim.code in wanted and claim.needs_person(now)]
    results = []
    for order in orders_of(held):
        task.raise_if_cancelled()
        results += file_claims(task, service, order, again=True).results
    return FilingReport(results)
