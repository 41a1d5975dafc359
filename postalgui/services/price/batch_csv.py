"""Batch price queries from a spreadsheet's CSV, and quote results back to one.

Clerks build these files in Excel or LibreOffice, so the reader is forgiving about
what those tools do and strict about what they mean:

- delimiter ``;`` (Excel in Brazil), ``,`` or tab, told by counting them in the
  header line (``csv.Sniffer`` guesses wrong on decimal commas);
- UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV" in Portuguese);
  UTF-16 with its byte-order mark (Excel's "Unicode text"); UTF-16 without one is
  refused by name (``csv.encoding``);
- headers are the operator's names (``cepOrigem``) or Portuguese titles
  (``CEP de origem``, ``Peso (g)``), compared without accents, case, spaces,
  underscores and unit suffixes;
- dates ``DD/MM/YYYY`` or ``DD-MM-YYYY``; service codes separated by space, comma or
  ``|``; a 7-digit CEP gets back the leading zero Excel drops from numeric cells.

Every row becomes a `PriceQuery` or a list of `RowProblem` naming the row as the results
number it, the physical line, the column as written and the rule key the GUI translates.
A row with a problem is skipped and the others go (`BatchFile.queries`, `.indices`):
one typo in a thousand rows must not hold the other 999 back. Problems with the file as
a whole (no product column, nothing to read) raise `BatchFileError`.

The results file is the mirror image: ``;``, UTF-8 with BOM, decimal comma, so Excel in
Brazil opens it as numbers; read back, it gives the same queries.
"""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pydantic import ValidationError

from postalgui.api.models.price import ObjectFormat, PriceQuery, QuoteResult
from postalgui.api.models.validation import field_problems
from postalgui.api.values import (
    InvalidValue,
    format_date_dmy,
    format_money_wire,
    format_percent_wire,
)
from postalgui.api.values.text import fold
from postalgui.services.spreadsheet import CellKind, SheetColumn, SheetWriter, csv_safe, is_xlsx
from postalgui.services.table_files import TableFileError, csv_records, pick_delimiter, text_encoding

if TYPE_CHECKING:
    from postalgui.services.price.deadlines import DeadlineOutcome

__all__ = [
    "DEADLINE_COLUMNS",
    "EXTRA_QUERY_COLUMNS",
    "FIELDS",
    "REQUIRED_RULE",
    "RESULT_COLUMNS",
    "BatchFile",
    "BatchFileError",
    "BatchReader",
    "BatchRow",
    "ResultsCsvWriter",
    "ResultsXlsxWriter",
    "RowProblem",
    "deadline_row",
    "extra_columns",
    "field_for_header",
    "open_batch_csv",
    "read_batch_csv",
    "read_batch_text",
    "results_writer",
    "write_results",
    "write_results_csv",
]

FIELDS: tuple[str, ...] = (
    "coProduto",
    "nuRequisicao",
    "nuContrato",
    "nuDR",
    "cepOrigem",
    "cepDestino",
    "sgPaisDestino",
    "psObjeto",
    "nuUnidade",
    "tpObjeto",
    "comprimento",
    "largura",
    "altura",
    "diametro",
    "psCubico",
    "servicosAdicionais",
    "criterios",
    "vlDeclarado",
    "dtEvento",
    "coUnidadeOrigem",
    "dtArmazenagem",
    "vlRemessa",
)
"""The operator's parameter names (spec 2.2), the columns a batch file may carry."""

REQUIRED_RULE = "price.required"
REQUIRED_MESSAGE = "Required for pricing"
ROLL_SIZES = ("comprimento", "diametro")
ROLL_MESSAGE = "Required for a roll (format 3)"

# Portuguese titles, in normalised form (see `_header_key`): no accents, case, spaces
# or punctuation. The operator's own names are added below.
_ALIASES: dict[str, tuple[str, ...]] = {
    "coProduto": (
        "produto",
        "codigoproduto",
        "codigodoproduto",
        "codproduto",
        "servico",
        "codigodoservico",
        "codigoservico",
    ),
    "nuRequisicao": (
        "requisicao",
        "norequisicao",
        "nrequisicao",
        "numerorequisicao",
        "numerodarequisicao",
        "etiqueta",
    ),
    "nuContrato": ("contrato", "nocontrato", "ncontrato", "numerocontrato", "numerodocontrato"),
    "nuDR": ("dr", "nodr", "numerodr", "numerododr", "diretoriaregional"),
    "cepOrigem": ("ceporigem", "cepdeorigem", "origem"),
    "cepDestino": ("cepdestino", "cepdedestino", "destino"),
    "sgPaisDestino": ("pais", "paisdestino", "paisdedestino", "siglapais", "sigladopais"),
    "psObjeto": ("peso", "pesoobjeto", "pesodoobjeto", "pesoemgramas"),
    "nuUnidade": ("unidades", "nounidades", "numerodeunidades", "quantidadedeunidades"),
    "tpObjeto": ("formato", "tipodeobjeto", "tipoobjeto", "tipodoobjeto", "formatodoobjeto"),
    "comprimento": ("comprimento",),
    "largura": ("largura",),
    "altura": ("altura",),
    "diametro": ("diametro",),
    "psCubico": ("pesocubico",),
    "servicosAdicionais": ("servicosadicionais", "servicoadicional", "adicionais"),
    "criterios": ("criterios", "criterio"),
    "vlDeclarado": ("valordeclarado",),
    "dtEvento": ("data", "dataevento", "datadoevento"),
    "coUnidadeOrigem": ("unidadeorigem", "unidadedeorigem", "codigodaunidadedeorigem", "mcmcu"),
    "dtArmazenagem": ("dataarmazenagem", "datadearmazenagem", "armazenagem"),
    "vlRemessa": ("valorremessa", "valordaremessa"),
}

_UNITS = frozenset(
    {"g", "gr", "grs", "grama", "gramas", "cm", "centimetros", "r", "rs", "r$", "reais", "brl"}
)
_NON_KEY = re.compile(r"[^0-9a-z$]+")
_PARENTHESES = re.compile(r"[(\[]([^)\]]*)[)\]]")


def _header_key(header: str) -> str:
    """Normalised header: accents, case, spaces, punctuation and unit suffixes dropped.

    Only units the operator's fields use (grams, centimetres, reais) are dropped:
    ``"Peso (kg)"`` stays unknown instead of silently reading kilos as grams.
    """
    text = fold(header)

    def unit(match: re.Match[str]) -> str:
        inner = _NON_KEY.sub("", match[1])
        return " " if inner in _UNITS else f" {match[1]} "

    text = _PARENTHESES.sub(unit, text)
    words = [word for word in _NON_KEY.split(text) if word]
    while len(words) > 1 and words[-1] in _UNITS:
        words.pop()
        if len(words) > 1 and words[-1] == "em":
            words.pop()
    return "".join(words).replace("$", "")


_HEADER_FIELDS: dict[str, str] = {}
for _field in FIELDS:
    _HEADER_FIELDS[_field.casefold()] = _field
    for _alias in _ALIASES.get(_field, ()):
        _HEADER_FIELDS[_alias] = _field


def field_for_header(header: str) -> str | None:
    """The operator field a column title means, or ``None`` for an unknown column."""
    key = _header_key(header)
    return _HEADER_FIELDS.get(key) if key else None


# --------------------------------------------------------------------------- records


class BatchFileError(TableFileError):
    """The file as a whole cannot be read as a batch; ``rule`` is a stable key for the GUI.

    Keys: ``csv.empty``, ``csv.no_rows``, ``csv.no_product_column``,
    ``csv.duplicate_column`` (params ``columns``, ``field``). The reading itself, shared
    with every table file, raises `TableFileError` (``csv.encoding``, ``csv.cell_too_long``,
    ``csv.unreadable``).
    """

    def __init__(self, rule: str, message: str, **params: object) -> None:
        super().__init__(message, rule, **params)


@dataclass(frozen=True)
class RowProblem:
    """One rejected value: where (physical line, column as written), which field, why.

    ``row`` is the data row as the results table and file number it (1 is the first row
    under the header; blank lines do not count), so a clerk finds it in both.

    ``column`` is the file's header text, or the field name when the value came from
    the defaults or the column is missing; ``rule`` is the `InvalidValue` key
    (``price.required`` for a missing required value, ``csv.extra_cells`` for a row
    longer than the header, or a `service_choice.Refusal` rule such as
    ``no_declared_value``); ``params`` are the rule's values, for a translated sentence.
    """

    line: int
    column: str
    field: str
    message: str
    rule: str | None
    params: Mapping[str, object] = dataclass_field(default_factory=dict, compare=False)
    row: int = 0


@dataclass(frozen=True)
class BatchRow:
    """A data row: its query, or ``None`` and the reasons; ``number`` as `RowProblem.row`."""

    line: int
    query: PriceQuery | None
    problems: tuple[RowProblem, ...] = ()
    number: int = 0

    @property
    def ok(self) -> bool:
        return self.query is not None and not self.problems


@dataclass(frozen=True)
class BatchFile:
    """A whole batch as read: rows in file order plus how the file was understood.

    ``encoding`` is ``"utf-8"``, ``"utf-8-sig"`` (with BOM), ``"utf-16"`` (with BOM) or
    ``"cp1252"`` for a file,
    ``""`` for pasted text. ``columns`` maps each recognised header to its field;
    ``ignored_columns`` lists the headers that were not understood (a warning);
    ``added_services`` maps a product to the declared-value service the declared-value
    rule added to its rows (`use_cases.DeclaredValueRule`).
    """

    rows: tuple[BatchRow, ...]
    delimiter: str
    encoding: str
    columns: dict[str, str]
    ignored_columns: tuple[str, ...] = ()
    added_services: Mapping[str, str] = dataclass_field(default_factory=dict, compare=False)

    @property
    def queries(self) -> list[PriceQuery]:
        """The valid rows' queries, in file order (the rows with a problem are skipped)."""
        return [row.query for row in self.rows if row.ok and row.query is not None]

    @property
    def indices(self) -> list[int]:
        """The result index of each of `queries` (its row number less one), so the results
        of a file with skipped rows keep the row numbers of the file."""
        return [row.number - 1 for row in self.rows if row.ok]

    @property
    def skipped_lines(self) -> list[int]:
        """The physical lines of the rows with a problem, in file order."""
        return [row.line for row in self.rows if not row.ok]

    @property
    def problems(self) -> list[RowProblem]:
        return [problem for row in self.rows for problem in row.problems]

    @property
    def ok(self) -> bool:
        """Every row gave a query."""
        return all(row.ok for row in self.rows)


# --------------------------------------------------------------------------- reading


def read_batch_csv(path: Path, *, defaults: Mapping[str, str] | None = None) -> BatchFile:
    """Read a batch file saved by a spreadsheet; see the module docstring for what is accepted.

    ``defaults`` (operator field -> text, for example ``cepOrigem``, ``nuContrato`` and
    ``nuDR`` of the active profile) fill cells that are blank or columns that are absent.
    Raises `BatchFileError` for file-level problems and `OSError` when it cannot be read.
    The whole file is held; `open_batch_csv` reads it row by row instead.
    """
    return open_batch_csv(path, defaults=defaults).read_all()


def read_batch_text(text: str, *, defaults: Mapping[str, str] | None = None) -> BatchFile:
    """Like `read_batch_csv` for text pasted from a spreadsheet (tab-separated, usually)."""
    text = text.lstrip("\ufeff")
    return BatchReader(lambda: iter(io.StringIO(text, newline="")), "", defaults, "\t;,").read_all()


def open_batch_csv(path: Path, *, defaults: Mapping[str, str] | None = None) -> BatchReader:
    """A batch file read lazily: the header is understood now, the rows on each iteration.

    A 50,000-row file then never lives in memory whole (the CLI checks every row in
    one pass and prices them in another). Raises like `read_batch_csv`; a row the CSV
    parser cannot read raises `BatchFileError` when the iteration reaches it.
    """
    path = Path(path)
    encoding = text_encoding(path)

    def lines() -> Iterator[str]:
        with path.open(encoding=encoding, newline="") as handle:
            yield from handle

    return BatchReader(lines, encoding, defaults, ";,\t")


def _is_blank(cells: Sequence[str]) -> bool:
    return not any(cell.strip() for cell in cells)


class BatchReader:
    """A batch being read: how the header was understood, and its rows on each iteration.

    Attributes as in `BatchFile`. Iterating reads the source again from the start and
    yields one `BatchRow` per data row, so a caller can check every row, then price
    them, without holding them.
    """

    def __init__(
        self,
        lines: Callable[[], Iterator[str]],
        encoding: str,
        defaults: Mapping[str, str] | None,
        delimiters: str,
    ) -> None:
        self._lines = lines
        self.encoding = encoding
        self._defaults = _checked_defaults(defaults)
        header_line = next((line for line in lines() if line.strip()), None)
        if header_line is None:
            raise BatchFileError("csv.empty", "The file is empty.")
        self.delimiter = pick_delimiter(header_line, delimiters)
        records = self._data_records()
        self.columns, self._positions, self.ignored_columns = _map_header(self._header)
        if next(records, None) is None:
            raise BatchFileError("csv.no_rows", "The file has a header but no data rows.")

    def _data_records(self) -> Iterator[tuple[int, list[str]]]:
        """Non-blank records after the header; reads the header into ``_header`` first."""
        records = csv_records(self._lines, self.delimiter)
        self._header = next(
            ([cell.strip() for cell in cells] for _, cells in records if not _is_blank(cells)), []
        )
        return ((line, cells) for line, cells in records if not _is_blank(cells))

    def __iter__(self) -> Iterator[BatchRow]:
        for number, (line, cells) in enumerate(self._data_records(), 1):
            row = _read_row(line, cells, self._header, self._positions, self._defaults)
            yield replace(row, number=number, problems=tuple(replace(p, row=number) for p in row.problems))

    def read_all(self) -> BatchFile:
        return BatchFile(tuple(self), self.delimiter, self.encoding, self.columns, self.ignored_columns)


def _checked_defaults(defaults: Mapping[str, str] | None) -> dict[str, str]:
    if not defaults:
        return {}
    unknown = sorted(set(defaults) - set(FIELDS))
    if unknown:
        raise ValueError(f"unknown default fields: {', '.join(unknown)}")
    return {field: str(value).strip() for field, value in defaults.items() if str(value).strip()}


def _map_header(header: list[str]) -> tuple[dict[str, str], dict[str, int], tuple[str, ...]]:
    """``(header -> field, field -> cell index, ignored headers)``; file-level checks."""
    columns: dict[str, str] = {}
    positions: dict[str, int] = {}
    seen: dict[str, str] = {}
    ignored: list[str] = []
    for index, title in enumerate(header):
        if not title:
            continue  # spreadsheets export trailing empty columns
        field = field_for_header(title)
        if field is None:
            if title not in ignored:
                ignored.append(title)
            continue
        if field in seen:
            raise BatchFileError(
                "csv.duplicate_column",
                f"Columns '{seen[field]}' and '{title}' both mean {field}; keep one.",
                columns=(seen[field], title),
                field=field,
            )
        seen[field] = title
        columns[title] = field
        positions[field] = index
    if "coProduto" not in positions:
        raise BatchFileError(
            "csv.no_product_column",
            "No product column: the header needs coProduto (or Produto).",
        )
    return columns, positions, tuple(ignored)


def _read_row(
    line: int,
    cells: list[str],
    header: list[str],
    positions: Mapping[str, int],
    defaults: Mapping[str, str],
) -> BatchRow:
    problems: list[RowProblem] = []
    if any(cell.strip() for cell in cells[len(header) :]):
        problems.append(
            RowProblem(
                line,
                "",
                "",
                "The row has more cells than the header (check the delimiter and quotes).",
                "csv.extra_cells",
            )
        )
    sources = _sources(cells, header, positions, defaults)

    def column_of(field: str) -> str:
        if field in sources:
            return sources[field][0]
        return header[positions[field]] if field in positions else field

    values: dict[str, object] = {}
    for field, (column, text) in sources.items():
        try:
            values[field] = _prepare(field, text)
        except InvalidValue as error:
            problems.append(RowProblem(line, column, field, error.message, error.rule))

    reported = {problem.field for problem in problems}
    international = "sgPaisDestino" in sources
    required = (
        ("coProduto", "psObjeto") if international else ("coProduto", "cepOrigem", "cepDestino", "psObjeto")
    )
    for field in required:
        if field not in sources:
            problems.append(RowProblem(line, column_of(field), field, REQUIRED_MESSAGE, REQUIRED_RULE))
            reported.add(field)

    query = _query(line, values, column_of, reported, problems)
    if problems:
        problems.sort(key=lambda problem: _problem_order(problem.field, positions))
        return BatchRow(line, None, tuple(problems))
    return BatchRow(line, query)


def _sources(
    cells: list[str], header: list[str], positions: Mapping[str, int], defaults: Mapping[str, str]
) -> dict[str, tuple[str, str]]:
    """Each field's column and text: the row's cell, else the default (named by the field)."""
    sources: dict[str, tuple[str, str]] = {}
    for field in FIELDS:
        index = positions.get(field, len(cells))
        text = cells[index].strip() if index < len(cells) else ""
        if text:
            sources[field] = (header[index], text)
        elif field in defaults:
            sources[field] = (field, defaults[field])
    return sources


def _query(
    line: int,
    values: Mapping[str, object],
    column_of: Callable[[str], str],
    reported: set[str],
    problems: list[RowProblem],
) -> PriceQuery | None:
    """The row's query, or ``None``; its problems (one per field not yet ``reported``) added."""
    query: PriceQuery | None = None
    try:
        query = PriceQuery.model_validate(values)
    except ValidationError as exc:
        for found in field_problems(exc):
            field = found.field
            if not field and found.error is not None:
                field = str(found.error.params.get("field", ""))
            if field in reported:
                continue
            reported.add(field)
            problems.append(RowProblem(line, column_of(field), field, found.message, found.rule))
    if query is not None and query.tpObjeto is ObjectFormat.ROLL:
        for field in ROLL_SIZES:
            if getattr(query, field) is None and field not in reported:
                problems.append(RowProblem(line, column_of(field), field, ROLL_MESSAGE, REQUIRED_RULE))
    return query


def _problem_order(field: str, positions: Mapping[str, int]) -> int:
    """Problems in the order of the file's columns; row-level ones first."""
    if field in positions:
        return positions[field]
    return 10_000 + (FIELDS.index(field) if field in FIELDS else -10_001)


_LIST_SPLIT = re.compile(r"[\s,;|]+")
_DATE = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", flags=re.ASCII)
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})", flags=re.ASCII)
_GROUPED_GRAMS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+", flags=re.ASCII)
_SEVEN_DIGITS = re.compile(r"\d{7}", flags=re.ASCII)


def _prepare(field: str, text: str) -> object:
    """Spreadsheet habits turned into what `PriceQuery` reads; other text passes through."""
    if field in ("servicosAdicionais", "criterios"):
        return tuple(part for part in _LIST_SPLIT.split(text) if part)
    if field in ("dtEvento", "dtArmazenagem"):
        match = _DATE.fullmatch(text)
        if match:
            return f"{int(match[1]):02d}-{int(match[2]):02d}-{match[3]}"
        match = _ISO_DATE.fullmatch(text)
        if match:
            return f"{match[3]}-{match[2]}-{match[1]}"
        raise InvalidValue("date.format", text, pattern="DD/MM/YYYY")
    if field in ("cepOrigem", "cepDestino") and _SEVEN_DIGITS.fullmatch(text):
        # Excel stores a CEP typed as a number and drops its leading zero (01310100 -> 1310100).
        return "0" + text
    if field in ("psObjeto", "psCubico") and _GROUPED_GRAMS.fullmatch(text):
        return text.replace(".", "")  # "1.500" g written with a thousands dot
    if field in ("vlDeclarado", "vlRemessa"):
        return text.removeprefix("R$").strip()
    if field == "nuDR":
        if not text.isdigit() or not text.isascii():
            raise InvalidValue("dr.digits", text)
        if len(text) > 2:
            raise InvalidValue("dr.length", text, width=2, count=len(text))
        return int(text)
    return text


# --------------------------------------------------------------------------- writing

RESULT_COLUMNS: tuple[str, ...] = (
    "linha",
    "coProduto",
    "nuRequisicao",
    "cepOrigem",
    "cepDestino",
    "sgPaisDestino",
    "psObjeto",
    "tpObjeto",
    "servicosAdicionais",
    "vlDeclarado",
    "pcFinal",
    "pcProduto",
    "pcTotalServicosAdicionais",
    "vlTotalBeneficios",
    "psCobrado",
    "inPesoCubico",
    "peAdValorem",
    "vlSeguroAutomatico",
    "erro",
)
"""The columns every results file has, in order."""

DEADLINE_COLUMNS: tuple[str, ...] = (
    "prazoEntrega",
    "dataMaxima",
    "entregaDomiciliar",
    "entregaSabado",
    "msgPrazo",
)
"""Days, the last day of delivery (DD/MM/YYYY), home delivery and Saturday (``S``/``N``)
and the operator's message (or why there is no deadline): after `RESULT_COLUMNS` when
the deadlines are known. Reading the file back ignores them, as it does the prices."""

Deadlines = Mapping[int, "DeadlineOutcome"]
"""Deadline outcomes by the result's ``index``."""

EXTRA_QUERY_COLUMNS: tuple[str, ...] = tuple(field for field in FIELDS if field not in RESULT_COLUMNS)
"""Query fields appended after `RESULT_COLUMNS` when at least one result uses them, so
that reading the results file back gives the same queries (sizes, dates, contract...)."""


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        plain = format(value.normalize() if value == value.to_integral_value() else value, "f")
        return plain.replace(".", ",")
    if isinstance(value, tuple | list):
        return " ".join(str(part) for part in value)
    return str(value)


def _query_cell(query: PriceQuery, field: str) -> str:
    value = getattr(query, field)
    if value is None:
        return ""
    if field in ("vlDeclarado", "vlRemessa"):
        # 2 places as money is written; more only when typed so (kept, not rounded away)
        return format_money_wire(value) if value == round(value, 2) else _text(value)
    if field in ("dtEvento", "dtArmazenagem"):
        return format_date_dmy(value)
    if field == "tpObjeto":
        return str(value.value)
    return _text(value)


def _result_row(result: QuoteResult, extra: Sequence[str]) -> list[str]:
    query, response = result.query, result.response
    error = result.failure or (response.error if response is not None else None)
    row = [str(result.index + 1)]
    row += [_query_cell(query, field) for field in RESULT_COLUMNS[1:10]]

    def money(value: Decimal | None) -> str:
        return "" if value is None else format_money_wire(value)

    def percent(value: Decimal | None) -> str:
        return "" if value is None else format_percent_wire(value)

    if response is not None and error is None:
        row += [
            money(response.pcFinal),
            money(response.pcProduto),
            money(response.pcTotalServicosAdicionais),
            money(response.vlTotalBeneficios),
            "" if response.psCobrado is None else str(response.psCobrado),
            response.inPesoCubico or "",
            percent(response.peAdValorem),
            money(response.vlSeguroAutomatico),
        ]
    else:
        row += [""] * 8
    row.append("" if error is None else str(error))
    row += [_query_cell(query, field) for field in extra]
    return row


def _flag_cell(value: bool | None) -> str:
    return "" if value is None else ("S" if value else "N")


def deadline_row(outcome: DeadlineOutcome | None) -> list[str]:
    """The `DEADLINE_COLUMNS` cells of an outcome; blank without one, the operator's
    error in ``msgPrazo`` when it refused the deadline."""
    if outcome is None:
        return [""] * len(DEADLINE_COLUMNS)
    deadline = outcome.deadline
    if deadline is None:
        return ["", "", "", "", "" if outcome.error is None else str(outcome.error)]
    by = deadline.by
    return [
        "" if deadline.prazoEntrega is None else str(deadline.prazoEntrega),
        "" if by is None else f"{by:%d/%m/%Y}",
        _flag_cell(deadline.entregaDomiciliar),
        _flag_cell(deadline.entregaSabado),
        deadline.msgPrazo or "",
    ]


def _header(extra: Sequence[str], deadlines: Deadlines | None) -> list[str]:
    return [*RESULT_COLUMNS, *(DEADLINE_COLUMNS if deadlines is not None else ()), *extra]


def _full_row(result: QuoteResult, extra: Sequence[str], deadlines: Deadlines | None) -> list[str]:
    row = _result_row(result, extra)
    if deadlines is None:
        return row
    at = len(RESULT_COLUMNS)
    return [*row[:at], *deadline_row(deadlines.get(result.index)), *row[at:]]


def write_results_csv(path: Path, results: Sequence[QuoteResult], deadlines: Deadlines | None = None) -> None:
    """Write one row per result, in order: ``;``, UTF-8 with BOM, decimal comma, atomically.

    Percentages keep the operator's scale (``0,0100``); money has 2 places and no
    thousands separator, so spreadsheets read numbers. With ``deadlines`` (even empty)
    the `DEADLINE_COLUMNS` follow the prices.
    """
    with ResultsCsvWriter(path, extra_columns(r.query for r in results), deadlines) as writer:
        for result in results:
            writer.write(result)


def extra_columns(queries: Iterable[PriceQuery]) -> list[str]:
    """The `EXTRA_QUERY_COLUMNS` that at least one of ``queries`` uses, in their order."""
    used: set[str] = set()
    for query in queries:
        used.update(field for field in EXTRA_QUERY_COLUMNS if field not in used and getattr(query, field))
    return [field for field in EXTRA_QUERY_COLUMNS if field in used]


class ResultsCsvWriter:
    """`write_results_csv` one result at a time, for results that arrive as they are priced.

    The rows go to a temporary file beside ``path``, which replaces ``path`` when the
    block ends without an exception (and is removed otherwise): a reader never sees
    half a file. ``extra`` are the `extra_columns` of every query to come; ``deadlines``
    adds the `DEADLINE_COLUMNS`.
    """

    def __init__(self, path: Path, extra: Sequence[str], deadlines: Deadlines | None = None) -> None:
        self.path = Path(path)
        self.extra = list(extra)
        self.deadlines = deadlines
        self._tmp: Path | None = None
        self._handle: TextIO | None = None
        self._writer: Any = None

    def __enter__(self) -> ResultsCsvWriter:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}-", suffix=".tmp", dir=self.path.parent)
        self._tmp = Path(tmp)
        self._handle = os.fdopen(fd, "w", encoding="utf-8-sig", newline="")
        self._writer = csv.writer(self._handle, delimiter=";", quotechar='"', lineterminator="\r\n")
        self._writer.writerow([csv_safe(title) for title in _header(self.extra, self.deadlines)])
        return self

    def write(self, result: QuoteResult) -> None:
        """One result; a cell the file carried through (an extra column) is `csv_safe`."""
        self._writer.writerow([csv_safe(cell) for cell in _full_row(result, self.extra, self.deadlines)])

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if self._handle is None or self._tmp is None:
            return  # never entered
        try:
            self._handle.close()
            if kind is None:
                os.replace(self._tmp, self.path)
        finally:
            self._tmp.unlink(missing_ok=True)


# --------------------------------------------------------------------------- workbooks

_MONEY_FIELDS = frozenset(
    {"vlDeclarado", "vlRemessa", "pcFinal", "pcProduto", "pcTotalServicosAdicionais"}
    | {"vlTotalBeneficios", "vlSeguroAutomatico"}
)
_INT_FIELDS = frozenset({"linha", "psObjeto", "psCobrado", "psCubico", "nuDR", "prazoEntrega"})
_DECIMAL_FIELDS = frozenset({"comprimento", "largura", "altura", "diametro", "peAdValorem"})
_DATE_FIELDS = frozenset({"dtEvento", "dtArmazenagem", "dataMaxima"})


def _sheet_column(field: str) -> SheetColumn:
    """Codes, CEPs and services are text (leading zeros kept); money, weights, sizes, dates typed."""
    if field in _MONEY_FIELDS:
        return SheetColumn(field, CellKind.MONEY)
    if field in _INT_FIELDS:
        return SheetColumn(field, CellKind.INT)
    if field in _DECIMAL_FIELDS:
        return SheetColumn(field, CellKind.DECIMAL)
    if field in _DATE_FIELDS:
        return SheetColumn(field, CellKind.DATE)
    if field in ("erro", "msgPrazo"):
        return SheetColumn(field, width=50)
    return SheetColumn(field)


class ResultsXlsxWriter:
    """`ResultsCsvWriter`'s columns and rows as an Excel workbook (`spreadsheet.SheetWriter`).

    The same titles in the same order, so a clerk finds the CSV's columns; the cells typed.
    """

    def __init__(self, path: Path, extra: Sequence[str], deadlines: Deadlines | None = None) -> None:
        self.path = Path(path)
        self.extra = list(extra)
        self.deadlines = deadlines
        columns = [_sheet_column(field) for field in _header(self.extra, deadlines)]
        self._sheet = SheetWriter(self.path, columns, title="Cotações")

    def __enter__(self) -> ResultsXlsxWriter:
        self._sheet.__enter__()
        return self

    def write(self, result: QuoteResult) -> None:
        self._sheet.write(_full_row(result, self.extra, self.deadlines))

    def __exit__(self, kind: type[BaseException] | None, *rest: Any) -> None:
        self._sheet.__exit__(kind, *rest)


def results_writer(
    path: Path, extra: Sequence[str], deadlines: Deadlines | None = None
) -> ResultsCsvWriter | ResultsXlsxWriter:
    """A workbook writer when ``path`` ends in ``.xlsx``, else the CSV writer."""
    if is_xlsx(path):
        return ResultsXlsxWriter(path, extra, deadlines)
    return ResultsCsvWriter(path, extra, deadlines)


def write_results(path: Path, results: Sequence[QuoteResult], deadlines: Deadlines | None = None) -> None:
    """`write_results_csv`, or a workbook when ``path`` ends in ``.xlsx``."""
    with results_writer(path, extra_columns(r.query for r in results), deadlines) as writer:
        for result in results:
            writer.write(result)
