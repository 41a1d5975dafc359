"""The operator's own label, as the sandbox draws it: a simple but believable PDF (reportlab).

One label per pre-posting, drawn on a 100 x 150 mm design and fitted to the layout's slot:
``LINEAR_100_150`` a 100 x 150 mm page, ``LINEAR_100_80`` a 100 x 80 mm page (the design
shrunk), ``LINEAR_A4`` one label per A4 page, ``PADRAO`` and ``LINEAR_A`` four per A4
page. Each label: the service, the contract and card, the object code in text and Code 128
(reportlab's own ``graphics.barcode``), the recipient with the destination CEP's Code 128,
the sender when ``imprimeRemetente`` is S, the weight, declared value and additional
services, and an "Emulado pelo sandbox" mark. Text is standard Helvetica (real, searchable
text); the file is built with ``invariant=1``, so the same labels give the same bytes.

Not `postalgui.documents.reports.labels`: that is the app's own label; this one stands for what
the operator sends.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from reportlab.graphics.barcode.code128 import Code128  # type: ignore[import-untyped]  # untyped
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.lib.units import mm  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from postalgui.documents.fonts import BOLD, FONT
from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.prepost.body import Pessoa
from postalgui.sandbox.prepost.journal import PrePosting
from postalgui.sandbox.prepost.wire import reais

DESIGN = (100 * mm, 150 * mm)
"""The label as drawn before it is fitted to a slot."""
A4_QUARTERS = ((0, 1), (1, 1), (0, 0), (1, 0))
"""Column and row (from the bottom) of the four labels of an A4 page, in reading order."""
PAGES: Mapping[str, tuple[tuple[float, float], int]] = {
    "LINEAR_100_150": ((100 * mm, 150 * mm), 1),
    "LINEAR_100_80": ((100 * mm, 80 * mm), 1),
    "LINEAR_A4": (A4, 1),
    "PADRAO": (A4, 4),
    "LINEAR_A": (A4, 4),
}
"""Page size and labels per page of each `layoutImpressao`."""
LAYOUTS = tuple(PAGES)
MARK = "Emulado pelo sandbox"


def _cep(text: str) -> str:
    digits = text.replace("-", "")
    return f"{digits[:5]}-{digits[5:]}"


def _person(canvas: Canvas, title: str, person: Pessoa, top: float) -> None:
    place = person.endereco
    canvas.setFont(BOLD, 8)
    canvas.drawString(5 * mm, top, title)
    lines = (
        person.nome,
        f"{place.logradouro}, {place.numero} {place.complemento}".strip(),
        place.bairro,
        f"{_cep(place.cep)}  {place.cidade}/{place.uf}",
    )
    canvas.setFont(FONT, 9)
    for index, line in enumerate(lines, start=1):
        canvas.drawString(5 * mm, top - index * 4 * mm, line[:60])


def _extras(item: PrePosting) -> str:
    names = []
    for extra in item.body.listaServicoAdicional:
        spec = cat.SERVICES.get(extra.codigoServicoAdicional.zfill(3))
        names.append(spec.sigla if spec else extra.codigoServicoAdicional)
    declared = next((e.valorDeclarado for e in item.body.listaServicoAdicional if e.valorDeclarado), None)
    text = "Serviços: " + (", ".join(names) or "nenhum")
    return text + (f"   Valor declarado: {reais(declared)}" if declared else "")


def _label(canvas: Canvas, item: PrePosting, print_sender: bool) -> None:
    """One label on the 100 x 150 mm design, origin at its bottom left."""
    width, height = DESIGN
    product = cat.PRODUCTS.get(item.product)
    canvas.rect(1 * mm, 1 * mm, width - 2 * mm, height - 2 * mm)
    canvas.setFont(BOLD, 16)
    canvas.drawString(5 * mm, height - 12 * mm, product.name.upper() if product else item.product)
    canvas.setFont(FONT, 7)
    canvas.drawRightString(width - 5 * mm, height - 8 * mm, f"Contrato {item.contract}")
    canvas.drawRightString(width - 5 * mm, height - 12 * mm, f"Cartão {item.card}")
    code = item.code or ""
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(width / 2, height - 20 * mm, code)
    symbol = Code128(code, barHeight=16 * mm, barWidth=0.33 * mm, humanReadable=False)
    symbol.drawOn(canvas, (width - symbol.width) / 2, height - 38 * mm)
    canvas.setFont(FONT, 8)
    weight = f"Peso {item.body.pesoInformado} g   Pré-postagem {item.id}"
    canvas.drawString(5 * mm, height - 43 * mm, weight)
    canvas.drawString(5 * mm, height - 47 * mm, _extras(item))
    _person(canvas, "DESTINATÁRIO", item.body.destinatario, height - 55 * mm)
    destination = item.body.destinatario.endereco.cep.replace("-", "")
    Code128(destination, barHeight=10 * mm, barWidth=0.3 * mm, humanReadable=False).drawOn(
        canvas, 5 * mm, height - 88 * mm
    )
    if print_sender:
        _person(canvas, "REMETENTE", item.body.remetente, height - 97 * mm)
    canvas.setFont(BOLD, 9)
    canvas.drawCentredString(width / 2, 5 * mm, MARK)


def _place(canvas: Canvas, slot: tuple[float, float, float, float], item: PrePosting, sender: bool) -> None:
    """Draw a label fitted (same proportions, centred) into the slot (x, y, width, height)."""
    x, y, width, height = slot
    scale = min(width / DESIGN[0], height / DESIGN[1])
    canvas.saveState()
    canvas.translate(x + (width - DESIGN[0] * scale) / 2, y + (height - DESIGN[1] * scale) / 2)
    canvas.scale(scale, scale)
    _label(canvas, item, sender)
    canvas.restoreState()


def labels_pdf(items: Sequence[PrePosting], layout: str, print_sender: bool) -> bytes:
    """The labels of `items` (each with its object code) in `layout`, as PDF bytes."""
    (page_width, page_height), per_page = PAGES[layout]
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(page_width, page_height), invariant=1)
    canvas.setTitle("Rótulos")
    canvas.setAuthor(MARK)
    for start in range(0, len(items), per_page):
        for index, item in enumerate(items[start : start + per_page]):
            if per_page == 1:
                slot = (0.0, 0.0, page_width, page_height)
            else:
                column, row = A4_QUARTERS[index]
                slot = (column * page_width / 2, row * page_height / 2, page_width / 2, page_height / 2)
            _place(canvas, slot, item, print_sender)
        canvas.showPage()
    canvas.save()
    return out.getvalue()
