"""The compact thermal label (100 x 80 mm): the same facts in smaller blocks, no logo.

The DataMatrix and the service box sit left and right of the object code and its Code
128; the small facts share one line; the recipient block, the destination CEP's Code 128
beside the signature lines, and the sender in a short block at the foot. Millimetres
from the top left corner, `furniture` once per document, `contents` per label, as
`full` draws.
"""

from __future__ import annotations

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.data import LabelData
from postalgui.documents.reports.labels.lines import Item
from postalgui.documents.reports.labels.parts import address_items, facts, spaced_code
from postalgui.documents.reports.labels.pen import Pen

__all__ = ["HEIGHT", "WIDTH", "contents", "furniture"]

WIDTH = 100.0
HEIGHT = 80.0
_PAD = 2.5
_RIGHT = WIDTH - _PAD
_SERVICE_BOX = (77.0, 2.5, 20.5, 19.0)
_RECIPIENT_TOP = 27.0
_SENDER_TOP = 61.5


def furniture(pen: Pen) -> None:
    """What every compact label repeats: the service box, the signature lines, the block headings."""
    pen.rect(_SERVICE_BOX, radius=1.5)
    pen.rule(_PAD, _RECIPIENT_TOP, _RIGHT, _RECIPIENT_TOP)
    pen.heading((_PAD, _RECIPIENT_TOP, 30, 4.4), "DESTINATÁRIO", 7.5)
    pen.signature(44, 53, _RIGHT, "Recebedor:", 6.5)
    pen.signature(44, 57.5, 77, "Assinatura:", 6.5)
    pen.signature(78, 57.5, _RIGHT, "Doc.:", 6.5)
    pen.rule(_PAD, _SENDER_TOP, _RIGHT, _SENDER_TOP)
    pen.text(_PAD, _SENDER_TOP + 3, "REMETENTE", size=6.5, font=BOLD)


def contents(pen: Pen, label: LabelData, datamatrix: str, _logo: str | None) -> None:
    """One compact label's own texts and symbols over the furniture (no logo: no room for one)."""
    pen.datamatrix(datamatrix, _PAD, 2.5, 19)
    x, y, width, height = _SERVICE_BOX
    pen.block(
        [Item(label.service_name, BOLD, 8, 3), Item(label.service_code, FONT, 6.5)],
        (x + 1, y + 1.5, width - 2, height - 3),
        centre=True,
    )
    pen.text(49.75, 6.5, spaced_code(label.object_code), size=10, font=BOLD, centre=True)
    pen.code128(label.object_code, (26, 8, 47.5, 12), module=0.4)
    said = "  |  ".join(text for text in facts(label).values() if text)
    pen.block([Item(said, FONT, 6.5)], (_PAD, 22.3, WIDTH - 2 * _PAD, 3.5))
    recipient = address_items(label.recipient, 8, name_lines=2, street_lines=2)
    pen.block(recipient, (_PAD, _RECIPIENT_TOP + 5, WIDTH - 2 * _PAD, 17.5))
    pen.code128(label.recipient.cep, (_PAD, 50.5, 38, 9.5), module=0.5)
    sender = address_items(label.sender, 6.5, name_lines=1, street_lines=1)
    pen.block(sender, (_PAD, _SENDER_TOP + 3.7, WIDTH - 2 * _PAD, 14))
