"""Codes from a clerk's file (CSV in any house delimiter and encoding, .xlsx) and objects
from an analytic statement's items."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook

from postalgui.api.models.invoices import AnalyticItem
from postalgui.services.tracking.imports import CodesFileError, codes_from_file
from postalgui.services.tracking.invoice_objects import invoice_objects

GOOD = ("DG049186226BR", "AA123456785BR")  # valid check digits
BAD = "AA123456789BR"  # check digit should be 5


def test_the_check_digits_of_the_samples() -> None:
    from postalgui.api.values.object_codes import is_valid_object_code

    assert all(is_valid_object_code(code) for code in GOOD)
    assert not is_valid_object_code(BAD)


@pytest.mark.parametrize(
    ("delimiter", "encoding"),
    [(";", "utf-8-sig"), (",", "utf-8"), ("\t", "latin-1"), (";", "cp1252")],
)
def test_a_csv_column_by_its_header(tmp_path: Path, delimiter: str, encoding: str) -> None:
    path = tmp_path / "objetos.csv"
    lines = [
        delimiter.join(["Pedido", "Código de rastreio", "Observação"]),
        delimiter.join(["1", GOOD[0], "ação AA123456785BR fora da coluna"]),
        delimiter.join(["2", GOOD[1].lower(), "não"]),
        delimiter.join(["3", BAD, ""]),
    ]
    path.write_bytes("\r\n".join(lines).encode(encoding))
    found = codes_from_file(path, "codigo de RASTREIO")
    assert found.codes == GOOD
    assert [problem.rule for problem in found.bad] == ["object.check_digit"]


def test_every_cell_without_a_column(tmp_path: Path) -> None:
    path = tmp_path / "objetos.csv"
    path.write_text(f"a;b\nx {GOOD[1]};{GOOD[0]}\n{GOOD[1]};y\n", encoding="utf-8")
    assert codes_from_file(path).codes == (GOOD[1], GOOD[0])


def test_a_missing_column_names_the_ones_there(tmp_path: Path) -> None:
    path = tmp_path / "objetos.csv"
    path.write_text(f"Pedido;Etiqueta\n1;{GOOD[0]}\n", encoding="utf-8")
    with pytest.raises(CodesFileError, match=r"no column 'Rastreio' \(the columns are: Pedido, Etiqueta\)"):
        codes_from_file(path, "Rastreio")


def test_an_xlsx_column(tmp_path: Path) -> None:
    path = tmp_path / "objetos.xlsx"
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Pedido", "Etiqueta"])
    sheet.append([101, GOOD[1]])
    sheet.append([102, None])
    sheet.append([103, f" {GOOD[0]} "])
    sheet.append([GOOD[0][:-1], BAD])
    book.save(path)
    found = codes_from_file(path, "etiqueta")
    assert found.codes == (GOOD[1], GOOD[0])
    assert len(found.bad) == 1
    assert codes_from_file(path).codes == (GOOD[1], GOOD[0])


def test_a_file_that_is_not_a_workbook(tmp_path: Path) -> None:
    path = tmp_path / "objetos.xlsx"
    path.write_text("not a workbook", encoding="utf-8")
    with pytest.raises(CodesFileError, match=r"objetos\.xlsx: not a readable workbook"):
        codes_from_file(path)


_LINE: dict[str, Any] = {
    "cartao": "0067599079",
    "titular": "LOJA",
    "servico": "SEDEX CONTRATO AG",
    "servicos_adicionais": "",
    "unidade_postagem": "AC CENTRAL",
    "cep_destinatario": "1310100",
    "documento": "",
    "peso": 300,
    "desconto": Decimal(0),
    "quantidade": 1,
    "valor_declarado": Decimal(0),
}
"""A statement line's fields the tests leave alone (a CEP that lost its leading zero)."""


def item(label: str, net: str, *, service: str = "03220", posted: str = "05/11/2026") -> AnalyticItem:
    money = Decimal(net)
    fields = {**_LINE, "codigo_servico": service, "data_postagem": posted, "etiqueta": label}
    return AnalyticItem(**fields, valor_unitario=money, valor_liquido=money)


def test_statement_items_become_objects_with_their_line() -> None:
    items = [
        item(GOOD[0], "25.50"),
        item("", "3.00"),  # a line without an object (a service fee)
        item(BAD, "9.99"),
        item(GOOD[1].lower(), "12.00", service="03298", posted="2026-11-06"),
        item(GOOD[0], "4.50"),  # the same object billed again (an additional service)
    ]
    objects = invoice_objects(items, "RE 1234567").objects
    assert [obj.code for obj in objects] == list(GOOD)
    first, second = objects
    assert first.co_produto == "03220"
    assert first.posted_on == date(2026, 11, 5)
    assert first.cep_destino == "01310100"
    assert first.invoice == "RE 1234567"
    assert first.invoice_amount == Decimal("30.00")
    assert second.co_produto == "03298"
    assert second.posted_on == date(2026, 11, 6)
    assert second.invoice_amount == Decimal("12.00")
