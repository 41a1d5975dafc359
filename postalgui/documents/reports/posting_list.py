"""The posting list ("Lista de Postagem"): the day's objects grouped per service, for the counter.

Landscape A4 through `pages.landscape_report` (the house's head and "Página x de y"): who
posts (the sender, the posting card and the contract) and the day; per service its
objects (code, recipient, CEP, weight, declared value as the label marks it, ``VD R$
1.234,56``, additional services by their marks, ``AR MP``) with the
service's count, weight and declared value; a grand total; then the lines where the
counter clerk signs for what was received. Words are Portuguese unless the caller
hands others (`WORDS_EN`, or its own over `WORDS`); money is ``R$ 1.234,56`` and the day
``DD/MM/AAAA`` in both, grams group thousands with the words' ``thousands``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from reportlab.lib import colors  # type: ignore[import-untyped]  # reportlab ships no type hints
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.platypus import Spacer, Table, TableStyle  # type: ignore[import-untyped]

from postalgui.documents.fonts import FONT
from postalgui.documents.pages import landscape_report, report_styles
from postalgui.documents.reports.labels.data import LabelParty
from postalgui.documents.reports.labels.figures import brl, cep_text, declared_text, grams, service_marks
from postalgui.documents.reports.labels.parts import address_line
from postalgui.documents.tables import Command, heading_row, padding, total_row
from postalgui.documents.text import fit, paragraph

__all__ = ["WORDS", "WORDS_EN", "ListedObject", "render_posting_list"]

WORDS: Mapping[str, str] = {
    "title": "Lista de Postagem",
    "day": "Data",
    "sender": "Remetente",
    "card": "Cartão de postagem",
    "contract": "Contrato",
    "object": "Objeto",
    "recipient": "Destinatário",
    "cep": "CEP",
    "weight": "Peso (g)",
    "declared": "Valor declarado",
    "services": "Serv. adicionais",
    "service_total": "Total do serviço",
    "grand_total": "Total geral",
    "objects": "{count} objetos",
    "one_object": "1 objeto",
    "none": "Nenhum objeto.",
    "received": "Recebido na agência por: ______________________________________",
    "signature": "Assinatura e carimbo: ______________________________   Data: ____/____/________",
    "page": "Página {page} de {pages}",
    "thousands": ".",
}
WORDS_EN: Mapping[str, str] = {
    **WORDS,
    "title": "Posting list",
    "day": "Date",
    "sender": "Sender",
    "card": "Posting card",
    "contract": "Contract",
    "object": "Object",
    "recipient": "Recipient",
    "weight": "Weight (g)",
    "declared": "Declared value",
    "services": "Add. services",
    "service_total": "Service total",
    "grand_total": "Grand total",
    "objects": "{count} objects",
    "one_object": "1 object",
    "none": "No objects.",
    "received": "Received at the counter by: ______________________________________",
    "signature": "Signature and stamp: ______________________________   Date: ____/____/________",
    "page": "Page {page} of {pages}",
    "thousands": ",",
}

_SIZE = 8
_GREY = colors.HexColor("#e8edf3")
_WIDTHS_MM = (34, None, 22, 24, 32, 32)
"""Object, recipient (the rest), CEP, weight, declared value, additional services."""


@dataclass(frozen=True)
class ListedObject:
    """One object of the day, as the list prints it."""

    object_code: str
    service_code: str
    service_name: str
    recipient_name: str
    cep: str
    weight_g: int
    declared_value: Decimal | None
    additional_services: tuple[str, ...]


def _count(count: int, words: Mapping[str, str]) -> str:
    return (
        words["one_object"] if count == 1 else words["objects"].format(count=grams(count, words["thousands"]))
    )


def _total_row(label: str, objects: Sequence[ListedObject], words: Mapping[str, str]) -> list[str]:
    declared = sum((item.declared_value or Decimal(0) for item in objects), Decimal(0))
    weight = grams(sum(item.weight_g for item in objects), words["thousands"])
    return [label, _count(len(objects), words), "", weight, brl(declared), ""]


def _widths(width: float) -> list[float]:
    fixed = sum(w for w in _WIDTHS_MM if w is not None) * mm
    return [w * mm if w is not None else width - fixed for w in _WIDTHS_MM]


def _service_table(objects: Sequence[ListedObject], words: Mapping[str, str], width: float) -> Table:
    widths = _widths(width)
    data: list[list[str]] = [
        [words[key] for key in ("object", "recipient", "cep", "weight", "declared", "services")]
    ]
    for item in objects:
        data.append(
            [
                item.object_code,
                fit(item.recipient_name, widths[1] - 6, _SIZE),
                cep_text(item.cep),
                grams(item.weight_g, words["thousands"]),
                declared_text(item.declared_value),
                service_marks(item.additional_services),
            ]
        )
    data.append(_total_row(words["service_total"], objects, words))
    return _table(data, widths, heading_row(_SIZE, _GREY, 0.75, colors.black))


def _table(data: list[list[str]], widths: Sequence[float], heading: list[Command]) -> Table:
    table = Table(data, colWidths=list(widths), repeatRows=1 if heading else 0, hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, _SIZE),
                *heading,
                ("ALIGN", (3, 0), (4, -1), "RIGHT"),
                *padding(2),
                *total_row(_SIZE, 0.75, colors.black, background=_GREY),
            ]
        )
    )
    return table


def _groups(objects: Sequence[ListedObject]) -> list[tuple[str, list[ListedObject]]]:
    """The objects per service (by code), each group's heading its code and name."""
    ordered = sorted(objects, key=lambda item: (item.service_code, item.object_code))
    grouped = itertools.groupby(ordered, key=lambda item: (item.service_code, item.service_name))
    return [(f"{code} {name}", list(group)) for (code, name), group in grouped]


def _story(
    objects: Sequence[ListedObject], sender: LabelParty, heading: str, words: Mapping[str, str]
) -> Any:
    styles = report_styles()
    place = address_line(sender)

    def story(width: float) -> list[Any]:
        flow: list[Any] = [
            paragraph(heading, styles["title"]),
            paragraph(f"{words['sender']}: {sender.name} - {place}", styles["body"]),
            Spacer(1, 3 * mm),
        ]
        if not objects:
            return [*flow, paragraph(words["none"], styles["body"])]
        for title, group in _groups(objects):
            flow += [paragraph(title, styles["head"]), _service_table(group, words, width)]
        grand = _table([_total_row(words["grand_total"], objects, words)], _widths(width), [])
        signatures = [
            paragraph(words["received"], styles["body"]),
            paragraph(words["signature"], styles["body"]),
        ]
        return [
            *flow,
            Spacer(1, 5 * mm),
            grand,
            Spacer(1, 12 * mm),
            signatures[0],
            Spacer(1, 8 * mm),
            signatures[1],
        ]

    return story


def render_posting_list(
    objects: Sequence[ListedObject],
    *,
    sender: LabelParty,
    card: str,
    contract: str,
    day: date,
    words: Mapping[str, str] | None = None,
) -> bytes:
    """The posting list of ``objects`` (one PDF): per service, totals, grand total, the counter's lines."""
    said = {**WORDS, **(words or {})}
    heading = f"{said['title']} - {said['day']} {day:%d/%m/%Y}"
    right = f"{said['card']} {card}" + (f" · {said['contract']} {contract}" if contract else "")
    return landscape_report(
        heading,
        _story(objects, sender, heading, said),
        (f"{said['title']} {day:%d/%m/%Y}", right),
        (sender.name, lambda page, pages: said["page"].format(page=page, pages=pages)),
    )
