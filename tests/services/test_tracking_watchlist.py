"""The watchlist in the office database (SQLite and PostgreSQL), and the refresh use case
over a scripted operator: what is saved, what is asked again, who is told once."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from threading import Event
from types import SimpleNamespace
from typing import Any

import pytest
from sqlalchemy import select

from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.deadline import DeadlineResult
from postalgui.api.models.deadline import Deadline, DeadlineQuery
from postalgui.api.models.tracking import TrackedObject
from postalgui.api.tracking import Detail
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import check_digit
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.ports import NewObject
from postalgui.services.settings import Settings
from postalgui.services.tracking import refresh as refresh_module
from postalgui.services.tracking import use_cases
from postalgui.services.tracking.records import Kept
from postalgui.services.tracking.service import TrackingService
from postalgui.services.tracking.settings import TrackingSettings
from postalgui.services.tracking.status import Status
from postalgui.services.tracking.watchlist import LATE, Alert, Watchlist
from postalgui.store.tables import tracked_object
from tests.ports_support import tracking_ports

NOW = datetime(2026, 11, 25, 15, 0, tzinfo=UTC)


def code(serial: int) -> str:
    digits = f"{serial:08d}"
    return f"QB{digits}{check_digit(digits)}BR"


def answer(
    number: int, *events: tuple[str, str, str], expected: str | None = "2026-11-20T20:58:00"
) -> TrackedObject:
    return TrackedObject.model_validate(
        {
            "codObjeto": code(number),
            "dtPrevista": expected,
            "eventos": [
                {"codigo": c, "tipo": t, "dtHrCriado": at, "descricao": f"{c} {t}",
                 "unidade": {"codSro": "00012345", "endereco": {"cidade": "Campinas", "uf": "SP"}}}
                for c, t, at in events
            ],
        }
    )  # fmt: skip


POSTED = ("PO", "01", "2026-11-17T09:00:00")
MOVING = ("RO", "01", "2026-11-18T09:00:00")
DELIVERED_LATE = ("BDE", "01", "2026-11-23T11:00:00")
AT_BRANCH = ("LDI", "01", "2026-11-19T11:00:00")


class ScriptedOperator:
    """The tracking and delivery-time clients of a scripted operator: answers by code."""

    def __init__(self) -> None:
        self.answers: dict[str, TrackedObject] = {}
        self.asked: list[list[str]] = []
        self.details: list[Detail] = []
        self.deadlines: list[DeadlineQuery] = []
        self.on_ask: Callable[[list[str]], None] = lambda _codes: None
        """Heard before each ``ask`` of `calls` is answered (it may raise: a cancel)."""

    def track(
        self,
        codes: Sequence[str],
        *,
        detail: Detail = Detail.ALL,
        done: Callable[[Sequence[TrackedObject]], None] | None = None,
        keep: bool = True,
    ) -> list[TrackedObject]:
        self.asked.append(list(codes))
        self.details.append(detail)
        found = self._answers(codes, detail)
        for start in range(0, len(found), 50):
            if done is not None:
                done(found[start : start + 50])
        return found

    @contextmanager
    def calls(
        self, *, detail: Detail = Detail.ALL, done: Callable[[list[str], list[TrackedObject]], None]
    ) -> Iterator[Any]:
        """`TrackingClient.calls`: each ``ask`` answered at once (one call per ask)."""
        self.asked.append([])
        self.details.append(detail)
        asked = self.asked[-1]

        def ask(codes: Sequence[str]) -> None:
            self.on_ask(list(codes))
            asked.extend(codes)
            if codes:
                done(list(codes), self._answers(codes, detail))

        yield SimpleNamespace(ask=ask)

    def glances(self, *, done: Any) -> AbstractContextManager[Any]:
        """`TrackingClient.glances`: the last events, as `TrackedObject`s."""
        return self.calls(detail=Detail.LAST, done=done)

    def _answers(self, codes: Sequence[str], detail: Detail) -> list[TrackedObject]:
        found = [
            self.answers.get(c) or TrackedObject(codObjeto=c, mensagem="SRO-020: Objeto não encontrado")
            for c in codes
        ]
        if detail is Detail.LAST:
            found = [obj.model_copy(update={"eventos": obj.eventos[:1]}) for obj in found]
        return found

    def batch(self, queries: Sequence[DeadlineQuery]) -> list[DeadlineResult]:
        self.deadlines.extend(queries)
        by = datetime(2026, 11, 21, 23, 58)
        return [
            DeadlineResult(i, q, Deadline(coProduto=q.coProduto, dataMaxima=by), None)
            for i, q in enumerate(queries)
        ]


class ScriptedService(TrackingService):
    def __init__(self, office: OfficeDatabase, operator: ScriptedOperator, **settings: Any) -> None:
        super().__init__(tracking_ports(office, Settings(tracking=TrackingSettings(**settings))))
        self.operator = operator
        self.clock = NOW

    def client(self) -> Any:
        return self.operator

    def deadlines(self) -> Any:
        return self.operator

    def now(self) -> datetime:
        return self.clock

    def today(self) -> date:
        return self.clock.date()


def test_adding_keeps_one_row_per_code_and_a_second_add_tags_and_unarchives(office: OfficeDatabase) -> None:
    watchlist = Watchlist(office)
    first = [NewObject(code(1), tag="ACME"), NewObject(code(2)), NewObject(code(1))]
    assert watchlist.add(first, source="paste") == 2
    watchlist.archive([code(2)])
    again = NewObject(code(2), tag="Loja 7", invoice="RE 123", invoice_amount=Decimal("23.10"))
    assert watchlist.add([again], source="invoice") == 0
    listed = {watched.code: watched for watched in watchlist.objects()}
    assert set(listed) == {code(1), code(2)}
    assert listed[code(1)].tag == "ACME"
    assert listed[code(1)].added_by == "clerk.a"
    assert listed[code(2)].tag == "Loja 7"
    assert listed[code(2)].invoice == "RE 123"
    assert listed[code(2)].invoice_amount == Decimal("23.10")
    assert listed[code(2)].status is None  # not asked yet


def _states(office: OfficeDatabase) -> dict[str, tuple[str | None, str | None]]:
    column = tracked_object.c
    query = select(column.code, column.origin_uf, column.destination_uf)
    return {
        row[0]: (row[1], row[2]) for row in office.store().run(lambda c: c.execute(query).all(), read=True)
    }


def test_the_states_come_from_the_ceps_then_from_the_answers_units(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    items = [
        NewObject(code(1), cep_origem="01310100", cep_destino="20040020"),
        NewObject(code(2)),
        NewObject(code(3), cep_destino="69301000"),
    ]
    use_cases.add_objects(PlainTask(), service, items, source="paste")
    assert _states(office) == {code(1): ("SP", "RJ"), code(2): (None, None), code(3): (None, "RR")}
    operator.answers = {code(n): answer(n, DELIVERED_LATE, MOVING, POSTED) for n in (1, 2, 3)}
    use_cases.refresh(PlainTask(), service)
    # The units are in SP: a CEP's state stays, an unknown one is the units'.
    assert _states(office) == {code(1): ("SP", "RJ"), code(2): ("SP", "SP"), code(3): ("SP", "RR")}
    Watchlist(office).add([NewObject(code(2), cep_destino="88010000")], source="invoice")
    assert _states(office)[code(2)] == ("SP", "SC")


def test_another_environment_sees_its_own_list(office: OfficeDatabase) -> None:
    Watchlist(office).add([NewObject(code(1))], source="paste")
    assert Watchlist(office, environment="production").objects() == []
    assert Watchlist(office, environment="production").count() == 0


def test_a_refresh_saves_answers_and_leaves_finished_ones_alone(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    use_cases.add_objects(PlainTask(), service, [NewObject(code(n)) for n in range(1, 4)], source="paste")
    operator.answers = {
        code(1): answer(1, DELIVERED_LATE, MOVING, POSTED),
        code(2): answer(2, MOVING, POSTED),
    }
    done = use_cases.refresh(PlainTask(), service)
    assert done.asked == 3
    assert set(done.changed) == {code(1), code(2), code(3)}
    listed = {w.code: w for w in use_cases.list_objects(PlainTask(), service)}
    assert listed[code(1)].status is Status.DELIVERED
    assert listed[code(1)].lateness(service.today()).days == 3
    assert listed[code(2)].status is Status.IN_TRANSIT
    assert listed[code(3)].status is Status.NOT_FOUND
    assert listed[code(2)].last_place == "Campinas/SP"
    # Within the interval nothing is due; after it, only what is not finished.
    assert use_cases.refresh(PlainTask(), service).asked == 0
    service.clock = NOW + timedelta(minutes=31)
    use_cases.refresh(PlainTask(), service)
    assert sorted(operator.asked[-1]) == sorted([code(2), code(3)])


def test_the_delivery_time_service_fills_a_missing_expected_date_once(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    item = NewObject(code(1), co_produto="03298", cep_origem="01310100", cep_destino="13010000",
                     posted_on=date(2026, 11, 16))  # fmt: skip
    use_cases.add_objects(PlainTask(), service, [item], source="invoice")
    operator.answers = {code(1): answer(1, MOVING, POSTED, expected=None)}
    use_cases.refresh(PlainTask(), service)
    (watched,) = service.watchlist().objects()
    assert watched.expected_on == date(2026, 11, 21)
    assert watched.expected_source == "deadline"
    assert [q.dtEvento for q in operator.deadlines] == [date(2026, 11, 17)]  # the PO event's day wins
    use_cases.refresh(PlainTask(), service, [code(1)])
    assert len(operator.deadlines) == 1  # kept, not asked again


def test_each_login_is_told_once_per_object_and_status(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    use_cases.add_objects(PlainTask(), service, [NewObject(code(1)), NewObject(code(2))], source="paste")
    operator.answers = {code(1): answer(1, AT_BRANCH, POSTED), code(2): answer(2, MOVING, POSTED)}
    use_cases.refresh(PlainTask(), service)
    objects = service.watchlist().objects()
    told: list[str] = []
    stop = office.store().subscribe(told.append)
    first = use_cases.new_alerts(PlainTask(), service, objects)
    stop()
    assert told == [], "marking alerts told must not make every list read again (a reload loop)"
    assert sorted(first, key=lambda a: (a.code, a.kind)) == [
        Alert(code(1), Status.AWAITING_PICKUP.value),
        Alert(code(2), LATE),  # in transit past 20/11 on 25/11
    ]
    assert use_cases.new_alerts(PlainTask(), service, objects) == []
    other = Watchlist(office)
    assert len(other.unannounced(use_cases.alerts_of(objects, service.today()), "clerk.b")) == 2


def test_a_bad_code_adds_nothing(office: OfficeDatabase) -> None:
    service = ScriptedService(office, ScriptedOperator())
    with pytest.raises(InvalidValue):
        use_cases.add_objects(
            PlainTask(), service, [NewObject(code(1)), NewObject("QB000000011BR")], source="cli"
        )
    assert service.watchlist().count() == 0


def test_delivered_ones_are_archived_after_the_set_days_but_not_late_ones(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator, archive_after_days=1)
    objects = [NewObject(code(n)) for n in (1, 2, 3)]
    use_cases.add_objects(PlainTask(), service, objects, source="paste")
    on_time = ("BDE", "01", "2026-11-19T11:00:00")  # expected 20/11
    operator.answers = {
        code(1): answer(1, on_time, POSTED),
        code(2): answer(2, MOVING, POSTED),
        code(3): answer(3, DELIVERED_LATE, POSTED),  # late: it may be claimed, so it stays
    }
    assert use_cases.refresh(PlainTask(), service).archived == 1
    assert [w.code for w in service.watchlist().objects()] == [code(2), code(3)]
    assert [w.code for w in service.watchlist().objects(archived=True)] == [code(1)]
    assert service.watchlist().detail(code(1)) is not None


def test_a_refresh_asks_whole_histories_only_of_objects_that_moved(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    use_cases.add_objects(PlainTask(), service, [NewObject(code(n)) for n in (1, 2, 3)], source="paste")
    operator.answers = {code(1): answer(1, MOVING, POSTED), code(2): answer(2, MOVING, POSTED)}
    use_cases.refresh(PlainTask(), service)
    assert operator.details == [Detail.LAST, Detail.ALL]  # every object new: its whole history
    assert sorted(operator.asked[1]) == [code(1), code(2)]  # code 3 has no events to ask for

    service.clock = NOW + timedelta(minutes=31)
    operator.asked.clear()
    operator.details.clear()
    assert use_cases.refresh(PlainTask(), service).changed == ()
    assert operator.details == [Detail.LAST]  # nobody moved: last events only
    (watched,) = [w for w in service.watchlist().objects() if w.code == code(1)]
    assert watched.checked_at == service.clock.replace(microsecond=0)  # marked asked
    assert len(service.watchlist().detail(code(1)).events) == 2  # type: ignore[union-attr]

    service.clock = NOW + timedelta(minutes=62)
    operator.asked.clear()
    operator.details.clear()
    operator.answers[code(2)] = answer(2, DELIVERED_LATE, MOVING, POSTED)
    assert use_cases.refresh(PlainTask(), service).changed == (code(2),)
    assert operator.details == [Detail.LAST, Detail.ALL]
    assert operator.asked[1] == [code(2)]
    assert len(service.watchlist().detail(code(2)).events) == 3  # type: ignore[union-attr]


def test_a_long_list_is_read_at_once_and_marked_asked_at_once(office: OfficeDatabase) -> None:
    watchlist = Watchlist(office)
    codes = [code(n) for n in range(1, 1201)]
    assert watchlist.add([NewObject(c) for c in codes], source="file") == 1200
    wanted = codes[5:]  # more than 1,000: one read of the list, filtered
    known = watchlist.known(wanted, brief=True)
    assert sorted(known) == sorted(wanted)
    assert watchlist.known(codes[:3]) == {c: w for c, w in watchlist.known(codes).items() if c in codes[:3]}
    watchlist.asked(wanted, NOW)
    asked = {w.code: w.checked_at for w in watchlist.objects()}
    assert {asked[c] for c in wanted} == {NOW}
    assert {asked[c] for c in codes[:5]} == {None}


class ReadingWatchlist(Watchlist):
    """The watchlist, saying when its streamed read of the due objects has ended."""

    ended = False

    def each_due(self, every: timedelta, now: datetime, take: Callable[[list[Kept]], None]) -> None:
        super().each_due(every, now, take)
        self.ended = True


def test_the_first_calls_go_out_while_the_list_is_still_read(
    office: OfficeDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    use_cases.add_objects(PlainTask(), service, [NewObject(code(n)) for n in range(1, 251)], source="file")
    watchlist = ReadingWatchlist(office)
    monkeypatch.setattr(service, "watchlist", lambda: watchlist)
    while_reading: list[bool] = []
    operator.on_ask = lambda _codes: while_reading.append(not watchlist.ended)
    assert use_cases.refresh(PlainTask(), service).asked == 250
    assert watchlist.ended
    assert while_reading[:2] == [True, True]  # codes handed to the calls as the rows came


class PausedWatchlist(Watchlist):
    """The watchlist, reading its first rows, then waiting until a call has come back."""

    answered = Event()

    def each_due(self, every: timedelta, now: datetime, take: Callable[[list[Kept]], None]) -> None:
        first = True

        def then_wait(rows: list[Kept]) -> None:
            nonlocal first
            take(rows)
            if first:
                first = False
                assert self.answered.wait(10), "no call came back while the list was read"

        super().each_due(every, now, then_wait)


def test_a_refresh_reports_its_progress_out_of_the_whole_list_only(
    office: OfficeDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call that comes back while the list is still read does not show "50 of 100" of a
    list of 250: the total a clerk sees never changes."""
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    use_cases.add_objects(PlainTask(), service, [NewObject(code(n)) for n in range(1, 251)], source="file")
    watchlist = PausedWatchlist(office)
    monkeypatch.setattr(service, "watchlist", lambda: watchlist)
    glanced = refresh_module._Run.glanced

    def glanced_then_say(run: Any, asked: Sequence[str], found: Sequence[Any]) -> None:
        glanced(run, asked, found)
        watchlist.answered.set()

    monkeypatch.setattr(refresh_module._Run, "glanced", glanced_then_say)
    seen: list[Progress[None]] = []
    assert use_cases.refresh(PlainTask(seen.append), service).asked == 250
    assert seen
    assert {progress.total for progress in seen} == {250}
    assert seen[-1].done == 250


def test_a_cancelled_refresh_keeps_the_objects_it_asked(office: OfficeDatabase) -> None:
    operator = ScriptedOperator()
    service = ScriptedService(office, operator)
    codes = [code(n) for n in range(1, 251)]
    use_cases.add_objects(PlainTask(), service, [NewObject(c) for c in codes], source="file")
    operator.answers = {code(n): answer(n, MOVING, POSTED) for n in range(1, 251)}
    use_cases.refresh(PlainTask(), service)
    service.clock = NOW + timedelta(minutes=31)
    asks: list[list[str]] = []

    def cancel_on_the_second(codes: list[str]) -> None:
        asks.append(codes)
        if len(asks) == 2:
            raise Cancelled

    operator.on_ask = cancel_on_the_second
    with pytest.raises(Cancelled):
        use_cases.refresh(PlainTask(), service)
    checked = {watched.code: watched.checked_at for watched in service.watchlist().objects()}
    assert asks[0]
    assert {checked[c] for c in asks[0]} == {service.clock}  # marked as its call returned
    assert {checked[c] for c in codes if c not in asks[0]} == {NOW}  # not asked: as they were
