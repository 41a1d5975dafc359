"""A reconciliation report as a bookkeeper reads it: words, not codes; R$ amounts; Brasília time."""

from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path

import pytest

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
        "Concluído (FINALIZADO)",
        "R$ 1.234,56",
        "R$ 1.234,56",
        "",
    ]
    assert rows[1][0] == "Diferenças de valor"
    assert rows[1][4:6] == ["R$ 99,90", "R$ 99,00"]
    english = next(iter(report_rows(REPORT, "en")))
    assert english[:4] == ["Confirmed", "26470000000001", "Confirmed", "Concluded (FINALIZADO)"]


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


def _pdf_text(pdf: bytes) -> str:
    """The text shown by the PDF's content streams (ASCII85 + Flate, as reportlab writes them)."""
    shown = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        content = zlib.decompress(base64.a85decode(stream.strip().removesuffix(b"~>")))
        shown.extend(re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", content))
    octal = re.compile(rb"\\([0-7]{3}|.)")
    return " ".join(
        octal.sub(lambda m: bytes([int(m[1], 8)]) if len(m[1]) == 3 else m[1], run).decode("cp1252")
        for run in shown
    )


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["(preview)", "Preview: run before 22:00"]), ("pt", ["(prévia)", "Prévia:"])],
)
def test_a_preview_says_so_and_a_closing_run_does_not(
    tmp_path: Path, language: str, words: list[str]
) -> None:
    preview = _pdf_text(
        write_report_pdf(tmp_path / "p.pdf", REPORT | {"preview": True}, language).read_bytes()
    )
    for word in words:
        assert word in preview
    closing = _pdf_text(
        write_report_pdf(tmp_path / "c.pdf", REPORT | {"preview": False}, language).read_bytes()
    )
    assert not any(word in closing for word in words)
    assert "26470000000001" in closing
