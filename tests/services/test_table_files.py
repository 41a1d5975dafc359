"""A clerk's table file read to rows or to one `TableFileError` naming the file and the
problem: a cell too long by its line, column and size (wherever quotes and line breaks put
it), a folder or a missing file by the system's reason; never the csv module's error."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from postalgui.services.table_files import CELL_LIMIT, TableFileError, header_key, table_rows

BIG = "x" * (CELL_LIMIT + 10)


@pytest.mark.parametrize(
    ("record", "column"),
    [
        (f"Ana;{BIG};SP", "cep"),
        (f'Ana;"{BIG[:50]}""quoted"" and a;";"{BIG}"', "cidade"),  # ; and "" inside quotes
        (f'"Ana\nLima";"a\n{BIG}\nb";SP', "cep"),  # line breaks inside quotes
        (f'Ana;"a quote left open;SP\n{BIG}\n', "cep"),  # it swallows the rest of the file
    ],
)
def test_a_cell_too_long_is_named_by_file_line_column_and_size(
    tmp_path: Path, record: str, column: str
) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text(f"nome;cep;cidade\nBruno;01310100;Rio\n{record}\n", encoding="utf-8")
    limit = csv.field_size_limit()
    csv.field_size_limit(1 << 30)
    try:  # the cell's size as the csv module reads it when it may
        with path.open(encoding="utf-8", newline="") as handle:
            *_, cells = csv.reader(handle, delimiter=";")
    finally:
        csv.field_size_limit(limit)
    size = max(len(cell) for cell in cells)

    with pytest.raises(TableFileError) as caught:
        list(table_rows(path))

    assert str(caught.value).startswith(
        f"clientes.csv: line 3, column {column}: a cell of 129 KB, over the 128 KB"
    )
    assert caught.value.rule == "csv.cell_too_long"
    assert caught.value.params == {"line": 3, "column": column, "size": size}


@pytest.mark.parametrize(
    ("make", "reason"), [(Path.mkdir, "Is a directory"), (lambda path: None, "No such file")]
)
def test_a_folder_or_a_missing_file_is_named_with_the_systems_reason(
    tmp_path: Path, make: object, reason: str
) -> None:
    path = tmp_path / "clientes.csv"
    make(path)  # type: ignore[operator]  # one of the two above

    with pytest.raises(TableFileError, match=f"^clientes.csv: cannot be read \\({reason}"):
        list(table_rows(path))


def test_titles_compare_without_case_accents_spaces_and_punctuation() -> None:
    assert {header_key(title) for title in ("cpfCnpj", "cpf_cnpj", "CPF/CNPJ", " CPF - CNPJ ")} == {"cpfcnpj"}
    assert header_key("Endereço Nº") == "enderecono"
