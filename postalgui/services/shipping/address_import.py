"""Addresses imported from a clerk's file (CSV with ``;`` or .xlsx) into the address book.

The columns are named as the pre-posting API names a person's fields (``nome``, ``cep``,
``logradouro``, ``numero``, ``complemento``, ``bairro``, ``cidade``, ``uf``, ``email``,
``celular``, ``cpfCnpj``) plus ``grupo``, or by the words a clerk's sheet uses for them
(`ALIASES`: ``cpf_cnpj``, ``CPF``, ``telefone``, ``e-mail``, ``endereço``...); headers
compare without case, accents, spaces and punctuation, their order is free. Any other
column is not read and is named (`AddressFile.ignored`): a phone under a title nobody
knows is said lost, not lost in silence. Reading sends nothing: each row is checked
as a save would check it, and its problems name the row (the file's line: the header is
row 1) and the column. A row whose street, district, city and state are all empty takes
them from its CEP (`complete_addresses`, the CEP service through this desk's cache); an
unknown CEP is then that row's problem. `import_addresses` saves the rows without
problems in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.models.prepostings import FROM_CEP, WIRE_NAMES
from postalgui.api.values import InvalidValue, format_cep
from postalgui.services.shipping.addresses import Address, AddressKind, check_address, tidied
from postalgui.services.spreadsheet import is_xlsx
from postalgui.services.table_files import column_positions, ignored_titles, table_rows

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.cep import CepLookup
    from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping.cep import lookup_cep

__all__ = [
    "ALIASES",
    "COLUMNS",
    "AddressFile",
    "AddressProblem",
    "AddressRow",
    "complete_addresses",
    "import_addresses",
    "read_address_file",
    "read_addresses",
]

COLUMNS: dict[str, str] = {**WIRE_NAMES, "grupo": "group"}
"""The file's column -> the `Address` field it fills."""
REQUIRED = ("nome", "cep")
ALIASES: dict[str, str] = {
    "nome completo": "nome", "razao social": "nome", "destinatario": "nome", "remetente": "nome",
    "endereco": "logradouro", "rua": "logradouro",
    "no": "numero", "num": "numero", "nro": "numero",
    "compl": "complemento",
    "municipio": "cidade",
    "estado": "uf",
    "telefone": "celular", "fone": "celular", "tel": "celular", "telefone celular": "celular",
    "whatsapp": "celular",
    "cpf": "cpfCnpj", "cnpj": "cpfCnpj", "documento": "cpfCnpj",
}  # fmt: skip
"""Other titles of a person's columns, as clerks' sheets write them (-> the API's name);
compared as `table_files.header_key` compares (``CPF/CNPJ`` is ``cpf_cnpj``). Orders files
take them too. A column's own name wins over an alias of it."""


@dataclass(frozen=True)
class AddressProblem:
    """What is wrong with ``column`` of ``row``: ``message`` in English words (the CLI's);
    ``error`` the rule broken, for the window to word in its language (``None``: the
    operator's words, as ``message`` gives them)."""

    row: int
    column: str
    message: str
    error: InvalidValue | None = None


@dataclass(frozen=True)
class AddressRow:
    """A row of the file: its address (``None`` when unusable) and its problems."""

    row: int
    address: Address | None
    problems: tuple[AddressProblem, ...] = ()

    @property
    def good(self) -> bool:
        return self.address is not None and not self.problems

    @property
    def needs_cep(self) -> bool:
        """Whether the CEP is still to fill the street, district, city and state."""
        return self.address is not None and not any(getattr(self.address, name) for name in FROM_CEP)


@dataclass(frozen=True)
class AddressFile:
    """A file's rows, and the titles of its columns that were not read (`ignored_titles`)."""

    rows: list[AddressRow]
    ignored: tuple[str, ...] = ()


def _workbook_digits(value: str, widths: Sequence[int]) -> str:
    """A number a workbook stored without its leading zeros, given them back
    (``1310100`` -> ``01310100``)."""
    bare = value.removesuffix(".0")
    if bare.isdigit():
        for width in widths:
            if len(bare) == width - 1:
                return bare.zfill(width)
    return value


def _address(values: dict[str, str], kind: AddressKind, workbook: bool) -> Address:
    if workbook:
        values["cep"] = _workbook_digits(values.get("cep", ""), (8,))
        values["cpf_cnpj"] = _workbook_digits(values.get("cpf_cnpj", ""), (11, 14))
    return tidied(Address(kind=kind, **values))  # type: ignore[arg-type]  # str fields only


def problem_of(row: int, error: InvalidValue) -> AddressProblem:
    """``error`` of a check as the problem of ``row``, in the column it names."""
    return AddressProblem(row, str(error.params.get("field", "")), error.message, error)


def _checked(row: int, address: Address) -> AddressRow:
    """``address`` checked by its columns' names; what its CEP is to fill is not asked yet."""
    try:
        check_address(address, role="", complete=not AddressRow(row, address).needs_cep)
    except InvalidValue as exc:
        return AddressRow(row, address, (problem_of(row, exc),))
    return AddressRow(row, address)


def _data_rows(rows: Iterator[list[str]], positions: dict[str, int]) -> Iterator[tuple[int, dict[str, str]]]:
    for number, cells in enumerate(rows, start=2):
        values = {
            COLUMNS[column]: cells[position].strip() if position < len(cells) else ""
            for column, position in positions.items()
        }
        if any(values.values()):
            yield number, values


def read_address_file(path: Path, kind: AddressKind = AddressKind.RECIPIENT) -> AddressFile:
    """Every filled row of ``path`` as an address of ``kind``, checked (nothing sent), and
    the columns not read. Raises `TableFileError` when the file cannot be read or lacks
    ``nome`` or ``cep``."""
    path = Path(path)
    workbook = is_xlsx(path)
    rows = table_rows(path)
    header = next(rows, [])
    positions = column_positions(header, COLUMNS, REQUIRED, path.name, aliases=ALIASES)
    read = [
        _checked(number, _address(values, kind, workbook)) for number, values in _data_rows(rows, positions)
    ]
    return AddressFile(read, ignored_titles(header, positions))


def read_addresses(path: Path, kind: AddressKind = AddressKind.RECIPIENT) -> list[AddressRow]:
    """`read_address_file`'s rows."""
    return read_address_file(path, kind).rows


def complete_addresses(
    task: TaskControl, service: ShippingService, rows: Sequence[AddressRow]
) -> list[AddressRow]:
    """``rows`` with the street, district, city and state of those that need them taken
    from their CEP (asked once per CEP); an unknown CEP becomes that row's problem."""

    ceps = len({row.address.cep for row in rows if row.good and row.needs_cep and row.address is not None})
    places: dict[str, CepLookup] = {}
    completed: list[AddressRow] = []
    for row in rows:
        address = row.address
        if address is None or not (row.good and row.needs_cep):
            completed.append(row)
            continue
        if address.cep not in places:
            task.raise_if_cancelled()
            task.progress(len(places), ceps, f"CEP {format_cep(address.cep)}")
            places[address.cep] = lookup_cep(task, service, address.cep)
        place = places[address.cep]
        if place.address is None:
            completed.append(AddressRow(row.row, address, (AddressProblem(row.row, "cep", place.unknown),)))
            continue
        filled = place.fields()
        completed.append(
            _checked(
                row.row,
                replace(
                    address,
                    street=filled["street"],
                    district=filled["district"],
                    city=filled["city"],
                    state=filled["state"],
                ),
            )
        )
    return completed


def import_addresses(task: TaskControl, service: ShippingService, rows: Sequence[AddressRow]) -> int:
    """Save the rows without problems (completed from their CEP first when needed), in one
    transaction; how many were saved."""
    if any(row.good and row.needs_cep for row in rows):
        rows = complete_addresses(task, service, rows)
    task.raise_if_cancelled()
    good = [row.address for row in rows if row.good and row.address is not None]
    task.progress(0, len(good), "")
    saved = service.addresses().add(good)
    task.progress(len(good), len(good), "")
    return saved
