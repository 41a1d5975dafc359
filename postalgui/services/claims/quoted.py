"""The postage of an object the statement has not billed yet: what the quote history priced
for its product and route (the office quotes before it posts).

The latest successful quote of the same product and destination CEP (the same origin when
the object's is known) made on or before its posting day; one made after it is used when
there is none before. ``None`` when nothing matches: the postage stays unknown.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from sqlalchemy import Connection, select

from postalgui.services.tracking.records import WatchedObject
from postalgui.store.office import OfficeStore
from postalgui.store.tables import quote

__all__ = ["quoted_postage"]

_CHUNK = 500


def quoted_postage(
    store: OfficeStore, environment: str, objects: Iterable[WatchedObject]
) -> dict[str, Decimal]:
    """The quote history's postage by object code, for objects with a product and destination."""
    wanted = [obj for obj in objects if obj.co_produto and obj.cep_destino]
    if not wanted:
        return {}
    products = sorted({obj.co_produto or "" for obj in wanted})
    destinations = sorted({obj.cep_destino or "" for obj in wanted})

    def work(connection: Connection) -> list[tuple[str, str | None, str, str, str]]:
        rows: list[tuple[str, str | None, str, str, str]] = []
        for start in range(0, len(destinations), _CHUNK):
            query = select(
                quote.c.co_produto, quote.c.cep_origem, quote.c.cep_destino, quote.c.at, quote.c.pc_final
            ).where(
                quote.c.environment == environment,
                quote.c.pc_final.is_not(None),
                quote.c.failure_code.is_(None),
                quote.c.co_produto.in_(products),
                quote.c.cep_destino.in_(destinations[start : start + _CHUNK]),
            )
            rows += [(row[0], row[1], row[2], row[3], row[4]) for row in connection.execute(query)]
        return rows

    by_route: dict[tuple[str, str], list[tuple[str, str | None, Decimal]]] = {}
    for product, origin, destination, at, pc_final in store.run(work, read=True):
        by_route.setdefault((product, destination), []).append((at[:10], origin, Decimal(pc_final)))
    found: dict[str, Decimal] = {}
    for obj in wanted:
        best = _best(by_route.get((obj.co_produto or "", obj.cep_destino or ""), []), obj)
        if best is not None:
            found[obj.code] = best
    return found


def _best(quotes: list[tuple[str, str | None, Decimal]], obj: WatchedObject) -> Decimal | None:
    if obj.cep_origem:
        same = [item for item in quotes if item[1] == obj.cep_origem]
        quotes = same or quotes
    if not quotes:
        return None
    posted = obj.posted_on.isoformat() if obj.posted_on else "9999"
    before = [item for item in quotes if item[0] <= posted]
    return max(before or quotes, key=lambda item: item[0])[2]
