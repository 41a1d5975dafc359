"""Batch files read row by row, in any encoding a spreadsheet saves, and results written as they come."""

from __future__ import annotations

import csv
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.api.masking import scrub
from postalgui.api.models.price import ItemError, PriceQuery, QuoteResult
from postalgui.services.price.batch_csv import (
    BatchRow,
    ResultsCsvWriter,
    extra_columns,
    open_batch_csv,
    read_batch_csv,
    write_results_csv,
)
from postalgui.services.table_files import TableFileError

HEADER = "coProduto;cepOrigem;cepDestino;psObjeto"


def rows(count: int) -> list[str]:
    return [f"03220;01310100;05311900;{300 + n}" for n in range(count)]


def write(path: Path, lines: list[str], encoding: str = "utf-8") -> Path:
    path.write_bytes("\r\n".join(lines).encode(encoding) + "\r\n".encode(encoding))
    return path


def test_rows_are_read_lazily_one_pass_per_iteration(tmp_path: Path) -> None:
    # Line 4 is unreadable: a lazy reader gives lines 2 and 3 before it gets there.
    path = write(tmp_path / "lote.csv", [HEADER, *rows(2), "03220;" + "9" * (csv.field_size_limit() + 1)])
    reader = open_batch_csv(path)
    iterator: Iterator[BatchRow] = iter(reader)
    assert inspect.isgenerator(iter(reader))
    first = next(iterator)
    assert (first.line, first.ok) == (2, True)
    assert next(iterator).line == 3
    with pytest.raises(
        TableFileError, match=r"^line 4, column cepOrigem: a cell of 129 KB, over the 128 KB"
    ) as caught:
        next(iterator)
    assert caught.value.rule == "csv.cell_too_long"
    assert caught.value.params == {"line": 4, "column": "cepOrigem", "size": csv.field_size_limit() + 1}
    assert next(iter(reader)).line == 2  # each iteration reads the file anew


def test_a_cell_over_the_field_limit_names_its_line_and_no_csv_error_escapes(tmp_path: Path) -> None:
    big = "x" * (200 * 1024)
    path = write(tmp_path / "lote.csv", [HEADER, *rows(3), f'03220;01310100;05311900;"{big}"', *rows(1)])
    with pytest.raises(TableFileError, match="line 5, column psObjeto: a cell of 200 KB") as caught:
        read_batch_csv(path)
    assert not isinstance(caught.value, csv.Error)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_a_byte_order_mark_is_read(tmp_path: Path, encoding: str) -> None:
    lines = ["Produto\tCEP de origem\tCEP de destino\tPeso (g)", "03220\t01310-100\t05311-900\t300"]
    data = "\r\n".join(lines).encode(encoding)
    if encoding != "utf-16":  # Python's "utf-16" writes the mark itself; the others need it added
        data = ("\ufeff" + "\r\n".join(lines)).encode(encoding)
    path = tmp_path / "lote.txt"
    path.write_bytes(data)
    batch = read_batch_csv(path)
    assert batch.encoding == "utf-16"
    assert batch.delimiter == "\t"
    assert batch.ok, batch.problems
    (query,) = batch.queries
    assert (query.coProduto, query.cepDestino, query.psObjeto) == ("03220", "05311900", 300)


def test_utf16_without_a_mark_is_named(tmp_path: Path) -> None:
    path = tmp_path / "lote.csv"
    path.write_bytes("\r\n".join([HEADER, *rows(2)]).encode("utf-16-le"))
    with pytest.raises(TableFileError, match="UTF-16 without a byte-order mark") as caught:
        read_batch_csv(path)
    assert caught.value.rule == "csv.encoding"


def test_a_roll_row_needs_length_and_diameter(tmp_path: Path) -> None:
    path = write(
        tmp_path / "lote.csv",
        [
            HEADER + ";Formato;Comprimento;Diâmetro",
            "03220;01310100;05311900;300;rolo;20;",
            "03220;01310100;05311900;300;rolo;;5",
            "03220;01310100;05311900;300;rolo;20;5",
        ],
    )
    batch = read_batch_csv(path)
    found = [(problem.line, problem.column, problem.rule) for problem in batch.problems]
    assert found == [(2, "Diâmetro", "price.required"), (3, "Comprimento", "price.required")]
    assert len(batch.queries) == 1


def test_results_written_as_they_come_replace_the_file_only_when_complete(tmp_path: Path) -> None:
    target = tmp_path / "resultado.csv"
    target.write_text("old", encoding="utf-8")
    query = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="05311900", psObjeto=300)
    result = QuoteResult(0, query, None, ItemError(code="PRC-001", text="x"))

    def interrupted() -> None:
        with ResultsCsvWriter(target, []) as writer:
            writer.write(result)
            raise RuntimeError

    with pytest.raises(RuntimeError):
        interrupted()
    assert target.read_text(encoding="utf-8") == "old"
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left behind
    with ResultsCsvWriter(target, extra_columns([query])) as writer:
        writer.write(result)
    streamed = target.read_bytes()
    write_results_csv(target, [result])
    assert target.read_bytes() == streamed


def test_an_answer_a_spreadsheet_would_run_is_written_as_text(tmp_path: Path) -> None:
    """Issue 38 (CSV injection): a text the operator (or a gateway) sent back, written raw,
    would run in Excel; it is written behind a ``'``."""
    target = tmp_path / "resultado.csv"
    query = PriceQuery(coProduto="03220", cepOrigem="01310100", cepDestino="05311900", psObjeto=300)
    formula = '=HYPERLINK("http://x","y")'
    write_results_csv(target, [QuoteResult(0, query, None, ItemError(code="", text=formula))])
    written = target.read_bytes().decode("utf-8-sig")
    quoted = formula.replace('"', '""')  # as the CSV writes a quote inside a cell
    assert f';"\'{quoted}"' in written
    assert f';"{quoted}"' not in written


def test_scrub_removes_the_user_information_of_urls() -> None:
    text = "Could not reach http://clerk:s3cr3t-pass@10.0.0.1:8080/preco (and https://token@host/x)"
    cleaned = scrub(text)
    assert "s3cr3t-pass" not in cleaned
    assert "clerk" not in cleaned
    assert "token@" not in cleaned
    assert "http://10.0.0.1:8080/preco" in cleaned
    assert "https://host/x" in cleaned
    assert scrub("write to ana@example.com") == "write to ana@example.com"  # not a URL
