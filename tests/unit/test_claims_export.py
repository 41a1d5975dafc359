"""The claims exported for the bookkeeper: CSV (``;``, decimal comma, dates DD/MM/AAAA) and
.xlsx (dates as dates, money as numbers in the R$ format) read back, in Portuguese and
English: one row per claim, per candidate and per month (with the total)."""

from __future__ import annotations

import csv
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from postalgui.services.claims.candidates import Candidate, Kind
from postalgui.services.claims.compensation import Family
from postalgui.services.claims.export import export_candidates, export_claims, export_money_back
from postalgui.services.claims.money import MonthSummary
from postalgui.services.claims.records import Claim, ClaimState, Outcome

TODAY = date(2026, 11, 26)

FILED = Claim(
    code="DG049186226BR",
    state=ClaimState.FILED,
    outcome=Outcome.PAID,
    protocol="1234567890",
    lot="2026112500001",
    reason=135,
    manifestation="I",
    package="C",
    return_code=0,
    return_message="Pedido registrado",
    filed_at=datetime(2026, 11, 25, 13, 11, 12, tzinfo=UTC),
    filed_by="ana",
    kind="late",
    days_late=4,
    postage=Decimal("25.50"),
    estimate=Decimal("2.55"),
    situation="Encerrado",
    merit="Procedente",
    max_delivery=date(2026, 10, 6),
    last_event="Objeto entregue ao destinatário",
    followed_at=datetime(2026, 11, 26, 12, 0, tzinfo=UTC),
    paid_at=datetime(2026, 11, 26, 12, 0, tzinfo=UTC),
)
REFUSED = Claim(
    code="AA123456785BR",
    state=ClaimState.REFUSED,
    reason=211,
    return_code=544,
    return_message="Objeto dentro do prazo",
    filed_at=datetime(2026, 11, 25, 13, 11, 12, tzinfo=UTC),
    filed_by="bia",
)
LATE = Candidate(
    code="DG049186226BR",
    kind=Kind.LATE,
    reason=135,
    days_late=3,
    expected_on=date(2026, 11, 9),
    arrived_on=date(2026, 11, 12),
    claim_from=date(2026, 11, 9),
    postage=Decimal("1234.5"),
    postage_source="invoice",
    estimate=Decimal("61.73"),
    family=Family.SEDEX,
    product="SEDEX CONTRATO AG",
    invoice="RE 1234567",
    tag="Pedido 7",
)
LOST = Candidate(
    code="PN000000408BR",
    kind=Kind.LOST,
    reason=211,
    days_late=0,
    expected_on=date(2026, 11, 20),
    arrived_on=None,
    claim_from=date(2026, 11, 20),
)
MONTHS = [
    MonthSummary("2026-11", candidates=2, candidates_estimate=Decimal("61.73"), filed=1,
                 filed_estimate=Decimal("2.55"), accepted=1, accepted_estimate=Decimal("2.55"), paid=1,
                 paid_estimate=Decimal("2.55")),
    MonthSummary("2026-10", candidates=1, candidates_estimate=Decimal("1000"), refused=1),
]  # fmt: skip


def csv_rows(path: Path) -> list[dict[str, str]]:
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel reads the accents
    rows = list(csv.reader(path.read_text(encoding="utf-8-sig").splitlines(), delimiter=";"))
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]


def sheet_rows(path: Path) -> list[dict[str, object]]:
    sheet = load_workbook(path).active
    assert sheet is not None
    titles = [cell.value for cell in sheet[1]]
    return [dict(zip(titles, row, strict=True)) for row in sheet.iter_rows(min_row=2)]


def test_claims_csv_has_a_row_per_claim_with_what_the_bookkeeper_files(tmp_path: Path) -> None:
    rows = csv_rows(export_claims(tmp_path / "pedidos.csv", [FILED, REFUSED]))
    assert len(rows) == 2
    filed, refused = rows
    assert filed["Objeto"] == "DG049186226BR"
    assert filed["Protocolo"] == "1234567890"
    assert filed["Lote"] == "2026112500001"
    assert filed["Registrado por"] == "ana"
    assert filed["Motivo"] == "135 Entregue com atraso"
    assert filed["Postagem paga"] == "25,50"
    assert filed["Indenização estimada"] == "2,55"
    assert filed["Data máxima de entrega"] == "06/10/2026"
    assert filed["Mérito"] == "Procedente"
    assert filed["Registrado em"].endswith("/11/2026")
    assert refused["Código de retorno"] == "544"
    assert refused["Mensagem do operador"] == "Objeto dentro do prazo"
    assert refused["Protocolo"] == ""
    assert refused["Indenização estimada"] == ""
    assert filed["Resultado"] != refused["Resultado"]


def test_claims_xlsx_types_dates_and_money(tmp_path: Path) -> None:
    (filed, refused) = sheet_rows(export_claims(tmp_path / "pedidos.xlsx", [FILED, REFUSED]))
    assert filed["Objeto"].value == "DG049186226BR"  # type: ignore[attr-defined]
    assert filed["Protocolo"].value == "1234567890"  # text, not a number  # type: ignore[attr-defined]
    assert filed["Data máxima de entrega"].value == datetime(2026, 10, 6)  # type: ignore[attr-defined]
    assert filed["Data máxima de entrega"].number_format == "DD/MM/YYYY"  # type: ignore[attr-defined]
    assert filed["Postagem paga"].value == pytest.approx(25.5)  # type: ignore[attr-defined]
    assert filed["Indenização estimada"].number_format == '"R$" #,##0.00'  # type: ignore[attr-defined]
    assert refused["Indenização estimada"].value is None  # type: ignore[attr-defined]


def test_claims_in_english(tmp_path: Path) -> None:
    rows = csv_rows(export_claims(tmp_path / "claims.csv", [FILED], language="en"))
    assert list(rows[0])[:4] == ["Object", "Protocol", "Lot", "Filed on"]
    assert rows[0]["Estimated compensation"] == "2,55"


def test_candidates_say_the_deadline_days_left_and_estimate(tmp_path: Path) -> None:
    late, lost = csv_rows(export_candidates(tmp_path / "candidatos.csv", [LATE, LOST], TODAY))
    assert late["Prazo para reclamar"] == "07/02/2027"  # 90 days from the expected date
    assert late["Dias restantes"] == "73"
    assert late["Postagem paga"] == "1234,50"
    assert late["Origem da postagem"] == "fatura"
    assert late["Indenização estimada"] == "61,73"
    assert late["Fatura"] == "RE 1234567"
    assert late["Ocorrência"] != lost["Ocorrência"]
    assert lost["Postagem paga"] == ""
    (typed, _) = sheet_rows(export_candidates(tmp_path / "candidatos.xlsx", [LATE, LOST], TODAY))
    assert typed["Prazo para reclamar"].value == datetime(2027, 2, 7)  # type: ignore[attr-defined]
    assert typed["Postagem paga"].value == pytest.approx(1234.5)  # type: ignore[attr-defined]


def test_money_back_has_a_row_per_month_oldest_first_then_the_total(tmp_path: Path) -> None:
    rows = csv_rows(export_money_back(tmp_path / "dinheiro.csv", MONTHS))
    assert [row["Mês"] for row in rows] == ["out/2026", "nov/2026", "Total"]
    total = rows[-1]
    assert total["Candidatos"] == "3"
    assert total["Candidatos: estimativa"] == "1061,73"
    assert total["Pagos"] == "1"
    assert total["Improcedentes"] == "1"
    typed = sheet_rows(export_money_back(tmp_path / "dinheiro.xlsx", MONTHS, language="en"))
    assert typed[-1]["Month"].value == "Total"  # type: ignore[attr-defined]
    assert typed[-1]["Candidates: estimate"].value == pytest.approx(1061.73)  # type: ignore[attr-defined]
    assert typed[-1]["Candidates: estimate"].number_format == '"R$" #,##0.00'  # type: ignore[attr-defined]
