"""The accountant's PDF of the money back read back (its text from the file's streams, as
the late-objects report's tests read it): the months with their counts, estimates and
totals, the claims listed, estimates labelled as such, page numbers, in each language."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

from postalgui.services.claims.report_pdf import write_money_report
from tests.services.test_tracking_export import pdf_text
from tests.unit.test_claims_export import FILED, MONTHS, REFUSED

GENERATED = datetime(2026, 11, 26, 13, 0, tzinfo=UTC)


def test_report_has_the_months_totals_and_claims_in_portuguese(tmp_path: Path) -> None:
    path = write_money_report(
        tmp_path / "indenizacoes.pdf", MONTHS, [FILED, REFUSED], company="CNPJ 34.028.316/0001-03",
        generated=GENERATED,
    )  # fmt: skip
    assert path.read_bytes().startswith(b"%PDF")
    text = pdf_text(path)
    lines = text.splitlines()
    assert "CNPJ 34.028.316/0001-03" in lines
    assert "Resumo por mês (valores estimados)" in text
    assert "estimativas" in text  # the note: the operator decides what it pays
    month = lines.index("10/2026")
    assert lines.index("11/2026") > month  # oldest first
    assert lines[month + 1 : month + 3] == ["1", "R$ 1.000,00"]
    total = lines.index("Total")
    assert lines[total + 1 : total + 3] == ["3", "R$ 1.061,73"]
    assert "DG049186226BR" in lines
    assert "1234567890" in lines
    assert "135 Entregue com atraso" in lines
    assert "Paga" in lines
    assert "Não registrada (544)" in lines  # a refusal: what became of it, with the operator's code
    assert "R$ 2,55" in lines
    assert "2 pedidos" in lines
    assert "Página 1 de 1" in lines


def test_report_in_english_and_long_lists_run_over_pages(tmp_path: Path) -> None:
    many = [replace(FILED, code=f"DG{n:08d}BR", protocol=str(10**9 + n)) for n in range(120)]
    path = write_money_report(tmp_path / "claims.pdf", MONTHS, many, language="en", generated=GENERATED)
    text = pdf_text(path)
    lines = text.splitlines()
    assert "Summary per month (estimated amounts)" in text
    assert "Paid" in lines
    assert "135 Delivered late" in lines
    assert "120 claims" in lines
    assert "Page 1 of 3" in lines or "Page 1 of 4" in lines
    pages = [line for line in lines if line.startswith("Page ")]
    assert pages[-1].split()[1] == pages[-1].split()[3]  # the last page says it is the last
    assert f"R$ {Decimal('2.55') * 120:.2f}".replace(".", ",") in lines  # 120 x R$ 2,55 = R$ 306,00


def test_report_with_nothing_says_so(tmp_path: Path) -> None:
    text = pdf_text(write_money_report(tmp_path / "empty.pdf", [], [], generated=GENERATED))
    assert "Nenhum candidato nem pedido." in text
    assert "Nenhum pedido registrado." in text
