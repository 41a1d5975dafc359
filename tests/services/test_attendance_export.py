"""A reconciliation report as a bookkeeper reads it: words, not codes; R$ amounts; Brasília time."""

from __future__ import annotations

from pathlib import Path

from postalgui.services.attendance.export import report_rows, write_report_csv, write_report_pdf

REPORT = {
    "day": "2026-11-24",
    "ran_at": "2026-11-25T01:30:00+00:00",
    "confirmed": [
        {"protocol": "26470000000001", "ledger_state": "confirmed", "operator_status": "F",
         "ledger_cents": 123456, "operator_cents": 123456, "note": ""},
    ],
    "amount_differences": [
        {"protocol": "26470000000002", "ledger_state": "confirmed", "operator_status": "F",
         "ledger_cents": 9990, "operator_cents": 9900, "note": ""},
    ],
    "errors": [],
}  # fmt: skip


def test_rows_speak_the_bookkeepers_language() -> None:
    rows = list(report_rows(REPORT, "pt"))
    assert rows[0] == [
        "Confirmados",
        "26470000000001",
        "Confirmado",
        "Finalizado",
        "R$ 1.234,56",
        "R$ 1.234,56",
        "",
    ]
    assert rows[1][0] == "Diferenças de valor"
    assert rows[1][4:6] == ["R$ 99,90", "R$ 99,00"]
    english = next(iter(report_rows(REPORT, "en")))
    assert english[:4] == ["Confirmed", "26470000000001", "Confirmed", "Finalised"]


def test_csv_and_pdf_files(tmp_path: Path) -> None:
    csv_path = write_report_csv(tmp_path / "r.csv", REPORT, "pt")
    text = csv_path.read_bytes().decode("utf-8-sig")
    assert (
        text.splitlines()[0]
        == "Situação;Protocolo;No livro;No Operador;Valor no livro;Valor no Operador;Observação"
    )
    assert "Diferenças de valor;26470000000002" in text
    pdf = write_report_pdf(tmp_path / "r.pdf", REPORT, "en").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert pdf.rstrip().endswith(b"%%EOF")
