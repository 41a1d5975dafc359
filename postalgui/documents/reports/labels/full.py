"""The full label (100 mm wide, 140 to 150 mm tall), the SIGEP label's order from top to bottom.

Top: the sender's logo, the DataMatrix, the service symbol area (a drawn box with the
service's name and code; the operator's artwork is not ours to ship). Then NF,
contract, volume, weight, declared value and additional services; the object code in
text and its Code 128; the "Recebedor / Assinatura / Documento" lines; the recipient
under a black "DESTINATÁRIO" bar, the destination CEP's Code 128 (the 8 digits, as the
SIGEP-era generators draw it) and the observation beside it; the sender at the foot.
Measures are millimetres from the label's top left corner (`Pen`). `furniture` draws what
every label repeats, once per document into a form; `contents` what each label has.
"""

from __future__ import annotations

from postalgui.documents.fonts import BOLD, FONT
from postalgui.documents.reports.labels.data import LabelData
from postalgui.documents.reports.labels.lines import Item
from postalgui.documents.reports.labels.parts import address_items, facts, spaced_code
from postalgui.documents.reports.labels.pen import Pen

__all__ = ["HEIGHT", "WIDTH", "contents", "furniture"]

WIDTH = 100.0
HEIGHT = 140.0
"""The drawing's height; taller labels (150 mm) leave the rest white below the sender."""
_PAD = 3.0
_RIGHT = WIDTH - _PAD
_SERVICE_BOX = (70.0, 3.0, 27.0, 24.0)
_LOGO_BOX = (3.0, 3.0, 24.0, 24.0)
_RECIPIENT_TOP = 73.0
_SENDER_TOP = 121.0
_FACT_BOXES = {
    "nf": (_PAD, 29.3, 33, 4),
    "contract": (38, 29.3, 31, 4),
    "volume": (70, 29.3, _RIGHT - 70, 4),
    "weight": (_PAD, 33.3, 25, 4),
    "declared": (29, 33.3, 40, 4),
    "services": (70, 33.3, _RIGHT - 70, 4),
}
"""Where each small fact goes (x, y, width, height mm): each shrinks inside its own box."""


def furniture(pen: Pen) -> None:
    """What every full label repeats: the service box, the signature lines, the block headings."""
    pen.rect(_SERVICE_BOX, radius=2)
    pen.signature(_PAD, 65, _RIGHT, "Recebedor:", 8)
    pen.signature(_PAD, 70, 58, "Assinatura:", 8)
    pen.signature(60, 70, _RIGHT, "Documento:", 8)
    pen.rule(_PAD, _RECIPIENT_TOP, _RIGHT, _RECIPIENT_TOP)
    pen.heading((_PAD, _RECIPIENT_TOP, 37, 5.2), "DESTINATÁRIO", 9)
    pen.rule(_PAD, _SENDER_TOP, _RIGHT, _SENDER_TOP)
    pen.text(_PAD, _SENDER_TOP + 3.5, "REMETENTE", size=8, font=BOLD)


def contents(pen: Pen, label: LabelData, datamatrix: str, logo: str | None) -> None:
    """One label's own texts and symbols over the furniture; ``logo`` names the sender logo's form."""
    if logo is not None:
        pen.canvas.saveState()
        pen.canvas.translate(pen.x(_LOGO_BOX[0]), pen.y(_LOGO_BOX[1] + _LOGO_BOX[3]))
        pen.canvas.doForm(logo)
        pen.canvas.restoreState()
    pen.datamatrix(datamatrix, 38, 3, 24)
    x, y, width, height = _SERVICE_BOX
    pen.block(
        [Item(label.service_name, BOLD, 10, 3), Item(label.service_code, FONT, 8)],
        (x + 1.5, y + 2, width - 3, height - 4),
        centre=True,
    )
    said = facts(label)
    for key, box in _FACT_BOXES.items():
        pen.block([Item(said[key], FONT, 8)], box)
    pen.text(WIDTH / 2, 42, spaced_code(label.object_code), size=12, font=BOLD, centre=True)
    pen.code128(label.object_code, (8, 44, WIDTH - 16, 16))
    recipient = address_items(label.recipient, 9, name_lines=2, street_lines=2)
    pen.block(recipient, (_PAD, _RECIPIENT_TOP + 6.2, WIDTH - 2 * _PAD, 23.5))
    pen.code128(label.recipient.cep, (_PAD, 104, 40, 14), module=0.6)
    pen.block(
        [Item(f"Obs: {label.observation}" if label.observation else "", FONT, 7.5, 4)], (48, 104.5, 49, 14)
    )
    sender = address_items(label.sender, 7.5, name_lines=1, street_lines=1)
    pen.block(sender, (_PAD, _SENDER_TOP + 4.8, WIDTH - 2 * _PAD, 14))
