"""Batch price queries from a spreadsheet's CSV, and quote results back to one.

Clerks build these files in Excel or LibreOffice, so the reader is forgiving about
what those tools do and strict about what they mean:

- delimiter ``;`` (Excel in Brazil), ``,`` or tab, told by counting them in the
  header line (``csv.Sniffer`` guesses wrong on decimal commas);
- UTF-8 (with or without BOM), else Windows-1252 (Excel's "CSV" in Portuguese);
- headers are the operator's names (``cepOrigem``) or Portuguese titles
  (``CEP de origem``, ``Peso (g)``), compared without accents, case, spaces,
  underscores and unit suffixes;
- dates ``DD/MM/YYYY`` or ``DD-MM-YYYY``; service codes separated by space, comma or
  ``|``; a 7-digit CEP gets back the leading zero Excel drops from numeric cells.

Every row becomes a `PriceQuery` or a list of `RowProblem` naming the physical line,
the column as written and the rule key the GUI translates. Problems with the file as a
whole (no product column, nothing to read) raise `BatchFileError`.

The results file is the mirror image: ``;``, UTF-8 with BOM, decimal comma, so Excel in
Brazil opens it as numbers; read back, it gives the same queries.
"""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from pydantic import ValidationError

from postalgui.api.errors import RoutineError
from postalgui.api.models.price import PriceQuery, QuoteResult
from postalgui.api.models.validation import field_problems
from postalgui.api.values import (
    InvalidValue,
    format_date_dmy,
    format_money_wire,
    format_percent_wire,
)

__all__ = [
    "EXTRA_QUERY_COLUMNS",
    "FIELDS",
    "REQUIRED_RULE",
    "RESULT_COLUMNS",
    "BatchFile",
    "BatchFileError",
    "BatchRow",
    "RowProblem",
    "field_for_header",
    "read_batch_csv",
    "read_batch_text",
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


def _fold(text: str) -> str:
    """Lower case without accents: ``"Código"`` -> ``"codigo"``, ``"Nº"`` -> ``"no"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def _header_key(header: str) -> str:
    """Normalised header: accents, case, spaces, punctuation and unit suffixes dropped.

    Only units the operator's fields use (grams, centimetres, reais) are dropped:
    ``"Peso (kg)"`` stays unknown instead of silently reading kilos as grams.
    """
    text = _fold(header)

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


class BatchFileError(RoutineError, ValueError):
    """The file as a whole cannot be read as a batch; ``rule`` is a stable key for the GUI.

    Keys: ``csv.empty``, ``csv.no_rows``, ``csv.no_product_column``,
    ``csv.duplicate_column`` (params ``columns``, ``field``).
    """

    def __init__(self, rule: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


@dataclass(frozen=True)
class RowProblem:
    """One rejected value: where (physical line, column as written), which field, why.

    ``column`` is the file's header text, or the field name when the value came from
    the defaults or the column is missing; ``rule`` is the `InvalidValue` key
    (``price.required`` for a missing required value, ``csv.extra_cells`` for a row
    longer than the header).
    """

    line: int
    column: str
    field: str
    message: str
    rule: str | None


@dataclass(frozen=True)
class BatchRow:
    """A data row: its query, or ``None`` and the reasons."""

    line: int
    query: PriceQuery | None
    problems: tuple[RowProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.query is not None and not self.problems


@dataclass(frozen=True)
class BatchFile:
    """A whole batch as read: rows in file order plus how the file was understood.

    ``encoding`` is ``"utf-8"``, ``"utf-8-sig"`` (with BOM) or ``"cp1252"`` for a file,
    ``""`` for pasted text. ``columns`` maps each recognised header to its field;
    ``ignored_columns`` lists the headers that were not understood (a warning).
    """

    rows: tuple[BatchRow, ...]
    delimiter: str
    encoding: str
    columns: dict[str, str]
    ignored_columns: tuple[str, ...] = ()

    @property
    def queries(self) -> list[PriceQuery]:
        """The valid rows' queries, in file order."""
        return [row.query for row in self.rows if row.query is not None]

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
    """
    data = Path(path).read_bytes()
    text, encoding = _decode(data)
    return _read(text, encoding=encoding, defaults=defaults, delimiters=";,\t")


def read_batch_text(text: str, *, defaults: Mapping[str, str] | None = None) -> BatchFile:
    """Like `read_batch_csv` for text pasted from a spreadsheet (tab-separated, usually)."""
    return _read(text.lstrip("\ufeff"), encoding="", defaults=defaults, delimiters="\t;,")


def _decode(data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xef\xbb\xbf"):
        return data.decode("utf-8-sig"), "utf-8-sig"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        # cp1252 leaves five bytes undefined; Latin-1 maps every byte.
        return data.decode("latin-1"), "latin-1"


def _detect_delimiter(header_line: str, candidates: str) -> str:
    """The candidate seen most often in the header; ties go to the earlier candidate."""
    counts = {char: header_line.count(char) for char in candidates}
    best = max(candidates, key=lambda char: (counts[char], -candidates.index(char)))
    return best if counts[best] else candidates[0]


def _records(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """``(first physical line, cells)`` of every record, blank lines included as ``[]``."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quotechar='"')
    previous = 0
    for cells in reader:
        yield previous + 1, cells
        previous = reader.line_num


def _read(text: str, *, encoding: str, defaults: Mapping[str, str] | None, delimiters: str) -> BatchFile:
    defaults = _checked_defaults(defaults)
    header_line = next((line for line in text.splitlines() if line.strip()), None)
    if header_line is None:
        raise BatchFileError("csv.empty", "The file is empty.")
    delimiter = _detect_delimiter(header_line, delimiters)
    records = _records(text, delimiter)
    header: list[str] = []
    for _line, cells in records:
        if any(cell.strip() for cell in cells):
            header = [cell.strip() for cell in cells]
            break
    columns, positions, ignored = _map_header(header)
    rows: list[BatchRow] = []
    for line, cells in records:
        if not any(cell.strip() for cell in cells):
            continue
        rows.append(_read_row(line, cells, header, positions, defaults))
    if not rows:
        raise BatchFileError("csv.no_rows", "The file has a header but no data rows.")
    return BatchFile(tuple(rows), delimiter, encoding, columns, ignored)


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
    sources: dict[str, tuple[str, str]] = {}  # field -> (column, text)
    for field in FIELDS:
        index = positions.get(field, len(cells))
        text = cells[index].strip() if index < len(cells) else ""
        if text:
            sources[field] = (header[index], text)
        elif field in defaults:
            sources[field] = (field, defaults[field])

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
    if problems:
        problems.sort(key=lambda problem: _problem_order(problem.field, positions))
        return BatchRow(line, None, tuple(problems))
    return BatchRow(line, query)


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


def write_results_csv(path: Path, results: Sequence[QuoteResult]) -> None:
    """Write one row per result, in order: ``;``, UTF-8 with BOM, decimal comma, atomically.

    Percentages keep the operator's scale (``0,0100``); money has 2 places and no
    thousands separator, so spreadsheets read numbers.
    """
    path = Path(path)
    extra = [field for field in EXTRA_QUERY_COLUMNS if any(getattr(r.query, field) for r in results)]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=";", quotechar='"', lineterminator="\r\n")
    writer.writerow([*RESULT_COLUMNS, *extra])
    for result in results:
        writer.writerow(_result_row(result, extra))
    _write_atomic(path, buffer.getvalue().encode("utf-8-sig"))


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
