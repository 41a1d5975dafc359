"""Excel workbooks for spreadsheets: codes and CEPs as text, money and dates typed, header frozen."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from postalgui.api.cancel import PlainTask
from postalgui.api.models.invoices import AnalyticItem
from postalgui.api.models.price import ItemError, ObjectFormat, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.invoices.statements import DETAIL_COLUMNS, export_items_csv
from postalgui.services.price.batch_csv import RESULT_COLUMNS, write_results
from postalgui.services.spreadsheet import (
    DATE_FORMAT,
    MONEY_FORMAT,
    CellKind,
    SheetColumn,
    SheetWriter,
    is_xlsx,
    write_sheet,
)
from tests import price_samples as samples

COLUMNS = [
    SheetColumn("CEP"),
    SheetColumn("Produto"),
    SheetColumn("Valor", CellKind.MONEY),
    SheetColumn("Data", CellKind.DATE),
    SheetColumn("Peso", CellKind.INT),
    SheetColumn("Altura", CellKind.DECIMAL),
]


def sheet_of(path: Path) -> Worksheet:
    sheet = load_workbook(path).active
    assert isinstance(sheet, Worksheet)
    return sheet


def by_title(sheet: Worksheet, row: int) -> dict[str, Any]:
    titles = [cell.value for cell in sheet[1]]
    return {str(title): cell for title, cell in zip(titles, sheet[row], strict=True)}


def test_codes_stay_text_money_and_dates_are_typed_and_the_header_is_frozen(tmp_path: Path) -> None:
    path = write_sheet(
        tmp_path / "out" / "table.xlsx",
        COLUMNS,
        [
            ["01310100", "03220", Decimal("1234.56"), date(2026, 11, 22), 300, Decimal("20.5")],
            ["05311900", "03298", "19,92", "02/03/2026", "1500", "10"],
        ],
    )
    sheet = sheet_of(path)
    assert sheet.freeze_panes == "A2"
    assert [cell.value for cell in sheet[1]] == ["CEP", "Produto", "Valor", "Data", "Peso", "Altura"]
    assert all(cell.font.bold for cell in sheet[1])
    cep, product, money, day, weight, height = sheet[2]
    assert (cep.value, cep.data_type, cep.number_format) == ("01310100", "s", "@")
    assert (product.value, product.data_type, product.number_format) == ("03220", "s", "@")
    assert money.value == pytest.approx(1234.56)
    assert money.data_type == "n"
    assert money.number_format == MONEY_FORMAT == '"R$" #,##0.00'
    assert day.value == datetime(2026, 11, 22)
    assert day.is_date
    assert day.number_format == DATE_FORMAT == "DD/MM/YYYY"
    assert (weight.value, weight.data_type) == (300, "n")
    assert height.value == pytest.approx(20.5)
    # text as a spreadsheet saves it: decimal comma, DD/MM/YYYY, digits
    money, day, weight = sheet[3][2], sheet[3][3], sheet[3][4]
    assert money.value == pytest.approx(19.92)
    assert day.value == datetime(2026, 3, 2)
    assert weight.value == 1500
    assert sheet.column_dimensions["A"].width >= len("01310100")


def test_a_formula_looking_text_stays_text_and_a_bad_value_stays_as_written(tmp_path: Path) -> None:
    path = write_sheet(tmp_path / "t.xlsx", COLUMNS, [["=HYPERLINK(1)", "", "n/d", "soon", None, ""]])
    first, empty, money, day, weight, _ = sheet_of(path)[2]
    assert (first.value, first.data_type) == ("=HYPERLINK(1)", "s")
    assert empty.value is None
    assert (money.value, money.data_type) == ("n/d", "s")
    assert day.value == "soon"
    assert weight.value is None


def test_a_failed_write_leaves_no_file_and_keeps_the_old_one(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    write_sheet(path, COLUMNS, [["01310100"]])
    before = path.read_bytes()

    def fail_halfway() -> None:
        with SheetWriter(path, COLUMNS) as sheet:
            sheet.write(["02020000"])
            raise RuntimeError("stop")

    with pytest.raises(RuntimeError):
        fail_halfway()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.xlsx"]


def test_is_xlsx_by_suffix_in_any_case() -> None:
    assert is_xlsx("a/b.XLSX")
    assert is_xlsx(Path("x.xlsx"))
    assert not is_xlsx("x.csv")
    assert not is_xlsx("xlsx")


def quote_results() -> list[QuoteResult]:
    query = PriceQuery(
        coProduto="03220",
        cepOrigem="01310100",
        cepDestino="05311900",
        psObjeto=300,
        tpObjeto=ObjectFormat.PACKAGE,
        servicosAdicionais=("019", "001"),
        vlDeclarado=Decimal(200),
        dtEvento=date(2026, 11, 22),
    )
    official = PriceResponse.model_validate(samples.OFFICIAL)
    failed = PriceQuery(coProduto="04510", sgPaisDestino="US", psObjeto=500)
    return [
        QuoteResult(0, query, official),
        QuoteResult(1, failed, None, ItemError(code="PRC-101", text="País de destino não atendido")),
    ]


def test_quote_results_workbook_has_the_csv_columns_typed(tmp_path: Path) -> None:
    path = tmp_path / "quotes.xlsx"
    write_results(path, quote_results())
    sheet = sheet_of(path)
    titles = [cell.value for cell in sheet[1]]
    assert titles[: len(RESULT_COLUMNS)] == list(RESULT_COLUMNS)
    assert "dtEvento" in titles  # an extra query column, as in the CSV
    row = by_title(sheet, 2)
    assert row["coProduto"].value == "03220"
    assert row["cepOrigem"].value == "01310100"
    assert row["cepOrigem"].data_type == "s"
    assert row["servicosAdicionais"].value == "019 001"
    assert row["linha"].value == 1
    assert row["pcFinal"].value == pytest.approx(19.92)
    assert row["pcFinal"].number_format == MONEY_FORMAT
    assert row["vlDeclarado"].value == pytest.approx(200)
    assert row["psCobrado"].value == 300
    assert row["dtEvento"].value == datetime(2026, 11, 22)
    assert row["dtEvento"].number_format == DATE_FORMAT
    failed = by_title(sheet, 3)
    assert failed["coProduto"].value == "04510"
    assert failed["pcFinal"].value is None
    assert "PRC-101" in str(failed["erro"].value)


def test_quote_results_still_go_to_csv_when_the_name_says_so(tmp_path: Path) -> None:
    path = tmp_path / "quotes.csv"
    write_results(path, quote_results())
    assert path.read_bytes().startswith(b"\xef\xbb\xbflinha;coProduto;")


def analytic_item() -> AnalyticItem:
    return AnalyticItem(
        cartao="0067599079",
        titular="ACME LTDA",
        codigo_servico="03220",
        servico="SEDEX CONTRATO AG",
        data_postagem="02/03/2026",
        servicos_adicionais="",
        unidade_postagem="AC CENTRAL",
        cep_destinatario="01310100",
        etiqueta="AB000000001BR",
        documento="",
        peso=300,
        valor_unitario=Decimal("1234.56"),
        desconto=Decimal("0"),
        quantidade=1,
        valor_liquido=Decimal("1234.56"),
        valor_declarado=Decimal("200"),
    )


def test_analytic_items_workbook(tmp_path: Path) -> None:
    path = export_items_csv(PlainTask(), tmp_path / "items.xlsx", [analytic_item()])
    sheet = sheet_of(path)
    assert [cell.value for cell in sheet[1]] == list(DETAIL_COLUMNS)
    assert sheet.freeze_panes == "A2"
    row = by_title(sheet, 2)
    assert row["CARTAO POSTAGEM"].value == "0067599079"
    assert row["CODIGO SERVICO"].value == "03220"
    assert row["CEP DESTINATARIO"].value == "01310100"
    assert row["DATA POSTAGEM"].value == datetime(2026, 3, 2)
    assert row["DATA POSTAGEM"].number_format == DATE_FORMAT
    assert row["VALOR LIQUIDO"].value == pytest.approx(1234.56)
    assert row["VALOR LIQUIDO"].number_format == MONEY_FORMAT
    assert row["PESO"].value == 300
