"""Words where a reader expects words, in the UI's language: no operator codes, no "(s)".

The operator's contact type (``PRINCIPAL``), agency kind (``Terceirizada``), invoice
status (``Em aberto``) and divergence reason (``DIMENSOES DIVERGENTES``) read in the
UI's language; counts have real plurals in English ("1 card", "2 cards") as in
Portuguese; the default names of exported files are in the UI's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from postalgui.api.models.contracts import Contact
from postalgui.gui.tabs.attendance.code_box import agency_kind
from postalgui.gui.tabs.contracts.contacts_view import contact_fields, contact_kind
from postalgui.gui.tabs.invoices.analytic_header import StatementHeader, status_words
from postalgui.gui.tabs.invoices.divergence_model import reason_text
from postalgui.gui.tabs.price.exporter import ResultsExporter

CATALOG_EN = Path(__file__).resolve().parents[2] / "resources" / "translations" / "postalgui_en.ts"


@pytest.fixture
def language(each_language: str) -> str:
    return each_language


def said(language: str, english: str, portuguese: str) -> str:
    return english if language == "en" else portuguese


def test_contact_type_in_words(language: str) -> None:
    assert contact_kind("PRINCIPAL") == said(language, "Main contact", "Contato principal")
    assert contact_kind("GESTOR") == "Gestor"  # unknown: the operator's word, not shouted
    fields = dict(contact_fields(Contact.model_validate({"nome": "Ana", "tipo": "PRINCIPAL"})))
    assert fields[said(language, "Type", "Tipo")] == said(language, "Main contact", "Contato principal")


def test_agency_kind_status_and_reason_in_words(language: str, qtbot: QtBot) -> None:
    assert agency_kind("Terceirizada") == said(language, "outsourced unit", "unidade terceirizada")
    assert agency_kind("Propria") == said(language, "own unit", "unidade própria")
    assert status_words("Em aberto") == said(language, "Open", "Em aberto")
    assert status_words("Paga") == said(language, "Paid", "Paga")
    assert status_words("Suspensa") == "Suspensa"
    header = StatementHeader()
    qtbot.addWidget(header)
    header.show_values({"STATUS": "Em aberto"})
    assert header.labels["status"].text() == said(language, "Open", "Em aberto")
    assert reason_text("DIMENSOES DIVERGENTES") == said(
        language, "Different dimensions", "Dimensões divergentes"
    )
    assert reason_text("PESO DIVERGENTE") == said(language, "Different weight", "Peso divergente")


@pytest.mark.parametrize(
    ("context", "source", "count", "english", "portuguese"),
    [
        ("PriceTab", "%n product(s) could not be priced.", 1, "1 product could not", "1 produto não pôde"),
        ("PriceTab", "%n product(s) could not be priced.", 3, "3 products could not", "3 produtos não"),
        ("CardsPage", "%n card(s)", 1, "1 card", "1 cartão"),
        ("CardsPage", "%n card(s)", 2, "2 cards", "2 cartões"),
        ("DivergencesView", "%Ln divergence(s) · tariffed %1", 1, "1 divergence ·", "1 divergência ·"),
        (
            "DivergencesView",
            "%Ln divergence(s) · tariffed %1",
            1500,
            "1,500 divergences",
            "1.500 divergências",
        ),
        (
            "InvoicesTab",
            "Typed line copied: %1. Invoice %2 is overdue (%Ln day(s) past its due date): "
            "banks may refuse this slip or charge interest.",
            1,
            "(1 day past",
            "(1 dia após",
        ),
    ],
)
def test_counts_have_real_plurals(
    language: str, context: str, source: str, count: int, english: str, portuguese: str
) -> None:
    text = QCoreApplication.translate(context, source, "", count)
    assert said(language, english, portuguese) in text
    assert "(s)" not in text


def test_every_english_plural_message_is_a_real_one() -> None:
    """Each ``(s)`` message of the code has both English forms in ``postalgui_en.ts``."""
    import xml.etree.ElementTree as ET

    root = ET.parse(CATALOG_EN).getroot()  # noqa: S314  # our own file
    forms = [[form.text or "" for form in message.iter("numerusform")] for message in root.iter("message")]
    assert len(forms) >= 15
    assert all(len(pair) == 2 and "(s)" not in pair[0] + pair[1] and pair[0] != pair[1] for pair in forms)


def test_export_names_in_the_ui_language(language: str, qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    none: Any = None  # the exporter only keeps these until it saves
    exporter = ResultsExporter(none, none, none, "price.export", list, parent)
    name = exporter._file_name()
    assert name.startswith(said(language, "quotes-", "cotacoes-"))
    assert QCoreApplication.translate("InvoicesTab", "invoices-%1") == said(
        language, "invoices-%1", "faturas-%1"
    )
