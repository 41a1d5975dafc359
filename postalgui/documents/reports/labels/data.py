"""What a label prints: the parties, the object and its services, and the page layouts.

Plain frozen values, filled by the caller from a pre-posting (the services know the
operator's fields; this leaf knows none of them), so the same label draws from a fresh
pre-posting, a saved one or a test's example.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

__all__ = ["LabelData", "LabelParty", "Layout"]


@dataclass(frozen=True)
class LabelParty:
    """A sender or a recipient as the label writes them; ``cep`` 8 digits, ``phone`` digits with area code,
    ``tax_id`` the CPF or CNPJ as printed (``00.000.000/0000-00``; the caller formats it)."""

    name: str
    street: str
    number: str
    complement: str
    district: str
    city: str
    state: str
    cep: str
    phone: str = ""
    tax_id: str = ""


@dataclass(frozen=True)
class LabelData:
    """One object's label: its code, service, parties, card and what the DataMatrix carries."""

    object_code: str
    service_code: str
    service_name: str
    recipient: LabelParty
    sender: LabelParty
    card: str
    declared_value: Decimal | None = None
    additional_services: tuple[str, ...] = ()
    invoice_number: str = ""
    contract: str = ""
    volume: str = "1/1"
    weight_g: int = 0
    observation: str = ""
    sender_logo: bytes | None = None


class Layout(StrEnum):
    """The page layouts offices print labels on (the values are the CLI's ``--layout`` words)."""

    A4_FOUR = "a4"
    THERMAL_100x150 = "100x150"
    THERMAL_100x80 = "100x80"
    A4_ONE = "a4-1"
