"""Who received an object, for a claim's ``nomeDestinatario`` (the operator refuses a claim
without one: 301): the name of the pre-posting the object came from (table ``shipment``,
the order's recipient, by object code).

A link between features: the claims service gets `Recipients` from the composition root
(`postalgui.services.context`), never the shipping feature or the session. The query is
this module's own (read only), so the shipping book's code stays shipping's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from sqlalchemy import select

from postalgui.services.office.scoped import EnvironmentRows
from postalgui.store.tables import shipment

__all__ = ["Recipients", "ShipmentRecipients", "no_recipients"]

Recipients = Callable[[Sequence[str]], Mapping[str, str]]
"""Object codes to the recipient names known for them (codes without one are left out)."""


def no_recipients(codes: Sequence[str]) -> Mapping[str, str]:
    """Knows no names (a service built without the pre-postings)."""
    del codes
    return {}


class ShipmentRecipients(EnvironmentRows):
    """The recipients' names of ``office``'s pre-postings, by object code."""

    def __call__(self, codes: Sequence[str]) -> Mapping[str, str]:
        wanted = sorted({code.strip().upper() for code in codes if code.strip()})
        if not wanted:
            return {}
        query = (
            select(shipment.c.object_code, shipment.c.recipient_name)
            .where(shipment.c.environment == self.environment, shipment.c.object_code.in_(wanted))
            .order_by(shipment.c.id)
        )
        rows = self._run(lambda c: [tuple(row) for row in c.execute(query)], write=False)
        return {code: name.strip() for code, name in rows if name and name.strip()}
