"""The operator's tracking answer (`/srorastro/v1/objetos`): envelope, objects, events.

Per-object messages never fail the batch: a code of the wrong shape or check digit is
``SRO-019``, one the world does not know, or not posted yet at the sandbox clock's now,
``SRO-020``. Events are newest first; ``U`` keeps the newest, ``P`` the first (posting).
A compensation the claims service paid shows as an ``IDC`` event from its payment time on.
"""

from __future__ import annotations

import json
from bisect import bisect_right, insort
from collections.abc import Iterable
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.deadline_engine import ALIASES, wire_timestamp
from postalgui.sandbox.tracking.codes import valid_code
from postalgui.sandbox.tracking.history import DELIVERED, Event, History, history
from postalgui.sandbox.tracking.objects import TrackedObject
from postalgui.sandbox.tracking.receivers import receiver_of
from postalgui.sandbox.tracking.world import TrackingWorld

VERSION = "1.8.7"
"""The manual's example answer's ``versao``."""
RESULTS = {"T": "Todos os Eventos", "U": "Último Evento", "P": "Primeiro Evento"}
"""The envelope's ``resultado``: the manual's example shows "Todos os Eventos"; the words for
U and P are the sandbox's guess in the same form."""
SRO_INVALID = "SRO-019: Objeto inválido"
SRO_NOT_FOUND = "SRO-020: Objeto não encontrado na base de dados dos Correios."
CATEGORIES = {"SEDEX": "SEDEX", "PAC": "PAC", "MINI": "MINI ENVIOS"}
COMPENSATED = ("IDC", "01", "Objeto indenizado")
"""The event of a compensation paid (at the posting unit): the claims service's payments."""
RECORDED_AFTER = timedelta(minutes=2, seconds=13)
"""`dtHrGravado` trails `dtHrCriado`: the event reaches the system a little after it happens."""


def stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def postal_type(obj: TrackedObject) -> dict[str, str]:
    product = cat.PRODUCTS.get(ALIASES.get(obj.product, obj.product))
    name = product.name.upper() if product else "ENCOMENDA"
    category = CATEGORIES.get(product.family, "ENCOMENDA") if product else "ENCOMENDA"
    return {"sigla": obj.code[:2], "descricao": f"ETIQUETA LOGICA {name}", "categoria": category}


def event_record(event: Event, code: str = "") -> dict[str, Any]:
    """An event as the operator writes it; the delivered one names its receiver
    (``recebedor``: REFERENCE.md lists the field, its shape is the sandbox's reading)."""
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
    if event.kind == DELIVERED and code:
        name, document = receiver_of(code)
        record["recebedor"] = {"nome": name, "documento": document}
    return record


@lru_cache(maxsize=65_536)
def _history(obj: TrackedObject) -> tuple[History, tuple[datetime, ...]]:
    """An object's history and its events' times, made once (a refresh asks again every 30 min)."""
    made = history(obj)
    return made, tuple(event.at for event in made.events)


def object_json(obj: TrackedObject, now: datetime, result: str, paid: datetime | None = None) -> str:
    """The object as the service shows it at `now` (SRO-020 before it is posted), as JSON;
    kept per object, number of events shown and payment shown (`paid` up to `now`):
    answering 50 objects again is 50 look-ups, not 50 histories written out."""
    _, times = _history(obj)
    return _json(obj, result, bisect_right(times, now), paid if paid is not None and paid <= now else None)


@lru_cache(maxsize=65_536)
def _json(obj: TrackedObject, result: str, count: int, paid: datetime | None) -> str:
    return json.dumps(_record(obj, result, count, paid), ensure_ascii=False)


def _record(obj: TrackedObject, result: str, count: int, paid: datetime | None) -> dict[str, Any]:
    made, _ = _history(obj)
    shown = list(made.events[:count])
    if not shown:
        return {"codObjeto": obj.code, "mensagem": SRO_NOT_FOUND}
    if paid is not None:
        insort(shown, Event(paid, COMPENSATED, made.events[0].unit), key=lambda event: event.at)
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
    record["eventos"] = [event_record(event, obj.code) for event in reversed(shown)]
    return record


def answer(world: TrackingWorld, codes: Iterable[str], now: datetime, result: str) -> dict[str, Any]:
    """The whole answer for `codes` (already split and upper-cased) at local time `now`."""
    decoded: dict[str, Any] = json.loads(answer_json(world, codes, now, result))
    return decoded


def answer_json(world: TrackingWorld, codes: Iterable[str], now: datetime, result: str) -> str:
    """`answer`, written out: what the route sends."""
    objects: list[str] = []
    for code in codes:
        if not valid_code(code):
            objects.append(json.dumps({"codObjeto": code, "mensagem": SRO_INVALID}, ensure_ascii=False))
            continue
        found = world.find(code, now.date())
        if found is None:
            objects.append(json.dumps({"codObjeto": code, "mensagem": SRO_NOT_FOUND}, ensure_ascii=False))
        else:
            objects.append(object_json(found, now, result, world.compensated(code)))
    head = {"versao": VERSION, "quantidade": len(objects), "resultado": RESULTS[result]}
    return json.dumps(head, ensure_ascii=False)[:-1] + ', "objetos": [' + ", ".join(objects) + "]}"
