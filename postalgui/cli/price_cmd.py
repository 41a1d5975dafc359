"""``postalgui price``: price one product, list its additional services, price a CSV batch.

Input is validated through `PriceQuery` before anything is sent, and a rejection names
the command-line option (``--peso``), not the operator's field (``psObjeto``).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
import threading
import uuid
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ValidationError

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.models.price import (
    AdditionalService,
    ObjectFormat,
    PriceQuery,
    PriceResponse,
    wire_json,
)
from postalgui.api.models.validation import field_problems
from postalgui.api.values import (
    InvalidValue,
    format_brl,
    format_grams,
    parse_date_dmy,
    parse_date_iso,
    parse_money,
)
from postalgui.api.values.typed_numbers import PORTUGUESE_FORM, understand_weight
from postalgui.cli.file_notes import say_ignored_columns
from postalgui.cli.language import count, number, say, spoken
from postalgui.cli.options import (
    add_json,
    command_group,
    contract_options,
    json_option,
    out_file,
    out_option,
    subcommand,
)
from postalgui.cli.output import (
    EXIT_API_ERROR,
    EXIT_INVALID_INPUT,
    EXIT_OK,
    error,
    json_text,
    print_fields,
    print_json,
    progress_line,
    visible,
)
from postalgui.cli.price_deadlines import (
    deadline_json,
    deadline_line,
    no_date,
    no_date_line,
    not_enabled_note,
)
from postalgui.cli.price_history import add_history
from postalgui.cli.worded import routine_text
from postalgui.services.context import AppContext
from postalgui.services.price.breakdown import format_percent_ui
from postalgui.services.price.priced import (
    DeadlinesArrived,
    PriceArrived,
    PriceEvent,
    Pricing,
    prices_with_deadlines,
)
from postalgui.services.price.products import product_name

if TYPE_CHECKING:
    from postalgui.api.models.price import QuoteResult
    from postalgui.cli.options import Commands, Options
    from postalgui.services.price.batch_csv import (
        BatchReader,
        BatchRow,
        ResultsCsvWriter,
        ResultsXlsxWriter,
        RowProblem,
    )
    from postalgui.services.price.deadlines import DeadlineOutcome
    from postalgui.services.price.service_choice import Refusal
from postalgui.cli.deadline_cmd import until_text
from postalgui.services.price.use_cases import DeclaredValueRule, additional_services, refusal_text
from postalgui.services.table_files import TableFileError

OPTION_OF_FIELD: dict[str, str] = {
    "coProduto": "COPRODUTO",
    "cepOrigem": "--cep-origem",
    "cepDestino": "--cep-destino",
    "sgPaisDestino": "--pais",
    "sgPais": "--pais",
    "psObjeto": "--peso",
    "tpObjeto": "--formato",
    "comprimento": "--comprimento",
    "largura": "--largura",
    "altura": "--altura",
    "diametro": "--diametro",
    "servicosAdicionais": "--servico-adicional",
    "vlDeclarado": "--valor-declarado",
    "dtEvento": "--data",
    "nuContrato": "--contrato",
    "nuDR": "--dr",
}
"""The option a user typed for each operator field, to name it in error messages."""

_FORMATS = ("envelope", "pacote", "rolo")
_SIZES = {"comprimento": "length", "largura": "width", "altura": "height", "diametro": "diameter (a roll)"}
"""Each size option and what it measures, for its help."""
ROLL_SIZES = ("comprimento", "diametro")
"""What a roll is measured by (README: a roll takes --comprimento and --diametro)."""
_SPLIT = re.compile(r"[,;\s]+")


def add_parser(commands: Commands) -> None:
    sub = command_group(
        commands,
        "price",
        "price products: national, international, additional services, CSV batches",
        "Query the operator's price service. Money is printed as R$ 1.234,56, "
        'or with --json as the operator\'s fields with a dot decimal separator ("19.92").',
    )
    subcommand(
        sub,
        "national",
        _run_national,
        _product_arg("product code, e.g. 03220 (SEDEX), 03298 (PAC)"),
        _add_route_options,
        _add_object_options,
        _arrive_by_option("must arrive by this day: says whether the delivery-time service's date makes it"),
        summary="price one product to a Brazilian CEP",
        description="Price one product between two CEPs (GET /preco/v1/nacional/{coProduto}).",
    )
    subcommand(
        sub,
        "international",
        _run_international,
        _product_arg("international product code"),
        _add_country_and_origin,
        _add_object_options,
        summary="price one product to another country",
        description="Price one product abroad (GET /preco/v1/internacional/{coProduto}).",
    )
    subcommand(
        sub,
        "services",
        _run_services,
        _product_arg("product code"),
        _add_service_list_options,
        add_json,
        summary="list the additional services a product can take, with prices and limits",
        description="List a product's additional services (GET /preco/v1/servicos-adicionais/{coProduto}).",
    )
    subcommand(
        sub,
        "batch",
        _run_batch,
        _add_batch_file,
        out_option(
            "FILE",
            "also write the results to this file: an Excel workbook when it ends in .xlsx, else CSV",
            required=False,
        ),
        json_option("print a JSON array to stdout"),
        _arrive_by_option(
            "must arrive by this day: marks the rows whose delivery date is later (chegaAte in JSON)"
        ),
        summary="price every row of a CSV file",
        description="Price every row of a CSV file (columns named like the operator's fields, "
        "e.g. coProduto;cepOrigem;cepDestino;psObjeto, or Portuguese titles). The configured "
        "contract and DR fill rows that leave them blank. Rows with a problem are listed on stderr "
        "(row and file line) and skipped; the others are priced, and the exit status is 2.",
    )
    add_history(sub)


def _product_arg(help_text: str) -> Options:
    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("product", metavar="COPRODUTO", help=help_text)

    return add


def _arrive_by_option(help_text: str) -> Options:
    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--chegar-ate", metavar="DD-MM-YYYY", help=help_text)

    return add


# Spec 000 §4: the price GETs take every field but the product (and, abroad, the country)
# as optional; the operator says what a product needs, so the options do not insist.


def _add_route_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cep-origem", help="origin CEP (8 digits, hyphen optional)")
    parser.add_argument("--cep-destino", help="destination CEP")


def _add_country_and_origin(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pais", required=True, help="destination country, 2-letter ISO code (US)")
    parser.add_argument("--cep-origem", help="origin CEP (8 digits, hyphen optional)")


def _add_service_list_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--valor-declarado", help="declared value in reais (200 or 200,00)")
    parser.add_argument("--data", help="price date, YYYY-MM-DD (default: today)")
    parser.add_argument("--pais", help="destination country, for international products")


def _add_batch_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.csv", type=Path, help="the CSV file to price")


def _add_object_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--peso", help="weight in grams (1500, 1.500) or kilograms (1,5kg), read as the Quote page reads it"
    )
    parser.add_argument(
        "--formato", choices=_FORMATS, help="object format: envelope, pacote (package) or rolo (roll)"
    )
    for name, size in _SIZES.items():
        parser.add_argument(f"--{name}", help=f"{size} in centimetres")
    parser.add_argument(
        "--servico-adicional",
        action="append",
        default=[],
        metavar="CODE",
        help="additional service code (repeatable, or comma-separated: 019,001)",
    )
    parser.add_argument("--valor-declarado", help="declared value in reais (200 or 200,00)")
    parser.add_argument("--data", help="price date, DD-MM-YYYY (default: today)")
    contract_options(dr_type=int)(parser)
    add_json(parser)


# --------------------------------------------------------------------------- one product


def _service_codes(values: Iterable[str]) -> list[str]:
    return [code for value in values for code in _SPLIT.split(value) if code]


def _grams(typed: str | None) -> str | None:
    """``--peso`` read by the Quote page's rule (`understand_weight`): ``1,5kg`` is 1500 g.

    What was read another way than typed is said on stderr; text the rule cannot read
    goes to the query as typed, whose check names the problem (too long, not grams).
    """
    if typed is None:
        return None
    understood = understand_weight(typed, PORTUGUESE_FORM)
    if understood.value is None:
        return typed
    grams = int(understood.value)
    if understood.say or "k" in typed.lower():
        error(say("note: --peso: understood {weight}", weight=format_grams(grams, spoken())))
    return str(grams)


def build_query(args: argparse.Namespace, context: AppContext, *, international: bool) -> PriceQuery | None:
    """The query the options describe, or ``None`` after saying which option is wrong."""
    profile = context.profile
    fields: dict[str, Any] = {
        "coProduto": args.product,
        "cepOrigem": args.cep_origem,
        "psObjeto": _grams(args.peso),
        "tpObjeto": args.formato,
        "comprimento": args.comprimento,
        "largura": args.largura,
        "altura": args.altura,
        "diametro": args.diametro,
        "servicosAdicionais": _service_codes(args.servico_adicional),
        "vlDeclarado": args.valor_declarado,
        "dtEvento": args.data,
        "nuContrato": args.contrato if args.contrato is not None else profile.contract or None,
        "nuDR": args.dr if args.dr is not None else profile.dr,
    }
    if international:
        fields["sgPaisDestino"] = args.pais
    else:
        fields["cepDestino"] = args.cep_destino
    try:
        query = PriceQuery.model_validate({key: value for key, value in fields.items() if value is not None})
    except ValidationError as exc:
        report_problems(exc)
        return None
    if query.tpObjeto is ObjectFormat.ROLL:
        missing = [name for name in ROLL_SIZES if getattr(query, name) is None]
        for name in missing:
            error(
                say(
                    "{option}: required for a roll (--formato rolo), in centimetres",
                    option=OPTION_OF_FIELD[name],
                )
            )
        if missing:
            return None
    return query


def report_problems(exc: ValidationError) -> None:
    for problem in field_problems(exc):
        field = problem.field
        if not field and problem.error is not None:
            field = str(problem.error.params.get("field", ""))
        option = OPTION_OF_FIELD.get(field, field)
        said = routine_text(problem.error) if problem.error is not None else problem.message
        error(f"{option}: {said}" if option else said)


def _run_national(args: argparse.Namespace, context: AppContext) -> int:
    return _run_single(args, context, international=False)


def _run_international(args: argparse.Namespace, context: AppContext) -> int:
    return _run_single(args, context, international=True)


def _run_single(args: argparse.Namespace, context: AppContext, *, international: bool) -> int:
    """One quote, kept in the same history as the window's."""

    query = build_query(args, context, international=international)
    if query is None:
        return EXIT_INVALID_INPUT
    query, refusal, added = DeclaredValueRule(PlainTask(), context.price).check(query)
    if refusal is not None:
        error(f"{_refusal_option(refusal)}: {refusal_text(refusal, query.coProduto)}")
        return EXIT_INVALID_INPUT
    if added is not None:
        error(
            say(
                "note: --valor-declarado: added {code}, the declared-value service of {product}",
                code=added,
                product=query.coProduto,
            )
        )
    must_arrive = _must_arrive(args)
    if must_arrive is False:
        return EXIT_INVALID_INPUT
    try:
        price, found = _quote_with_deadline(context, query, international=international)
    except InvalidValue as exc:  # a rule the client checks itself (a blank --pais)
        option = OPTION_OF_FIELD.get(str(exc.params.get("field", "")), "")
        error(f"{option}: {routine_text(exc)}" if option else routine_text(exc))
        return EXIT_INVALID_INPUT
    return _show_price(price, as_json=args.json, deadline=found, must_arrive=must_arrive)


def _quote_with_deadline(
    context: AppContext, query: PriceQuery, *, international: bool
) -> tuple[PriceResponse, DeadlineOutcome | None]:
    """The quote through its own GET and, when national, its deadline asked beside it."""
    seen: list[object] = []  # list.append is atomic: the price and the deadline come from two threads
    run = uuid.uuid4().hex  # the history keeps the price and its deadline under it
    pricing: Pricing = "international" if international else "national"
    task: PlainTask[PriceEvent] = PlainTask(lambda step: seen.append(step.payload))
    prices_with_deadlines(task, context.price, [query], run, source="cli", pricing=pricing)
    (price,) = (item.result.response for item in seen if isinstance(item, PriceArrived))
    if price is None:  # never: a single quote's GET answers the operator's record or raises
        raise RuntimeError("a single quote came back without the operator's record")
    found = next((item.outcomes[0] for item in seen if isinstance(item, DeadlinesArrived)), None)
    routed = bool(query.cepOrigem and query.cepDestino)  # no route, no delivery time to speak of
    return price, found if routed and not international else None


def _must_arrive(args: argparse.Namespace) -> date | Literal[False] | None:
    """``--chegar-ate`` as a date (``None`` when not given); ``False`` after saying it is wrong."""
    if not getattr(args, "chegar_ate", None):
        return None
    try:
        return parse_date_dmy(args.chegar_ate)
    except InvalidValue as exc:
        error(f"--chegar-ate: {routine_text(exc)}")
        return False


def _refusal_option(refusal: Refusal) -> str:
    return "--servico-adicional" if refusal.rule == "service_not_offered" else "--valor-declarado"


def priced_json(price: PriceResponse) -> dict[str, Any]:
    """The operator's record as written (``noProduto`` is the code it queried, as the spec
    says), with the product's name (``nomeProduto``) beside it where the catalogue knows it."""
    record = wire_json(price)
    name = product_name(price.coProduto or "")
    if not name or "nomeProduto" in record:
        return record
    if "noProduto" not in record:
        return record | {"nomeProduto": name}
    named: dict[str, Any] = {}
    for key, value in record.items():
        named[key] = value
        if key == "noProduto":
            named["nomeProduto"] = name
    return named


def _show_price(
    price: PriceResponse,
    *,
    as_json: bool,
    deadline: DeadlineOutcome | None = None,
    must_arrive: date | None = None,
) -> int:
    if as_json:
        record = priced_json(price)
        if deadline is not None:
            record |= deadline_json(deadline, must_arrive)
        print_json(record)
    item_error = price.error
    if item_error is not None:
        error(str(item_error))
        return EXIT_API_ERROR
    if not as_json:
        fields = breakdown(price)
        if deadline is not None:
            fields |= deadline_line(deadline, must_arrive)
        print_fields(fields)
    return EXIT_OK


def _brl(amount: Decimal | None) -> str | None:
    return None if amount is None else format_brl(amount)


def breakdown(price: PriceResponse) -> dict[str, Any]:
    """The lines a person reads, most important first; absent values left out."""
    name = price.product_name
    lines: dict[str, Any] = {
        say("product"): f"{price.coProduto} {name}" if name and price.coProduto else price.coProduto,
        say("final price"): _brl(price.pcFinal),
        say("product price"): _brl(price.pcProduto),
        say("base / band"): " / ".join(filter(None, (_brl(price.pcBase), _brl(price.pcFaixa)))) or None,
    }
    if price.qtAdicional:
        kilos = number(price.qtAdicional, trim=True)
        lines[say("additional kilos")] = (
            f"{kilos} x {_brl(price.pcCadaAdicional)} = {_brl(price.pcTotalAdicional)}"
        )
    if price.vlTotalDescVariacao:
        lines[say("combo variation")] = f"-{_brl(price.vlTotalDescVariacao)}"
    if price.beneficios:
        lines[say("benefits")] = [
            f"{b.tipo or b.tipoBeneficio or b.codigo} -{_brl(b.valor)}" for b in price.beneficios if b.valor
        ]
    if price.servicoAdicional:
        services = [f"{s.coServAdicional} {_brl(s.pcServicoAdicional)}" for s in price.servicoAdicional]
        total = _brl(price.pcTotalServicosAdicionais)
        lines[say("additional services")] = say(
            "{services} (total {total})", services=", ".join(services), total=total
        )
    if price.psCobrado is not None:
        lines[say("charged weight")] = format_grams(price.psCobrado, spoken())
    if price.inPesoCubico:
        lines[say("cubic weight")] = say("yes") if price.cubic_weight_charged else say("no")
    if price.vlSeguroAutomatico is not None:
        lines[say("automatic insurance")] = _brl(price.vlSeguroAutomatico)
    if price.peAdValorem is not None:
        lines[say("ad valorem")] = format_percent_ui(price.peAdValorem, spoken())
    if price.taxaExtra:
        lines[say("extra fees")] = [f"{fee.tipo or fee.codigo} {_brl(fee.vlTaxa)}" for fee in price.taxaExtra]
    return {key: value for key, value in lines.items() if value not in (None, [], "")}


# --------------------------------------------------------------------------- services


def _run_services(args: argparse.Namespace, context: AppContext) -> int:
    try:
        declared = None if args.valor_declarado is None else parse_money(args.valor_declarado)
    except InvalidValue as exc:
        error(f"--valor-declarado: {routine_text(exc)}")
        return EXIT_INVALID_INPUT
    try:
        day = None if args.data is None else parse_date_iso(args.data)
    except InvalidValue as exc:
        error(f"--data: {routine_text(exc)}")
        return EXIT_INVALID_INPUT

    try:
        services = additional_services(
            PlainTask(), context.price, args.product, vl_declarado=declared, dt_evento=day, sg_pais=args.pais
        )
    except InvalidValue as exc:
        option = OPTION_OF_FIELD.get(str(exc.params.get("field", "")), "")
        error(f"{option}: {routine_text(exc)}" if option else routine_text(exc))
        return EXIT_INVALID_INPUT
    if args.json:
        print_json([wire_json(service) for service in services])
    else:
        for service in services:
            sys.stdout.write(_service_line(service) + "\n")
    return EXIT_OK


def _service_line(service: AdditionalService) -> str:
    parts = [visible(service.codigo), visible(service.sigla or "").ljust(4), visible(service.nome or "")]
    if service.preco is not None:
        parts.append(format_brl(service.preco))
    if service.takes_declared_value:
        low = _brl(service.vlMinDeclarado) or format_brl(Decimal(0))
        parts.append(say("(declared value {low} to {high})", low=low, high=_brl(service.vlMaxDeclarado)))
    if service.excludes():
        parts.append(say("not with {codes}", codes=", ".join(sorted(service.excludes()))))
    return "  ".join(part for part in parts if part.strip())


# --------------------------------------------------------------------------- batch


def _run_batch(args: argparse.Namespace, context: AppContext) -> int:
    """Every row checked in one pass over the file, then priced in another, a window at a
    time, each result written as it comes: a 50,000-row file is never held whole."""
    # lazy: the command line starts without it
    from postalgui.services.price.batch_csv import open_batch_csv

    if args.out is not None:
        out_file(args.out)  # a folder or a folder that takes no file: said now, not after pricing
    must_arrive = _must_arrive(args)
    if must_arrive is False:
        return EXIT_INVALID_INPUT
    defaults = context.price.batch_defaults(remembered_origin=False)  # a file names its origin
    task = PlainTask()
    rule = DeclaredValueRule(task, context.price)
    try:
        reader = open_batch_csv(args.file, defaults=defaults)
        checked = _check_rows(reader, rule)
    except TableFileError as exc:
        error(f"{args.file}: {routine_text(exc)}")
        return EXIT_INVALID_INPUT
    except OSError as exc:
        error(f"{args.file}: {exc.strerror or exc}")
        return EXIT_INVALID_INPUT
    say_ignored_columns(args.file.name, reader.ignored_columns)  # as the window warns: not priced
    _report_problems(checked)
    if not checked.count:
        error(say("{file}: every row has a problem; nothing was sent", file=args.file))
        return EXIT_INVALID_INPUT
    for product, code in sorted(checked.added.items()):
        error(
            say(
                "note: rows of {product} with a declared value: added {code}, its declared-value service",
                product=product,
                code=code,
            )
        )
    try:
        failed, total, undated = _price_rows(args, context, reader, rule, checked, must_arrive)
    except TableFileError as exc:  # the file changed between the two passes
        error(f"{args.file}: {routine_text(exc)}")
        return EXIT_INVALID_INPUT
    if undated > _MAX_PROBLEMS_SHOWN:
        more = number(undated - _MAX_PROBLEMS_SHOWN)
        sys.stderr.write(say("... and {more} more rows without a date", more=more) + "\n")
    if undated:
        error(say("{rows} no delivery date", rows=count(undated, "priced row has", "priced rows have")))
    if failed:
        error(say("{failed} of {items} failed", failed=number(failed), items=count(total, "item", "items")))
    if checked.skipped:
        error(f"{args.file}: {checked.sentence(total)}")
        return EXIT_INVALID_INPUT
    return EXIT_API_ERROR if failed else EXIT_OK


def _report_problems(checked: _Checked) -> None:
    """Each problem on stderr, naming the row as the results number it (``linha``) and the line."""
    for problem in checked.problems:
        where = say("row {row} (line {line})", row=problem.row, line=problem.line)
        if problem.column:
            where += say(", column {column}", column=problem.column)
        sys.stderr.write(f"{where}: {visible(problem.message)}\n")
    if checked.problem_count > len(checked.problems):
        more = number(checked.problem_count - len(checked.problems))
        sys.stderr.write(say("... and {more} more", more=more) + "\n")


_MAX_PROBLEMS_SHOWN = 200
_LINES_SHOWN = 5


@dataclasses.dataclass
class _Checked:
    """What the checking pass keeps: counts, the first problems, the result index of each
    row to send (its number less one), what the output needs."""

    count: int = 0
    problem_count: int = 0
    problems: list[RowProblem] = dataclasses.field(default_factory=list)
    indices: list[int] = dataclasses.field(default_factory=list)
    skipped: int = 0
    skipped_lines: list[int] = dataclasses.field(default_factory=list)  # the first few
    extra: list[str] = dataclasses.field(default_factory=list)
    added: dict[str, str] = dataclasses.field(default_factory=dict)

    def problem(self, found: RowProblem) -> None:
        self.problem_count += 1
        if len(self.problems) < _MAX_PROBLEMS_SHOWN:
            self.problems.append(found)

    def skip(self, row: BatchRow) -> None:
        for problem in row.problems:
            self.problem(problem)
        self.skipped += 1
        if len(self.skipped_lines) <= _LINES_SHOWN:
            self.skipped_lines.append(row.line)

    def sentence(self, sent: int) -> str:
        """``4 of 5 rows sent; 1 with a problem, line 6``."""
        lines = ", ".join(str(line) for line in self.skipped_lines[:_LINES_SHOWN])
        if self.skipped > _LINES_SHOWN:
            lines += ", ..."
        if self.skipped == 1:
            problems = say("1 with a problem, line {lines}", lines=lines)
        else:
            problems = say(
                "{skipped} with problems, lines {lines}", skipped=number(self.skipped), lines=lines
            )
        rows = count(self.count + self.skipped, "row", "rows")
        return say("{sent} of {rows} sent; {problems}", sent=number(sent), rows=rows, problems=problems)


def _check_rows(reader: BatchReader, rule: DeclaredValueRule) -> _Checked:
    """One pass: each row's own problems, then the declared-value rule; a row with a
    problem is skipped, the others are counted to send."""
    # lazy: the command line starts without it
    from postalgui.services.price.batch_csv import EXTRA_QUERY_COLUMNS

    checked = _Checked()
    used: set[str] = set()
    for read in reader:
        row, added = rule.check_row(read, reader.columns)
        if row.query is None or row.problems:
            checked.skip(row)
            continue
        checked.count += 1
        checked.indices.append(row.number - 1)
        if added is not None:
            checked.added[row.query.coProduto] = added
        used.update(name for name in EXTRA_QUERY_COLUMNS if name not in used and getattr(row.query, name))
    checked.extra = [name for name in EXTRA_QUERY_COLUMNS if name in used]
    return checked


def _price_rows(
    args: argparse.Namespace,
    context: AppContext,
    reader: BatchReader,
    rule: DeclaredValueRule,
    checked: _Checked,
    must_arrive: date | None,
) -> tuple[int, int, int]:
    """The checked rows priced and written as they come, each with its deadline (asked
    a window at a time beside the prices); ``(failed, total, priced without a date)``."""
    # lazy: the command line starts without it
    from postalgui.services.price.batch_csv import results_writer

    def queries() -> Iterator[PriceQuery]:
        for read in reader:
            row, _ = rule.check_row(read, reader.columns)  # the services were read by the first pass
            if row.query is not None and not row.problems:
                yield row.query

    run = uuid.uuid4().hex  # the history keeps the prices and their deadlines under it
    with ExitStack() as stack:
        # One deadline for the whole batch: a server that stops answering ends it in
        # about a minute, every row said, not in a minute per round of chunks.
        stack.enter_context(context.backend().transport.shared_deadline())
        rows = _Rows(must_arrive, checked.indices)
        if args.out is not None:
            rows.writer = results_writer(args.out, checked.extra, rows.deadlines)
            stack.enter_context(rows.writer)
        if rows.counting:
            stack.callback(sys.stderr.write, "\n")
        if args.json:
            rows.array = stack.enter_context(_JsonArray())
        task = PlainTask(rows.on_progress)
        prices_with_deadlines(
            task, context.price, queries(), run, "cli", indices=checked.indices, total=checked.count
        )
    return rows.failed, rows.total, rows.undated


class _Rows:
    """The batch's rows written in input order, each once its price and its deadline are in.

    Fed by `prices_with_deadlines` from its pricing and deadline threads, under a lock;
    a row is let go once written, so memory holds the windows in flight, not the file.
    Results are numbered as the file's rows (``order``: the index of each row sent).
    """

    def __init__(self, must_arrive: date | None, order: list[int]) -> None:
        self.must_arrive = must_arrive
        self.order = order
        self.count = len(order)
        self.counting = sys.stderr.isatty()
        self.writer: ResultsCsvWriter | ResultsXlsxWriter | None = None
        self.array: _JsonArray | None = None
        self.deadlines: dict[int, DeadlineOutcome] = {}
        self.failed = self.total = self.undated = 0
        self._prices: dict[int, QuoteResult] = {}
        self._told = False
        self._lock = threading.Lock()

    def on_progress(self, step: Progress[PriceEvent]) -> None:
        payload = step.payload
        with self._lock:
            if isinstance(payload, PriceArrived):
                self._prices[payload.result.index] = payload.result
                if self.counting:
                    progress_line(f"{number(len(self._prices) + self.total)}/{number(self.count)}")
            elif isinstance(payload, DeadlinesArrived):
                self.deadlines.update((outcome.index, outcome) for outcome in payload.outcomes)
            while self.total < self.count:
                index = self.order[self.total]
                if index not in self._prices or index not in self.deadlines:
                    break
                self._write(self._prices.pop(index), self.deadlines[index])
                del self.deadlines[index]
                self.total += 1

    def _write(self, result: QuoteResult, outcome: DeadlineOutcome) -> None:
        self.failed += not result.ok
        if outcome.reason == "not_enabled" and not self._told:
            error(not_enabled_note())
            self._told = True
        if result.ok and no_date(outcome) is not None:  # a failed price says its own error
            self.undated += 1
            if self.undated <= _MAX_PROBLEMS_SHOWN:
                sys.stderr.write(no_date_line(result.index + 1, outcome) + "\n")
        if self.writer is not None:
            self.writer.write(result)
        if self.array is not None:
            self.array.add(result_json(result, outcome, self.must_arrive))
        else:
            sys.stdout.write(_result_line(result, outcome, self.must_arrive) + "\n")


class _JsonArray:
    """A JSON array printed an element at a time; closed even when the batch stops early."""

    def __init__(self) -> None:
        self._count = 0

    def __enter__(self) -> _JsonArray:
        sys.stdout.write("[")
        return self

    def add(self, item: Any) -> None:
        text = json_text(item).replace("\n", "\n  ")
        sys.stdout.write(("," if self._count else "") + "\n  " + text)
        self._count += 1

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is not BrokenPipeError:
            sys.stdout.write("\n]\n" if self._count else "]\n")


def result_json(
    result: QuoteResult, deadline: DeadlineOutcome | None = None, must_arrive: date | None = None
) -> dict[str, Any]:
    """A result for ``--json``: the operator's record with its national deadline's fields,
    or its error in one fixed shape."""
    if result.ok and result.response is not None:
        record = priced_json(result.response)
        if deadline is not None and deadline.reason != "international":
            record |= deadline_json(deadline, must_arrive)
        return record
    failure = result.failure
    request = result.query.nuRequisicao or (result.response.nuRequisicao if result.response else None)
    item: dict[str, Any] = {"coProduto": result.query.coProduto}
    if request:
        item["nuRequisicao"] = request
    item["txErro"] = {
        "cdErro": failure.code if failure else None,
        "dsErro": failure.text if failure else "no answer",
    }
    return item


def _result_line(
    result: QuoteResult, deadline: DeadlineOutcome | None = None, must_arrive: date | None = None
) -> str:
    query = result.query
    destination = query.sgPaisDestino or query.cepDestino or ""
    head = f"{number(result.index + 1):>4}  {query.coProduto}  {query.cepOrigem or '':8} -> {destination:8}  "
    weight = "" if query.psObjeto is None else number(query.psObjeto)
    head += f"{weight:>6} g  "
    if result.ok and result.response is not None and result.response.pcFinal is not None:
        return head + f"{format_brl(result.response.pcFinal):>12}" + _arrival(deadline, must_arrive)
    return head + f"{say('ERROR')} {visible(result.failure)}"


def _arrival(deadline: DeadlineOutcome | None, must_arrive: date | None) -> str:
    """``  by Fri 27/11`` after a price (``LATE`` when past ``must_arrive``), ``  no date:
    PRZ-008`` when the deadline was refused or never came, else nothing."""

    day = None if deadline is None else deadline.by
    if day is None:
        missing = None if deadline is None else no_date(deadline)
        return "" if missing is None else f"  {missing}"
    late = must_arrive is not None and day > must_arrive
    return f"  {until_text(day)}" + (f"  {say('LATE')}" if late else "")
