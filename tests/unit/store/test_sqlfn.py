"""Day arithmetic over ISO text columns gives the same answers on SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, select
from sqlalchemy.engine import URL

from postalgui.store.sqlfn import day_plus, days_between, local_day

metadata = MetaData()
moments = Table(
    "sqlfn_moment",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("start", String(10)),
    Column("finish", String(10)),
    Column("at", String(40)),
)
ROWS = [
    {"id": 1, "start": "2026-10-01", "finish": "2026-10-31", "at": "2026-10-31T13:00:00+00:00"},
    {"id": 2, "start": "2026-02-27", "finish": "2026-03-01", "at": "2026-11-01T02:59:59+00:00"},
    {"id": 3, "start": "2026-12-31", "finish": "2026-12-30", "at": "2027-01-01T03:00:00.123456+00:00"},
    {"id": 4, "start": "2024-02-28", "finish": "2024-03-01", "at": "2026-11-20T10:00:00Z"},
    {"id": 5, "start": None, "finish": "2024-03-01", "at": None},
]


def test_days_between_local_day_and_day_plus_agree_on_both_engines(office_url_for_test: URL) -> None:
    engine = create_engine(office_url_for_test)
    try:
        with engine.begin() as connection:
            metadata.create_all(connection)
            connection.execute(moments.insert(), ROWS)
            found = connection.execute(
                select(
                    days_between(moments.c.start, moments.c.finish),
                    local_day(moments.c.at, -180),
                    local_day(moments.c.at, 0),
                    local_day(moments.c.at, 600),
                    day_plus(moments.c.start, 7),
                    day_plus(moments.c.finish, -1),
                ).order_by(moments.c.id)
            ).all()
            metadata.drop_all(connection)
    finally:
        engine.dispose()
    assert [tuple(row) for row in found] == [
        (30, "2026-10-31", "2026-10-31", "2026-10-31", "2026-10-08", "2026-10-30"),
        (2, "2026-10-31", "2026-11-01", "2026-11-01", "2026-03-06", "2026-02-28"),
        (-1, "2027-01-01", "2027-01-01", "2027-01-01", "2027-01-07", "2026-12-29"),
        (2, "2026-11-20", "2026-11-20", "2026-11-20", "2024-03-06", "2024-02-29"),
        (None, None, None, None, None, "2024-02-29"),
    ]
