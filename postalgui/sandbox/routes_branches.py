"""The branch-search service (`/agencia/v1`), bearer-protected, read-only (spec 001, 4.3).

The units are `branch_data`'s ~12,000, plus the changes a test or demo made through
``POST /_sandbox/branches/{id}`` (kept in the app's state: a changed unit gets a fresh
``dhAlteracao`` from the sandbox clock, so incremental queries find it).

What the spec leaves open, answered as the real deployment does (REFERENCE.md):

- list parameters (``id``, ``status``, ``cep``, ``codigoSro``, ``codigoTipoUnidade``)
  are read as repeated keys (``status=2&status=5``) and also as comma lists (``2,5``);
- ``nome`` matches part of the name, ``municipio``, ``bairro`` and ``uf`` the whole
  value; all compared without accents or case;
- ``page`` is 0-based; ``size`` defaults to 20, and a size above 50 gets 50 (the
  public clients' "at most 50 per page"); ``sort`` is ``field,direction`` over
  ``id``, ``nome``, ``status``, ``dhAlteracao``, ``municipio``, ``uf``; the ``self``
  link repeats the query with the sort written that way;
- ``dhAlteracaoInicial``/``Final`` are ``YYYY-MM-DDThh:mm:ss`` (fractions accepted),
  both ends included.

The token must be a contract's, and the contract must hold the branch-search service
86711 (spec 5.6); otherwise 403. Codes AGE-001 to AGE-005 are the sandbox's own.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import APIRouter, Body, Depends, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from postalgui.sandbox.auth import require_bearer
from postalgui.sandbox.branch_data import STATUSES, TYPES, all_units, fold
from postalgui.sandbox.demo import DEMO
from postalgui.sandbox.errors import MessageResponse, OperatorError
from postalgui.sandbox.faults import CONTROL_PREFIX
from postalgui.sandbox.state import SandboxState, get_state
from postalgui.sandbox.timefmt import local_datetime
from postalgui.sandbox.tokens import TokenClaims

BRANCH_SEARCH_SERVICE = "86711"
BRANCH_API = 78
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 50
LIST_PARAMETERS = ("id", "status", "cep", "codigoSro", "codigoTipoUnidade")
SORT_FIELDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "id": lambda unit: unit["id"],
    "nome": lambda unit: unit["nome"],
    "status": lambda unit: unit["status"],
    "dhAlteracao": lambda unit: _changed(unit).isoformat(),
    "municipio": lambda unit: unit["endereco"]["municipio"],
    "uf": lambda unit: unit["endereco"]["uf"],
}
_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": MessageResponse, "description": "bad parameter (AGE-001)"},
    403: {"model": MessageResponse, "description": "the contract lacks the branch-search service 86711"},
    404: {"model": MessageResponse, "description": "unit not found (AGE-002)"},
}

router = APIRouter(prefix="/agencia/v1", tags=["branch search"], responses=_ERRORS)
control = APIRouter(prefix=f"{CONTROL_PREFIX}/branches", tags=["sandbox control"])
State = Annotated[SandboxState, Depends(get_state)]


async def require_branch_search(claims: Annotated[TokenClaims, Depends(require_bearer)]) -> TokenClaims:
    """A contract's token whose contract holds service 86711 (spec 5.6)."""
    found = DEMO.find_contract(claims.contrato) if claims.contrato else None
    if found is None:
        raise OperatorError(
            403,
            "AGE-003: A busca de agências exige um token de contrato com o serviço 86711",
            causa=f"escopo do token: {claims.escopo}",
        )
    contract = found[1]
    if contract.service(BRANCH_SEARCH_SERVICE) is None or BRANCH_API not in claims.api:
        raise OperatorError(
            403,
            f"AGE-004: Contrato {contract.number} sem o serviço {BRANCH_SEARCH_SERVICE} (Busca Agência)",
            causa="serviço de busca de agências não contratado",
        )
    return claims


Claims = Annotated[TokenClaims, Depends(require_branch_search)]


# --------------------------------------------------------------------------- the units


class BranchEdits:
    """Units changed through the control route, by id (a copy of the record each)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed: dict[str, dict[str, Any]] = {}

    def units(self) -> list[dict[str, Any]]:
        base = all_units()
        with self._lock:
            if not self._changed:
                return base
            return [self._changed.get(unit["id"], unit) for unit in base]

    def one(self, mcu: str) -> dict[str, Any] | None:
        with self._lock:
            if mcu in self._changed:
                return self._changed[mcu]
        return _by_id().get(mcu)

    def change(self, mcu: str, fields: dict[str, Any], when: str) -> dict[str, Any] | None:
        unit = self.one(mcu)
        if unit is None:
            return None
        changed = copy.deepcopy(unit)
        for key, value in fields.items():
            if isinstance(value, dict) and isinstance(changed.get(key), dict):
                changed[key] = changed[key] | value
            else:
                changed[key] = value
        if "status" in fields:
            changed["descStatus"] = dict(STATUSES).get(str(fields["status"]), "OUTROS")
            changed["ativa"] = str(fields["status"]) in {"2", "3", "5"}
        changed["dhAlteracao"] = when
        with self._lock:
            self._changed[mcu] = changed
        return changed

    def clear(self) -> None:
        with self._lock:
            self._changed.clear()

    def encoded(self, unit: dict[str, Any]) -> str:
        """The unit as JSON text: the demo's units encoded once per process, changed ones each time."""
        with self._lock:
            if self._changed.get(unit["id"]) is unit:
                return json.dumps(unit, ensure_ascii=False)
        return _encoded_base(unit["id"])


@functools.cache
def _encoded_base(mcu: str) -> str:
    return json.dumps(_by_id()[mcu], ensure_ascii=False)


_index_lock = threading.Lock()
_index: dict[str, dict[str, Any]] | None = None


def _by_id() -> dict[str, dict[str, Any]]:
    global _index
    with _index_lock:
        if _index is None:
            _index = {unit["id"]: unit for unit in all_units()}
        return _index


def edits(state: SandboxState) -> BranchEdits:
    """This app's unit changes (created on first use, dropped by `/_sandbox/reset`)."""
    return state.extension("branches", BranchEdits)


def _changed(unit: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(unit["dhAlteracao"])


# --------------------------------------------------------------------------- parameters


def _bad(name: str, rule: str, value: object) -> OperatorError:
    return OperatorError(400, f"AGE-001: Parâmetro '{name}' inválido: {rule} (recebido {value!r})")


def _list(request: Request, name: str) -> list[str]:
    """A list parameter, repeated (``status=2&status=5``) or comma-separated (``status=2,5``)."""
    values: list[str] = []
    for raw in request.query_params.getlist(name):
        values.extend(part.strip() for part in raw.split(",") if part.strip())
    return values


def _key(text: str | None) -> str | None:
    return fold(text).upper().strip() if text and text.strip() else None


def _moment(name: str, text: str | None) -> datetime | None:
    if text is None or not text.strip():
        return None
    try:
        return datetime.fromisoformat(text.strip())
    except ValueError:
        raise _bad(name, "formato YYYY-MM-DDThh:mm:ss", text) from None


def _digits(name: str, values: Iterable[str], length: int) -> set[str]:
    found = set()
    for value in values:
        digits = value.replace("-", "").replace(".", "")
        if not (digits.isdigit() and len(digits) == length):
            raise _bad(name, f"{length} dígitos", value)
        found.add(digits)
    return found


class UnitFilter:
    """The query of ``GET /v1/unidades`` as a predicate over unit records."""

    def __init__(self, request: Request) -> None:
        params = request.query_params
        self.ids = _digits("id", _list(request, "id"), 8)
        self.statuses = set(_list(request, "status"))
        self.ceps = _digits("cep", _list(request, "cep"), 8)
        self.sro = set(_list(request, "codigoSro"))
        self.types = {code.zfill(2) for code in _list(request, "codigoTipoUnidade")}
        self.nome = _key(params.get("nome"))
        self.municipio = _key(params.get("municipio"))
        self.bairro = _key(params.get("bairro"))
        self.uf = _key(params.get("uf"))
        self.since = _moment("dhAlteracaoInicial", params.get("dhAlteracaoInicial"))
        self.until = _moment("dhAlteracaoFinal", params.get("dhAlteracaoFinal"))
        self.narrows = any(
            (
                self.ids,
                self.statuses,
                self.ceps,
                self.sro,
                self.types,
                self.nome,
                self.municipio,
                self.bairro,
                self.uf,
                self.since,
                self.until,
            )
        )

    def __call__(self, unit: dict[str, Any]) -> bool:
        address = unit["endereco"]
        if self.ids and unit["id"] not in self.ids:
            return False
        if self.statuses and unit["status"] not in self.statuses:
            return False
        if self.types and unit["tipoUnidade"]["codigo"] not in self.types:
            return False
        if self.uf and address["uf"] != self.uf:
            return False
        if self.municipio and fold(address["municipio"]).upper() != self.municipio:
            return False
        if self.bairro and fold(address["bairro"]).upper() != self.bairro:
            return False
        if self.nome and self.nome not in fold(unit["nome"]).upper():
            return False
        if self.ceps and address["cep"] not in self.ceps:
            return False
        if self.sro and not self.sro.intersection(unit["codigoSro"]):
            return False
        if self.since or self.until:
            changed = _changed(unit)
            if (self.since and changed < self.since) or (self.until and changed > self.until):
                return False
        return True


def _sort(text: str | None) -> tuple[str, str]:
    if not text:
        return "id", "asc"
    field, _, direction = text.partition(",")
    field, direction = field.strip(), (direction.strip() or "asc").lower()
    if field not in SORT_FIELDS or direction not in {"asc", "desc"}:
        raise _bad("sort", f"campo,direção com campo em {', '.join(SORT_FIELDS)}", text)
    return field, direction


def _self_link(request: Request, page: int, size: int, sort: tuple[str, str]) -> str:
    query = [
        (key, value)
        for key, value in request.query_params.multi_items()
        if key not in {"page", "size", "sort"}
    ]
    query += [("page", str(page)), ("size", str(size)), ("sort", f"{sort[0]},{sort[1]}")]
    url = request.url
    return f"{url.scheme}://{url.netloc}{url.path}?{urlencode(query)}"


# --------------------------------------------------------------------------- endpoints


@router.get("/unidades", summary="Units, paged and filtered")
async def list_units(
    request: Request,
    state: State,
    claims: Claims,
    page: Annotated[int, Query(description="0-based page number")] = 0,
    size: Annotated[int, Query(description="units per page, 1 to 50 (default 20)")] = DEFAULT_PAGE_SIZE,
    sort: Annotated[str | None, Query(description="field,direction (id,asc)")] = None,
) -> Response:
    """Every filter of spec 4.3; list parameters repeated or comma-separated.

    The body is joined from each unit's JSON, encoded once: FastAPI's own encoding of 50
    nested records cost more than the filter, and made the whole-country sync wait on
    the sandbox (tests/benchmarks/bench_branch_sync.py).
    """
    if page < 0:
        raise _bad("page", "0 ou maior", page)
    if size < 1:
        raise _bad("size", "1 ou maior", size)
    size = min(size, MAX_PAGE_SIZE)
    order = _sort(sort)
    wanted = UnitFilter(request)
    units = edits(state).units()
    matches = list(filter(wanted, units)) if wanted.narrows else units
    if order != ("id", "asc"):
        matches.sort(key=SORT_FIELDS[order[0]], reverse=order[1] == "desc")
    pages = math.ceil(len(matches) / size)
    known = edits(state)
    items = ",".join(known.encoded(unit) for unit in matches[page * size : (page + 1) * size])
    rest = json.dumps(
        {
            "links": [{"rel": "self", "href": _self_link(request, page, size, order)}],
            "page": {"size": size, "totalElements": len(matches), "totalPages": pages, "number": page},
        },
        ensure_ascii=False,
    )
    return Response(f'{{"itens":[{items}],{rest[1:]}', media_type="application/json")


@router.get("/unidades/{id}", summary="One unit by MCU")
async def get_unit(
    state: State,
    claims: Claims,
    mcu: Annotated[str, Path(alias="id", description="unit MCU, 8 digits")],
) -> dict[str, Any]:
    if not (mcu.isdigit() and len(mcu) == 8):
        raise _bad("id", "MCU de 8 dígitos", mcu)
    unit = edits(state).one(mcu)
    if unit is None:
        raise OperatorError(404, f"AGE-002: Unidade {mcu} não encontrada")
    return unit


@router.get("/tipos", summary="Unit types")
async def list_types(claims: Claims) -> list[dict[str, str]]:
    return [unit_type.record() for unit_type in TYPES]


@router.get("/status", summary="Unit statuses")
async def list_statuses(claims: Claims) -> list[dict[str, str]]:
    return [{"codigo": code, "descricao": text} for code, text in STATUSES]


@router.get("/localidades", summary="Municipalities (or, with municipio, neighbourhoods) that have units")
async def list_localities(
    request: Request,
    state: State,
    claims: Claims,
    uf: Annotated[str | None, Query(description="state abbreviation (required)")] = None,
    municipio: Annotated[str | None, Query(description="a municipality: its neighbourhoods")] = None,
    status: Annotated[str | None, Query(description="unit status code")] = None,
) -> list[dict[str, Any]]:
    """One item per municipality of ``uf`` with units (per neighbourhood with ``municipio``)."""
    state_code = _key(uf)
    if not state_code:
        raise OperatorError(400, "AGE-005: Parâmetro 'uf' obrigatório")
    if state_code not in {unit["endereco"]["uf"] for unit in all_units()}:
        raise _bad("uf", "sigla de estado", uf)
    types = {code.zfill(2) for code in _list(request, "codigoTipoUnidade")}
    city = _key(municipio)
    counts: dict[tuple[str, ...], int] = {}
    places: dict[tuple[str, ...], dict[str, Any]] = {}
    for unit in edits(state).units():
        address = unit["endereco"]
        if address["uf"] != state_code or (status and unit["status"] != status):
            continue
        if types and unit["tipoUnidade"]["codigo"] not in types:
            continue
        if city and fold(address["municipio"]).upper() != city:
            continue
        key = (address["codigoIbge"], address["bairro"]) if city else (address["codigoIbge"],)
        counts[key] = counts.get(key, 0) + 1
        places.setdefault(
            key,
            {
                "uf": address["uf"],
                "municipio": address["municipio"],
                "localidade": address["localidade"],
                "codigoIbge": address["codigoIbge"],
            }
            | ({"bairro": address["bairro"]} if city else {}),
        )
    items = [places[key] | {"quantidadeUnidades": counts[key]} for key in places]
    return sorted(items, key=lambda item: (item["municipio"], item.get("bairro", "")))


# --------------------------------------------------------------------------- control


class UnitChange(BaseModel):
    """Fields to change in a unit (any of the record's, nested objects merged)."""

    fields: dict[str, Any] = Field(default_factory=dict)


@control.post("/{id}")
async def change_unit(
    state: State,
    mcu: Annotated[str, Path(alias="id")],
    body: Annotated[UnitChange, Body()],
) -> dict[str, Any]:
    """Change a unit now (sandbox clock): incremental queries then return it."""
    when = local_datetime(state.now()).replace(tzinfo=None).isoformat(timespec="milliseconds")
    unit = edits(state).change(mcu.zfill(8) if mcu.isdigit() else mcu, body.fields, when)
    if unit is None:
        raise OperatorError(404, f"AGE-002: Unidade {mcu} não encontrada")
    return unit
