"""Batch CSV import (what Excel and LibreOffice save) and the results export."""

from __future__ import annotations

import csv
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from postalgui.api.models.price import ItemError, ObjectFormat, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.price.batch_csv import (
    RESULT_COLUMNS,
    BatchFileError,
    RowProblem,
    field_for_header,
    read_batch_csv,
    read_batch_text,
    write_results_csv,
)
from tests import price_samples as samples


def write(tmp_path: Path, text: str, encoding: str = "utf-8", name: str = "lote.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def problem(batch_problems: list[RowProblem], line: int, field: str) -> RowProblem:
    found = [item for item in batch_problems if item.line == line and item.field == field]
    assert len(found) == 1, batch_problems
    return found[0]


# --------------------------------------------------------------------------- reading


def test_semicolon_file_in_cp1252_with_portuguese_headers(tmp_path: Path) -> None:
    text = (
        "Código do produto;CEP de origem;CEP de destino;Peso (g);Formato;Comprimento (cm);"
        "Largura (cm);Altura (cm);Serviços adicionais;Valor declarado (R$);Data do evento;Nº requisição\r\n"
        "03220;01310-100;20040-020;300;pacote;20;20;20;019 001;200,00;05/01/2026;ETQ-1\r\n"
        "3298;01310100;30130-010;19600;2;50,5;40;30;064|001;1.234,56;22-11-2026;\r\n"
    )
    batch = read_batch_csv(write(tmp_path, text, "cp1252"))
    assert batch.encoding == "cp1252"
    assert batch.delimiter == ";"
    assert batch.ok, batch.problems
    assert batch.ignored_columns == ()
    assert batch.columns["Código do produto"] == "coProduto"
    assert batch.columns["Valor declarado (R$)"] == "vlDeclarado"
    first, second = batch.queries
    assert first == PriceQuery(
        coProduto="03220",
        cepOrigem="01310100",
        cepDestino="20040020",
        psObjeto=300,
        tpObjeto=ObjectFormat.PACKAGE,
        comprimento=Decimal(20),
        largura=Decimal(20),
        altura=Decimal(20),
        servicosAdicionais=("019", "001"),
        vlDeclarado=Decimal("200.00"),
        dtEvento=date(2026, 1, 5),
        nuRequisicao="ETQ-1",
    )
    assert second.coProduto == "03298"
    assert second.comprimento == Decimal("50.5")
    assert second.servicosAdicionais == ("064", "001")
    assert second.vlDeclarado == Decimal("1234.56")
    assert second.dtEvento == date(2026, 11, 22)
    assert [row.line for row in batch.rows] == [2, 3]


def test_comma_file_utf8_with_bom_and_operator_names(tmp_path: Path) -> None:
    text = (
        "coProduto,CEPORIGEM,cep_destino,psObjeto,vlDeclarado,servicosAdicionais\n"
        '03220,01310100,20040020,300,"200,50","019,001"\n'
    )
    batch = read_batch_csv(write(tmp_path, text, "utf-8-sig"))
    assert batch.encoding == "utf-8-sig"
    assert batch.delimiter == ","
    (query,) = batch.queries
    assert query.vlDeclarado == Decimal("200.50")
    assert query.servicosAdicionais == ("019", "001")


def test_plain_utf8_accented_headers(tmp_path: Path) -> None:
    batch = read_batch_csv(write(tmp_path, "Serviço;País;Peso\n04510;us;500\n"))
    assert batch.encoding == "utf-8"
    (query,) = batch.queries
    assert query.sgPaisDestino == "US"
    assert query.international


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Produto", "coProduto"),
        ("Código do produto", "coProduto"),
        ("SERVIÇO", "coProduto"),
        ("Requisição", "nuRequisicao"),
        ("Nº requisição", "nuRequisicao"),
        ("Etiqueta", "nuRequisicao"),
        ("Contrato", "nuContrato"),
        ("DR", "nuDR"),
        ("CEP origem", "cepOrigem"),
        ("cep_de_origem", "cepOrigem"),
        ("CEP destino", "cepDestino"),
        ("País de destino", "sgPaisDestino"),
        ("Peso", "psObjeto"),
        ("Peso (g)", "psObjeto"),
        ("Peso em gramas", "psObjeto"),
        ("Tipo de objeto", "tpObjeto"),
        ("Diâmetro (cm)", "diametro"),
        ("Peso cúbico", "psCubico"),
        ("Critérios", "criterios"),
        ("Valor declarado R$", "vlDeclarado"),
        ("Data", "dtEvento"),
        ("Data de armazenagem", "dtArmazenagem"),
        ("Valor da remessa (R$)", "vlRemessa"),
        ("coUnidadeOrigem", "coUnidadeOrigem"),
        ("NUUNIDADE", "nuUnidade"),
        ("Peso (kg)", None),  # kilos are not grams: never read silently as weight
        ("pcFinal", None),
    ],
)
def test_header_titles(header: str, field: str | None) -> None:
    assert field_for_header(header) == field


def test_every_problem_names_line_column_and_rule(tmp_path: Path) -> None:
    text = (
        "Produto;CEP origem;CEP destino;Peso (g);Formato;Comprimento;Serviços adicionais;Data;DR\n"
        "03220;01310100;2004002X;300;;;;;\n"  # line 2: bad CEP
        "\n"  # line 3: blank, skipped
        "03220;01310100;20040020;abc;caixote;;;;\n"  # line 4: weight and format
        "ABCDE;01310100;20040020;0;;vinte;1;31/02/2026;x\n"  # line 5: product, positive, size, date, DR
        "03220;01310100;20040020;300;;;019;;\n"  # line 6: fine
    )
    batch = read_batch_csv(write(tmp_path, text))
    assert not batch.ok
    assert [row.line for row in batch.rows] == [2, 4, 5, 6]
    assert [row.query is None for row in batch.rows] == [True, True, True, False]
    found = batch.problems
    cep = problem(found, 2, "cepDestino")
    assert (cep.column, cep.rule) == ("CEP destino", "cep.digits")
    assert "2004002X" in cep.message
    assert problem(found, 4, "psObjeto").rule == "weight.format"
    assert problem(found, 4, "psObjeto").column == "Peso (g)"
    assert problem(found, 4, "tpObjeto").rule == "price.format"
    assert problem(found, 5, "coProduto").rule == "price.product"
    assert problem(found, 5, "coProduto").column == "Produto"
    assert problem(found, 5, "comprimento").rule == "price.size_format"
    assert problem(found, 5, "dtEvento").rule == "date.invalid"
    assert problem(found, 5, "nuDR").rule == "dr.digits"
    assert len(batch.queries) == 1
    assert all(item.message for item in found)


def test_positive_rule_from_the_model_names_its_column(tmp_path: Path) -> None:
    batch = read_batch_csv(
        write(tmp_path, "Produto;CEP origem;CEP destino;Peso (g)\n03220;01310100;20040020;0\n")
    )
    (found,) = batch.problems
    assert (found.line, found.column, found.field, found.rule) == (
        2,
        "Peso (g)",
        "psObjeto",
        "price.positive",
    )


def test_problems_follow_the_column_order(tmp_path: Path) -> None:
    batch = read_batch_csv(write(tmp_path, "Peso;CEP destino;CEP origem;Produto\nabc;123;01310100;1234567\n"))
    assert [item.field for item in batch.problems] == ["psObjeto", "cepDestino", "coProduto"]


def test_defaults_fill_blank_cells_and_missing_columns(tmp_path: Path) -> None:
    text = "Produto;CEP origem;CEP destino;Peso\n03220;;20040020;300\n03220;04538-132;20040020;300\n"
    batch = read_batch_csv(
        write(tmp_path, text),
        defaults={"cepOrigem": "01310-100", "nuContrato": "9912208555", "nuDR": "10"},
    )
    assert batch.ok
    first, second = batch.queries
    assert first.cepOrigem == "01310100"
    assert second.cepOrigem == "04538132"  # a filled cell wins over the default
    assert first.nuContrato == second.nuContrato == "9912208555"
    assert first.nuDR == 10


def test_a_bad_default_is_reported_under_the_field_name(tmp_path: Path) -> None:
    batch = read_batch_csv(
        write(tmp_path, "Produto;CEP destino;Peso\n03220;20040020;300\n"), defaults={"cepOrigem": "123"}
    )
    (found,) = batch.problems
    assert (found.column, found.field, found.rule) == ("cepOrigem", "cepOrigem", "cep.length")


def test_unknown_default_field_is_a_programming_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cep_origem"):
        read_batch_csv(write(tmp_path, "Produto\n03220\n"), defaults={"cep_origem": "01310100"})


def test_required_fields_national_and_international(tmp_path: Path) -> None:
    text = (
        "Produto;CEP origem;CEP destino;País;Peso\n"
        "03220;;;;\n"  # national: origin, destination and weight missing
        "04510;;;US;\n"  # international: weight missing only
        "04510;;;FR;250\n"  # international and complete
    )
    batch = read_batch_csv(write(tmp_path, text))
    national = {item.field: item for item in batch.rows[0].problems}
    assert set(national) == {"cepOrigem", "cepDestino", "psObjeto"}
    assert {item.rule for item in national.values()} == {"price.required"}
    assert {item.message for item in national.values()} == {"Required for pricing"}
    assert national["cepOrigem"].column == "CEP origem"  # the column exists, the cell is blank
    international = batch.rows[1].problems
    assert [(item.field, item.rule) for item in international] == [("psObjeto", "price.required")]
    assert batch.rows[2].ok


def test_required_column_missing_is_named_by_field(tmp_path: Path) -> None:
    batch = read_batch_csv(write(tmp_path, "Produto;CEP origem;Peso\n03220;01310100;300\n"))
    (found,) = batch.problems
    assert (found.column, found.field, found.rule) == ("cepDestino", "cepDestino", "price.required")


def test_blank_product_is_required_not_malformed(tmp_path: Path) -> None:
    batch = read_batch_csv(write(tmp_path, "Produto;CEP origem;CEP destino;Peso\n;01310100;20040020;300\n"))
    (found,) = batch.problems
    assert (found.field, found.rule) == ("coProduto", "price.required")


def test_unknown_columns_are_a_warning(tmp_path: Path) -> None:
    text = "Cliente;Produto;CEP origem;CEP destino;Peso (kg);Peso;;\nAna;03220;01310100;20040020;0,3;300;;\n"
    batch = read_batch_csv(write(tmp_path, text))
    assert batch.ok
    assert batch.ignored_columns == ("Cliente", "Peso (kg)")


def test_spreadsheet_habits(tmp_path: Path) -> None:
    """Excel drops a CEP's leading zero and writes weights with a thousands dot."""
    batch = read_batch_csv(
        write(tmp_path, "Produto;CEP origem;CEP destino;Peso;Data\n3220;1310100;20040020;1.500;2026-01-05\n")
    )
    (query,) = batch.queries
    assert query.cepOrigem == "01310100"
    assert query.psObjeto == 1500
    assert query.dtEvento == date(2026, 1, 5)


def test_quoted_multiline_cell_keeps_physical_line_numbers(tmp_path: Path) -> None:
    text = (
        "Produto;Requisição;CEP origem;CEP destino;Peso\n"
        '03220;"a\nb";01310100;20040020;300\n'
        "03220;x;1;20040020;300\n"
    )
    batch = read_batch_csv(write(tmp_path, text))
    assert [row.line for row in batch.rows] == [2, 4]
    # A request id is one line: the break is refused, named at the row's own line.
    assert batch.rows[0].query is None
    assert [(found.line, found.rule) for found in batch.rows[0].problems] == [(2, "text.control")]
    assert "U+000A (LINE FEED)" in batch.rows[0].problems[0].message
    assert batch.problems[-1].line == 4


def test_row_longer_than_header(tmp_path: Path) -> None:
    batch = read_batch_csv(
        write(tmp_path, "Produto;CEP origem;CEP destino;Peso\n03220;01310100;20040020;300;5\n")
    )
    (found,) = batch.problems
    assert (found.line, found.rule) == (2, "csv.extra_cells")


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("", "csv.empty", "empty"),
        ("\r\n  \r\n", "csv.empty", "empty"),
        ("Produto;CEP origem\n", "csv.no_rows", "no data rows"),
        ("Produto;CEP origem\n;\n\n", "csv.no_rows", "no data rows"),
        ("CEP origem;Peso\n01310100;300\n", "csv.no_product_column", "product column"),
        ("Produto;coProduto;Peso\n03220;03220;300\n", "csv.duplicate_column", "'Produto' and 'coProduto'"),
    ],
)
def test_file_level_errors(tmp_path: Path, text: str, rule: str, words: str) -> None:
    with pytest.raises(BatchFileError, match=words) as caught:
        read_batch_csv(write(tmp_path, text))
    assert caught.value.rule == rule
    assert isinstance(caught.value, ValueError)


def test_pasted_tab_separated_text() -> None:
    batch = read_batch_text(
        "Produto\tCEP origem\tCEP destino\tPeso (g)\tServiços adicionais\n"
        "03220\t01310-100\t20040-020\t300\t019, 001\n",
    )
    assert batch.delimiter == "\t"
    assert batch.encoding == ""
    (query,) = batch.queries
    assert query.servicosAdicionais == ("019", "001")


# --------------------------------------------------------------------------- writing

NATIONAL = PriceQuery(
    coProduto="03220",
    nuRequisicao="ETQ 1; com ponto e vírgula",
    nuContrato="9912208555",
    nuDR=10,
    cepOrigem="01310100",
    cepDestino="20040020",
    psObjeto=300,
    nuUnidade="2",
    tpObjeto=ObjectFormat.PACKAGE,
    comprimento=Decimal("20.5"),
    largura=Decimal(20),
    altura=Decimal(20),
    psCubico=1400,
    servicosAdicionais=("019", "001"),
    criterios=("101", "102"),
    vlDeclarado=Decimal("1234.5"),
    dtEvento=date(2026, 1, 5),
    coUnidadeOrigem="00123456",
    dtArmazenagem=date(2026, 1, 9),
    vlRemessa=Decimal("10.125"),
)
INTERNATIONAL = PriceQuery(coProduto="04510", sgPaisDestino="US", psObjeto=500, diametro=Decimal(8))
OFFICIAL = PriceResponse.model_validate(samples.OFFICIAL)
RESULTS = [
    QuoteResult(0, NATIONAL, OFFICIAL),
    QuoteResult(1, INTERNATIONAL, None, ItemError(code="PRC-101", text="País não atendido")),
    QuoteResult(
        2, PriceQuery(coProduto="03298", cepOrigem="01310100", cepDestino="30130010", psObjeto=1), None
    ),
]


def test_results_csv_format(tmp_path: Path) -> None:
    path = tmp_path / "out" / "resultados.csv"
    write_results_csv(path, RESULTS)
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    lines = data.decode("utf-8-sig").split("\r\n")
    header = lines[0].split(";")
    assert tuple(header[: len(RESULT_COLUMNS)]) == RESULT_COLUMNS
    extra = header[len(RESULT_COLUMNS) :]
    assert "comprimento" in extra
    assert "dtEvento" in extra
    assert "largura" in extra
    first = dict(zip(header, _cells(lines[1]), strict=True))
    assert first["linha"] == "1"
    assert first["pcFinal"] == "19,92"
    assert first["pcTotalServicosAdicionais"] == "8,79"
    assert first["vlDeclarado"] == "1234,50"  # decimal comma, no thousands separator
    assert first["peAdValorem"] == "0,0100"
    assert first["servicosAdicionais"] == "019 001"
    assert first["comprimento"] == "20,5"
    assert first["dtEvento"] == "05-01-2026"
    assert first["erro"] == ""
    second = dict(zip(header, _cells(lines[2]), strict=True))
    assert second["erro"] == "PRC-101: País não atendido"
    assert second["pcFinal"] == ""
    assert second["sgPaisDestino"] == "US"
    assert list(path.parent.iterdir()) == [path]  # no temporary file left


def _cells(line: str) -> list[str]:
    return next(csv.reader([line], delimiter=";"))


def test_results_round_trip_gives_the_same_queries(tmp_path: Path) -> None:
    path = tmp_path / "resultados.csv"
    write_results_csv(path, RESULTS)
    batch = read_batch_csv(path)
    assert batch.ok, batch.problems
    assert batch.delimiter == ";"
    assert batch.queries == [result.query for result in RESULTS]
    assert "pcFinal" in batch.ignored_columns
    assert "linha" in batch.ignored_columns


def test_results_without_optional_fields_have_exactly_the_result_columns(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    write_results_csv(path, RESULTS[2:])
    header = path.read_text(encoding="utf-8-sig").splitlines()[0]
    assert tuple(header.split(";")) == RESULT_COLUMNS
    assert read_batch_csv(path).queries == [RESULTS[2].query]


def test_results_file_is_replaced_atomically(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_text("old", encoding="utf-8")
    write_results_csv(path, RESULTS[:1])
    assert path.read_text(encoding="utf-8-sig").startswith("linha;")
    assert sorted(item.name for item in tmp_path.iterdir()) == ["r.csv"]


def test_rows_with_problems_are_skipped_and_the_others_keep_their_numbers() -> None:
    """Blank lines count as lines, not as rows: a problem names both, and the valid rows
    are sent at their own row numbers (`BatchFile.indices`)."""
    text = "coProduto;cepOrigem;cepDestino;psObjeto\n03220;01310100;05311900;300\n\n03298;01310100;0531;300\n"
    text += "03298;01310100;05311900;abc\n04227;01310100;05311900;200\n"
    batch = read_batch_text(text)
    assert [(row.number, row.line, row.ok) for row in batch.rows] == [
        (1, 2, True),
        (2, 4, False),
        (3, 5, False),
        (4, 6, True),
    ]
    assert [(problem.row, problem.line) for problem in batch.problems] == [(2, 4), (3, 5)]
    assert [query.coProduto for query in batch.queries] == ["03220", "04227"]
    assert batch.indices == [0, 3]
    assert batch.skipped_lines == [4, 5]
