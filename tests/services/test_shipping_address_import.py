"""Addresses from a clerk's file: every row checked with its row and column named, the
street and city from the CEP when empty (an unknown CEP is that row's problem), and only
the good rows saved."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from openpyxl import Workbook

from postalgui.api.cancel import PlainTask
from postalgui.api.cep import UnknownCepError
from postalgui.api.models.cep import CepAddress
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.address_import import (
    complete_addresses,
    import_addresses,
    read_address_file,
    read_addresses,
)
from postalgui.services.shipping.addresses import AddressBook, AddressKind
from postalgui.services.shipping.cep_cache import CepCache
from postalgui.services.table_files import TableFileError

HEADER = "nome;cep;logradouro;numero;complemento;bairro;cidade;uf;email;celular;cpfCnpj;grupo"
UNKNOWN = "99999999"


class FakeCepClient:
    def __init__(self) -> None:
        self.asked: list[str] = []

    def lookup(self, cep: str) -> CepAddress:
        self.asked.append(cep)
        if cep == UNKNOWN:
            raise UnknownCepError(["CEP-001: CEP não encontrado"], status=400)
        return CepAddress(cep=cep, logradouro="Rua Emulada", bairro="Centro", localidade="Campinas", uf="SP")


class FakeShipping:
    """What the import use cases ask of `ShippingService`: the CEP lookup and the book."""

    def __init__(self, tmp_path: Path, office: OfficeDatabase) -> None:
        self.client = FakeCepClient()
        self._cache = CepCache(tmp_path / "cep.json")
        self._office = office

    def cep_client(self) -> FakeCepClient:
        return self.client

    def cep_cache(self) -> CepCache:
        return self._cache

    def now(self) -> datetime:
        return datetime(2026, 11, 25, tzinfo=UTC)

    def addresses(self) -> AddressBook:
        return AddressBook(self._office)


@pytest.fixture
def office(tmp_path: Path) -> Iterator[OfficeDatabase]:
    database = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
    yield database
    database.close()


def write_csv(path: Path, *lines: str, encoding: str = "utf-8-sig") -> Path:
    path.write_text("\n".join([HEADER, *lines]) + "\n", encoding=encoding)
    return path


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-8", "latin-1"])
def test_rows_are_read_in_any_house_encoding(tmp_path: Path, encoding: str) -> None:
    path = write_csv(
        tmp_path / "clientes.csv",
        "José Araújo;20040-020;Rua da Assembleia;10;sala 2;Centro;Rio de Janeiro;rj;jose@example.com;"
        "(21) 99876-5432;;Atacado",
        encoding=encoding,
    )

    [row] = read_addresses(path, AddressKind.RECIPIENT)

    assert row.good
    assert row.row == 2
    assert row.address is not None
    assert (row.address.name, row.address.cep, row.address.state) == ("José Araújo", "20040020", "RJ")
    assert (row.address.phone, row.address.group, row.address.kind) == ("21998765432", "Atacado", "recipient")


def test_each_problem_names_its_row_and_column(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "clientes.csv",
        "Ana;01310-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;;;",
        ";01310-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;;;",
        "",
        "Bruno;0131-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;;;",
        "Carla;01310-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;123;;",
    )

    rows = read_addresses(path)

    assert [row.row for row in rows] == [2, 3, 5, 6]  # the empty line 4 is no row
    assert [row.good for row in rows] == [True, False, False, False]
    problems = [(problem.row, problem.column) for row in rows for problem in row.problems]
    assert problems == [(3, "nome"), (5, "cep"), (6, "celular")]
    assert "8 digits" in rows[2].problems[0].message


def test_a_file_without_the_cep_column_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text("nome;cidade\nAna;Campinas\n", encoding="utf-8")

    with pytest.raises(TableFileError, match="no column cep"):
        read_addresses(path)


def test_a_sheets_own_titles_are_read_and_the_columns_not_understood_are_named(tmp_path: Path) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text(
        "Nome;CEP;Endereço;Nº;Bairro;Município;Estado;E-mail;Telefone;cpf_cnpj;Observação;Fax\n"
        "Ana Lima;01310-100;Av. Paulista;1000;Bela Vista;São Paulo;SP;ana@example.com;(11) 98765-4321;"
        "529.982.247-25;cliente antiga;11 3333-4444\n",
        encoding="utf-8",
    )

    read = read_address_file(path)

    [row] = read.rows
    assert row.good, row.problems
    assert row.address is not None
    assert (row.address.street, row.address.number, row.address.city, row.address.state) == (
        "Av. Paulista",
        "1000",
        "São Paulo",
        "SP",
    )
    assert (row.address.email, row.address.phone, row.address.cpf_cnpj) == (
        "ana@example.com",
        "11987654321",
        "52998224725",
    )
    assert read.ignored == ("Observação", "Fax")  # said, not lost in silence


def test_a_columns_own_name_wins_over_an_alias_and_the_second_is_named(tmp_path: Path) -> None:
    path = tmp_path / "clientes.csv"
    path.write_text(
        "Telefone;nome;cep;celular\n11 3333-4444;Ana;01310100;(11) 98765-4321\n", encoding="utf-8"
    )

    read = read_address_file(path)

    assert read.rows[0].address is not None
    assert read.rows[0].address.phone == "11987654321"
    assert read.ignored == ("Telefone",)


def test_a_workbook_gives_back_the_leading_zero_of_a_cep(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Nome", "CEP", "Cidade", "UF", "Logradouro", "Bairro"])
    sheet.append(["Ana", 1310100, "São Paulo", "SP", "Av. Paulista", "Bela Vista"])
    path = tmp_path / "clientes.xlsx"
    book.save(path)

    [row] = read_addresses(path)

    assert row.good
    assert row.address is not None
    assert row.address.cep == "01310100"


def test_the_cep_fills_empty_addresses_and_an_unknown_one_is_a_problem(
    tmp_path: Path, office: OfficeDatabase
) -> None:
    service = FakeShipping(tmp_path, office)
    path = write_csv(
        tmp_path / "clientes.csv",
        "Ana;13010-000;;5;;;;;;;;",
        "Bia;13010-000;;7;;;;;;;;",
        f"Caio;{UNKNOWN};;9;;;;;;;;",
        "Davi;01310-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;;;",
    )
    rows = read_addresses(path)
    assert all(row.good for row in rows)  # what the CEP fills is not asked of the file

    completed = complete_addresses(PlainTask(), service, rows)  # type: ignore[arg-type]  # a fake service

    assert service.client.asked == ["13010000", UNKNOWN]  # once per CEP; the full address not at all
    first = completed[0].address
    assert first is not None
    assert (first.street, first.district, first.city, first.state, first.number) == (
        "Rua Emulada", "Centro", "Campinas", "SP", "5",
    )  # fmt: skip
    [problem] = completed[2].problems
    assert (problem.row, problem.column) == (4, "cep")
    assert problem.message.startswith("CEP-001: CEP não encontrado")  # the operator's words and code
    assert [row.good for row in completed] == [True, True, False, True]


def test_import_saves_the_good_rows_only(tmp_path: Path, office: OfficeDatabase) -> None:
    service = FakeShipping(tmp_path, office)
    path = write_csv(
        tmp_path / "clientes.csv",
        "Ana;13010-000;;5;;;;;;;;",
        f"Caio;{UNKNOWN};;9;;;;;;;;",
        ";01310-100;Av. Paulista;1000;;Bela Vista;São Paulo;SP;;;;",
    )
    progress: list[tuple[int, int | None]] = []
    task = PlainTask(on_progress=lambda step: progress.append((step.done, step.total)))

    saved = import_addresses(task, service, read_addresses(path))  # type: ignore[arg-type]  # a fake service

    assert saved == 1
    [kept] = service.addresses().list()
    assert (kept.name, kept.city, kept.kind) == ("Ana", "Campinas", AddressKind.RECIPIENT)
    assert progress[-1] == (1, 1)
