"""The accountant's PDF of the money back read back (its text from the file's streams, as
the late-objects report's tests read it): the months with their counts, estimates and
totals, the claims listed, estimates labelled as such, page numbers, in each language."""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from unittest.mock import MagicMock, patch

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.cli import claims_cmd
from postalgui.services.claims.export import export_money_back
from postalgui.services.claims.records import ClaimState, Outcome
from postalgui.services.claims.report_pdf import write_money_report
from postalgui.services.claims.saving import save_money_report
from postalgui.services.claims.words import month_words
from postalgui.services.settings import Profile
from tests import pdf_reading
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
    month = lines.index("out/2026")
    assert lines.index("nov/2026") > month  # oldest first
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


def test_the_portuguese_report_speaks_portuguese_from_its_heading_on(tmp_path: Path) -> None:
    """Issue 37: the accountant's PDF said "contract" in Portuguese. Every state and outcome
    a claim can have, through the save use case (the heading from the profile)."""
    claims = [FILED, REFUSED]
    claims += [
        replace(FILED, code=f"DG{n:08d}BR", state=state, return_code=999)
        for n, state in enumerate(ClaimState)
    ]
    claims += [replace(FILED, code=f"DG{90 + n:08d}BR", outcome=outcome) for n, outcome in enumerate(Outcome)]
    service = SimpleNamespace(
        profile=Profile(cnpj="34028316000103", contract="9912345678", card="0067599079"),
        now=lambda: GENERATED,
    )
    path = save_money_report(PlainTask(), service, tmp_path / "indenizacoes.pdf", MONTHS, "pt_BR", claims)  # type: ignore[arg-type]  # the two things the use case reads
    said = pdf_reading.text(path.read_bytes())
    assert "CNPJ 34.028.316/0001-03, contrato 9912345678" in said
    english = {
        "contract",
        "claim",
        "claims",
        "page",
        "generated",
        "month",
        "filed",
        "paid",
        "refused",
        "total of",
    }
    found = {word.lower() for word in re.findall(r"[A-Za-z]+", said)} & english
    assert found == set()
    in_english = pdf_reading.text(
        save_money_report(PlainTask(), service, tmp_path / "claims.pdf", MONTHS, "en", claims).read_bytes()
    )  # type: ignore[arg-type]
    assert "CNPJ 34.028.316/0001-03, contract 9912345678" in in_english


def test_a_month_reads_the_same_in_the_report_the_export_and_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 37: the tab said "nov/2026", the PDF and the CLI "11/2026". One function
    words a month for all (the tab's model calls it too: tests/gui/test_claims_money.py)."""
    assert month_words("2026-11") == "nov/2026"
    assert month_words("2026-02", "pt_BR") == "fev/2026"
    assert month_words("2026-11", "en") == "Nov 2026"
    assert month_words("not a month") == "not a month"
    portuguese = pdf_reading.text(
        write_money_report(tmp_path / "m.pdf", MONTHS, [], generated=GENERATED).read_bytes()
    )
    assert "out/2026" in portuguese
    assert "nov/2026" in portuguese
    assert not re.search(r"(?<!/)1[01]/2026", portuguese)  # the generated day (26/11/2026) aside
    english = pdf_reading.text(
        write_money_report(tmp_path / "e.pdf", MONTHS, [], "en", generated=GENERATED).read_bytes()
    )
    assert "Oct 2026" in english
    assert "Nov 2026" in english
    sheet = export_money_back(tmp_path / "m.csv", MONTHS).read_text(encoding="utf-8-sig")
    assert "\nout/2026;" in sheet
    assert "\nnov/2026;" in sheet
    context = MagicMock()
    with patch("postalgui.services.claims.use_cases.money_back", return_value=MONTHS):
        claims_cmd._run_money_back(argparse.Namespace(json=False), context)
    table = capsys.readouterr().out
    assert "Oct 2026" in table
    assert "Nov 2026" in table
