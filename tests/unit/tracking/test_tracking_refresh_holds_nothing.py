"""A refresh of thousands of objects saves each call's answers as they come and holds none:
the client keeps its answers only when asked to (10,000 timelines held until the end took
the refresh benchmark's peak from about 160 MB to about 470 MB), and its writer holds no
HTTP call: the delivery-time service is asked before an answer is handed to it."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import responses

from postalgui.api.cancel import PlainTask
from postalgui.api.deadline import DeadlineResult
from postalgui.api.models.deadline import Deadline, DeadlineQuery
from postalgui.api.models.tracking import TrackedObject
from postalgui.api.tracking import Detail, TrackingClient
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.tracking import refresh as refresh_module
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.service import TrackingService
from tests.ports_support import tracking_ports
from tests.unit.tracking.test_tracking_client import OBJECTS, client, code  # the fixture

__all__ = ["client"]

NOT_FOUND = "SRO-020: Objeto não encontrado"


@responses.activate
def test_the_client_hands_answers_to_done_and_keeps_none_when_told(client: TrackingClient) -> None:
    def answer(request: Any) -> tuple[int, dict[str, str], str]:

        asked = parse_qs(urlsplit(request.url).query)["codigosObjetos"]
        body = {
            "objetos": [{"codObjeto": item, "mensagem": "SRO-020: Objeto não encontrado"} for item in asked]
        }

        return 200, {}, json.dumps(body)

    responses.add_callback(responses.GET, OBJECTS, callback=answer)
    heard: list[str] = []
    codes = [code(serial) for serial in range(120)]
    kept = client.track(
        codes, done=lambda found: heard.extend(obj.codObjeto or "" for obj in found), keep=False
    )
    assert kept == []
    assert sorted(heard) == sorted(codes)
    assert [obj.codObjeto for obj in client.track(codes[:3])] == codes[:3]  # kept by default


class Operator:
    """The tracking client as a refresh uses it: `calls`, whose answers go to ``done`` only
    (`TrackingCalls` keeps none); ``track`` would keep them, and is not used."""

    def __init__(self) -> None:
        self.asked: list[dict[str, Any]] = []

    def track(self, *_args: Any, **_kwargs: Any) -> list[TrackedObject]:
        self.asked.append({"keep": True})
        raise AssertionError("a refresh streams its calls: the client keeps nothing")

    @contextmanager
    def calls(self, *, detail: Detail = Detail.ALL, done: Any) -> Iterator[Any]:
        self.asked.append({"keep": False})
        yield SimpleNamespace(ask=lambda codes: done(list(codes), self.answers(list(codes), detail)))

    def glances(self, *, done: Any) -> AbstractContextManager[Any]:
        """`TrackingClient.glances`: the last events, as `TrackedObject`s."""
        return self.calls(detail=Detail.LAST, done=done)

    def answers(self, codes: list[str], detail: Detail) -> list[TrackedObject]:
        return [TrackedObject(codObjeto=item, mensagem=NOT_FOUND) for item in codes]


class Service(TrackingService):
    def __init__(self, office: OfficeDatabase, operator: Operator | TrackingClient) -> None:
        super().__init__(tracking_ports(office))
        self.operator = operator

    def client(self) -> Any:
        return self.operator

    def deadlines(self) -> Any:
        return None

    def now(self) -> datetime:
        return datetime(2026, 11, 25, 15, 0, tzinfo=UTC)

    def today(self) -> date:
        return date(2026, 11, 25)


def test_a_refresh_asks_the_client_to_keep_nothing(tmp_path: Path) -> None:
    office = OfficeDatabase(tmp_path, "sandbox", "", author=lambda: "clerk")
    try:
        operator = Operator()
        service = Service(office, operator)
        service.watchlist().add([NewObject(code(1)), NewObject(code(2))], source="paste")
        done = use_cases.refresh(PlainTask(), service)
        assert done.asked == 2
        assert operator.asked == [{"keep": False}]
    finally:
        office.close()


class Deadlines:
    """The delivery-time client: records, for each call, whether a write was under way."""

    def __init__(self) -> None:
        self.during_write: list[bool] = []

    def batch(self, queries: Sequence[DeadlineQuery]) -> list[DeadlineResult]:
        self.during_write.append(WatchedWriter.writing > 0)
        by = datetime(2026, 11, 21, 23, 58)
        return [
            DeadlineResult(index, query, Deadline(coProduto=query.coProduto, dataMaxima=by), None)
            for index, query in enumerate(queries)
        ]


class WatchedWriter(refresh_module.BatchWriter):
    """The refresh's writer, counting the writes under way (any thread)."""

    writing = 0

    def __init__(self, write: Callable[[refresh_module.Answers, list[str]], None]) -> None:
        def watched(answers: refresh_module.Answers, asked: list[str]) -> None:
            WatchedWriter.writing += 1
            try:
                write(answers, asked)
            finally:
                WatchedWriter.writing -= 1

        super().__init__(watched)


class MovingOperator(Operator):
    """Every object posted on the 17th and moving, with no expected date (the delivery-time
    service is asked for it)."""

    def answers(self, codes: list[str], detail: Detail) -> list[TrackedObject]:
        events = [("RO", "2026-11-18T09:00:00"), ("PO", "2026-11-17T09:00:00")]
        return [
            TrackedObject.model_validate(
                {
                    "codObjeto": item,
                    "eventos": [
                        {"codigo": kind, "tipo": "01", "dtHrCriado": at, "descricao": kind}
                        for kind, at in (events[:1] if detail is Detail.LAST else events)
                    ],
                }
            )
            for item in codes
        ]


def test_the_expected_date_is_asked_before_the_write_never_during_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(refresh_module, "BatchWriter", WatchedWriter)
    office = OfficeDatabase(tmp_path, "sandbox", "", author=lambda: "clerk")
    try:
        deadlines = Deadlines()
        service = Service(office, MovingOperator())
        monkeypatch.setattr(service, "deadlines", lambda: deadlines)
        item = NewObject(code(1), co_produto="03298", cep_origem="01310100", cep_destino="13010000")
        service.watchlist().add([item, NewObject(code(2))], source="paste")
        done = use_cases.refresh_listed(PlainTask(), service)
        assert deadlines.during_write == [False]  # asked once, and no write waited on it
        assert done.refreshed.asked == 2
        listed = {watched.code: watched for watched in done.listed.objects}
        assert set(listed) == {code(1), code(2)}
        assert (listed[code(1)].expected_on, listed[code(1)].expected_source) == (
            date(2026, 11, 21),
            "deadline",
        )
        assert not done.listed.archived
    finally:
        office.close()


class MeetingDeadlines:
    """The delivery-time client: each lookup waits for another to be under way at once (a
    refresh that looked dates up one at a time, under the writer's lock, never meets)."""

    def __init__(self) -> None:
        self.meeting = threading.Barrier(2, timeout=10)
        self.met = 0

    def batch(self, queries: Sequence[DeadlineQuery]) -> list[DeadlineResult]:
        self.meeting.wait()
        self.met += 1
        by = datetime(2026, 11, 21, 23, 58)
        return [
            DeadlineResult(index, query, Deadline(coProduto=query.coProduto, dataMaxima=by), None)
            for index, query in enumerate(queries)
        ]


@responses.activate
def test_the_expected_dates_of_two_calls_are_looked_up_at_once(
    client: TrackingClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def moving(request: Any) -> tuple[int, dict[str, str], str]:
        query = parse_qs(urlsplit(request.url).query)
        events = [
            {"codigo": kind, "tipo": "01", "dtHrCriado": at, "descricao": kind}
            for kind, at in (("RO", "2026-11-18T09:00:00"), ("PO", "2026-11-17T09:00:00"))
        ]
        shown = events[:1] if query["resultado"] == ["U"] else events
        objects = [{"codObjeto": item, "eventos": shown} for item in query["codigosObjetos"]]
        return 200, {}, json.dumps({"objetos": objects})

    responses.add_callback(responses.GET, OBJECTS, callback=moving)
    office = OfficeDatabase(tmp_path, "sandbox", "", author=lambda: "clerk")
    try:
        one_a_call = TrackingClient(client.client, scope=client.scope, chunk=1, concurrency=2)
        service = Service(office, one_a_call)
        deadlines = MeetingDeadlines()
        monkeypatch.setattr(service, "deadlines", lambda: deadlines)
        product = {"co_produto": "03298", "cep_origem": "01310100", "cep_destino": "13010000"}
        service.watchlist().add([NewObject(code(n), **product) for n in (1, 2)], source="paste")
        done = use_cases.refresh(PlainTask(), service)
        assert (done.asked, deadlines.met) == (2, 2)
        assert {watched.expected_source for watched in service.watchlist().objects()} == {"deadline"}
    finally:
        office.close()
