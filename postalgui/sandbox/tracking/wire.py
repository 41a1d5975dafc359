"""The operator's tracking answer (`/srorastro/v1/objetos`): envelope, objects, events.

Per-object messages never fail the batch: a code of the wrong shape or check digit is
``SRO-019``, one the world does not know, or not posted yet at the sandbox clock's now,
``SRO-020``. Events are newest first; ``U`` keeps the newest, ``P`` the first (posting).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.deadline_engine import ALIASES, wire_timestamp
from postalgui.sandbox.tracking.codes import valid_code
from postalgui.sandbox.tracking.history import Event, history
from postalgui.sandbox.tracking.objects import TrackedObject
from postalgui.sandbox.tracking.world import TrackingWorld

VERSION = "1.0.0"
RESULTS = {"T": "Todos", "U": "Último", "P": "Primeiro"}
SRO_INVALID = "SRO-019: Objeto inválido"
SRO_NOT_FOUND = "SRO-020: Objeto não encontrado na base de dados dos Correios."
CATEGORIES = {"SEDEX": "SEDEX", "PAC": "PAC", "MINI": "MINI ENVIOS"}
RECORDED_AFTER = timedelta(minutes=2, seconds=13)
"""`dtHrGravado` trails `dtHrCriado`: the event reaches the system a little after it happens."""


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def postal_type(obj: TrackedObject) -> dict[str, str]:
    product = cat.PRODUCTS.get(ALIASES.get(obj.product, obj.product))
    name = product.name.upper() if product else "ENCOMENDA"
    category = CATEGORIES.get(product.family, "ENCOMENDA") if product else "ENCOMENDA"
    return {"sigla": obj.code[:2], "descricao": f"ETIQUETA LOGICA {name}", "categoria": category}


def event_record(event: Event) -> dict[str, Any]:
    codigo, tipo, descricao = event.kind
    record: dict[str, Any] = {
        "codigo": codigo,
        "tipo": tipo,
        "dtHrCriado": stamp(event.at),
        "dtHrGravado": stamp(event.at + RECORDED_AFTER),
        "descricao": descricao,
    }
    if event.detail:
        record["detalhe"] = event.detail
    record["unidade"] = event.unit.record()
    if event.destination is not None:
        record["unidadeDestino"] = event.destination.record()
    if event.pickup_until is not None:
        record["dtLimiteRetirada"] = stamp(event.pickup_until)
    return record


def object_record(obj: TrackedObject, now: datetime, result: str) -> dict[str, Any]:
    """The object as the service shows it at `now` (SRO-020 before it is posted)."""
    made = history(obj)
    shown = [event for event in made.events if event.at <= now]
    if not shown:
        return {"codObjeto": obj.code, "mensagem": SRO_NOT_FOUND}
    if result == "U":
        shown = shown[-1:]
    elif result == "P":
        shown = shown[:1]
    record: dict[str, Any] = {
        "codObjeto": obj.code,
        "tipoPostal": postal_type(obj),
        "dtPrevista": wire_timestamp(made.expected),
    }
    if obj.contract is not None:
        record["contrato"] = obj.contract
    record |= {"modalidade": "F", "peso": obj.weight_g / 1000, "formato": "Pacote"}
    record["eventos"] = [event_record(event) for event in reversed(shown)]
    return record


def answer(world: TrackingWorld, codes: Iterable[str], now: datetime, result: str) -> dict[str, Any]:
    """The whole answer for `codes` (already split and upper-cased) at local time `now`."""
    objects: list[dict[str, Any]] = []
    for code in codes:
        if not valid_code(code):
            objects.append({"codObjeto": code, "mensagem": SRO_INVALID})
            continue
        found = world.find(code, now.date())
        if found is None:
            objects.append({"codObjeto": code, "mensagem": SRO_NOT_FOUND})
        else:
            objects.append(object_record(found, now, result))
    return {"versao": VERSION, "quantidade": len(objects), "resultado": RESULTS[result], "objetos": objects}
