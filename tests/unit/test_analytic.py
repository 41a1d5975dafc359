"""The analytic statement CSV: the five blocks, tolerated variations, errors naming the line."""

from __future__ import annotations

import csv
import random
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.analytic import (
    DETAIL_TITLES,
    AnalyticFormatError,
    decode_analytic,
    parse_analytic_csv,
    reconcile,
)
from postalgui.api.analytic_details import CHUNK
from postalgui.api.analytic_read import money, whole_number
from postalgui.api.models.invoices import AnalyticItem, AnalyticItems, InvoiceTotal, ServiceTotal

SMALL = "\n".join(
    [
        "EXTRATO ANALÍTICO DA FATURA 123456",
        "Nº DA FATURA;CNPJ;RAZAO SOCIAL;CONTRATO;SE DO CONTRATO;CENTRO DE CUSTO;STATUS;"
        "DATA VENCIMENTO;DATA FECHAMENTO;CODIGO DO CLIENTE;DATA PAGAMENTO",
        "123456;34028316000103;EMPRESA EXEMPLO LTDA;9912345678;20;0001;Em aberto;"
        "10/03/2026;28/02/2026;12345678;",
        "CARTAO POSTAGEM;TITULAR CARTAO;CODIGO SERVICO;SERVICO;DATA POSTAGEM;"
        "SERVICOS ADICIONAIS;UNIDADE POSTAGEM;CEP DESTINATARIO;ETIQUETA;DOCUMENTO;PESO;"
        "VALOR UNITARIO;DESCONTO;QUANTIDADE;VALOR LIQUIDO;VALOR DECLARADO",
        "0067599079;EMPRESA EXEMPLO;03220;SEDEX CONTRATO AG;02/02/2026;019,001;"
        "AC CENTRAL;05311900;AB123456789BR;NF 1;300;19,92;0,00;1;19,92;200,00",
        "0067599079;EMPRESA EXEMPLO;03220;SEDEX CONTRATO AG;03/02/2026;;AC CENTRAL;"
        "20040020;AB123456790BR;;1.250;1.234,56;34,56;1;1.200,00;",
        "0067599079;EMPRESA EXEMPLO;03298;PAC CONTRATO AG;03/02/2026;;AC CENTRAL;"
        "70002900;AB123456791BR;;19600;106,25;12,50;2;200,00;0",
        "",
        "TOTALIZACAO POR SERVICO",
        "CODIGO SERVICO;DESCRICAO SERVICO;QUANTIDADE;VALOR SERVICO;DESCONTO;VALOR LIQUIDO",
        "03220;SEDEX CONTRATO AG;2;1254,48;34,56;1219,92",
        "03298;PAC CONTRATO AG;2;212,50;12,50;200,00",
        "",
        "TOTALIZACAO FATURA",
        "DESCRICAO;QUANTIDADE;VALOR",
        "SERVICOS DE CICLOS ANTERIORES;0;0,00",
        "SERVICOS DO CICLO ATUAL;4;1419,92",
        "COMPLEMENTO FINANCEIRO (COTA MINIMA);;0,00",
        "ENCARGOS;;0,00",
        "CREDITOS;;-0,00",
        "TOTAL DA FATURA;;1.419,92",
        "",
    ]
)

DETAIL_LINE = 5  # the first detail line of SMALL


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def with_line(text: str, number: int, new: str) -> str:
    """``text`` with physical line ``number`` (1-based) replaced."""
    lines = lines_of(text)
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- exact values


def test_small_statement_exact_values() -> None:
    statement = parse_analytic_csv(SMALL)
    assert statement.title == "EXTRATO ANALÍTICO DA FATURA 123456"
    assert statement.header.get("Nº DA FATURA") == "123456"
    assert statement.header.get("CONTRATO") == "9912345678"
    assert statement.header.get("DATA PAGAMENTO") == ""
    assert statement.items[0] == AnalyticItem(
        "0067599079",
        "EMPRESA EXEMPLO",
        "03220",
        "SEDEX CONTRATO AG",
        "02/02/2026",
        "019,001",
        "AC CENTRAL",
        "05311900",
        "AB123456789BR",
        "NF 1",
        300,
        Decimal("19.92"),
        Decimal("0.00"),
        1,
        Decimal("19.92"),
        Decimal("200.00"),
    )
    second = statement.items[1]
    assert (second.peso, second.valor_unitario, second.desconto, second.valor_liquido) == (
        1250,
        Decimal("1234.56"),
        Decimal("34.56"),
        Decimal("1200.00"),
    )
    assert second.valor_declarado == 0  # blank: none declared
    assert statement.items[2].quantidade == 2
    assert statement.service_totals == [
        ServiceTotal(
            "03220", "SEDEX CONTRATO AG", 2, Decimal("1254.48"), Decimal("34.56"), Decimal("1219.92")
        ),
        ServiceTotal("03298", "PAC CONTRATO AG", 2, Decimal("212.50"), Decimal("12.50"), Decimal("200.00")),
    ]
    assert statement.invoice_totals[1] == InvoiceTotal("SERVICOS DO CICLO ATUAL", 4, Decimal("1419.92"))
    assert statement.invoice_totals[2].quantidade is None
    assert statement.invoice_total == Decimal("1419.92")


def test_reconcile_small_statement() -> None:
    result = reconcile(parse_analytic_csv(SMALL))
    assert result.items_total == Decimal("1419.92")
    assert result.items_by_service == {"03220": Decimal("1219.92"), "03298": Decimal("200.00")}
    assert result.service_totals == {"03220": Decimal("1219.92"), "03298": Decimal("200.00")}
    assert result.service_differences == {"03220": 0, "03298": 0}
    assert result.services_total == Decimal("1419.92")
    assert result.invoice_total == Decimal("1419.92")
    assert result.items_vs_invoice == 0
    assert result.services_vs_invoice == 0
    assert result.balanced
    assert result.mismatched_services == []


def test_reconcile_reports_differences() -> None:
    text = SMALL.replace("03298;PAC CONTRATO AG;2;212,50;12,50;200,00", "03298;PAC;2;212,50;12,50;210,00")
    text = text.replace("TOTAL DA FATURA;;1.419,92", "TOTAL DA FATURA;;1.400,00")
    text = text.replace(
        "03298;PAC;2;212,50;12,50;210,00", "03298;PAC;2;212,50;12,50;210,00\n04227;MINI;1;5;0;5"
    )
    result = reconcile(parse_analytic_csv(text))
    assert result.service_differences == {
        "03220": Decimal("0.00"),
        "03298": Decimal("-10.00"),
        "04227": Decimal("-5.00"),
    }
    assert result.mismatched_services == ["03298", "04227"]
    assert result.services_total == Decimal("1434.92")
    assert result.items_vs_invoice == Decimal("19.92")
    assert result.services_vs_invoice == Decimal("34.92")
    assert not result.balanced


def test_reconcile_counts_every_row_of_the_invoice_totals() -> None:
    """Charges, credits and debits are part of the invoice total: a statement whose items
    plus those rows make the total reconciles (an R6 invoice is only a DEBITOS row)."""
    text = SMALL.replace("ENCARGOS;;0,00", "ENCARGOS;;187,35\nDÉBITOS;1;2.450,00")
    text = text.replace("CREDITOS;;-0,00", "CRÉDITOS;;-250,00")
    text = text.replace("TOTAL DA FATURA;;1.419,92", "TOTAL DA FATURA;;3.807,27")
    result = reconcile(parse_analytic_csv(text))
    assert result.other_rows == Decimal("2387.35")
    assert result.items_vs_invoice == 0
    assert result.services_vs_invoice == 0
    assert result.balanced
    short = reconcile(parse_analytic_csv(text.replace("ENCARGOS;;187,35", "ENCARGOS;;180,00")))
    assert short.items_vs_invoice == Decimal("-7.35")
    assert not short.balanced


def test_reconcile_a_statement_with_no_items_and_a_debit() -> None:
    lines = SMALL.splitlines()
    details_end = lines.index("TOTALIZACAO POR SERVICO")
    text = "\n".join([*lines[: DETAIL_LINE - 1], "", "TOTALIZACAO POR SERVICO", lines[details_end + 1], ""])
    text += "\n".join(
        [
            "TOTALIZACAO FATURA",
            "DESCRICAO;QUANTIDADE;VALOR",
            "SERVIÇOS DE CICLOS ANTERIORES;0;0,00",
            "SERVIÇOS DO CICLO ATUAL;0;0,00",
            "DÉBITOS;1;2450,00",
            "TOTAL DA FATURA;0;2450,00",
        ]
    )
    result = reconcile(parse_analytic_csv(text))
    assert (result.items_total, result.services_total) == (0, 0)
    assert result.other_rows == Decimal("2450.00")
    assert result.items_vs_invoice == 0
    assert result.balanced


# --------------------------------------------------------------------------- tolerated variations


def test_crlf_bom_trailing_semicolons_and_blank_lines() -> None:
    lines = [line + ";" if line else line for line in lines_of(SMALL)]
    lines.insert(3, "")  # between the header line and the detail titles
    lines.insert(1, ";;;")
    text = "\ufeff" + "\r\n".join(lines) + "\r\n\r\n"
    reference = parse_analytic_csv(SMALL)
    for source in (text, text.encode("utf-8")):
        statement = parse_analytic_csv(source)
        assert statement.items == reference.items
        assert statement.service_totals == reference.service_totals
        assert statement.invoice_totals == reference.invoice_totals
        assert statement.header == reference.header


def test_cp1252_file(tmp_path: Path) -> None:
    text = SMALL.replace("TOTALIZACAO POR SERVICO", "TOTALIZAÇÃO POR SERVIÇO").replace(
        "EMPRESA EXEMPLO;", "JOÃO AÇÚCAR;"
    )
    path = tmp_path / "analitico.csv"
    path.write_bytes(text.encode("cp1252"))
    statement = parse_analytic_csv(path)
    assert statement.title == "EXTRATO ANALÍTICO DA FATURA 123456"
    assert statement.items[0].titular == "JOÃO AÇÚCAR"
    assert len(statement.service_totals) == 2
    assert decode_analytic("ação".encode("cp1252")) == "ação"
    assert decode_analytic("\ufeffação".encode()) == "ação"


def test_columns_found_by_title_in_any_order() -> None:
    lines = lines_of(SMALL)
    order = list(reversed(range(16)))
    for number in range(4, 8):  # detail titles and the three lines
        fields = lines[number - 1].split(";")
        lines[number - 1] = ";".join([fields[i] for i in order] + ["extra"])
    # Accented titles, another case and an extra column are fine.
    lines[3] = lines[3].replace("CODIGO SERVICO", "Código Serviço").replace("VALOR LIQUIDO", "VALOR LÍQUIDO")
    statement = parse_analytic_csv("\n".join(lines))
    assert statement.items == parse_analytic_csv(SMALL).items


def test_dot_decimal_and_spaces_take_the_careful_path() -> None:
    text = with_line(
        SMALL,
        DETAIL_LINE,
        "0067599079;EMPRESA EXEMPLO;03220;SEDEX CONTRATO AG;02/02/2026;019,001;AC CENTRAL;05311900;"
        "AB123456789BR;NF 1; 300 ;19.92; ;1;19,92 ;200",
    )
    item = parse_analytic_csv(text).items[0]
    assert (item.peso, item.valor_unitario, item.desconto, item.valor_liquido, item.valor_declarado) == (
        300,
        Decimal("19.92"),
        Decimal("0.00"),
        Decimal("19.92"),
        Decimal("200"),
    )


def test_a_statement_without_items() -> None:
    lines = lines_of(SMALL)
    del lines[4:7]
    statement = parse_analytic_csv("\n".join(lines))
    assert statement.items == []
    assert reconcile(statement).items_total == 0


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (
            lambda t: with_line(t, 6, "0067599079;EMPRESA EXEMPLO;03220;SEDEX;03/02/2026;;AC CENTRAL"),
            6,
            "line 6: expected 16 fields, found 7",
        ),
        (
            lambda t: with_line(t, 6, lines_of(t)[5] + ";surplus"),
            6,
            "line 6: expected 16 fields, found 17",
        ),
        (
            lambda t: t.replace(";1.200,00;", ";12,3x;"),
            6,
            "line 6: column VALOR LIQUIDO: '12,3x' is not an amount",
        ),
        (
            lambda t: t.replace(";1;19,92;200,00", ";1;;200,00"),
            5,
            "line 5: column VALOR LIQUIDO: '' is not an amount",
        ),
        (
            lambda t: t.replace(";19600;", ";19,6;"),
            7,
            "line 7: column PESO: '19,6' is not a whole number",
        ),
        (
            lambda t: t.replace("03298;PAC CONTRATO AG;2;212,50", "03298;PAC CONTRATO AG;dois;212,50"),
            12,
            "line 12: column QUANTIDADE: 'dois' is not a whole number",
        ),
        (
            lambda t: t.replace("TOTAL DA FATURA;;1.419,92", "TOTAL DA FATURA;;R$ 1.419,92"),
            21,
            "line 21: column VALOR: 'R$ 1.419,92' is not an amount",
        ),
        (
            lambda t: t.replace(";VALOR DECLARADO\n", "\n"),
            4,
            "line 4: expected the detail titles (CARTAO POSTAGEM;",
        ),
        (
            lambda t: "\n".join(lines_of(t)[:8] + lines_of(t)[13:]),
            9,
            "line 9: found TOTALIZACAO FATURA before the TOTALIZACAO POR SERVICO block",
        ),
        (
            lambda t: with_line(t, 2, "A;B;C"),
            2,
            "line 2: expected the invoice header titles",
        ),
        (
            lambda t: t.replace("DESCRICAO;QUANTIDADE;VALOR", "DESCRICAO;VALOR"),
            15,
            "line 15: expected the TOTALIZACAO FATURA titles (DESCRICAO;QUANTIDADE;VALOR); "
            "missing QUANTIDADE",
        ),
    ],
)
def test_malformed_file_names_the_line(change: object, line: int, message: str) -> None:
    assert callable(change)
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(change(SMALL))
    assert info.value.line == line
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(
    ("keep", "message"),
    [
        (0, "file ends before the title line"),
        (1, "file ends before the invoice header titles"),
        (3, "file ends before the detail titles"),
        (6, "file ends before the TOTALIZACAO POR SERVICO block"),
        (9, "file ends before the TOTALIZACAO POR SERVICO titles"),
        (10, "file ends before the TOTALIZACAO FATURA block"),
        (12, "file ends before the TOTALIZACAO FATURA block"),
        (14, "file ends before the TOTALIZACAO FATURA titles"),
        (15, "file ends before the rows of the TOTALIZACAO FATURA block"),
    ],
)
def test_truncated_file(keep: int, message: str) -> None:
    text = "\n".join(lines_of(SMALL)[:keep])
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(text)
    assert str(info.value) == message
    assert info.value.line is None


def test_truncated_before_the_invoice_total_row() -> None:
    text = "\n".join(lines_of(SMALL)[:-1])
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(text)
    assert info.value.line == 20
    assert str(info.value) == (
        "line 20: file ends before the invoice total row of the TOTALIZACAO FATURA block "
        "(the last row is 'CREDITOS')"
    )


def test_truncated_mid_line() -> None:
    text = SMALL[: SMALL.index("AB123456791BR") + 5]
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(text)
    assert str(info.value) == "line 7: expected 16 fields, found 9"


def test_is_a_value_error() -> None:
    with pytest.raises(ValueError, match=r"^file ends before the title line$"):
        parse_analytic_csv(b"\r\n;;\r\n")


# --------------------------------------------------------------------------- big files


def make_statement(items: int, seed: int = 7) -> str:
    """A valid statement of ``items`` detail lines whose blocks reconcile exactly."""
    rng = random.Random(seed)
    services = {"03220": "SEDEX CONTRATO AG", "03298": "PAC CONTRATO AG", "04227": "MINI ENVIOS"}
    lines = [
        "EXTRATO ANALITICO",
        "Nº DA FATURA;CNPJ;RAZAO SOCIAL;CONTRATO;SE DO CONTRATO;CENTRO DE CUSTO;STATUS;"
        "DATA VENCIMENTO;DATA FECHAMENTO;CODIGO DO CLIENTE;DATA PAGAMENTO",
        "123456;34028316000103;EMPRESA;9912345678;20;0001;Em aberto;10/03/2026;28/02/2026;1;",
        "CARTAO POSTAGEM;TITULAR CARTAO;CODIGO SERVICO;SERVICO;DATA POSTAGEM;SERVICOS ADICIONAIS;"
        "UNIDADE POSTAGEM;CEP DESTINATARIO;ETIQUETA;DOCUMENTO;PESO;VALOR UNITARIO;DESCONTO;"
        "QUANTIDADE;VALOR LIQUIDO;VALOR DECLARADO",
    ]
    totals = dict.fromkeys(services, 0)
    counts = dict.fromkeys(services, 0)
    for n in range(items):
        code = rng.choice(list(services))
        cents = rng.randrange(500, 50_000)
        discount = rng.randrange(0, 100)
        totals[code] += cents - discount
        counts[code] += 1
        lines.append(
            f"0067599079;EMPRESA;{code};{services[code]};{1 + n % 28:02d}/02/2026;;AC CENTRAL;"
            f"{rng.randrange(10**7, 10**8)};AB{n:09d}BR;;{rng.randrange(1, 30_000)};"
            f"{cents // 100},{cents % 100:02d};{discount // 100},{discount % 100:02d};1;"
            f"{(cents - discount) // 100},{(cents - discount) % 100:02d};"
        )
    lines += [
        "",
        "TOTALIZACAO POR SERVICO",
        ";".join(["CODIGO SERVICO", "DESCRICAO SERVICO"])
        + ";QUANTIDADE;VALOR SERVICO;DESCONTO;VALOR LIQUIDO",
    ]
    for code, net in totals.items():
        lines.append(f"{code};{services[code]};{counts[code]};0,00;0,00;{net // 100},{net % 100:02d}")
    grand = sum(totals.values())
    lines += [
        "",
        "TOTALIZACAO FATURA",
        "DESCRICAO;QUANTIDADE;VALOR",
        f"SERVICOS DO CICLO ATUAL;{items};{grand // 100},{grand % 100:02d}",
        f"TOTAL DA FATURA;;{grand // 100},{grand % 100:02d}",
    ]
    return "\r\n".join(lines) + "\r\n"


def test_hundred_thousand_lines_parse_and_reconcile() -> None:
    text = make_statement(100_000)
    statement = parse_analytic_csv(text.encode("utf-8"))
    assert len(statement.items) == 100_000
    assert statement.items[-1].etiqueta == "AB000099999BR"
    result = reconcile(statement)
    assert result.balanced
    assert result.items_total == statement.invoice_total


# --------------------------------------------------------------------------- read in chunks, kept as columns

BIG = 2 * CHUNK + 500
"""Detail lines of a statement read in three chunks."""

FIRST_DETAIL = 5
"""The physical line of ``make_statement``'s first detail line."""


def detail_field(text: str, line: int, title: str, value: str) -> str:
    """``text`` with the ``title`` field of physical ``line`` (a detail line) set to ``value``."""
    lines = lines_of(text)
    fields = lines[line - 1].split(";")
    fields[DETAIL_TITLES.index(title)] = value
    lines[line - 1] = ";".join(fields)
    return "\r\n".join(lines) + "\r\n"


def test_items_are_columns_made_into_items_when_read() -> None:
    items = parse_analytic_csv(SMALL).items
    assert isinstance(items, AnalyticItems)
    assert items.column("valor_liquido") == [Decimal("19.92"), Decimal("1200.00"), Decimal("200.00")]
    assert items.column("etiqueta") == ["AB123456789BR", "AB123456790BR", "AB123456791BR"]
    made = list(items)
    assert made == items
    assert items == made
    assert items[-1] == made[2]
    assert items[1:] == made[1:]
    assert isinstance(items[1:], AnalyticItems)
    assert AnalyticItems.of(made) == items
    assert AnalyticItems.of([]) == []
    with pytest.raises(IndexError):
        items[3]
    with pytest.raises(ValueError, match="16 columns of one length"):
        AnalyticItems([[1], [], *([[]] * 14)])


def test_reconcile_reads_columns_not_items(monkeypatch: pytest.MonkeyPatch) -> None:
    statement = parse_analytic_csv(make_statement(1000))

    def no_item(*_: object) -> None:
        raise AssertionError("an AnalyticItem was made")

    monkeypatch.setattr(AnalyticItems, "__iter__", no_item)
    monkeypatch.setattr(AnalyticItems, "__getitem__", no_item)
    assert reconcile(statement).balanced


def test_codes_with_spaces_reconcile_as_one_service() -> None:
    text = SMALL.replace("0067599079;EMPRESA EXEMPLO;03298;", "0067599079;EMPRESA EXEMPLO; 03220 ;")
    result = reconcile(parse_analytic_csv(text))
    assert result.items_by_service == {"03220": Decimal("1419.92")}
    assert list(result.service_differences) == ["03220", "03298"]


def test_odd_lines_in_any_chunk_read_as_the_plain_ones() -> None:
    """Lines the chunk cannot take (a blank line, amounts to read carefully, a trailing ``;``
    on some lines only, extra empty fields) are read as if they were plain, in every chunk."""
    text = make_statement(BIG)
    reference = parse_analytic_csv(text).items
    for line in (FIRST_DETAIL, CHUNK + 3, 2 * CHUNK + 4):  # a chunk's first line, its last, the next's first
        amount = reference[line - FIRST_DETAIL].valor_unitario
        text = detail_field(
            text, line, "VALOR UNITARIO", f" {amount:,.2f} ".translate(str.maketrans(",.", ".,"))
        )
        text = detail_field(
            text, line + 1, "PESO", f"{reference[line + 1 - FIRST_DETAIL].peso:,}".replace(",", ".")
        )
        discount = f" {reference[line + 2 - FIRST_DETAIL].desconto:.2f}".replace(".", ",")
        text = detail_field(text, line + 2, "DESCONTO", discount)
        text = detail_field(text, line + 3, "QUANTIDADE", " 1")
    lines = lines_of(text)
    for number in range(FIRST_DETAIL, FIRST_DETAIL + BIG, 3):
        lines[number - 1] += ";"
    lines[CHUNK] += ";;;"
    lines.insert(CHUNK + 100, "")
    lines.insert(2 * CHUNK, ";;")
    statement = parse_analytic_csv("\n".join(lines))
    assert statement.items == reference
    assert reconcile(statement).balanced


def read_carefully(read: Callable[[], object]) -> object:
    """What a reader makes of a text: its value, or its error's words."""
    try:
        return read()
    except AnalyticFormatError as error:
        return str(error)


@pytest.mark.parametrize(
    "text", [",50", "5,", "-,5", "1,2,3", "+5", "1e3", "", " ", "12,3x", "1.234,56", "-0,00", "0012,30"]
)
def test_an_amount_reads_as_the_careful_reader_says(text: str) -> None:
    line = CHUNK + 10
    source = detail_field(make_statement(BIG), line, "VALOR LIQUIDO", text)
    expected = read_carefully(lambda: money(text, line, "VALOR LIQUIDO"))
    assert (
        read_carefully(lambda: parse_analytic_csv(source).items[line - FIRST_DETAIL].valor_liquido)
        == expected
    )


@pytest.mark.parametrize("text", ["1.250", " 7 ", "", "-1", "1,5", "1 000", "\u0663", "007"])
def test_a_weight_reads_as_the_careful_reader_says(text: str) -> None:
    line = 2 * CHUNK + 7
    source = detail_field(make_statement(BIG), line, "PESO", text)
    expected = read_carefully(lambda: whole_number(text, line, "PESO", blank_is_zero=True))
    assert read_carefully(lambda: parse_analytic_csv(source).items[line - FIRST_DETAIL].peso) == expected


def test_an_error_deep_in_the_file_names_its_physical_line() -> None:
    """Lines before it that are not one row each (a blank line, a quoted field over two
    lines) count as the lines they are."""
    text = make_statement(BIG)
    text = detail_field(text, 100, "DOCUMENTO", '"NF\r\n2"')  # line 100 and 101 are one row now
    lines = lines_of(text)
    lines.insert(CHUNK, "")
    bad = 2 * CHUNK + 50
    lines = lines_of(detail_field("\r\n".join(lines), bad, "VALOR LIQUIDO", "12,3x"))
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv("\r\n".join(lines))
    assert info.value.line == bad
    assert str(info.value) == f"line {bad}: column VALOR LIQUIDO: '12,3x' is not an amount"
    assert parse_analytic_csv(text).items[100 - FIRST_DETAIL].documento == "NF\r\n2"


def test_the_first_of_two_errors_is_named() -> None:
    text = make_statement(BIG)
    text = detail_field(text, CHUNK + 20, "QUANTIDADE", "um")
    text = detail_field(text, CHUNK + 10, "VALOR DECLARADO", "x")
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(text)
    assert str(info.value) == f"line {CHUNK + 10}: column VALOR DECLARADO: 'x' is not an amount"


def test_an_unreadable_row_deep_in_the_file_names_its_line() -> None:
    line = CHUNK + 30
    text = detail_field(make_statement(BIG), line, "DOCUMENTO", "x" * (csv.field_size_limit() + 1))
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: unreadable CSV (field larger than field limit")


def test_a_file_cut_in_a_later_chunk() -> None:
    lines = lines_of(make_statement(BIG))
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv("\n".join(lines[: 2 * CHUNK + 40]))
    assert str(info.value) == "file ends before the TOTALIZACAO POR SERVICO block"
    with pytest.raises(AnalyticFormatError) as info:
        parse_analytic_csv("\n".join(lines[: CHUNK + FIRST_DETAIL - 1]))  # exactly one chunk of lines
    assert str(info.value) == "file ends before the TOTALIZACAO POR SERVICO block"


def test_repeated_texts_and_amounts_are_kept_once() -> None:
    """A card, a service, a discount repeated on every line is one object, not one a line."""
    items = parse_analytic_csv(make_statement(BIG)).items
    cards = items.column("cartao")
    assert all(card is cards[0] for card in cards)
    services = items.column("codigo_servico")
    assert len({id(code) for code in services}) == len(set(services)) == 3
    discounts = items.column("desconto")
    assert len({id(discount) for discount in discounts}) == len(set(discounts))
    labels = items.column("etiqueta")
    assert len(set(labels)) == BIG
