"""The office store on both engines: migrated on open, changes told, copies that skip what is there."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path

import pytest
from sqlalchemy import Connection, Table, func, insert, select

from postalgui.store import tables
from postalgui.store.copy import copy_office
from postalgui.store.errors import StoreOpenError, StoreUrlError
from postalgui.store.office import OfficeStore
from postalgui.store.urls import describe, office_url, sqlite_url


def _quote_row(**fields: object) -> dict[str, object]:
    row: dict[str, object] = {
        "uid": uuid.uuid4().hex,
        "at": "2026-11-25T12:00:00+00:00",
        "environment": "sandbox",
        "source": "form",
        "query": "{}",
        "co_produto": "03220",
        "search_text": "03220",
    }
    return row | fields


def _count(store: OfficeStore, table: Table = tables.quote) -> int:
    counted = store.run(lambda c: c.execute(select(func.count()).select_from(table)).scalar_one(), read=True)
    return int(counted)


def test_a_write_is_read_back_and_told_to_subscribers(office_store: OfficeStore) -> None:
    told = threading.Event()
    office_store.subscribe(lambda topic: told.set() if topic == "quote" else None)
    office_store.open()
    if office_store.shared:  # the listener connects in its own thread: wait until it listens
        office_store.run(lambda c: None, topics=("warm-up",))
    for _ in range(50):
        office_store.run(lambda c: c.execute(insert(tables.quote), [_quote_row()]), topics=("quote",))
        if told.wait(0.2):
            break
    assert told.is_set()
    assert _count(office_store) >= 1


def test_a_rolled_back_write_is_not_told(office_store: OfficeStore) -> None:
    heard: list[str] = []
    office_store.subscribe(heard.append)

    def fail(connection: Connection) -> None:
        connection.execute(insert(tables.quote), [_quote_row()])
        raise RuntimeError("the work failed")

    with pytest.raises(RuntimeError):
        office_store.run(fail, topics=("quote",))
    assert _count(office_store) == 0
    assert heard == []


def test_copy_skips_what_the_target_has(office_url_for_test: object, tmp_path: Path) -> None:
    local = OfficeStore(sqlite_url(tmp_path / "desk.sqlite3"))
    office = OfficeStore(office_url_for_test)  # type: ignore[arg-type]
    try:
        rows = [_quote_row() for _ in range(1_234)]
        local.run(lambda c: c.execute(insert(tables.quote), rows))
        office.run(lambda c: c.execute(insert(tables.quote), rows[:10]))
        first = {copied.table: copied for copied in copy_office(local, office)}
        assert (first["quote"].copied, first["quote"].skipped) == (1_224, 10)
        again = {copied.table: copied for copied in copy_office(local, office, move=True)}
        assert (again["quote"].copied, again["quote"].skipped) == (0, 1_234)
        assert (_count(local), _count(office)) == (0, 1_234)
    finally:
        local.close()
        office.close()


def test_copy_carries_the_invoices_and_their_statements(office_url_for_test: object, tmp_path: Path) -> None:
    local = OfficeStore(sqlite_url(tmp_path / "desk.sqlite3"))
    office = OfficeStore(office_url_for_test)  # type: ignore[arg-type]
    key = {"environment": "sandbox", "fatura": "1234567", "tipo_documento": "RE"}
    try:
        local.run(lambda c: c.execute(insert(tables.invoice), [
            {**key, "uid": uuid.uuid4().hex, "contrato": "9912345678", "status": "Paga", "month": "2026-10",
             "valor_cents": 1_000, "seen_at": "2026-11-25T12:00:00+00:00"}
        ]))  # fmt: skip
        local.run(lambda c: c.execute(insert(tables.statement), [
            {**key, "loaded_at": "2026-11-25T12:00:00+00:00", "item_count": 2, "services_cents": 900}
        ]))  # fmt: skip
        local.run(lambda c: c.execute(insert(tables.statement_service), [
            {**key, "codigo_servico": "03220", "quantidade": 2, "valor_liquido_cents": 900}
        ]))  # fmt: skip
        local.run(lambda c: c.execute(insert(tables.statement_item), [
            {**key, "position": n, "codigo_servico": "03220", "quantidade": 1, "valor_liquido_cents": 450}
            for n in range(2)
        ]))  # fmt: skip
        first = {copied.table: copied.copied for copied in copy_office(local, office)}
        wanted = {"invoice": 1, "statement": 1, "statement_service": 1, "statement_item": 2}
        assert {name: first[name] for name in wanted} == wanted
        again = {copied.table: copied for copied in copy_office(local, office)}
        assert (again["statement_item"].copied, again["statement_item"].skipped) == (0, 2)
        assert _count(office, tables.statement_item) == 2
    finally:
        local.close()
        office.close()


def test_a_damaged_file_is_set_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "office-sandbox.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = OfficeStore(sqlite_url(path))
    try:
        assert _count(store) == 0
        assert store.set_aside_path is not None
        assert store.set_aside_path.read_bytes().startswith(b"this is not a database")
    finally:
        store.close()


def test_a_file_of_a_newer_postalgui_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "office.sqlite3"
    store = OfficeStore(sqlite_url(path))
    store.run(lambda c: c.exec_driver_sql("UPDATE postalgui_office_version SET version_num = '0099_future'"))
    store.close()
    again = OfficeStore(sqlite_url(path))
    with pytest.raises(StoreOpenError, match="newer PostalGUI"):
        again.open()
    again.close()
    assert path.exists()


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("", "give a URL"),
        ("mysql://u@h/db", "only PostgreSQL"),
        ("postgresql://clerk:secret@server/db", "leave the password out"),
        ("postgresql://clerk@/db", "name the server"),
        ("postgresql://clerk@server", "name the database"),
        ("not a url at all", "not a database URL"),
    ],
)
def test_a_bad_url_names_the_field_and_the_rule(text: str, rule: str) -> None:
    with pytest.raises(StoreUrlError) as caught:
        office_url(text)
    assert str(caught.value).startswith("Office database URL: ")
    assert rule in str(caught.value)
    assert "secret" not in str(caught.value)


def test_a_server_is_described_without_its_password() -> None:
    url = office_url("postgresql://clerk@server:5433/office", password="s3cret")
    assert describe(url) == "postgresql://clerk@server:5433/office"
    assert "s3cret" not in str(url)
