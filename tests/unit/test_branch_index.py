"""The local filters of the loaded units (`BranchIndex`), the cache (`BranchCache`) and the CSV."""

from __future__ import annotations

import csv
import sqlite3
from contextlib import closing
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.errors import RoutineError
from postalgui.api.models.branches import Unit
from postalgui.services.branches.index import BranchIndex, LocalCriteria
from postalgui.services.branches.store import BranchCache, BranchCacheError
from postalgui.services.branches.use_cases import export_units

MONDAY_NOON_UTC = datetime(2026, 11, 23, 15, 0, tzinfo=UTC)  # 12:00 in Brasília, 10:00 in Acre


def unit(mcu: str, nome: str, **changes: Any) -> Unit:
    record: dict[str, Any] = {
        "id": mcu,
        "nome": nome,
        "status": "2",
        "tipoUnidade": {"codigo": "09", "descricao": "AGENCIA CORREIO"},
        "endereco": {
            "cep": "01032970",
            "uf": "SP",
            "municipio": "SAO PAULO",
            "localidade": "São Paulo",
            "bairro": "CENTRO",
            "logradouro": "PRACA DA SE",
            "latitude": "-23.55",
            "longitude": "-46.63",
            "fuso": "UTC-03:00",
        },
        "horarios": {"iniExpediente": "09:00", "fimExpediente": "17:00"},
        "inCliqueRetire": "N",
        "dhAlteracao": "2024-05-06T07:08:09.10",
    }
    for key, value in changes.items():
        record[key] = record[key] | value if isinstance(value, dict) and key in record else value
    return Unit.model_validate(record)


UNITS = [
    unit("00000001", "AC CENTRAL DE SÃO PAULO", inCliqueRetire="S"),
    unit(
        "00000002",
        "AGF VILA MARIANA",
        endereco={"bairro": "VILA MARIANA", "cep": "04101000"},
        tipoUnidade={"codigo": "15"},
    ),
    unit(
        "00000003",
        "LOCKER SHOPPING IBIRAPUERA",
        tipoUnidade={"codigo": "46"},
        horarios={
            "iniExpediente": "00:00",
            "fimExpediente": "23:59",
            "iniSabado": "00:00",
            "fimSabado": "23:59",
            "iniDomingo": "00:00",
            "fimDomingo": "23:59",
        },
    ),
    unit(
        "00000004",
        "AC RIO BRANCO",
        status="3",
        endereco={
            "uf": "AC",
            "municipio": "RIO BRANCO",
            "localidade": "Rio Branco",
            "fuso": "UTC-05:00",
            "latitude": "-9.97",
            "longitude": "-67.81",
            "cep": "69900000",
        },
        horarios={"iniExpediente": "11:00", "fimExpediente": "17:00"},
    ),
    unit(
        "00000005",
        "AC SAO JOSE",
        endereco={"municipio": "SAO JOSE DOS CAMPOS", "localidade": "São José dos Campos"},
        horarios={
            "iniExpediente": "09:00",
            "fimExpediente": "17:00",
            "iniSabado": "09:00",
            "fimSabado": "13:00",
        },
    ),
]


@pytest.fixture
def index() -> BranchIndex:
    return BranchIndex(UNITS)


def ids(index: BranchIndex, **criteria: Any) -> list[str]:
    return [index.units[i].id for i in index.select(LocalCriteria(**criteria), MONDAY_NOON_UTC)]


def test_typed_words_match_without_accents_case_or_order(index: BranchIndex) -> None:
    assert ids(index, text="são paulo central") == ["00000001"]
    assert ids(index, text="SAO JOSE") == ["00000005"]
    assert ids(index, text="mariana 04101") == ["00000002"]
    assert ids(index, text="00000004") == ["00000004"]
    assert ids(index, text="") == [u.id for u in UNITS]
    assert ids(index, text="nowhere") == []


def test_column_filters_combine(index: BranchIndex) -> None:
    assert ids(index, uf="sp", municipio="São Paulo") == ["00000001", "00000002", "00000003"]
    assert ids(index, bairro="vila mariana") == ["00000002"]
    assert ids(index, type_codes=frozenset({"15", "46"})) == ["00000002", "00000003"]
    assert ids(index, statuses=frozenset({"3"})) == ["00000004"]
    assert ids(index, lockers_only=True) == ["00000003"]
    assert ids(index, clique_retire=True) == ["00000001"]
    assert ids(index, ceps=frozenset({"69900000"})) == ["00000004"]


def test_open_now_and_open_at_are_read_on_each_units_clock(index: BranchIndex) -> None:
    # Monday 12:00 in São Paulo: all open there; 10:00 in Rio Branco, which opens at 11:00.
    assert ids(index, open_now=True) == ["00000001", "00000002", "00000003", "00000005"]
    saturday_ten = (5, time(10, 0))
    assert ids(index, open_at=saturday_ten) == ["00000003", "00000005"]
    assert ids(index, open_at=(0, time(10, 30)), uf="SP") == ["00000001", "00000002", "00000003", "00000005"]


def test_a_unit_shut_by_its_status_is_never_open(index: BranchIndex) -> None:
    # Rio Branco's unit is temporarily closed (status 3): Monday 11:30 is inside its hours.
    assert ids(index, open_at=(0, time(11, 30)), uf="AC") == []
    acre_one = MONDAY_NOON_UTC.replace(hour=16, minute=30)  # 11:30 in Rio Branco
    assert "00000004" not in ids_at(index, acre_one, open_now=True)
    reopened = BranchIndex([*UNITS[:3], UNITS[3].model_copy(update={"status": "2"}), UNITS[4]])
    assert "00000004" in ids_at(reopened, acre_one, open_now=True)
    assert ids(reopened, open_at=(0, time(11, 30)), uf="AC") == ["00000004"]
    closing = BranchIndex(
        [unit("00000009", "AC EM EXTINCAO", status="5"), unit("00000010", "AC", ativa=False)]
    )
    assert ids(closing, open_now=True) == []
    assert ids(closing, open_at=(0, time(10, 0))) == []


def ids_at(index: BranchIndex, now: datetime, **criteria: Any) -> list[str]:
    return [index.units[i].id for i in index.select(LocalCriteria(**criteria), now)]


def test_distances_from_a_picked_place(index: BranchIndex) -> None:
    distances = index.distances_km(-46.63, -23.55)
    assert distances[0] == pytest.approx(0, abs=0.01)
    assert distances[3] == pytest.approx(2730, rel=0.05)  # São Paulo to Rio Branco
    assert index.position("00000004") == 3


def test_the_cache_keeps_a_query_replaces_merges_and_removes(tmp_path: Path) -> None:
    cache = BranchCache(tmp_path / "branches.sqlite3")
    try:
        assert cache.load("uf=SP") is None
        synced = datetime(2026, 11, 24, 12, tzinfo=UTC)
        info = cache.replace("uf=SP", UNITS[:3], synced_at=synced)
        assert (info.count, info.synced_at, info.newest) == (3, synced, datetime(2024, 5, 6, 7, 8, 9, 100000))
        changed = unit("00000002", "AGF VILA MARIANA NOVA", dhAlteracao="2026-11-24T10:00:00.000")
        cache.merge("uf=SP", [changed, UNITS[4]], removed=["00000003"])
        loaded = cache.load("uf=SP")
        assert loaded is not None
        assert [u.nome for u in loaded.units] == [
            "AC CENTRAL DE SÃO PAULO",
            "AGF VILA MARIANA NOVA",
            "AC SAO JOSE",
        ]
        assert loaded.info.newest == datetime(2026, 11, 24, 10)
        assert loaded.units[0] == UNITS[0]  # every field back as it came
    finally:
        cache.close()


def test_the_csv_is_what_a_spreadsheet_reads(tmp_path: Path) -> None:
    path = export_units(PlainTask(), tmp_path / "agencias.csv", UNITS[:3])
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(raw.decode("utf-8-sig").splitlines(), delimiter=";"))
    assert rows[0][:3] == ["id", "nome", "tipoUnidade"]
    first = dict(zip(rows[0], rows[1], strict=True))
    assert first["cep"] == "01032-970"
    assert first["nome"] == "AC CENTRAL DE SÃO PAULO"
    assert first["horarios"] == "seg-sex 09:00-17:00"
    assert dict(zip(rows[0], rows[3], strict=True))["horarios"] == "24 horas, todos os dias"


NEWER = "UPDATE postalgui_branch_cache_version SET version_num = 'f00dfeed9999'"


@pytest.mark.parametrize("change", ["DROP TABLE query", NEWER])
def test_a_damaged_or_newer_cache_is_a_routine_error_naming_its_file(tmp_path: Path, change: str) -> None:
    """Shown in the tab's message area as something the user can act on, not as a bug."""
    path = tmp_path / "branches.sqlite3"
    cache = BranchCache(path)
    cache.replace("uf=SP", UNITS[:1], synced_at=datetime(2026, 11, 24, 12, tzinfo=UTC))
    cache.close()
    with closing(sqlite3.connect(path)) as db:
        db.execute(change)
        db.commit()
    damaged = BranchCache(path)
    try:
        with pytest.raises(BranchCacheError) as caught:
            damaged.load("uf=SP")
    finally:
        damaged.close()
    assert isinstance(caught.value, RoutineError)
    assert str(path) in str(caught.value)


_OLD_LAYOUT = """
CREATE TABLE unit (id TEXT PRIMARY KEY, changed TEXT, record TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE query (key TEXT PRIMARY KEY, synced_at TEXT NOT NULL, newest TEXT) WITHOUT ROWID;
CREATE TABLE member (
    query TEXT NOT NULL REFERENCES query(key) ON DELETE CASCADE, unit TEXT NOT NULL, PRIMARY KEY (query, unit)
) WITHOUT ROWID;
CREATE TABLE meta (name TEXT PRIMARY KEY, saved_at TEXT NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
PRAGMA user_version = 1;
"""


def test_a_cache_of_the_hand_made_layout_keeps_its_units(tmp_path: Path) -> None:
    """A cache written before the store layer (``PRAGMA user_version`` 1, no version table):
    the tab answers from its units at once, and later syncs merge into them."""
    path = tmp_path / "branches.sqlite3"
    synced = "2026-11-24T12:00:00.000+00:00"
    with closing(sqlite3.connect(path)) as db:
        db.executescript(_OLD_LAYOUT)
        db.execute("INSERT INTO unit VALUES (?, NULL, ?)", ("00000001", UNITS[0].model_dump_json()))
        db.execute("INSERT INTO query VALUES ('uf=SP', ?, NULL)", (synced,))
        db.execute("INSERT INTO member VALUES ('uf=SP', '00000001')")
        db.execute("INSERT INTO meta VALUES ('types', ?, '[1, 2]')", (synced,))
        db.commit()
    cache = BranchCache(path)
    try:
        loaded = cache.load("uf=SP")
        assert loaded is not None
        assert (loaded.units, loaded.info.synced_at) == ([UNITS[0]], datetime(2026, 11, 24, 12, tzinfo=UTC))
        assert cache.meta("types") == (datetime(2026, 11, 24, 12, tzinfo=UTC), [1, 2])
        assert cache.merge("uf=SP", [UNITS[1]]).count == 2
        assert cache.set_aside_path is None
    finally:
        cache.close()


def test_a_damaged_cache_is_set_aside_and_a_new_one_started(tmp_path: Path) -> None:
    path = tmp_path / "branches.sqlite3"
    path.write_bytes(b"not a cache at all " * 300)
    cache = BranchCache(path)
    try:
        assert cache.load("uf=SP") is None
        assert cache.replace("uf=SP", UNITS[:1]).count == 1
        aside = cache.set_aside_path
        assert aside is not None
        assert aside.read_bytes().startswith(b"not a cache at all")
    finally:
        cache.close()
