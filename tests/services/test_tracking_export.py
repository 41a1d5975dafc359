"""The watchlist exported (CSV and .xlsx read back) and the month's late objects as a PDF
(its text read from the file's streams: the totals per product and the grand total)."""

from __future__ import annotations

import base64
import csv
import io
import re
import zlib
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from postalgui.api.cancel import PlainTask
from postalgui.services.tracking.export import export_objects, late_lines, late_report, product_totals
from postalgui.services.tracking.records import WatchedObject
from postalgui.services.tracking.status import Problem, Status

TODAY = date(2026, 11, 26)

DELIVERED_LATE = WatchedObject(
    code="DG049186226BR",
    tag="Pedido 7",
    status=Status.DELIVERED,
    final=True,
    last_event="Objeto entregue ao destinatário",
    last_place="Campinas/SP",
    last_at=datetime(2026, 11, 12, 10, 30),
    arrived_on=date(2026, 11, 12),
    expected_on=date(2026, 11, 9),
    product="SEDEX CONTRATO AG",
    co_produto="03220",
    posted_on=date(2026, 11, 5),
    invoice="RE 1234567",
    invoice_amount=Decimal("25.50"),
)
OVERDUE = WatchedObject(
    code="AA123456785BR",
    status=Status.IN_TRANSIT,
    last_event="Objeto em trânsito - por favor aguarde",
    last_place="Cajamar/SP",
    last_at=datetime(2026, 11, 20, 8, 0),
    expected_on=date(2026, 11, 23),
    product="PAC CONTRATO AG",
    posted_on=date(2026, 11, 16),
    invoice_amount=Decimal("12.00"),
)


def arrived(
    code: str, status: Status, on: date, expected: date, product: str, amount: str | None = None
) -> WatchedObject:
    """An object the operator's part is done with (delivered, or waiting at a branch)."""
    return WatchedObject(
        code=code,
        status=status,
        arrived_on=on,
        expected_on=expected,
        product=product,
        invoice_amount=Decimal(amount) if amount is not None else None,
    )


SEDEX, PAC = "SEDEX CONTRATO AG", "PAC CONTRATO AG"
ALSO_SEDEX = arrived(
    "JT000000102BR", Status.AWAITING_PICKUP, date(2026, 11, 3), date(2026, 10, 30), SEDEX, "1000"
)
ON_TIME = arrived("PN000000204BR", Status.DELIVERED, date(2026, 11, 10), date(2026, 11, 11), PAC)
LAST_MONTH = arrived("PN000000306BR", Status.DELIVERED, date(2026, 10, 20), date(2026, 10, 10), PAC)
LOST = WatchedObject(code="PN000000408BR", status=Status.PROBLEM, problem=Problem.LOST)
OBJECTS = [DELIVERED_LATE, OVERDUE, ALSO_SEDEX, ON_TIME, LAST_MONTH, LOST]


def test_the_sample_codes_are_valid() -> None:
    from postalgui.api.values.object_codes import is_valid_object_code

    assert all(is_valid_object_code(watched.code) for watched in OBJECTS)


def test_csv_has_the_houses_delimiter_decimal_comma_and_days_late(tmp_path: Path) -> None:
    path = export_objects(PlainTask(), None, OBJECTS, tmp_path / "objetos.csv", TODAY)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0] == [
        "Código", "Situação", "Último evento", "Onde", "Desde", "Previsto", "Dias de atraso",
        "Marcador", "Produto", "Fatura", "Valor",
    ]  # fmt: skip
    by_code = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    late = by_code["DG049186226BR"]
    assert late["Situação"] == "Entregue"
    assert late["Desde"] == "12/11/2026"
    assert late["Previsto"] == "09/11/2026"
    assert late["Dias de atraso"] == "3"
    assert late["Fatura"] == "RE 1234567"
    assert late["Valor"] == "25,50"
    assert by_code["AA123456785BR"]["Dias de atraso"] == "3"  # overdue since the 23rd
    assert by_code["PN000000204BR"]["Dias de atraso"] == ""
    assert by_code["PN000000408BR"]["Situação"] == "Problema: extraviado"


FORMULAS = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "\t=1+1", "\r=1+1"]


@pytest.mark.parametrize("tag", FORMULAS)
def test_a_tag_a_spreadsheet_would_run_is_written_as_text(tmp_path: Path, tag: str) -> None:
    """Issue 38 (CSV injection): a tag beginning like a formula is exported behind a ``'``,
    so Excel and LibreOffice show it instead of running it; numbers stay numbers."""
    tagged = replace(DELIVERED_LATE, tag=tag, invoice_amount=Decimal("-12.50"))
    path = export_objects(PlainTask(), None, [tagged], tmp_path / "objetos.csv", TODAY)
    rows = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline=""), delimiter=";"))
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["Marcador"] == "'" + tag
    assert row["Valor"] == "-12,50"  # a negative amount is a number, not a formula
    assert row["Dias de atraso"] == "3"


def test_csv_in_english(tmp_path: Path) -> None:
    path = export_objects(PlainTask(), None, OBJECTS[:1], tmp_path / "objects.csv", TODAY, language="en")
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0][:3] == ["Code", "Status", "Last event"]
    assert rows[1][1] == "Delivered"


def test_xlsx_types_dates_days_and_money(tmp_path: Path) -> None:
    path = export_objects(PlainTask(), None, OBJECTS, tmp_path / "objetos.xlsx", TODAY)
    sheet = load_workbook(path).active
    assert sheet is not None
    titles = [cell.value for cell in sheet[1]]
    first = dict(zip(titles, sheet[2], strict=True))
    assert first["Código"].value == "DG049186226BR"
    assert first["Previsto"].value == datetime(2026, 11, 9)
    assert first["Previsto"].number_format == "DD/MM/YYYY"
    assert first["Dias de atraso"].value == 3
    assert first["Valor"].value == pytest.approx(25.5)
    assert first["Valor"].number_format == '"R$" #,##0.00'
    assert sheet.max_row == len(OBJECTS) + 1


def test_late_lines_of_a_month() -> None:
    lines = late_lines(OBJECTS, date(2026, 11, 1), TODAY)
    assert [line.watched.code for line in lines] == ["JT000000102BR", "DG049186226BR", "AA123456785BR"]
    assert [line.lateness.days for line in lines] == [4, 3, 3]
    totals = product_totals(lines)
    assert [(t.product, t.count, t.days, t.amount) for t in totals] == [
        ("PAC CONTRATO AG", 1, 3, Decimal("12.00")),
        ("SEDEX CONTRATO AG", 2, 7, Decimal("1025.50")),
    ]
    assert totals[1].average_days == Decimal("3.5")
    assert [line.watched.code for line in late_lines(OBJECTS, date(2026, 10, 1), TODAY)] == ["PN000000306BR"]


class Clock:
    def today(self) -> date:
        return TODAY

    def now(self) -> datetime:
        return datetime(2026, 11, 26, 13, 0, tzinfo=UTC)


CLOCK: Any = Clock()
"""What the report reads of the feature: its day and clock."""


def _unescape(match: re.Match[bytes]) -> bytes:
    code = match[1]
    return bytes([int(code, 8)]) if len(code) == 3 else code


def pdf_text(path: Path) -> str:
    """The text runs of every content stream (reportlab's ASCII85 over Flate), Latin-1 escapes decoded."""
    data = path.read_bytes()
    runs: list[str] = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", data, flags=re.DOTALL):
        content = zlib.decompress(base64.a85decode(stream.strip(), adobe=True))
        for run in re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", content):
            decoded = re.sub(rb"\\([0-7]{3}|.)", _unescape, run)
            runs.append(decoded.decode("latin-1"))
    return "\n".join(runs)


def test_late_report_carries_the_totals(tmp_path: Path) -> None:
    path = late_report(PlainTask(), CLOCK, OBJECTS, tmp_path / "atrasados.pdf", date(2026, 11, 1))
    text = pdf_text(path)
    assert "Objetos atrasados em novembro de 2026" in text
    assert "Página 1 de 1" in text
    for code in ("DG049186226BR", "AA123456785BR", "JT000000102BR"):
        assert code in text
    assert "PN000000204BR" not in text
    assert "PN000000306BR" not in text
    lines = text.splitlines()
    sedex = lines.index("SEDEX CONTRATO AG", lines.index("Totais por produto"))
    assert lines[sedex : sedex + 4] == ["SEDEX CONTRATO AG", "2", "3,5", "R$ 1.025,50"]
    total = lines.index("Total geral")
    assert lines[total : total + 4] == ["Total geral", "3", "3,3", "R$ 1.037,50"]


def test_late_report_in_english_and_an_empty_month(tmp_path: Path) -> None:
    path = late_report(
        PlainTask(),
        CLOCK,
        OBJECTS,
        tmp_path / "late.pdf",
        date(2026, 9, 1),
        language="en",
    )
    text = pdf_text(path)
    assert "Late objects in September 2026" in text
    assert "No late objects this month." in text
    total = text.splitlines().index("Grand total")
    dash = "\N{EM DASH}".encode("cp1252").decode("latin-1")  # as the standard font encodes it
    assert text.splitlines()[total : total + 4] == ["Grand total", "0", "0", dash]  # no amount, not R$ 0,00
