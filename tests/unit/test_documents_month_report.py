"""The manager's monthly PDF drawn from hand-made records (no service, no database): read
back, it says every word it was handed (figures, charts' titles, legends, bars' marks,
every state's abbreviation, the tables), on landscape A4 pages numbered "x de y", and a
long cell is cut to its column instead of running off the page."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace
from decimal import Decimal

from postalgui.documents.palette import ARRIVAL_COLOURS, ramp, service_colour
from postalgui.documents.reports.month_report import (
    Bar,
    Bars,
    Figure,
    MapState,
    MonthReport,
    ReportTable,
    Series,
    StateMap,
    month_report_pdf,
)
from postalgui.services.geo.outlines import state_outlines
from tests import pdf_reading

SERVICES = ("SEDEX CONTRATO AG", "PAC CONTRATO AG", "Outras cobranças", "Não detalhado")
MONTHS = ("ago/2026", "set/2026", "out/2026")


def _spending() -> Bars:
    series = tuple(Series(name, service_colour(index)) for index, name in enumerate(SERVICES))
    bars = tuple(
        Bar(month, tuple(Decimal(1000 * (index + 1) + 100 * part) for part in range(len(SERVICES))))
        for index, month in enumerate(MONTHS)
    )
    return Bars("Gasto por mês e serviço", series, bars, axis="R$", empty="Nenhuma fatura.")


def _on_time() -> Bars:
    words = (("on_time", "No prazo"), ("waiting", "A caminho"), ("late", "Atrasado"), ("lost", "Extraviado"))
    series = tuple(Series(word, ARRIVAL_COLOURS[key], hatched=key == "late") for key, word in words)
    bars = (
        Bar("SEDEX CONTRATO AG", tuple(map(Decimal, (80, 5, 14, 1))), ("80%", "5%", "14%", "")),
        Bar("PAC CONTRATO AG", tuple(map(Decimal, (60, 10, 30, 0))), ("60%", "10%", "30%", "")),
    )
    return Bars("Entregas no prazo por serviço", series, bars, axis="%", empty="Nada entregue.", share=True)


def _routes() -> Bars:
    late = (Series("Atrasados", ARRIVAL_COLOURS["late"], hatched=True),)
    bars = (Bar("SP – RJ", (Decimal(12),), ("12 de 80",)), Bar("SP – BA", (Decimal(4),), ("4 de 9",)))
    return Bars("Rotas com mais atrasos", late, bars, empty="Nenhum atraso.")


def _map() -> StateMap:
    states = tuple(
        MapState(outline.uf, outline.rings, None if outline.uf == "AC" else float(len(outline.name)))
        for outline in state_outlines()
    )
    return StateMap(
        "Objetos por estado de destino", states, "0", "19 objetos", "Sem objetos", "Nenhum objeto."
    )


def _report() -> MonthReport:
    spending = ReportTable(
        "Gasto por serviço",
        ("Serviço", "Objetos", "Valor", "Preço médio"),
        (("SEDEX CONTRATO AG", "1.234", "R$ 12.345,67", "R$ 10,00"), ("Não detalhado", "", "R$ 99,00", "")),
        ("Total", "1.234", "R$ 12.444,67", ""),
        right=frozenset({1, 2, 3}),
        notes=("Faturas pagas e em aberto.",),
    )
    return MonthReport(
        title="Visão geral: outubro de 2026",
        subtitle="De 01/10/2026 a 31/10/2026",
        head=("ACME Ltda", "Gerado em 28/11/2026 10:00"),
        foot="Visão geral: outubro de 2026",
        page="Página {page} de {pages}",
        figures=(
            Figure("Gasto no mês", "R$ 12.444,67", "+12% sobre set/2026"),
            Figure("Entregues no prazo", "87%", "14 atrasados"),
        ),
        spending=_spending(),
        states=_map(),
        on_time=_on_time(),
        routes=_routes(),
        tables=(spending, ReportTable("Indenizações", ("Pedidos",), (), empty="Nenhum pedido no mês.")),
        notes=("1 fatura sem extrato analítico.",),
    )


def test_the_report_says_every_word_it_was_handed() -> None:
    pdf = month_report_pdf(_report())
    said = pdf_reading.text(pdf)
    for words in (
        "ACME Ltda",
        "Gerado em 28/11/2026 10:00",
        "Visão geral: outubro de 2026",
        "R$ 12.444,67",
        "+12% sobre set/2026",
        "1 fatura sem extrato analítico.",
        "Gasto por mês e serviço",
        "Objetos por estado de destino",
        "19 objetos",
        "Sem objetos",
        "Entregas no prazo por serviço",
        "Rotas com mais atrasos",
        "12 de 80",
        "Faturas pagas e em aberto.",
        "Nenhum pedido no mês.",
    ):
        assert words in said, words
    for name in (*SERVICES, *MONTHS, "No prazo", "Atrasado", "Extraviado", "SP – RJ"):
        assert name in said, name
    for mark in ("80%", "14%", "30%"):
        assert mark in said
    lines = said.splitlines()
    assert any(re.search(r"Total 1\.234 R\$ 12\.444,67", line) for line in lines)
    pages = [line.strip() for line in lines if "Página" in line]
    assert pages[0].endswith("Página 1 de 3") or pages[0].endswith("Página 1 de 2")


def test_every_state_is_named_on_the_map() -> None:
    words = {word.text for page in pdf_reading.words(month_report_pdf(_report())) for word in page}
    assert {outline.uf for outline in state_outlines()} <= words


def test_the_pages_are_landscape_a4_and_nothing_runs_off_them() -> None:
    long = "SEDEX CONTRATO AG " * 30
    report = _report()
    wide = replace(report.tables[0], rows=((long, "1", "R$ 1,00", "R$ 1,00"),))
    pdf = month_report_pdf(replace(report, tables=(wide,)))
    info = subprocess.run(
        [shutil.which("pdfinfo") or "pdfinfo", "-"], input=pdf, capture_output=True, check=True
    )
    assert b"841.89 x 595.276 pts (A4)" in info.stdout
    for page in pdf_reading.words(pdf):
        assert all(word.x_max <= 842 - 40 for word in page)
    assert "..." in pdf_reading.text(pdf)


def test_charts_without_data_say_so() -> None:
    report = _report()
    empty = replace(
        report,
        spending=replace(report.spending, bars=()),
        on_time=replace(report.on_time, bars=()),
        routes=replace(report.routes, bars=()),
        states=replace(
            report.states, states=tuple(replace(state, value=None) for state in report.states.states)
        ),
    )
    said = pdf_reading.text(month_report_pdf(empty))
    for words in ("Nenhuma fatura.", "Nada entregue.", "Nenhum atraso.", "Nenhum objeto."):
        assert words in said


def test_the_map_shades_from_light_to_dark() -> None:
    assert ramp(0) == "#DEEBF7"
    assert ramp(1) == "#08306B"
    assert ramp(2) == ramp(1)
    darkness = [sum(int(ramp(step / 4)[i : i + 2], 16) for i in (1, 3, 5)) for step in range(5)]
    assert darkness == sorted(darkness, reverse=True)  # grey print keeps the order


def test_a_table_of_many_services_keeps_every_amount_whole() -> None:
    services = tuple(f"SEDEX CONTRATO AG {n}" for n in range(11))
    wide = ReportTable(
        "Gasto por mês",
        ("Mês", *services, "Total"),
        tuple((f"{month:02d}/2026", *(["R$ 12.345,67"] * 11), "R$ 135.802,37") for month in range(1, 13)),
        ("Total", *(["R$ 148.148,04"] * 11), "R$ 1.629.628,44"),
        right=frozenset(range(1, 13)),
    )
    report = _report()
    said = pdf_reading.text(month_report_pdf(replace(report, tables=(wide,))))
    assert said.count("R$ 12.345,67") == 12 * 11
    assert said.count("R$ 148.148,04") == 11
    assert "R$ 1.629.628,44" in said
    assert "12/2026" in said


def test_a_long_narrow_table_flows_in_columns_side_by_side() -> None:
    clerks = ReportTable(
        "Cotações por atendente e dia",
        ("Atendente", "Dia", "Cotações"),
        tuple((f"clerk{n:03d}", "01/10/2026", str(n)) for n in range(300)),
        total=("Total", "", "44.850"),
        right=frozenset({2}),
    )
    pages = pdf_reading.words(month_report_pdf(replace(_report(), tables=(clerks,))))
    found = [
        (number, word) for number, page in enumerate(pages) for word in page if word.text.startswith("clerk")
    ]
    assert [word.text for _number, word in found].count("clerk000") == 1
    assert {word.text for _number, word in found} == {f"clerk{n:03d}" for n in range(300)}  # each once
    where = {word.text: (number, word.x_min) for number, word in found}
    assert where["clerk000"][0] == where["clerk040"][0]  # the same page...
    assert where["clerk040"][1] > where["clerk000"][1] + 100  # ... in a column to the right
    assert len(found) == 300
    last = pages[where["clerk299"][0]]
    assert "44.850" in {word.text for word in last}  # the total closes the last column
