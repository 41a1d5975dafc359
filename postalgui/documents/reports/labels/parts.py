"""The texts a label writes from its data, the same on the full and the compact label."""

from __future__ import annotations

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.data import LabelData, LabelParty
from postalgui.documents.reports.labels.figures import cep_text, declared_text, grams, service_marks
from postalgui.documents.reports.labels.lines import Item

__all__ = ["address_items", "address_line", "facts", "spaced_code"]


def spaced_code(code: str) -> str:
    """``AA 123 456 789 BR``: the object code in the groups a clerk reads aloud."""
    if len(code) != 13:
        return code
    return f"{code[:2]} {code[2:5]} {code[5:8]} {code[8:11]} {code[11:]}"


def address_items(party: LabelParty, size: float, *, name_lines: int, street_lines: int) -> list[Item]:
    """Name (bold), street and number, complement and district, then CEP and city/UF (bold)."""
    number = party.number.strip() or "S/N"
    street = f"{party.street}, {number}" if party.street else number
    district = " - ".join(part for part in (party.complement.strip(), party.district.strip()) if part)
    place = f"{party.city}/{party.state}" if party.state else party.city
    return [
        Item(party.name, BOLD, size + 1, name_lines),
        Item(street, FONT, size, street_lines),
        Item(district, FONT, size, street_lines),
        Item(f"{cep_text(party.cep)}  {place}", BOLD, size),
    ]


def address_line(party: LabelParty) -> str:
    """The whole address on one line: ``Rua X, 12 - Apto 3 - Centro - 80020-010 Curitiba/PR``."""
    street = f"{party.street}, {party.number.strip() or 'S/N'}"
    place = f"{cep_text(party.cep)} {party.city}/{party.state}"
    return " - ".join(
        part for part in (street, party.complement.strip(), party.district.strip(), place) if part
    )


def facts(label: LabelData) -> dict[str, str]:
    """The small facts beside the code: NF, contract, volume, weight, the declared value
    (``VD R$ 1.234,56``), the additional services (``AR MP``); "" for each one not there."""
    marks = service_marks(label.additional_services)
    return {
        "nf": f"NF: {label.invoice_number}" if label.invoice_number else "",
        "contract": f"Contrato: {label.contract}" if label.contract else "",
        "volume": f"Volume: {label.volume}" if label.volume else "",
        "weight": f"Peso (g): {grams(label.weight_g)}" if label.weight_g else "",
        "declared": declared_text(label.declared_value),
        "services": f"Serv. adicionais: {marks}" if marks else "",
    }
