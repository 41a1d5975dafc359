"""``postalgui report month|table`` on this desk's office database: the monthly PDF in the
run's language, one section's numbers as CSV or .xlsx, and bad input refused naming the
argument and its rule (exit 2, nothing written)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from openpyxl import load_workbook

from postalgui.cli.main import main
from postalgui.services.office.database import OfficeDatabase
from tests import pdf_reading
from tests.services.overview_rows import a_statement, an_invoice, parcel, put


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def october(config_dir: Path) -> None:
    """This desk's office file: an itemized invoice of October, one not itemized, five parcels."""
    office = OfficeDatabase(config_dir / "data", "sandbox")
    try:
        put(
            office,
            invoice=[an_invoice("100", "2026-10", 123_456), an_invoice("101", "2026-10", 10_000)],
            tracked_object=[
                parcel(
                    f"QO{n:08d}0BR", destination_uf="MG" if n % 2 else "RJ", posted_on=f"2026-10-{n + 5:02d}"
                )
                for n in range(5)
            ],
            **a_statement("100", [("03220", 5, 100_000), ("03298", 2, 20_000)]),
        )
    finally:
        office.close()


def test_month_writes_the_pdf_in_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "outubro.pdf"
    code, out, err = run(capsys, "report", "month", "2026-10", "--out", str(path), "--lang", "pt")
    assert code == 0, err
    assert out.strip() == str(path)
    said = pdf_reading.text(path.read_bytes())
    assert "Visão geral do mês: outubro de 2026" in said
    assert "R$ 1.334,56" in said  # both invoices
    assert "Não detalhado" in said  # the second has no statement
    assert "Outras cobranças" in said  # the first charges R$ 34,56 beyond its services


def test_month_speaks_english_with_lang_en(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "october.pdf"
    code, _out, err = run(capsys, "--lang", "en", "report", "month", "2026-10", "--out", str(path))
    assert code == 0, err
    said = pdf_reading.text(path.read_bytes())
    assert "Monthly overview: October 2026" in said
    assert "Page 1 of" in said


def test_table_writes_a_section_as_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "estados.csv"
    code, out, err = run(
        capsys, "report", "table", "states", "--period", "2026-10", "--out", str(path), "--lang", "pt"
    )
    assert code == 0, err
    assert out.strip() == str(path)
    rows = list(csv.reader(path.read_text("utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0][:3] == ["Estado", "Objetos", "Entregues"]
    assert {row[0]: row[1] for row in rows[1:]} == {"RJ": "3", "MG": "2", "Total": "5"}


def test_table_writes_a_workbook_with_numbers_as_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "gastos.xlsx"
    code, _out, err = run(capsys, "report", "table", "spending", "--period", "all", "--out", str(path))
    assert code == 0, err
    sheet = load_workbook(path, read_only=True).active
    assert sheet is not None
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    total = next(row for row in rows if row[-1] is not None and row[0] in ("Total",))
    assert float(total[-1]) == pytest.approx(1334.56)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["month", "2026-13", "--out", "{dir}/x.pdf"], "MONTH"),
        (["month", "outubro", "--out", "{dir}/x.pdf"], "MONTH"),
        (["month", "2026-10", "--out", "{dir}/missing/x.pdf"], "--out"),
        (["table", "gastos", "--out", "{dir}/x.csv"], "SECTION"),
        (["table", "spending", "--period", "someday", "--out", "{dir}/x.csv"], "--period"),
    ],
)
def test_bad_input_names_the_argument_and_its_rule(
    args: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "--lang", "en", "report", *(arg.format(dir=tmp_path) for arg in args))
    assert code == 2
    assert out == ""
    assert f"postalgui: {named}: " in err
    if named != "--out":
        assert "must be" in err
    assert not list(tmp_path.glob("x.*"))
