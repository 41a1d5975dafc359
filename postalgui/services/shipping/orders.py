"""An orders file: many pre-postings at once, one row a parcel, from a CSV (``;``) or a
workbook whose columns are named as the API names the recipient's and the object's fields.

Every cell is checked before anything is sent, and every problem names its row (as the
spreadsheet numbers it: the header is row 1) and its column. Street, district, city and
state may be empty: `complete_orders` fills them from the CEP (the operator's CEP
service, through this desk's cache); an unknown CEP is that row's problem. The sender of
every row is the address book's default sender.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from postalgui.api.models.prepostings import WIRE_NAMES, ContentLine, Order, Person
from postalgui.api.said import Said
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.money import parse_money, parse_weight_grams
from postalgui.api.values.shipping import (
    checked_order,
    for_field,
    parse_service_code,
    parse_whole,
    person_problems,
    unknown_cep,
)
from postalgui.services.shipping.address_import import ALIASES
from postalgui.services.table_files import column_positions, ignored_titles, table_rows

if TYPE_CHECKING:
    from postalgui.api.cancel import TaskControl
    from postalgui.services.shipping.cep import CepLookup
    from postalgui.services.shipping.service import ShippingService
from postalgui.services.shipping.cep import lookup_cep

__all__ = [
    "COLUMNS",
    "REQUIRED",
    "OrderFile",
    "OrderProblem",
    "OrderRow",
    "complete_orders",
    "read_order_file",
    "read_orders",
]

PERSON_COLUMNS = WIRE_NAMES
PARCEL_COLUMNS = (
    "codigoServico",
    "pesoInformado",
    "comprimentoInformado",
    "larguraInformada",
    "alturaInformada",
    "valorDeclarado",
    "numeroNotaFiscal",
    "chaveNFe",
    "conteudo",
    "quantidade",
    "valor",
)
COLUMNS = (*PERSON_COLUMNS, *PARCEL_COLUMNS)
"""The columns an orders file may have, as the API names them (any order, any case, the
person's also by the address book's `ALIASES`: ``telefone``, ``cpf_cnpj``...)."""
REQUIRED = ("nome", "cep", "codigoServico", "pesoInformado")
_SIDES = {"comprimentoInformado": "length_cm", "larguraInformada": "width_cm", "alturaInformada": "height_cm"}


@dataclass(frozen=True)
class OrderProblem:
    """One bad cell: its row, its column and the rule it broke, naming the column
    (``error.message`` in English; the GUI translates the rule)."""

    row: int
    column: str
    error: InvalidValue

    def __post_init__(self) -> None:
        if self.error.params.get("field") != self.column:  # the file's name for the API's field
            params = {**self.error.params, "field": self.column}
            object.__setattr__(self, "error", InvalidValue(self.error.rule, self.error.value, **params))

    @property
    def message(self) -> str:
        return self.error.message


@dataclass(frozen=True)
class OrderRow:
    """One row of the file: its order when every cell is good, else its problems and the
    recipient as read (a preview names whose row it is)."""

    row: int
    order: Order | None
    problems: tuple[OrderProblem, ...] = ()
    typed: Person | None = None

    @property
    def recipient(self) -> Person | None:
        """The order's recipient, else the one read from the bad row."""
        return self.order.recipient if self.order is not None else self.typed


def _header(cells: list[str], path: Path) -> dict[str, int]:
    hint = Said("an orders file names its columns as the API does: {columns}", columns=", ".join(COLUMNS))
    return column_positions(cells, COLUMNS, REQUIRED, path.name, hint, aliases=ALIASES)


def _whole(field: str) -> Callable[[str], int]:
    return lambda text: parse_whole(text, field)


def _parcel_values(cells: dict[str, str], problems: list[tuple[str, InvalidValue]]) -> dict[str, object]:
    """The parcel's typed values; each bad cell is added to ``problems``."""
    parsers: dict[str, tuple[str, Callable[[str], object]]] = {
        "codigoServico": ("service_code", parse_service_code),
        "pesoInformado": ("weight_g", _named_number("pesoInformado", parse_weight_grams)),
        **{column: (name, _whole(column)) for column, name in _SIDES.items()},
        "valorDeclarado": ("declared_value", _optional_money),
        "numeroNotaFiscal": ("invoice_number", str.strip),
        "chaveNFe": ("nfe_key", str.strip),
        "quantidade": ("quantity", lambda text: _whole("quantidade")(text) or 1),
        "valor": ("value", _optional_money_of("valor")),
    }
    values: dict[str, object] = {}
    for column, (name, parse) in parsers.items():
        try:
            values[name] = parse(cells.get(column, ""))
        except InvalidValue as error:
            problems.append((column, error))
    return values


def _optional_money_of(field: str) -> Callable[[str], object]:
    return lambda text: _named_number(field, parse_money)(text) if text.strip() else None


_optional_money = _optional_money_of("valorDeclarado")


def _named_number(field: str, parse: Callable[[str], object]) -> Callable[[str], object]:
    return lambda text: for_field(field, parse, text.strip())


def _contents(cells: dict[str, str], values: dict[str, object]) -> tuple[ContentLine, ...]:
    """The row's content line (``conteudo``, ``quantidade``, ``valor``: the declared value
    when no value is given), or none."""
    quantity, value = values.pop("quantity"), values.pop("value")
    content = cells.get("conteudo", "").strip()
    if not content:
        return ()
    worth = value if isinstance(value, Decimal) else values.get("declared_value")
    return (ContentLine(content, int(quantity), worth if isinstance(worth, Decimal) else Decimal(0)),)  # type: ignore[call-overload]


def _column_of(error: InvalidValue) -> str:
    """The file's column of a rule's field (``destinatario.endereco.cep`` is ``cep``)."""
    field = str(error.params.get("field", ""))
    if field.startswith("itensDeclaracaoConteudo"):
        return "conteudo"
    return field.rsplit(".", 1)[-1].split("[", 1)[0] or "pesoInformado"


def _row(number: int, cells: dict[str, str], sender: Person) -> OrderRow:
    found: list[tuple[str, InvalidValue]] = []
    recipient = Person(**{name: cells.get(column, "") for column, name in PERSON_COLUMNS.items()})
    found += [(_column_of(error), error) for error in person_problems(recipient, complete=False)]
    values = _parcel_values(cells, found)
    if not found:
        order = Order(sender=sender, recipient=recipient, contents=_contents(cells, values), **values)  # type: ignore[arg-type]
        try:
            return OrderRow(number, checked_order(order, complete=False))
        except InvalidValue as error:
            found.append((_column_of(error), error))
    problems = tuple(OrderProblem(number, column, error) for column, error in found)
    return OrderRow(number, None, problems, recipient)


@dataclass(frozen=True)
class OrderFile:
    """A file's rows, and the titles of its columns that were not read (`ignored_titles`):
    a column nobody knows is said, never dropped in silence."""

    rows: list[OrderRow]
    ignored: tuple[str, ...] = ()


def read_order_file(path: Path, sender: Person) -> OrderFile:
    """Every non-blank row of ``path`` as an order or its problems (no network), and the
    columns not read. `TableFileError` when the file cannot be read or lacks a required column."""
    rows = table_rows(path)
    header = next(rows, [])
    positions = _header(header, path)
    read: list[OrderRow] = []
    for number, cells in enumerate(rows, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        by_column = {
            column: cells[index] if index < len(cells) else "" for column, index in positions.items()
        }
        read.append(_row(number, by_column, sender))
    return OrderFile(read, ignored_titles(header, positions))


def read_orders(path: Path, sender: Person) -> list[OrderRow]:
    """`read_order_file`'s rows."""
    return read_order_file(path, sender).rows


def complete_orders(task: TaskControl, service: ShippingService, rows: Sequence[OrderRow]) -> list[OrderRow]:
    """``rows`` with street, district, city and state filled from each CEP where empty, then
    checked whole (a row whose CEP the operator does not know gets that problem)."""

    done: list[OrderRow] = []
    for index, row in enumerate(rows):
        task.raise_if_cancelled()
        task.progress(index, len(rows))
        if row.order is None:
            done.append(row)
            continue
        recipient = row.order.recipient
        if not all((recipient.street, recipient.district, recipient.city, recipient.state)):
            found = lookup_cep(task, service, recipient.cep)
            if found.address is None:
                error = unknown_cep(recipient.cep, "cep", found.unknown)
                done.append(OrderRow(row.row, None, (OrderProblem(row.row, "cep", error),), recipient))
                continue
            recipient = _filled(recipient, found)
        try:
            done.append(OrderRow(row.row, checked_order(replace(row.order, recipient=recipient))))
        except InvalidValue as error:
            problem = OrderProblem(row.row, _column_of(error), error)
            done.append(OrderRow(row.row, None, (problem,), recipient))
    task.progress(len(rows), len(rows))
    return done


def _filled(person: Person, found: CepLookup) -> Person:
    """``person`` with its empty street, district, city and state taken from the CEP's address."""
    place = found.fields()
    return replace(
        person,
        street=person.street or place["street"],
        district=person.district or place["district"],
        city=person.city or place["city"],
        state=person.state or place["state"],
    )
