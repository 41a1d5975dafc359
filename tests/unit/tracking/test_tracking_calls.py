"""`TrackingClient.calls`: calls start as codes are handed in (a refresh sends its first
calls while it still reads its list), a worker takes the next call as soon as its own
returns (a sliding window, not rounds), and the first failure stops the calls not sent."""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

import pytest
import responses

from postalgui.api.models.tracking import Glance, TrackedObject
from postalgui.api.tracking import TrackingClient, TrackingNotEnabledError
from tests.unit.tracking.test_tracking_client import (  # the fixture
    MANUAL,
    OBJECTS,
    client,
    code,
    echo,
    query_of,
)

__all__ = ["client"]

WAIT_S = 10


def narrow(client: TrackingClient, *, chunk: int, concurrency: int) -> TrackingClient:
    return TrackingClient(client.client, scope=client.scope, chunk=chunk, concurrency=concurrency)


def ignore(_asked: list[str], _objects: list[TrackedObject]) -> None:
    pass


@responses.activate
def test_a_full_call_goes_out_before_the_codes_end(client: TrackingClient) -> None:
    sent = threading.Event()

    def answer(request: Any) -> tuple[int, dict[str, str], str]:
        sent.set()
        return echo(request)

    responses.add_callback(responses.GET, OBJECTS, callback=answer)
    heard: list[str] = []
    lock = threading.Lock()

    def done(asked: list[str], objects: list[TrackedObject]) -> None:
        with lock:
            heard.extend(obj.codObjeto or "" for obj in objects)

    with narrow(client, chunk=2, concurrency=2).calls(done=done) as calls:
        calls.ask([code(1), code(2)])
        assert sent.wait(WAIT_S)  # the codes still coming: the first call is already out
        calls.ask([code(3)])  # half a call: sent on leaving
    assert sorted(heard) == [code(1), code(2), code(3)]
    assert [query_of(call.request.url)["resultado"] for call in responses.calls] == [["T"], ["T"]]


@responses.activate
def test_a_worker_takes_the_next_call_as_soon_as_its_own_returns(client: TrackingClient) -> None:
    others = threading.Event()
    answered: list[str] = []
    lock = threading.Lock()
    slow = code(1)

    def answer(request: Any) -> tuple[int, dict[str, str], str]:
        (asked,) = query_of(request.url)["codigosObjetos"]
        if asked == slow:  # in flight until every other call has returned, on the other worker
            assert others.wait(WAIT_S), "the other calls waited for this one (a round)"
        else:
            with lock:
                answered.append(asked)
                if len(answered) == 4:
                    others.set()
        return echo(request)

    responses.add_callback(responses.GET, OBJECTS, callback=answer)
    with narrow(client, chunk=1, concurrency=2).calls(done=ignore) as calls:
        calls.ask([code(n) for n in range(1, 6)])
    assert sorted(answered) == [code(n) for n in range(2, 6)]


@responses.activate
def test_the_first_failure_stops_the_calls_not_sent(client: TrackingClient) -> None:
    responses.add(responses.GET, OBJECTS, status=403, json={"msgs": ["Acesso negado"]})
    one_at_a_time = narrow(client, chunk=1, concurrency=1)
    with pytest.raises(TrackingNotEnabledError), one_at_a_time.calls(done=ignore) as calls:
        calls.ask([code(n) for n in range(1, 30)])
    assert len(responses.calls) == 1  # the calls after the refusal were not sent


@responses.activate
def test_glances_read_last_events_and_an_object_without_events_whole(client: TrackingClient) -> None:
    missing = {
        "codObjeto": code(2),
        "mensagem": "SRO-020: Objeto não encontrado",
        "tipoPostal": {"sigla": "QB"},
    }
    responses.add(responses.GET, OBJECTS, json={"objetos": [MANUAL, missing]})
    heard: list[Glance | TrackedObject] = []
    with client.glances(done=lambda _asked, objects: heard.extend(objects)) as calls:
        calls.ask([str(MANUAL["codObjeto"]), code(2)])
    moved, whole = heard
    assert isinstance(moved, Glance)
    assert (moved.eventos[0].key, moved.eventos[0].dtHrCriado) == (
        ("BDE", "01"),
        datetime(2022, 3, 10, 14, 44),
    )
    assert isinstance(whole, TrackedObject)
    assert whole.tipoPostal is not None
    assert (whole.tipoPostal.sigla, whole.mensagem) == ("QB", missing["mensagem"])
    assert query_of(responses.calls[0].request.url)["resultado"] == ["U"]
