"""The object codes the pre-posting service assigns when a label is issued.

Each national product has its own two letters (believable ones, none the demo statements'
labels use: those are OB, PB, NB, SL and SM, so an assigned code never names a statement's
parcel), then 8 digits counted from a start drawn once per sandbox world from its clock (a
new world does not hand out the codes of an earlier one the tracking watchlist may still
hold), the S10 check digit and ``BR``.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from postalgui.sandbox.invoice_data import object_label

PREFIXES: Mapping[str, str] = {
    "03220": "SS",  # SEDEX
    "03298": "QA",  # PAC
    "04227": "NX",  # Mini Envios
    "03158": "SJ",  # SEDEX 10
    "03140": "SN",  # SEDEX 12
    "03204": "SH",  # SEDEX Hoje
    "03212": "SG",  # SEDEX Grandes Formatos
    "03328": "QG",  # PAC Grandes Formatos
    "04014": "SA",  # SEDEX à vista
    "04510": "QV",  # PAC à vista
    "03301": "QR",  # PAC Reverso
    "03247": "SR",  # SEDEX Reverso
}
DEFAULT_PREFIX = "OY"
SERIALS = 100_000_000


def serial_start(now: datetime) -> int:
    """Where a new world starts counting: the minute it first issues a label (wrapped)."""
    return int(now.timestamp()) // 60 % SERIALS


def object_code(product: str, start: int, number: int) -> str:
    """The `number`-th code a world assigns (from 1), for `product`."""
    return object_label(PREFIXES.get(product, DEFAULT_PREFIX), (start + number) % SERIALS)
