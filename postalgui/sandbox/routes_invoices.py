"""The invoice service (`/faturas/v1`), bearer-protected, read-only, with deterministic demo data.

Operations (spec 4.1) and their answers:
    GET  /faturas                                list by contract, DR and closing-date period: 200
                                                 array; 404 FAT-001 when the period has none
    GET  /faturas/{fatura}/sintetico/pdf         synthetic statement, application/pdf
    GET  /faturas/{fatura}/boleto/pdf            payment slip, application/pdf ("PAGO" mark when paid)
    POST|GET /faturas/{fatura}/analitico         202 processing record EXTRATO_ANALITICO (CSV)
    POST /previas                                202 processing record PREVIA_SINTETICO (PDF) or
                                                 PREVIA_ANALITICO (CSV); parameters in the query
                                                 string or a JSON body (query wins)
    GET  /processamentos/{id}                    the record, status from the sandbox clock
    GET  /processamentos/{id}/file               the file once SUCESSO
    GET  /faturas/divergencias (and divergências) tariff divergences of open billing, 200 array

Codes (the operator publishes FAT-001 and FAT-023; the sandbox invented the others):
    FAT-001 404 no invoices in the period          FAT-002 404 invoice/item/type/DR not found
    FAT-003 403 contract or invoice of another CNPJ
    FAT-004 404 zeroed invoice: no slip            FAT-005 404 reversed invoice: no slip
    FAT-010 400 required parameter missing         FAT-011 400 parameter malformed
    FAT-012 400 dataInicial after dataFinal
    FAT-023 404 no data: unknown contract, contract not of that DR or cost centre, nothing
                to invoice for a preview
    FAT-030 404 processing not found               FAT-031 410 file expired (7 days)
    FAT-032 409 processing not finished yet        FAT-033 409 processing ended in ERRO
Parameters arrive as plain strings and are checked here, so every 400 names the
parameter with a FAT code instead of FastAPI's generic validation text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse, Response

from postalgui.sandbox import analytic_csv, invoice_data, invoice_pdf, processing
from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.errors import GTW_VALIDATION, MessageResponse, OperatorError
from postalgui.sandbox.identifiers import normalize_number
from postalgui.sandbox.invoice_data import STATUS_REVERSED, Invoice
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

Claims = Annotated[TokenClaims, Depends(require_bearer)]
State = Annotated[SandboxState, Depends(get_state)]
InvoiceNumber = Annotated[str, Path(description="invoice number (id)")]

PREFIX = "/faturas/v1"
CSV_TYPE = "text/csv"
PREVIEW_KINDS = {"SINTETICO": processing.PREVIA_SINTETICO, "ANALITICO": processing.PREVIA_ANALITICO}

router = APIRouter(
    prefix=PREFIX,
    tags=["faturas"],
    responses={code: {"model": MessageResponse} for code in (400, 401, 403, 404)},
)


# -- parameters ----------------------------------------------------------------------------


class _Checks:
    """Collects every parameter problem of a request, then answers them all in one 400.

    The readers return a placeholder ("" / 0) for a bad value; `check` raises before
    any placeholder can be used.
    """

    def __init__(self) -> None:
        self.errors: list[str] = []

    def required(self, name: str, value: str | None) -> str:
        if value is None or not value.strip():
            self.errors.append(f"FAT-010: Parâmetro '{name}' é obrigatório")
            return ""
        return value.strip()

    def invalid(self, name: str, rule: str) -> str:
        self.errors.append(f"FAT-011: Parâmetro '{name}' inválido: {rule}")
        return ""

    def contract(self, value: str | None) -> str:
        text = self.required("contrato", value)
        if not text:
            return ""
        try:
            return normalize_number(text)
        except ValueError as exc:
            return self.invalid("contrato", str(exc))

    def dr(self, value: str | None) -> int:
        text = self.required("dr", value)
        if not text:
            return 0
        if not text.isascii() or not text.isdigit() or len(text) > 5 or int(text) == 0:
            self.invalid("dr", "número da DR (SE), até 5 dígitos")
            return 0
        return int(text)

    def day(self, name: str, value: str | None) -> date | None:
        text = self.required(name, value)
        if not text:
            return None
        try:
            if len(text) != 10:
                raise ValueError(text)
            return datetime.strptime(text, "%d-%m-%Y").date()
        except ValueError:
            self.invalid(name, "data no formato DD-MM-AAAA")
            return None

    def period(self, first: str | None, last: str | None) -> tuple[date, date]:
        start = self.day("dataInicial", first)
        end = self.day("dataFinal", last)
        if start is None or end is None:
            return date.min, date.min
        if start > end:
            self.errors.append("FAT-012: Parâmetro 'dataInicial' posterior a 'dataFinal'")
        return start, end

    def digits(self, name: str, value: str | None, sizes: range, rule: str) -> str:
        text = self.required(name, value)
        if text and (not text.isascii() or not text.isdigit() or len(text) not in sizes):
            return self.invalid(name, rule)
        return text

    def choice(self, name: str, value: str | None, allowed: tuple[str, ...]) -> str:
        text = self.required(name, value)
        if text and text not in allowed:
            return self.invalid(name, f"valores aceitos: {', '.join(allowed)}")
        return text

    def check(self) -> None:
        if self.errors:
            raise OperatorError(400, *self.errors, causa="Parâmetros da requisição recusados")


def _today(state: SandboxState) -> date:
    return local_datetime(state.now()).date()


def _own_contract(state: SandboxState, claims: TokenClaims, contract: str, dr: int) -> None:
    """403 for another company's contract, 404 FAT-023 for no such contract in that DR."""
    found = state.config.demo.find_contract(contract)
    if found is None:
        raise OperatorError(404, f"FAT-023: Não foram encontrados dados para o contrato {contract}")
    company, record = found
    if company.cnpj != claims.cnpj:
        raise OperatorError(403, f"FAT-003: Contrato {contract} não pertence ao CNPJ do token de acesso")
    if record.dr != dr:
        raise OperatorError(
            404, f"FAT-023: Não foram encontrados dados para o contrato {contract} na DR {dr}"
        )


TipoDocumento = Annotated[str | None, Query(alias="tipoDocumento", description="RE, R4, RA, ...")]
DrFatura = Annotated[str | None, Query(alias="drFatura", description="DR, 5 digits (00072)")]
ItemFatura = Annotated[str | None, Query(alias="itemFatura", description="3 digits (001)")]


def _invoice(
    fatura: InvoiceNumber,
    state: State,
    claims: Claims,
    tipo_documento: TipoDocumento = None,
    dr_fatura: DrFatura = None,
    item_fatura: ItemFatura = None,
) -> Invoice:
    """The invoice the path and query name; every parameter must match it (a route's dependency)."""
    checks = _Checks()
    number = checks.digits("fatura", fatura, range(1, 13), "número da fatura, até 12 dígitos")
    kind = checks.choice("tipoDocumento", tipo_documento, invoice_data.DOCUMENT_TYPES)
    dr = checks.digits("drFatura", dr_fatura, range(5, 6), "DR com 5 dígitos, zeros à esquerda (ex.: 00072)")
    item = checks.digits("itemFatura", item_fatura, range(3, 4), "item com 3 dígitos (ex.: 001)")
    checks.check()
    invoice = invoice_data.find_invoice(int(number), item, _today(state), state.config.demo)
    if invoice is None or invoice.doc_type != kind or invoice.dr_fatura != dr:
        raise OperatorError(
            404,
            f"FAT-002: Fatura {int(number)} não encontrada para tipoDocumento {kind},"
            f" drFatura {dr} e itemFatura {item}",
        )
    if invoice.cnpj != claims.cnpj:
        raise OperatorError(403, f"FAT-003: Fatura {invoice.id} não pertence ao CNPJ do token de acesso")
    return invoice


RequestedInvoice = Annotated[Invoice, Depends(_invoice)]
"""The invoice of ``/faturas/{fatura}/...``, checked and the caller's own."""


async def _contract_period(
    state: State,
    claims: Claims,
    contrato: Annotated[str | None, Query(description="contract number")] = None,
    dr: Annotated[str | None, Query(description="DR (state office) number")] = None,
    data_inicial: Annotated[str | None, Query(alias="dataInicial", description="DD-MM-YYYY")] = None,
    data_final: Annotated[str | None, Query(alias="dataFinal", description="DD-MM-YYYY")] = None,
) -> tuple[str, date, date]:
    """``(contract, first day, last day)`` of a listing, checked and the caller's own (a dependency)."""
    checks = _Checks()
    contract = checks.contract(contrato)
    dr_number = checks.dr(dr)
    first, last = checks.period(data_inicial, data_final)
    checks.check()
    _own_contract(state, claims, contract, dr_number)
    return contract, first, last


ContractPeriod = Annotated[tuple[str, date, date], Depends(_contract_period)]


def _file_response(content: bytes, media_type: str, filename: str, disposition: str) -> Response:
    return Response(
        content,
        media_type=media_type,
        headers={"Content-Disposition": f'{disposition}; filename="{filename}"'},
    )


# -- list, PDFs ------------------------------------------------------------------------


@router.get("/faturas")
async def list_invoices(asked: ContractPeriod, state: State) -> list[dict[str, Any]]:
    """Invoices of a contract whose closing date (dataFechamento) falls in the period."""
    invoices = invoice_data.invoices_between(*asked, _today(state), state.config.demo)
    if not invoices:
        raise OperatorError(
            404,
            "FAT-001: Não foram encontradas faturas para o período informado",
            causa="Nenhuma fatura fechada no período",
        )
    return [invoice.record() for invoice in invoices]


async def list_divergences(asked: ContractPeriod, state: State) -> list[dict[str, Any]]:
    """Tariff divergences of open billing posted in the period (an empty list is fine)."""
    return invoice_data.divergences(*asked, _today(state), state.config.demo)


# The spec writes the path accented; working clients call it plain. Both are served.
for _path in ("/faturas/divergencias", "/faturas/divergências"):
    router.add_api_route(_path, list_divergences, methods=["GET"])


@router.get("/faturas/{fatura}/sintetico/pdf", response_class=Response)
def synthetic_statement(invoice: RequestedInvoice, state: State) -> Response:
    """The synthetic statement of an invoice as a PDF."""
    issued = local_datetime(state.now())
    pdf = invoice_pdf.synthetic_pdf(invoice, invoice_data.summarize(invoice), issued)
    name = f"EXTRATO_SINTETICO_{invoice.id}_{invoice.item}.pdf"
    return _file_response(pdf, invoice_pdf.MEDIA_TYPE, name, "inline")


@router.get("/faturas/{fatura}/boleto/pdf", response_class=Response)
def payment_slip(invoice: RequestedInvoice, state: State) -> Response:
    """The payment slip of an invoice; none for zeroed or reversed invoices."""
    if invoice.valor_cents <= 0:
        raise OperatorError(404, f"FAT-004: Fatura {invoice.id} sem valor a pagar: não há boleto")
    if invoice.status == STATUS_REVERSED:
        raise OperatorError(404, f"FAT-005: Fatura {invoice.id} estornada: não há boleto para pagamento")
    pdf = invoice_pdf.boleto_pdf(invoice, local_datetime(state.now()))
    return _file_response(pdf, invoice_pdf.MEDIA_TYPE, f"BOLETO_{invoice.id}_{invoice.item}.pdf", "inline")


# -- asynchronous processing -------------------------------------------------------------


def _accepted(
    state: SandboxState,
    claims: TokenClaims,
    *,
    kind: str,
    parametros: dict[str, str],
    file_name: Callable[[float], str],
    media_type: str,
    render: Callable[[], bytes],
) -> JSONResponse:
    record = state.processing.create(
        kind=kind,
        parametros=parametros,
        now=state.now(),
        delay_s=state.processing_delay_s,
        owner_cnpj=claims.cnpj,
        file_name=file_name,
        media_type=media_type,
        render=render,
    )
    body = record.record(state.now(), state.file_lifetime_s, initial=True)
    location = f"{PREFIX}/processamentos/{record.id}"
    return JSONResponse(body, status_code=202, headers={"Location": location})


def _accepted_analytic(
    state: SandboxState, claims: TokenClaims, invoice: Invoice, kind: str, parametros: dict[str, str]
) -> JSONResponse:
    """An analytic statement (of an invoice or of the open month's preview) accepted as a CSV to come."""
    return _accepted(
        state,
        claims,
        kind=kind,
        parametros=parametros,
        file_name=lambda finished: analytic_csv.file_name(invoice, local_datetime(finished).date()),
        media_type=CSV_TYPE,
        render=lambda: analytic_csv.analytic_csv(invoice),
    )


async def request_analytic(invoice: RequestedInvoice, state: State, claims: Claims) -> JSONResponse:
    """Ask for the analytic statement (CSV) of an invoice; follow with the status query."""
    parametros = {
        "tipoDocumento": invoice.doc_type,
        "drFatura": invoice.dr_fatura,
        "idFatura": str(invoice.id),
        "itemFatura": invoice.item,
    }
    return _accepted_analytic(state, claims, invoice, processing.EXTRATO_ANALITICO, parametros)


# The spec lists POST and its example uses GET (REFERENCE: send POST, accept both).
# One route per method, so each gets its own OpenAPI operation id.
for _method in ("POST", "GET"):
    router.add_api_route(
        "/faturas/{fatura}/analitico",
        request_analytic,
        methods=[_method],
        status_code=202,
        name=f"request_analytic_{_method.lower()}",
    )

_PREVIEW_FIELDS = ("tipoPrevia", "contrato", "dr", "centroCusto")


async def _preview_values(request: Request) -> dict[str, str]:
    """The preview's parameters from the query string, completed from a JSON body."""
    values = {key: request.query_params[key] for key in _PREVIEW_FIELDS if key in request.query_params}
    raw = await request.body()
    if not raw.strip():
        return values
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise OperatorError(400, f"{GTW_VALIDATION}: Corpo da requisição não é um JSON válido") from exc
    if not isinstance(data, dict):
        raise OperatorError(400, f"{GTW_VALIDATION}: Corpo da requisição deve ser um objeto JSON")
    for key in _PREVIEW_FIELDS:
        value = data.get(key)
        if value is not None and not isinstance(value, dict | list) and not values.get(key, "").strip():
            values[key] = str(value)
    return values


@router.post("/previas", status_code=202)
async def request_preview(request: Request, state: State, claims: Claims) -> JSONResponse:
    """Ask for a preview of the open month: SINTETICO gives a PDF, ANALITICO a CSV.

    Query string: ``tipoPrevia``, ``contrato``, ``dr``, ``centroCusto`` (optional); the
    same keys in a JSON body are accepted too.
    """
    values = await _preview_values(request)
    checks = _Checks()
    kind = checks.choice("tipoPrevia", values.get("tipoPrevia"), tuple(PREVIEW_KINDS))
    contract = checks.contract(values.get("contrato"))
    dr = checks.dr(values.get("dr"))
    cost_centre = (values.get("centroCusto") or "").strip() or None
    checks.check()
    _own_contract(state, claims, contract, dr)
    invoice = invoice_data.preview_invoice(contract, _today(state), state.config.demo)
    if invoice is None:
        raise OperatorError(404, f"FAT-023: Não há registros a faturar para o contrato {contract}")
    if cost_centre is not None and cost_centre != invoice.cost_centre:
        raise OperatorError(404, f"FAT-023: Não foram encontrados dados para o centro de custo {cost_centre}")
    parametros = {"tipoPrevia": kind, "contrato": contract, "dr": str(dr)}
    if cost_centre is not None:
        parametros["centroCusto"] = cost_centre
    if kind == "SINTETICO":
        issued = local_datetime(state.now() + state.processing_delay_s)
        return _accepted(
            state,
            claims,
            kind=PREVIEW_KINDS[kind],
            parametros=parametros,
            file_name=lambda finished: f"PREVIA_SINTETICO_{contract}_{local_datetime(finished):%Y%m%d}.pdf",
            media_type=invoice_pdf.MEDIA_TYPE,
            render=lambda: invoice_pdf.synthetic_pdf(invoice, invoice_data.summarize(invoice), issued),
        )
    return _accepted_analytic(state, claims, invoice, PREVIEW_KINDS[kind], parametros)


def _processing(state: SandboxState, claims: TokenClaims, processing_id: str) -> processing.Processing:
    record = state.processing.get(processing_id.strip())
    if record is None or record.owner_cnpj != claims.cnpj:
        raise OperatorError(404, f"FAT-030: Processamento {processing_id} não encontrado")
    return record


ProcessingId = Annotated[str, Path(alias="idProcessamento", description="id returned by the request")]


@router.get("/processamentos/{idProcessamento}")
async def processing_status(processing_id: ProcessingId, state: State, claims: Claims) -> dict[str, Any]:
    """The processing record, its status computed from the sandbox clock."""
    record = _processing(state, claims, processing_id)
    return record.record(state.now(), state.file_lifetime_s)


@router.get("/processamentos/{idProcessamento}/file", response_class=Response)
def processing_file(processing_id: ProcessingId, state: State, claims: Claims) -> Response:
    """The processed file: only once SUCESSO, and for 7 days after it finished (then 410)."""
    record = _processing(state, claims, processing_id)
    status = record.status_at(state.now(), state.file_lifetime_s)
    if status == processing.ERRO:
        raise OperatorError(409, processing.ERROR_MESSAGE, causa=f"Processamento {record.id} com status ERRO")
    if status == processing.EXCLUIDO:
        days = state.file_lifetime_s / 86400
        raise OperatorError(
            410,
            f"FAT-031: Arquivo expirado: disponível por {days:g} dias após o fim do processamento",
            causa=f"Processamento {record.id} concluído há mais de {days:g} dias",
        )
    if status != processing.SUCESSO:
        raise OperatorError(
            409,
            f"FAT-032: Processamento {record.id} ainda não concluído (status {status}); aguarde SUCESSO",
        )
    media_type = f"{CSV_TYPE}; charset=utf-8" if record.media_type == CSV_TYPE else record.media_type
    return _file_response(record.render(), media_type, record.file_name(record.finished_at), "attachment")
