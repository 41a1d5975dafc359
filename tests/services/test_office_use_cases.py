"""Settings' office database actions: check and upload, on SQLite and the PostgreSQL test server,
and the failures (wrong password, closed port, missing database, newer schema) as routine errors."""

from __future__ import annotations

import socket
import uuid
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlalchemy.engine import URL, make_url

from postalgui.api.cancel import Cancelled, PlainTask, Progress
from postalgui.api.values.object_codes import check_digit
from postalgui.services.office.errors import OfficeDatabaseError, OfficeUnavailableError
from postalgui.services.office.ports import OfficePorts
from postalgui.services.office.problems import office_problem, url_rule
from postalgui.services.office.service import OfficeService, TypedDatabase
from postalgui.services.office.use_cases import (
    NoServerError,
    check,
    check_typed,
    schema_heads,
    upload,
    upload_typed,
)
from postalgui.store import tables
from postalgui.store.copy import BATCH
from postalgui.store.office import OfficeStore
from tests.office_fixtures import postgres_or_skip

ENV = "sandbox"


def quote_row(environment: str = ENV) -> dict[str, object]:
    return {
        "uid": uuid.uuid4().hex,
        "at": "2026-11-25T12:00:00+00:00",
        "environment": environment,
        "source": "form",
        "query": "{}",
        "co_produto": "03220",
        "search_text": "03220",
    }


def job_row() -> dict[str, object]:
    return {
        "uid": uuid.uuid4().hex,
        "environment": ENV,
        "kind": "analytic",
        "processing_id": uuid.uuid4().hex,
        "params": "{}",
        "state": "pending",
        "requested_at": "2026-11-25T12:00:00+00:00",
        "updated_at": "2026-11-25T12:00:00+00:00",
    }


def preset_row(name: str) -> dict[str, object]:
    return {
        "uid": uuid.uuid4().hex,
        "kind": "package",
        "name": name,
        "body": "{}",
        "version": 1,
        "created_at": "2026-11-25T12:00:00+00:00",
        "updated_at": "2026-11-25T12:00:00+00:00",
    }


def tracked_row(serial: int) -> dict[str, object]:
    code = f"QB{serial:08d}{check_digit(f'{serial:08d}')}BR"
    return {"uid": uuid.uuid4().hex, "environment": ENV, "code": code, "source": "paste",
            "added_at": "2026-11-25T12:00:00+00:00", "status": "in_transit"}  # fmt: skip


def claim_row(serial: int) -> dict[str, object]:
    code = f"QB{serial:08d}{check_digit(f'{serial:08d}')}BR"
    return {"uid": uuid.uuid4().hex, "environment": ENV, "code": code, "state": "filed", "outcome": "open",
            "protocol": f"26330{serial:05d}", "reason": 135, "manifestation": "I", "package": "C",
            "filed_at": "2026-11-25T12:00:00+00:00"}  # fmt: skip


def address_row(serial: int) -> dict[str, object]:
    return {"uid": uuid.uuid4().hex, "kind": "recipient", "name": f"Cliente {serial}", "cep": "01310100",
            "created_at": "2026-11-25T12:00:00+00:00"}  # fmt: skip


def shipment_row(serial: int) -> dict[str, object]:
    return {"uid": uuid.uuid4().hex, "environment": ENV, "prepost_id": f"PR{serial:022d}",
            "status": "2", "service_code": "03298", "body": "{}",
            "created_at": "2026-11-25T12:00:00+00:00"}  # fmt: skip


def outgoing_row(serial: int) -> dict[str, object]:
    """A call sent and never answered: it must reach the server, so no desk there sends it again."""
    key = f"order-{serial}"
    return {"uid": uuid.uuid4().hex, "environment": ENV, "kind": "preposting", "key": key,
            "open_key": f"{ENV}|preposting|{key}", "state": "lost", "request": "{}",
            "sent_at": "2026-11-25T12:00:00+00:00"}  # fmt: skip


def fill(
    store: OfficeStore,
    quotes: int,
    jobs: int = 0,
    presets: int = 0,
    tracked: int = 0,
    claims: int = 0,
    shipments: int = 0,
    sent: int = 0,
) -> None:
    store.run(lambda c: c.execute(insert(tables.quote), [quote_row() for _ in range(quotes)]))
    if tracked:
        store.run(
            lambda c: c.execute(insert(tables.tracked_object), [tracked_row(n) for n in range(tracked)])
        )
    if claims:
        store.run(lambda c: c.execute(insert(tables.claim), [claim_row(n) for n in range(claims)]))
    if shipments:
        store.run(lambda c: c.execute(insert(tables.address), [address_row(n) for n in range(shipments)]))
        store.run(lambda c: c.execute(insert(tables.shipment), [shipment_row(n) for n in range(shipments)]))
    if sent:
        store.run(lambda c: c.execute(insert(tables.outgoing), [outgoing_row(n) for n in range(sent)]))
    if jobs:
        store.run(lambda c: c.execute(insert(tables.job), [job_row() for _ in range(jobs)]))
    if presets:
        store.run(lambda c: c.execute(insert(tables.preset), [preset_row(f"p{i}") for i in range(presets)]))


def typed_server(**changes: object) -> TypedDatabase:
    """The test server as a user types it: the URL without its password, the password apart."""
    url = make_url(postgres_or_skip())
    bare = URL.create(url.drivername, url.username, None, url.host, url.port, url.database).set(**changes)  # type: ignore[arg-type]
    return TypedDatabase(ENV, bare.render_as_string(), str(url.password or ""))


@pytest.fixture
def service(tmp_path: Path) -> OfficeService:
    return OfficeService(OfficePorts(tmp_path / "data", author=lambda: "clerk.a"))


@pytest.fixture
def server() -> TypedDatabase:
    return typed_server()


def test_check_of_this_computer_only_counts_this_environments_rows(service: OfficeService) -> None:
    with service.candidate(TypedDatabase(ENV, "")) as office:
        fill(office.local(), quotes=3, jobs=2, presets=1)
        office.local().run(lambda c: c.execute(insert(tables.quote), [quote_row("producao")]))
        report = check(PlainTask(), office)
    assert (report.engine, report.shared) == ("SQLite", False)
    assert (report.quotes, report.jobs, report.presets) == (3, 2, 1)
    assert report.schema_current
    assert report.schema in schema_heads()
    assert report.where.startswith("file ")


def test_check_of_the_server_reads_its_version_and_counts(
    service: OfficeService, server: TypedDatabase
) -> None:
    with service.candidate(server) as office:
        fill(office.store(), quotes=5, jobs=1)
    report = check_typed(PlainTask(), service, server)
    assert report.engine == "PostgreSQL"
    assert report.version[0].isdigit()
    assert " " not in report.version
    assert (report.quotes, report.jobs, report.presets) == (5, 1, 0)
    assert report.schema_current
    assert f":{server.password}@" not in report.where


def test_upload_copies_then_skips_everything(service: OfficeService, server: TypedDatabase) -> None:
    with service.candidate(server) as office:
        fill(office.local(), quotes=BATCH + 20, jobs=2, presets=3, tracked=4, claims=2, shipments=3, sent=2)
    steps: list[Progress] = []
    first = {c.table: (c.copied, c.skipped) for c in upload_typed(PlainTask(steps.append), service, server)}
    assert first == {
        "quote": (BATCH + 20, 0),
        "quote_deadline": (0, 0),
        "job": (2, 0),
        "preset": (3, 0),
        "tracked_object": (4, 0),
        "tracking_alert": (0, 0),
        "claim": (2, 0),
        "address": (3, 0),
        "shipment": (3, 0),
        "outgoing": (2, 0),
        "invoice": (0, 0),
        "statement": (0, 0),
        "statement_service": (0, 0),
        "statement_item": (0, 0),
    }
    assert (steps[0].done, steps[0].total, steps[0].text) == (BATCH, BATCH + 20, "quote")
    again = {c.table: (c.copied, c.skipped) for c in upload_typed(PlainTask(), service, server)}
    assert again == {
        "quote": (0, BATCH + 20),
        "quote_deadline": (0, 0),
        "job": (0, 2),
        "preset": (0, 3),
        "tracked_object": (0, 4),
        "tracking_alert": (0, 0),
        "claim": (0, 2),
        "address": (0, 3),
        "shipment": (0, 3),
        "outgoing": (0, 2),
        "invoice": (0, 0),
        "statement": (0, 0),
        "statement_service": (0, 0),
        "statement_item": (0, 0),
    }
    assert check_typed(PlainTask(), service, server).quotes == BATCH + 20


def test_a_cancelled_upload_keeps_what_was_sent(service: OfficeService, server: TypedDatabase) -> None:
    with service.candidate(server) as office:
        fill(office.local(), quotes=BATCH * 2 + 1)
    started: list[PlainTask] = []
    task = PlainTask(lambda step: started[0].cancel())  # the user cancels after the first batch
    started.append(task)
    with pytest.raises(Cancelled):
        upload_typed(task, service, server)
    assert check_typed(PlainTask(), service, server).quotes == BATCH
    again = {c.table: (c.copied, c.skipped) for c in upload_typed(PlainTask(), service, server)}
    assert again["quote"] == (BATCH + 1, BATCH)


def test_upload_needs_a_server(service: OfficeService) -> None:
    with service.candidate(TypedDatabase(ENV, "")) as office, pytest.raises(NoServerError, match="Settings"):
        upload(PlainTask(), office)


def test_a_wrong_password_is_one_line_without_it(service: OfficeService, server: TypedDatabase) -> None:
    wrong = TypedDatabase(ENV, server.url, "not-the-password")
    with pytest.raises(OfficeDatabaseError) as caught:
        check_typed(PlainTask(), service, wrong)
    said = str(caught.value)
    assert "\n" not in said
    assert "not-the-password" not in said
    problem = office_problem(said)
    assert problem is not None
    assert problem.kind == "refused"
    assert "pg_settings" in problem.where or "127.0.0.1" in problem.where


def test_a_missing_database_is_named(service: OfficeService, server: TypedDatabase) -> None:
    del server
    missing = typed_server(database="no_such_database")
    with pytest.raises(OfficeDatabaseError) as caught:
        check_typed(PlainTask(), service, missing)
    problem = office_problem(str(caught.value))
    assert problem is not None
    assert problem.kind == "missing"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_closed_port_is_unavailable(service: OfficeService) -> None:
    typed = TypedDatabase(ENV, f"postgresql://clerk@127.0.0.1:{closed_port()}/postalgui", "secret")
    with pytest.raises(OfficeUnavailableError) as caught:
        check_typed(PlainTask(), service, typed)
    problem = office_problem(str(caught.value))
    assert problem is not None
    assert problem.kind == "unreachable"
    assert "secret" not in str(caught.value)


def test_an_unknown_host_is_unavailable(service: OfficeService) -> None:
    typed = TypedDatabase(ENV, "postgresql://clerk@no-such-host.invalid/postalgui", "secret")
    with pytest.raises(OfficeUnavailableError) as caught:
        check_typed(PlainTask(), service, typed)
    problem = office_problem(str(caught.value))
    assert problem is not None
    assert problem.kind == "unreachable"


def test_a_newer_schema_is_refused(service: OfficeService, server: TypedDatabase) -> None:
    with service.candidate(server) as office:
        office.store().run(
            lambda c: c.exec_driver_sql("UPDATE postalgui_office_version SET version_num = '0099_future'")
        )
    with pytest.raises(OfficeDatabaseError) as caught:
        check_typed(PlainTask(), service, server)
    problem = office_problem(str(caught.value))
    assert problem is not None
    assert problem.kind == "newer"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", None),
        ("postgresql://clerk@server:5432/postalgui", None),
        ("not a url", "format"),
        ("postgresql://clerk@server:abc/postalgui", "format"),
        ("mysql://clerk@server/postalgui", "engine"),
        ("postgresql://clerk:secret@server/postalgui", "password"),
        ("postgresql://clerk@/postalgui", "server"),
        ("postgresql://clerk@server", "database"),
        ("postgresql://clerk@server:99999/postalgui", "port"),
        ("sqlite:////nonexistent/dir/x.db", "engine"),
        (f"postgresql://clerk@{'a' * 300}/postalgui", "host"),
        ("postgresql://clerk@server name/postalgui", "host"),
    ],
)
def test_url_rules(text: str, rule: str | None) -> None:
    assert url_rule(text) == rule
