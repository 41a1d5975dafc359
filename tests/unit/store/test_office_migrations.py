"""The office database's migrations carry the rows of an older version: migration 0006
gives the addresses and shipments an office already has version 1, last changed by
whoever made them, on SQLite and PostgreSQL; 0007 gives the quote history's search a
trigram index on PostgreSQL (when the server has ``pg_trgm``), and takes it away again; 0008
gives it a narrow index for the words that index cannot look up (PostgreSQL 11+), which takes
a quote of any length of text; 0009 adds the proofs of delivery, their images kept as bytes,
and takes them away again; 0010 keeps the invoices and statements the Overview sums, gives the
followed objects the states of their CEPs, and takes them away again."""

from __future__ import annotations

import json
import secrets

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, create_engine, inspect, select, text
from sqlalchemy.engine import URL

from postalgui.store import tables
from postalgui.store.office import HEAD, MIGRATIONS, VERSION_TABLE, OfficeStore

ADDRESS = (
    "INSERT INTO address (uid, kind, name, cep, created_by, created_at, updated_at) "
    "VALUES (:uid, 'recipient', 'José Araújo', '20040020', 'clerk.a', :created, :updated)"
)
SHIPMENT = (
    "INSERT INTO shipment (uid, environment, prepost_id, status, service_code, body, created_by, "
    "created_at, cancelled_at) VALUES ('s1', 'sandbox', 'PR1', '5', '03298', '{}', 'clerk.a', "
    "'2026-11-20T10:00:00+00:00', '2026-11-21T09:00:00+00:00')"
)
QUOTE = (
    "INSERT INTO quote (uid, at, environment, source, co_produto, created_by, search_text, query) "
    "VALUES (:uid, '2026-11-20T10:00:00+00:00', 'sandbox', 'cli', '03220', :created_by, :search, '{}')"
)


def _migrate(connection: Connection, revision: str, *, down: bool = False) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["version_table"] = VERSION_TABLE
    config.attributes["connection"] = connection
    (command.downgrade if down else command.upgrade)(config, revision)


def _at_revision(url: URL, revision: str) -> None:
    """The database migrated up to ``revision`` only, as an older PostalGUI left it."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            _migrate(connection, revision)
            connection.execute(
                text(ADDRESS), {"uid": "a1", "created": "2026-11-01T10:00:00+00:00", "updated": None}
            )
            connection.execute(
                text(ADDRESS),
                {"uid": "a2", "created": "2026-11-01T10:00:00+00:00", "updated": "2026-11-05T10:00:00+00:00"},
            )
            connection.execute(text(SHIPMENT))
    finally:
        engine.dispose()


def test_0006_gives_existing_addresses_and_shipments_version_1(office_url_for_test: URL) -> None:
    _at_revision(office_url_for_test, "0005_writes_once")
    store = OfficeStore(office_url_for_test, author="clerk.b")
    try:
        address, shipment = tables.address, tables.shipment
        rows = store.run(
            lambda c: c.execute(
                select(address.c.uid, address.c.version, address.c.updated_by, address.c.updated_at)
                .where(address.c.deleted_at.is_(None))
                .order_by(address.c.uid)
            ).all(),
            read=True,
        )
        assert [tuple(row) for row in rows] == [
            ("a1", 1, "clerk.a", "2026-11-01T10:00:00+00:00"),
            ("a2", 1, "clerk.a", "2026-11-05T10:00:00+00:00"),
        ]
        row = store.run(
            lambda c: c.execute(
                select(shipment.c.version, shipment.c.updated_by, shipment.c.updated_at)
            ).one(),
            read=True,
        )
        assert tuple(row) == (1, "clerk.a", "2026-11-21T09:00:00+00:00")
    finally:
        store.close()


def _quote_indexes(connection: Connection) -> set[str]:
    return {index["name"] or "" for index in inspect(connection).get_indexes("quote")}


def _indexes_added(connection: Connection, before: str, revision: str) -> set[str]:
    """The indexes of ``quote`` that ``revision`` adds to ``before``; going back down to
    ``before`` takes them away, and up again brings them back."""
    _migrate(connection, before)
    was = _quote_indexes(connection)
    _migrate(connection, revision)
    now = _quote_indexes(connection)
    _migrate(connection, before, down=True)
    assert _quote_indexes(connection) == was
    _migrate(connection, revision)
    assert _quote_indexes(connection) == now
    return now - was


def test_0007_indexes_the_quote_search_on_postgresql_and_goes_back(office_url_for_test: URL) -> None:
    engine = create_engine(office_url_for_test)
    try:
        with engine.begin() as connection:
            added = _indexes_added(connection, "0006_versions", "0007_quote_trigrams")
            trigrams = (
                connection.dialect.name == "postgresql"
                and connection.execute(
                    text("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")
                ).first()
                is not None
            )
            assert added == ({"quote_search_trigrams"} if trigrams else set())
    finally:
        engine.dispose()


def test_0007_goes_on_without_the_index_when_the_server_refuses_it(office_url_for_test: URL) -> None:
    """A server that will not create the index (here: its name is taken) keeps the scan."""
    engine = create_engine(office_url_for_test)
    try:
        with engine.begin() as connection:
            _migrate(connection, "0006_versions")
            connection.execute(text("CREATE TABLE quote_search_trigrams (id INTEGER)"))
            _migrate(connection, "head")
            assert "quote_search_trigrams" not in _quote_indexes(connection)
            version = text(f"SELECT version_num FROM {VERSION_TABLE}")  # noqa: S608 -- a constant
            assert connection.execute(version).scalar() == HEAD
            connection.execute(text("SELECT count(*) FROM quote WHERE search_text LIKE '%abc%'")).scalar()
    finally:
        engine.dispose()


def test_0008_gives_the_search_a_narrow_index_that_takes_any_text_and_goes_back(
    office_url_for_test: URL,
) -> None:
    engine = create_engine(office_url_for_test)
    try:
        with engine.begin() as connection:
            added = _indexes_added(connection, "0007_quote_trigrams", "0008_quote_scan")
            postgresql = connection.dialect.name == "postgresql"
            narrow = postgresql and (connection.dialect.server_version_info or (0,)) >= (11,)
            assert added == ({"quote_search_scan", "quote_search_long"} if narrow else set())
            for uid, size in (("short", 10), ("edge", 1_498), ("long", 3_000), ("longest", 200_000)):
                connection.execute(  # a b-tree row holds 2,704 bytes: the long ones stay out of it
                    text(QUOTE),
                    {"uid": uid, "search": "x" + secrets.token_hex(size // 2), "created_by": "ç" * 120},
                )
            found = text("SELECT uid FROM quote WHERE search_text LIKE 'x%' ORDER BY uid")
            assert connection.execute(found).scalars().all() == ["edge", "long", "longest", "short"]
    finally:
        engine.dispose()


def test_0009_keeps_proofs_of_delivery_with_their_images_and_goes_back(office_url_for_test: URL) -> None:
    engine = create_engine(office_url_for_test)
    image = bytes(range(256)) * 4  # every byte value survives the round trip
    try:
        with engine.begin() as connection:
            _migrate(connection, "0008_quote_scan")
            assert not {"delivery_proof", "delivery_proof_image"} & set(inspect(connection).get_table_names())
            _migrate(connection, "0009_delivery_proofs")
            connection.execute(
                tables.delivery_proof.insert().values(
                    uid="p1", environment="sandbox", code="DG049186226BR", state="complete",
                    ar_type="image/png", ar_data=image, created_by="clerk.a",
                    created_at="2026-11-20T10:00:00+00:00",
                )
            )  # fmt: skip
            connection.execute(
                tables.delivery_proof_image.insert().values(
                    environment="sandbox",
                    code="DG049186226BR",
                    position=0,
                    content_type="image/jpeg",
                    data=image,
                )
            )
            kept = connection.execute(select(tables.delivery_proof.c.ar_data)).scalar_one()
            assert bytes(kept) == image
            _migrate(connection, "0008_quote_scan", down=True)
            assert not {"delivery_proof", "delivery_proof_image"} & set(inspect(connection).get_table_names())
            _migrate(connection, "0009_delivery_proofs")
            version = text(f"SELECT version_num FROM {VERSION_TABLE}")  # noqa: S608 -- a constant
            assert connection.execute(version).scalar() == "0009_delivery_proofs"
    finally:
        engine.dispose()


TRACKED = (
    "INSERT INTO tracked_object (uid, environment, code, source, added_at, cep_origem, cep_destino, answer) "
    "VALUES (:uid, 'sandbox', :code, 'manual', '2026-11-20T10:00:00+00:00', :origem, :destino, :answer)"
)
ANSWER = json.dumps(
    {
        "codObjeto": "AA000000005BR",
        "eventos": [
            {"codigo": "BDE", "tipo": "01", "unidade": {"endereco": {"cidade": "Recife", "uf": "PE"}}},
            {"codigo": "RO", "tipo": "01", "unidade": {"endereco": {"uf": "BA"}}},
            {"codigo": "PO", "tipo": "01", "unidade": {"endereco": {"cidade": "Campinas", "uf": "SP"}}},
        ],
    }
)
OVERVIEW_TABLES = {"invoice", "statement", "statement_service", "statement_item"}
OVERVIEW_INDEXES = {
    "tracked_object": "tracked_object_period",
    "claim": "claim_filed",
    "quote": "quote_route",
    "shipment": "shipment_route",
}


def _index_names(connection: Connection, table: str) -> set[str]:
    return {index["name"] or "" for index in inspect(connection).get_indexes(table)}


def test_0010_keeps_invoices_and_gives_objects_their_states_and_goes_back(office_url_for_test: URL) -> None:
    engine = create_engine(office_url_for_test)
    objects = [
        ("t1", "AA000000001BR", "01310100", "20040020"),
        ("t2", "AA000000002BR", None, "69301000"),
        ("t3", "AA000000003BR", "00000000", "99999999"),
        ("t4", "AA000000004BR", "7300000", None),
        ("t5", "AA000000005BR", None, "69301000"),
        ("t6", "AA000000006BR", None, None),
    ]
    try:
        with engine.begin() as connection:
            _migrate(connection, "0009_delivery_proofs")
            for uid, code, origem, destino in objects:
                answer = ANSWER if uid == "t5" else "{not json" if uid == "t6" else None
                row = {"uid": uid, "code": code, "origem": origem, "destino": destino, "answer": answer}
                connection.execute(text(TRACKED), row)
            _migrate(connection, "0010_overview")
            assert set(inspect(connection).get_table_names()) >= OVERVIEW_TABLES
            for table, index in OVERVIEW_INDEXES.items():
                assert index in _index_names(connection, table)
            tracked = tables.tracked_object
            states = select(tracked.c.uid, tracked.c.origin_uf, tracked.c.destination_uf).order_by(
                tracked.c.uid
            )
            assert [tuple(row) for row in connection.execute(states)] == [
                ("t1", "SP", "RJ"),
                ("t2", None, "RR"),
                ("t3", None, "RS"),
                ("t4", None, None),
                ("t5", "SP", "RR"),  # the posting unit's state; the CEP's before the delivering unit's
                ("t6", None, None),
            ]
            connection.execute(
                tables.invoice.insert().values(
                    uid="i1", environment="sandbox", fatura="123", status="Paga", month="2026-10",
                    valor_cents=12_345_678_901_234, seen_at="2026-11-20T10:00:00+00:00",
                )
            )  # fmt: skip
            kept = connection.execute(select(tables.invoice.c.valor_cents)).scalar_one()
            assert kept == 12_345_678_901_234  # more than an Integer holds
            _migrate(connection, "0009_delivery_proofs", down=True)
            assert not OVERVIEW_TABLES & set(inspect(connection).get_table_names())
            assert "origin_uf" not in {
                column["name"] for column in inspect(connection).get_columns("tracked_object")
            }
            for table, index in OVERVIEW_INDEXES.items():
                assert index not in _index_names(connection, table)
            assert connection.execute(text("SELECT count(*) FROM tracked_object")).scalar() == len(objects)
            _migrate(connection, "head")
            assert connection.execute(states).all()[0][1:] == ("SP", "RJ")
            version = text(f"SELECT version_num FROM {VERSION_TABLE}")  # noqa: S608 -- a constant
            assert connection.execute(version).scalar() == HEAD == "0010_overview"
    finally:
        engine.dispose()
