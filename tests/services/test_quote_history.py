"""The quote history on the office database (SQLite and PostgreSQL): storing, finding, who,
round trips, threads, a damaged file."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select

from postalgui.api.models.deadline import Deadline
from postalgui.api.models.price import ItemError, ObjectFormat, PriceQuery, PriceResponse, QuoteResult
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.price.deadlines import DeadlineOutcome
from postalgui.services.price.history import HistoryError, QuoteHistory
from postalgui.store.office import VERSION_TABLE
from postalgui.store.tables import quote, quote_deadline
from tests.office_fixtures import postgres_or_skip

NATIONAL = PriceQuery(
    coProduto="03220",
    nuRequisicao="ETQ-Alpha-1",
    nuContrato="9912208555",
    nuDR=10,
    cepOrigem="01310100",
    cepDestino="20040020",
    psObjeto=300,
    nuUnidade="3",
    tpObjeto=ObjectFormat.ROLL,
    comprimento=Decimal("20.5"),
    largura=Decimal("1.500"),
    altura=Decimal(20),
    diametro=Decimal(8),
    psCubico=1400,
    servicosAdicionais=("019", "001"),
    criterios=("101",),
    vlDeclarado=Decimal("1.234"),  # pydantic's JSON dump "1.234" would read back as 1234
    dtEvento=date(2026, 1, 5),
    coUnidadeOrigem="00123456",
    dtArmazenagem=date(2026, 2, 28),
    vlRemessa=Decimal("1234.56"),
)
INTERNATIONAL = PriceQuery(coProduto="04510", sgPaisDestino="US", psObjeto=500, nuRequisicao="int-9")
FULL_RESPONSE = PriceResponse.model_validate(
    {
        "coProduto": "03220",
        "noProduto": "03220",
        "nomeProduto": "SEDEX CONTRATO AG",
        "nuRequisicao": "ETQ-Alpha-1",
        "pcBase": "10,68",
        "pcFaixa": "11,13",
        "pcCadaAdicional": "5,88",
        "qtAdicional": "1,500",
        "pcTotalAdicional": "0,00",
        "pcBaseGeral": "11,13",
        "peVariacao": "0,0500",
        "pcFaixaVariacao": "10,57",
        "pcCadaAdicionalVariacao": "5,59",
        "pcTotalAdicionalVariacao": "0,00",
        "vlTotalDescVariacao": "0,56",
        "pcReferencia": "10,57",
        "beneficios": [
            {
                "codigo": "7",
                "tipoBeneficio": "DF",
                "tipo": "desconto funcional - negociação",
                "abrangencia": "N",
                "coPacote": "12",
                "noPacote": "Ouro",
                "incondicional": "S",
                "criterio": [
                    {
                        "nuCriterio": "101",
                        "noCriterio": "Postagem eletrônica",
                        "atendido": "S",
                        "peNegociado": "0,0500",
                        "peConcedido": "0,0500",
                    }
                ],
                "vlBaseCalculo": "10,57",
                "percentual": "0,0500",
                "valor": "0,53",
            }
        ],
        "vlTotalBeneficios": "0,53",
        "pcProduto": "10,04",
        "servicoAdicional": [
            {"coServAdicional": "019", "tpServAdicional": "V", "pcServicoAdicional": "1,79"}
        ],
        "pcTotalServicosAdicionais": "1,79",
        "pcFinal": "1.811,83",
        "vlBaseCalculoImposto": "11,83",
        "inPesoCubico": "N",
        "psCobrado": "300",
        "peAdValorem": "0,0100",
        "vlSeguroAutomatico": "21,00",
        "peIsencaoArmazenagem": "0,2500",
        "taxaExtra": [{"codigo": "TX", "tipo": "Taxa", "vlTaxa": "3,00"}],
        "infoAdicional": [{"tipo": "FATOR_FAIXA", "valor": "1,0421"}, {"tipo": "NOVO_TIPO", "valor": "x"}],
        "campoNovo": {"a": [1, "dois", 3.5]},
    }
)
FAILED_ITEM = PriceResponse.model_validate(
    {"coProduto": "03298", "txErro": {"cdErro": "PRC-9", "dsErro": "CEP inválido"}}
)


@pytest.fixture(params=["sqlite", "postgresql"])
def history(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[QuoteHistory]:
    """A history written by "clerk.a": on a SQLite file, then on the PostgreSQL test server."""
    if request.param == "sqlite":
        store = QuoteHistory(tmp_path / "data" / "quotes.sqlite3", author="clerk.a")
        yield store
        store.close()
        return
    office = OfficeDatabase(
        tmp_path, "sandbox", postgres_or_skip(), author=lambda: "clerk.a", allow_password_in_url=True
    )
    store = QuoteHistory(office)
    yield store
    store.close()
    office.close()


def sample_results() -> list[QuoteResult]:
    return [
        QuoteResult(0, NATIONAL, FULL_RESPONSE),
        QuoteResult(
            1, INTERNATIONAL, None, ItemError(code="GTW-008", text="Token não válido para este ambiente")
        ),
        QuoteResult(
            2,
            PriceQuery(coProduto="03298", cepOrigem="69005010", cepDestino="30130010", psObjeto=5),
            FAILED_ITEM,
        ),
    ]


def test_created_on_first_use_and_migrated(tmp_path: Path) -> None:
    path = tmp_path / "data" / "quotes.sqlite3"
    store = QuoteHistory(path)
    assert not path.exists()
    assert store.count() == 0
    store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute(f"SELECT count(*) FROM {VERSION_TABLE}").fetchone()[0] == 1  # noqa: S608 -- a constant
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_folder_gets_the_office_file_name(tmp_path: Path) -> None:
    store = QuoteHistory(tmp_path)
    store.add(sample_results()[:1], environment="sandbox", source="form")
    store.close()
    assert (tmp_path / "office.sqlite3").exists()


def test_round_trip_of_every_field(history: QuoteHistory) -> None:
    at = datetime(2026, 1, 5, 10, 30, tzinfo=timezone(timedelta(hours=-3)))
    ids = history.add(sample_results(), environment="homologation", source="batch", at=at)
    assert len(ids) == 3
    entries = [history.get(entry_id) for entry_id in ids]
    first, second, third = entries
    assert first is not None
    assert second is not None
    assert third is not None
    assert first.query == NATIONAL
    assert first.query.model_dump() == NATIONAL.model_dump()
    assert first.response == FULL_RESPONSE
    assert first.response is not None
    assert first.response.model_dump() == FULL_RESPONSE.model_dump()
    assert first.response.pcFinal == Decimal("1811.83")
    assert first.response.qtAdicional == Decimal("1.500")
    assert first.response.model_extra == {"campoNovo": {"a": [1, "dois", 3.5]}}
    assert first.failure is None
    assert first.at == at
    assert first.at.tzinfo is not None
    assert first.at.utcoffset() == timedelta(0)
    assert (first.environment, first.source) == ("homologation", "batch")
    assert second.query == INTERNATIONAL
    assert second.response is None
    assert second.failure == ItemError(code="GTW-008", text="Token não válido para este ambiente")
    assert second.error == second.failure
    assert third.response == FAILED_ITEM
    assert third.error == ItemError(code="PRC-9", text="CEP inválido")
    result = first.to_result(7)
    assert (result.index, result.query, result.response, result.failure) == (7, NATIONAL, FULL_RESPONSE, None)
    assert second.to_result().failure == second.failure


def test_search_by_every_searchable_value(history: QuoteHistory) -> None:
    history.add(sample_results(), environment="sandbox", source="form")

    def found(text: str) -> list[str]:
        return [entry.query.coProduto for entry in history.search(text)]

    assert found("") == ["03298", "04510", "03220"]  # newest first: the same instant, later id first
    assert found("03220") == ["03220"]
    assert found("01310-100") == ["03220"]
    assert found("01310100") == ["03220"]
    assert found("20040") == ["03220"]
    assert found("us") == ["04510"]
    assert found("etq-alpha") == ["03220"]
    assert found("INT-9") == ["04510"]
    assert found("token não") == ["04510"]  # every word must match
    assert found("TOKEN NÃO VÁLIDO") == ["04510"]  # case-insensitive beyond ASCII
    assert found("prc-9") == ["03298"]
    assert found("sedex contrato") == ["03220"]  # the product name in the response
    assert found("69005-010") == ["03298"]
    assert found("%") == []  # wildcards are literal
    assert found("_") == []
    assert found("03220 69005") == []
    assert history.count() == 3
    assert history.count("01310-100") == 1
    assert history.count("nothing like it") == 0


def test_a_search_finds_what_a_plain_substring_test_finds(history: QuoteHistory) -> None:
    """Every word is a plain substring, whatever the engine looks it up with (PostgreSQL: a
    trigram ``LIKE`` for three letters or digits in a row, ``strpos`` for shorter)."""
    numbers = ["a%b", "a_b", "a\\b", "50%", "x_1", "ab", "abc", "a-bc", "q-9", "q-99", "ação", "ÍNDIO-3"]
    history.add(
        [
            QuoteResult(index, PriceQuery(coProduto="03220", psObjeto=1, nuRequisicao=number), None)
            for index, number in enumerate(numbers)
        ],
        environment="sandbox",
        source="cli",
    )
    terms = ["%", "_", "\\", "a%", "%b", "a_b", "a\\b", "a\\", "ab", "abc", "bc", "a-b", "q-9", "q-99"]
    terms += ["50%", "x_", "_1", "aç", "ação", "índio", "dio-3", "o-3", "a%b a_b", "zzz", "zz", "-"]
    for term in terms:
        expected = {number for number in numbers if all(word in number.casefold() for word in term.split())}
        found = {entry.query.nuRequisicao for entry in history.search(term)}
        assert found == expected, term
        assert history.count(term) == len(expected), term


def test_order_limit_and_offset(history: QuoteHistory) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for day in range(10):
        query = PriceQuery(coProduto=f"{day:05d}", cepOrigem="01310100", cepDestino="20040020", psObjeto=1)
        history.add(
            [QuoteResult(0, query, None)], environment="sandbox", source="cli", at=start + timedelta(days=day)
        )
    newest = history.search(limit=3)
    assert [entry.query.coProduto for entry in newest] == ["00009", "00008", "00007"]
    page = history.search(limit=3, offset=3)
    assert [entry.query.coProduto for entry in page] == ["00006", "00005", "00004"]
    assert history.search("01310", limit=2, offset=9)[0].query.coProduto == "00000"


def test_a_short_word_pages_through_long_and_short_error_texts_newest_first(history: QuoteHistory) -> None:
    """A word with no trigram is looked up on PostgreSQL in a narrow index that holds rows
    of up to 1,500 bytes of search text, and in the table for longer ones (migration 0008):
    every page has the same quotes, in the same order, as one walk of every quote."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(12):
        text = ("no " if number % 3 else "yes ") + ("ç" * 1_000 if number % 2 else "short")  # 2,000+ bytes
        history.add(
            [
                QuoteResult(
                    0,
                    PriceQuery(coProduto=f"{number:05d}", psObjeto=1),
                    None,
                    ItemError(code="E-1", text=text),
                )
            ],
            environment="sandbox",
            source="cli",
            at=start + timedelta(hours=number % 4),  # ties on time: the later id first
        )
    everything = history.search(limit=100)
    for term in ("no", "ç", "e-", "zz"):
        expected = [entry.query.coProduto for entry in everything if term in str(entry.failure).casefold()]
        for offset in range(0, 12, 5):
            found = [entry.query.coProduto for entry in history.search(term, limit=5, offset=offset)]
            assert found == expected[offset : offset + 5], (term, offset)
    assert len(history.search("no", limit=100)) == 8  # of them 4 too long for the narrow index


def test_delete_clear_and_prune(history: QuoteHistory) -> None:
    ids = history.add(sample_results() * 4, environment="sandbox", source="batch")
    assert history.count() == 12
    history.delete(ids[:2])
    history.delete([])
    assert history.count() == 10
    assert history.get(ids[0]) is None
    assert history.prune(keep_last=4) == 6
    assert [entry.id for entry in history.search()] == list(reversed(ids[-4:]))
    assert history.prune(keep_last=10) == 0
    with pytest.raises(ValueError, match="keep_last"):
        history.prune(-1)
    history.clear()
    assert history.count() == 0
    assert history.search() == []


def test_unknown_source_is_rejected(history: QuoteHistory) -> None:
    with pytest.raises(ValueError, match="source"):
        history.add(sample_results(), environment="sandbox", source="web")
    assert history.add([], environment="sandbox", source="form") == []


def test_naive_time_is_local_and_stored_as_utc(history: QuoteHistory) -> None:
    naive = datetime(2026, 1, 5, 10, 30)
    (entry_id,) = history.add(sample_results()[:1], environment="sandbox", source="form", at=naive)
    entry = history.get(entry_id)
    assert entry is not None
    assert entry.at == naive.astimezone()
    assert entry.at.tzinfo == UTC


def test_persists_and_reopens_after_close(tmp_path: Path) -> None:
    path = tmp_path / "quotes.sqlite3"
    store = QuoteHistory(path)
    store.add(sample_results(), environment="sandbox", source="form")
    store.close()
    assert store.count() == 3  # a later call opens it again
    store.close()
    other = QuoteHistory(path)
    assert other.count("03220") == 1
    other.close()


def test_thousand_quotes_in_one_call(history: QuoteHistory) -> None:
    results = [QuoteResult(index, NATIONAL, FULL_RESPONSE) for index in range(1000)]
    ids = history.add(results, environment="sandbox", source="batch")
    assert len(ids) == len(set(ids)) == 1000
    assert ids == sorted(ids)
    assert history.count() == 1000


def test_used_from_worker_threads(history: QuoteHistory) -> None:
    errors: list[BaseException] = []

    def work(number: int) -> None:
        try:
            for _ in range(10):
                history.add(sample_results(), environment="sandbox", source="batch")
                history.search("03220", limit=5)
                history.count()
        except BaseException as exc:  # noqa: BLE001 -- reported below, on the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(number,), name=f"history-{number}") for number in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert history.count() == 4 * 10 * 3


def test_corrupt_file_is_set_aside_and_replaced(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "quotes.sqlite3"
    path.write_bytes(b"this is not a database, just bytes " * 200)
    store = QuoteHistory(path)
    with caplog.at_level(logging.WARNING, logger="postalgui.store"):
        assert store.count() == 0
    aside = [item for item in tmp_path.iterdir() if item.name.startswith("quotes.sqlite3.bad-")]
    assert len(aside) == 1
    assert aside[0].read_bytes().startswith(b"this is not a database")
    assert "unreadable" in caplog.text
    store.add(sample_results(), environment="sandbox", source="form")
    assert store.count() == 3
    store.close()


def test_file_from_a_newer_version_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "quotes.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute(f"CREATE TABLE {VERSION_TABLE} (version_num VARCHAR(32) NOT NULL PRIMARY KEY)")
        conn.execute(f"INSERT INTO {VERSION_TABLE} VALUES ('9999_from_the_future')")  # noqa: S608 -- a constant
    conn.close()
    store = QuoteHistory(path)
    with pytest.raises(HistoryError, match="newer"):
        store.count()
    store.close()
    assert not [item for item in tmp_path.iterdir() if ".bad-" in item.name]
    with sqlite3.connect(path) as conn:
        found = conn.execute(f"SELECT version_num FROM {VERSION_TABLE}").fetchall()  # noqa: S608 -- a constant
        assert found == [("9999_from_the_future",)]
    conn.close()


# --------------------------------------------------------------------------- deadlines


def sedex_deadline(index: int = 0, handling: int = 2) -> DeadlineOutcome:
    deadline = Deadline(
        coProduto="03220",
        prazoEntrega=2,
        dataMaxima=datetime(2026, 12, 2, 23, 59),
        entregaDomiciliar=False,
        entregaSabado=True,
        msgPrazo="Entrega em capitais",
    )
    return DeadlineOutcome(index, "ok", deadline, None, date(2026, 11, 30), handling)


def pac_refused(index: int = 2) -> DeadlineOutcome:
    error = ItemError(code="PRZ-008", text="Serviço indisponível para o trecho informado")
    return DeadlineOutcome(index, "item_error", None, error, date(2026, 11, 30), 0)


def test_deadlines_meet_their_quotes_whichever_is_written_first(history: QuoteHistory) -> None:
    results = sample_results()
    queries = [result.query for result in results]
    outcomes = [sedex_deadline(0), DeadlineOutcome(1, "international"), pac_refused(2)]
    history.add_deadlines("early", list(zip(queries, outcomes, strict=True)))  # the deadline task won
    history.add(results, environment="sandbox", source="form", run="early")
    history.add(results, environment="sandbox", source="form", run="late")
    history.add_deadlines("late", list(zip(queries, outcomes, strict=True)))
    history.add(results, environment="sandbox", source="form")  # no run: no deadlines
    for run in (0, 1):
        by_product = {e.query.coProduto: e for e in history.search() if (e.id - 1) // 3 == run}
        sedex = by_product["03220"].deadline
        assert sedex is not None
        assert (sedex.reason, sedex.by, sedex.handling_days, sedex.posted) == (
            "ok",
            date(2026, 12, 2),
            2,
            date(2026, 11, 30),
        )
        assert sedex.deadline is not None
        assert (
            sedex.deadline.prazoEntrega,
            sedex.deadline.entregaDomiciliar,
            sedex.deadline.entregaSabado,
        ) == (
            2,
            False,
            True,
        )
        assert sedex.deadline.msgPrazo == "Entrega em capitais"
        pac = by_product["03298"].deadline
        assert pac is not None
        assert pac.reason == "item_error"
        assert str(pac.error) == "PRZ-008: Serviço indisponível para o trecho informado"
        assert by_product["04510"].deadline is None  # international: nothing kept
    assert all(entry.deadline is None for entry in history.search() if (entry.id - 1) // 3 == 2)


def test_a_deadline_written_after_its_quote_was_read_is_read_next_time(history: QuoteHistory) -> None:
    result = sample_results()[0]
    history.add([result], environment="sandbox", source="form", run="later")
    (before,) = history.search()
    assert before.deadline is None
    history.add_deadlines("later", [(result.query, sedex_deadline())])
    (after,) = history.search()
    assert after.deadline is not None
    assert after.deadline.by == date(2026, 12, 2)
    assert (after.id, after.query, after.response) == (before.id, before.query, before.response)


def test_a_quote_read_again_is_the_entry_read_before(history: QuoteHistory) -> None:
    """Each keystroke reads back mostly the quotes the last one did: made once, kept by uid."""
    history.add(sample_results(), environment="sandbox", source="form")
    first = history.search()
    again = history.search("03")  # the two national products
    assert [entry.id for entry in again] == [entry.id for entry in first if entry.query.cepOrigem]
    assert all(any(entry is seen for seen in first) for entry in again)


def test_another_runs_deadline_or_posting_date_is_not_this_quotes(history: QuoteHistory) -> None:
    result = sample_results()[0]
    history.add([result], environment="sandbox", source="form", run="mine")
    history.add_deadlines("theirs", [(result.query, sedex_deadline())])
    later = result.query.model_copy(update={"dtEvento": date(2026, 1, 6)})
    history.add_deadlines("mine", [(later, sedex_deadline())])  # same route, another posting date
    (entry,) = history.search()
    assert entry.deadline is None


def test_deleting_quotes_drops_their_runs_deadlines_only_when_none_is_left(history: QuoteHistory) -> None:
    results = sample_results()
    first = history.add(results, environment="sandbox", source="batch", run="a")
    history.add(results, environment="sandbox", source="batch", run="b")
    pairs = [(results[0].query, sedex_deadline())]
    history.add_deadlines("a", pairs)
    history.add_deadlines("b", pairs)

    def kept() -> set[str]:
        return set(history.store.run(lambda conn: list(conn.execute(select(quote_deadline.c.run)).scalars())))

    history.delete(first[1:])
    assert kept() == {"a", "b"}  # run a still has its SEDEX quote
    history.delete(first[:1])
    assert kept() == {"b"}
    history.prune(keep_last=0)
    assert kept() == set()
    history.add_deadlines("c", pairs)
    history.clear()
    assert kept() == set()


# --------------------------------------------------------------------------- who, where, told


@contextmanager
def another_desk(history: QuoteHistory, author: str) -> Iterator[QuoteHistory]:
    """A history on the same database as ``history``, written by ``author``."""
    office = history._office
    if office is None:
        theirs = QuoteHistory(Path(str(history.store.url.database)), author=author)
        yield theirs
        theirs.close()
        return
    desk = OfficeDatabase(
        office.data_dir / author,
        office.env_key,
        office.url,
        author=lambda: author,
        allow_password_in_url=True,
    )
    theirs = QuoteHistory(desk)
    yield theirs
    theirs.close()
    desk.close()


def test_each_quote_says_who_made_it_and_mine_filters_on_it(history: QuoteHistory) -> None:
    history.add(sample_results()[:2], environment="sandbox", source="form")
    with another_desk(history, "clerk.b") as theirs:
        theirs.add(sample_results()[2:], environment="sandbox", source="form")
    assert [entry.created_by for entry in history.search()] == ["clerk.b", "clerk.a", "clerk.a"]
    assert [entry.query.coProduto for entry in history.search(author="clerk.a")] == ["04510", "03220"]
    assert [entry.query.coProduto for entry in history.search("03298", author="clerk.b")] == ["03298"]
    assert history.search("03298", author="clerk.a") == []
    assert (history.count(author="clerk.a"), history.count(author="clerk.b"), history.count()) == (2, 1, 3)
    assert history.count(author="nobody") == 0
    uids = history.store.run(lambda conn: list(conn.execute(select(quote.c.uid)).scalars()))
    assert len(set(uids)) == 3
    assert all(len(uid) == 32 and int(uid, 16) >= 0 for uid in uids)


def test_the_view_shows_its_own_environment_only(tmp_path: Path) -> None:
    office = OfficeDatabase(tmp_path, "homologation", author=lambda: "clerk.a")
    history = QuoteHistory(office)
    try:
        history.add(sample_results()[:1], environment="homologation", source="form")
        history.add(
            sample_results()[1:], environment="production", source="form"
        )  # another env's, same database
        assert [entry.environment for entry in history.search()] == ["homologation"]
        assert history.count() == 1
        history.clear()
        assert QuoteHistory(tmp_path / "office-homologation.sqlite3").count() == 2  # the other's are left
    finally:
        history.close()
        office.close()


def test_a_write_tells_every_desk_the_quote_topic(history: QuoteHistory) -> None:
    told = threading.Event()
    unsubscribe = history.store.subscribe(lambda topic: told.set() if topic == "quote" else None)
    try:
        history.add(sample_results()[:1], environment="sandbox", source="form")
        assert told.wait(5)
    finally:
        unsubscribe()
