"""The deadline columns of the quote exports: CSV, .xlsx and both PDF layouts."""

from __future__ import annotations

import csv
from datetime import date, datetime
from pathlib import Path

import openpyxl

from postalgui.api.models.deadline import Deadline
from postalgui.api.models.price import ItemError, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.price.batch_csv import DEADLINE_COLUMNS, RESULT_COLUMNS, read_batch_csv, write_results
from postalgui.services.price.deadlines import DeadlineOutcome
from postalgui.services.price.report import write_quotes_pdf
from tests import price_samples as samples
from tests.services.test_quote_report import pdf_text

NATIONAL = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="20040020", psObjeto=300)
ABROAD = PriceQuery(coProduto="04510", sgPaisDestino="US", psObjeto=500)
RESULTS = [
    QuoteResult(0, NATIONAL, PriceResponse.model_validate(samples.OFFICIAL)),
    QuoteResult(1, ABROAD, None, ItemError(code="PRC-101", text="País não atendido")),
    QuoteResult(2, NATIONAL, PriceResponse.model_validate(samples.OFFICIAL)),
]
DEADLINE = Deadline(
    prazoEntrega=2,
    dataMaxima=datetime(2026, 11, 27, 23, 59),
    entregaDomiciliar=True,
    entregaSabado=False,
    msgPrazo="Sujeito a restrição",
)
DEADLINES = {
    0: DeadlineOutcome(0, "ok", DEADLINE, posted=date(2026, 11, 25)),
    1: DeadlineOutcome(1, "international"),
    2: DeadlineOutcome(2, "item_error", error=ItemError(code="PRZ-1", text="CEP sem prazo")),
}


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle, delimiter=";"))


def test_csv_has_the_deadline_columns_after_the_prices(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    write_results(path, RESULTS, DEADLINES)
    header = path.read_text(encoding="utf-8-sig").splitlines()[0].split(";")
    at = len(RESULT_COLUMNS)
    assert tuple(header[at : at + len(DEADLINE_COLUMNS)]) == DEADLINE_COLUMNS
    first, abroad, refused = _rows(path)
    assert first["prazoEntrega"] == "2"
    assert first["dataMaxima"] == "27/11/2026"
    assert (first["entregaDomiciliar"], first["entregaSabado"]) == ("S", "N")
    assert first["msgPrazo"] == "Sujeito a restrição"
    assert first["pcFinal"] == "19,92"
    assert [abroad[column] for column in DEADLINE_COLUMNS] == [""] * 5
    assert refused["dataMaxima"] == ""
    assert "CEP sem prazo" in refused["msgPrazo"]
    # read back, the deadline columns are ignored like the prices
    batch = read_batch_csv(path)
    assert batch.queries == [result.query for result in RESULTS]
    assert "dataMaxima" in batch.ignored_columns


def test_without_deadlines_the_columns_are_the_old_ones(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    write_results(path, RESULTS[1:2])
    assert tuple(path.read_text(encoding="utf-8-sig").splitlines()[0].split(";")) == RESULT_COLUMNS


def test_xlsx_has_typed_deadline_cells(tmp_path: Path) -> None:
    path = tmp_path / "q.xlsx"
    write_results(path, RESULTS, DEADLINES)
    sheet = openpyxl.load_workbook(path).active
    assert sheet is not None
    rows = list(sheet.iter_rows(values_only=True))
    header = list(rows[0])
    first = dict(zip(header, rows[1], strict=True))
    assert first["prazoEntrega"] == 2
    assert first["dataMaxima"] == datetime(2026, 11, 27)
    assert (first["entregaDomiciliar"], first["entregaSabado"]) == ("S", "N")
    assert first["msgPrazo"] == "Sujeito a restrição"
    abroad = dict(zip(header, rows[2], strict=True))
    assert abroad["dataMaxima"] is None


def _pdf(tmp_path: Path, layout: str, deadlines: object = None, language: str = "pt_BR") -> str:
    path = tmp_path / f"{layout}.pdf"
    write_quotes_pdf(
        path,
        RESULTS,
        company="Loja",
        cnpj="11222333000181",
        generated_at=datetime(2026, 11, 24, 9, 0),
        layout=layout,  # type: ignore[arg-type]
        language=language,
        compress=False,
        deadlines=deadlines,  # type: ignore[arg-type]
    )
    return pdf_text(path)


def test_per_quote_pdf_shows_the_delivery_date(tmp_path: Path) -> None:
    text = _pdf(tmp_path, "per_quote", DEADLINES)
    assert "27/11/2026" in text
    assert "Chega até" in text
    assert "Entrega em domicílio" in text
    assert "Sujeito a restrição" in text
    assert "27/11/2026" not in _pdf(tmp_path, "per_quote")
    assert "Arrives by" in _pdf(tmp_path, "per_quote", DEADLINES, "en")


def test_summary_pdf_has_an_arrives_column(tmp_path: Path) -> None:
    text = _pdf(tmp_path, "summary", DEADLINES)
    assert "Chega até" in text
    assert "27/11/2026" in text
    plain = _pdf(tmp_path, "summary")
    assert "Chega até" not in plain
