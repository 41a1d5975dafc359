"""``postalgui price``: price one product, list its additional services, price a CSV batch.

Input is validated through `PriceQuery` before anything is sent, and a rejection names
the command-line option (``--peso``), not the operator's field (``psObjeto``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from postalgui.api.cancel import PlainTask, Progress
from postalgui.api.models.price import AdditionalService, PriceQuery, PriceResponse, wire_json
from postalgui.api.models.validation import field_problems
from postalgui.api.values import (
    InvalidValue,
    format_brl,
    format_grams,
    parse_date_iso,
    parse_money,
)
from postalgui.cli.output import EXIT_API_ERROR, EXIT_INVALID_INPUT, EXIT_OK, error, print_fields, print_json
from postalgui.services.context import AppContext
from postalgui.services.price.breakdown import format_percent_ui

if TYPE_CHECKING:
    from postalgui.api.models.price import QuoteResult

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
_SPLIT = re.compile(r"[,;\s]+")


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "price",
        help="price products: national, international, additional services, CSV batches",
        description="Query the operator's price service. Money is printed as R$ 1.234,56, "
        'or with --json as the operator\'s fields with a dot decimal separator ("19.92").',
    )
    sub = parser.add_subparsers(dest="price_command", metavar="SUBCOMMAND", required=True)

    national = sub.add_parser(
        "national",
        help="price one product to a Brazilian CEP",
        description="Price one product between two CEPs (GET /preco/v1/nacional/{coProduto}).",
    )
    national.add_argument(
        "product", metavar="COPRODUTO", help="product code, e.g. 03220 (SEDEX), 03298 (PAC)"
    )
    national.add_argument("--cep-origem", required=True, help="origin CEP (8 digits, hyphen optional)")
    national.add_argument("--cep-destino", required=True, help="destination CEP")
    _add_object_options(national)
    national.set_defaults(run=_run_national)

    international = sub.add_parser(
        "international",
        help="price one product to another country",
        description="Price one product abroad (GET /preco/v1/internacional/{coProduto}).",
    )
    international.add_argument("product", metavar="COPRODUTO", help="international product code")
    international.add_argument("--pais", required=True, help="destination country, 2-letter ISO code (US)")
    international.add_argument("--cep-origem", required=True, help="origin CEP (8 digits, hyphen optional)")
    _add_object_options(international)
    international.set_defaults(run=_run_international)

    services = sub.add_parser(
        "services",
        help="list the additional services a product can take, with prices and limits",
        description="List a product's additional services (GET /preco/v1/servicos-adicionais/{coProduto}).",
    )
    services.add_argument("product", metavar="COPRODUTO", help="product code")
    services.add_argument("--valor-declarado", help="declared value in reais (200 or 200,00)")
    services.add_argument("--data", help="price date, YYYY-MM-DD (default: today)")
    services.add_argument("--pais", help="destination country, for international products")
    services.add_argument("--json", action="store_true", help="print JSON to stdout")
    services.set_defaults(run=_run_services)

    batch = sub.add_parser(
        "batch",
        help="price every row of a CSV file",
        description="Price every row of a CSV file (columns named like the operator's fields, "
        "e.g. coProduto;cepOrigem;cepDestino;psObjeto, or Portuguese titles). The configured "
        "contract and DR fill rows that leave them blank. Invalid rows are listed and nothing is sent.",
    )
    batch.add_argument("file", metavar="FILE.csv", type=Path, help="the CSV file to price")
    batch.add_argument("--out", type=Path, help="also write the results to this CSV file")
    batch.add_argument("--json", action="store_true", help="print a JSON array to stdout")
    batch.set_defaults(run=_run_batch)


def _add_object_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--peso", required=True, help="weight in grams")
    parser.add_argument("--formato", choices=_FORMATS, help="object format")
    for name in ("comprimento", "largura", "altura", "diametro"):
        parser.add_argument(f"--{name}", help=f"{name} in centimetres")
    parser.add_argument(
        "--servico-adicional",
        action="append",
        default=[],
        metavar="CODE",
        help="additional service code (repeatable, or comma-separated: 019,001)",
    )
    parser.add_argument("--valor-declarado", help="declared value in reais (200 or 200,00)")
    parser.add_argument("--data", help="price date, DD-MM-YYYY (default: today)")
    parser.add_argument("--contrato", help="contract number (default: the configured one)")
    parser.add_argument(
        "--dr", type=int, help="regional office (DR) of the contract (default: the configured one)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON to stdout")


# --------------------------------------------------------------------------- one product


def _service_codes(values: Iterable[str]) -> list[str]:
    return [code for value in values for code in _SPLIT.split(value) if code]


def build_query(args: argparse.Namespace, context: AppContext, *, international: bool) -> PriceQuery | None:
    """The query the options describe, or ``None`` after saying which option is wrong."""
    profile = context.profile
    fields: dict[str, Any] = {
        "coProduto": args.product,
        "cepOrigem": args.cep_origem,
        "psObjeto": args.peso,
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
        return PriceQuery.model_validate({key: value for key, value in fields.items() if value is not None})
    except ValidationError as exc:
        report_problems(exc)
        return None


def report_problems(exc: ValidationError) -> None:
    for problem in field_problems(exc):
        field = problem.field
        if not field and problem.error is not None:
            field = str(problem.error.params.get("field", ""))
        option = OPTION_OF_FIELD.get(field, field)
        error(f"{option}: {problem.message}" if option else problem.message)


def _run_national(args: argparse.Namespace, context: AppContext) -> int:
    return _run_single(args, context, international=False)


def _run_international(args: argparse.Namespace, context: AppContext) -> int:
    return _run_single(args, context, international=True)


def _run_single(args: argparse.Namespace, context: AppContext, *, international: bool) -> int:
    """One quote, kept in the same history as the window's."""
    from postalgui.services.price.use_cases import quote_single

    query = build_query(args, context, international=international)
    if query is None:
        return EXIT_INVALID_INPUT
    price = quote_single(PlainTask(), context.price, query, international=international)
    return _show_price(price, as_json=args.json)


def _show_price(price: PriceResponse, *, as_json: bool) -> int:
    if as_json:
        print_json(wire_json(price))
    item_error = price.error
    if item_error is not None:
        error(str(item_error))
        return EXIT_API_ERROR
    if not as_json:
        print_fields(breakdown(price))
    return EXIT_OK


def _brl(amount: Decimal | None) -> str | None:
    return None if amount is None else format_brl(amount)


def breakdown(price: PriceResponse) -> dict[str, Any]:
    """The lines a person reads, most important first; absent values left out."""
    name = price.product_name
    lines: dict[str, Any] = {
        "product": f"{price.coProduto} {name}" if name and price.coProduto else price.coProduto,
        "final price": _brl(price.pcFinal),
        "product price": _brl(price.pcProduto),
        "base / band": " / ".join(filter(None, (_brl(price.pcBase), _brl(price.pcFaixa)))) or None,
    }
    if price.qtAdicional:
        lines["additional kilos"] = (
            f"{price.qtAdicional} x {_brl(price.pcCadaAdicional)} = {_brl(price.pcTotalAdicional)}"
        )
    if price.vlTotalDescVariacao:
        lines["combo variation"] = f"-{_brl(price.vlTotalDescVariacao)}"
    if price.beneficios:
        lines["benefits"] = [
            f"{b.tipo or b.tipoBeneficio or b.codigo} -{_brl(b.valor)}" for b in price.beneficios if b.valor
        ]
    if price.servicoAdicional:
        services = [f"{s.coServAdicional} {_brl(s.pcServicoAdicional)}" for s in price.servicoAdicional]
        lines["additional services"] = (
            f"{', '.join(services)} (total {_brl(price.pcTotalServicosAdicionais)})"
        )
    if price.psCobrado is not None:
        lines["charged weight"] = format_grams(price.psCobrado)
    if price.inPesoCubico:
        lines["cubic weight"] = "yes" if price.cubic_weight_charged else "no"
    if price.vlSeguroAutomatico is not None:
        lines["automatic insurance"] = _brl(price.vlSeguroAutomatico)
    if price.peAdValorem is not None:
        lines["ad valorem"] = format_percent_ui(price.peAdValorem)
    if price.taxaExtra:
        lines["extra fees"] = [f"{fee.tipo or fee.codigo} {_brl(fee.vlTaxa)}" for fee in price.taxaExtra]
    return {key: value for key, value in lines.items() if value not in (None, [], "")}


# --------------------------------------------------------------------------- services


def _run_services(args: argparse.Namespace, context: AppContext) -> int:
    try:
        declared = None if args.valor_declarado is None else parse_money(args.valor_declarado)
    except InvalidValue as exc:
        error(f"--valor-declarado: {exc.message}")
        return EXIT_INVALID_INPUT
    try:
        day = None if args.data is None else parse_date_iso(args.data)
    except InvalidValue as exc:
        error(f"--data: {exc.message}")
        return EXIT_INVALID_INPUT
    from postalgui.services.price.use_cases import additional_services

    try:
        services = additional_services(
            PlainTask(), context.price, args.product, vl_declarado=declared, dt_evento=day, sg_pais=args.pais
        )
    except InvalidValue as exc:
        option = OPTION_OF_FIELD.get(str(exc.params.get("field", "")), "")
        error(f"{option}: {exc.message}" if option else exc.message)
        return EXIT_INVALID_INPUT
    if args.json:
        print_json([wire_json(service) for service in services])
    else:
        for service in services:
            sys.stdout.write(_service_line(service) + "\n")
    return EXIT_OK


def _service_line(service: AdditionalService) -> str:
    parts = [service.codigo, (service.sigla or "").ljust(4), service.nome or ""]
    if service.preco is not None:
        parts.append(format_brl(service.preco))
    if service.takes_declared_value:
        low = _brl(service.vlMinDeclarado) or format_brl(Decimal(0))
        parts.append(f"(declared value {low} to {_brl(service.vlMaxDeclarado)})")
    if service.excludes():
        parts.append(f"not with {', '.join(sorted(service.excludes()))}")
    return "  ".join(part for part in parts if part.strip())


# --------------------------------------------------------------------------- batch


def _run_batch(args: argparse.Namespace, context: AppContext) -> int:
    from postalgui.services.price.batch_csv import BatchFileError, read_batch_csv, write_results_csv

    if args.out is not None and not args.out.parent.is_dir():
        error(f"--out: the folder {args.out.parent} does not exist")
        return EXIT_INVALID_INPUT
    defaults = context.price.batch_defaults(remembered_origin=False)  # a file names its origin
    try:
        batch_file = read_batch_csv(args.file, defaults=defaults)
    except BatchFileError as exc:
        error(f"{args.file}: {exc}")
        return EXIT_INVALID_INPUT
    except OSError as exc:
        error(f"{args.file}: {exc.strerror or exc}")
        return EXIT_INVALID_INPUT
    problems = batch_file.problems
    if problems:
        for problem in problems:
            where = (
                f"line {problem.line}, column {problem.column}" if problem.column else f"line {problem.line}"
            )
            sys.stderr.write(f"{where}: {problem.message}\n")
        error(f"{args.file}: {len(problems)} problem(s); nothing was sent")
        return EXIT_INVALID_INPUT
    queries = batch_file.queries
    results = _price_all(context, queries)
    if args.out is not None:
        write_results_csv(args.out, results)
    if args.json:
        print_json([result_json(result) for result in results])
    else:
        for result in results:
            sys.stdout.write(_result_line(result) + "\n")
    failed = sum(1 for result in results if not result.ok)
    if failed:
        error(f"{failed} of {len(results)} item(s) failed")
        return EXIT_API_ERROR
    return EXIT_OK


def _price_all(context: AppContext, queries: Sequence[PriceQuery]) -> list[QuoteResult]:
    """The window's batch use case (chunks, fallback, history) with ``done/total`` on a terminal."""
    from postalgui.services.price.use_cases import quote_batch

    total = len(queries)
    shown = sys.stderr.isatty()

    def progress(step: Progress) -> None:  # called from the batch's worker threads
        if shown and step.done:
            sys.stderr.write(f"\r{step.done}/{total}")
            sys.stderr.flush()

    try:
        return quote_batch(PlainTask(progress), context.price, queries, "cli")
    finally:
        if shown:
            sys.stderr.write("\n")


def result_json(result: QuoteResult) -> dict[str, Any]:
    """A result for ``--json``: the operator's record, or its error in one fixed shape."""
    if result.ok and result.response is not None:
        return wire_json(result.response)
    failure = result.failure
    number = result.query.nuRequisicao or (result.response.nuRequisicao if result.response else None)
    item: dict[str, Any] = {"coProduto": result.query.coProduto}
    if number:
        item["nuRequisicao"] = number
    item["txErro"] = {
        "cdErro": failure.code if failure else None,
        "dsErro": failure.text if failure else "no answer",
    }
    return item


def _result_line(result: QuoteResult) -> str:
    query = result.query
    destination = query.sgPaisDestino or query.cepDestino or ""
    head = f"{result.index + 1:>4}  {query.coProduto}  {query.cepOrigem or '':8} -> {destination:8}  "
    head += f"{query.psObjeto or '':>6} g  "
    if result.ok and result.response is not None and result.response.pcFinal is not None:
        return head + format_brl(result.response.pcFinal)
    return head + f"ERROR {result.failure}"
