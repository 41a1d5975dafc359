"""The offline queue: history writes while the office server is away (or over a newer
PostalGUI's file) wait on this desk and reach the office database exactly once when it
answers again, a read's answer too (the server "goes away" behind a TCP proxy)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.engine import make_url

from postalgui.api.models.price import PriceQuery, QuoteResult
from postalgui.services.office import outbox
from postalgui.services.office.database import OfficeDatabase, local_file
from postalgui.services.office.errors import OfficeUnavailableError
from postalgui.services.office.status import OfficeState
from postalgui.services.price.history import HistoryError, QuoteHistory
from postalgui.store.tables import quote
from tests.office_fixtures import postgres_or_skip, stamp_newer
from tests.services.test_quote_history import sedex_deadline
from tests.tcp_proxy import TcpProxy


def quotes(first: int, count: int) -> list[QuoteResult]:
    """``count`` quotes told apart by their request number (``q-<n>``)."""
    return [
        QuoteResult(
            index,
            PriceQuery(
                coProduto="03220",
                cepOrigem="01310100",
                cepDestino="20040020",
                psObjeto=300,
                nuRequisicao=f"q-{first + index}",
            ),
            None,
        )
        for index in range(count)
    ]


@pytest.fixture
def server() -> Iterator[tuple[str, TcpProxy]]:
    """The PostgreSQL test server's URL, and a proxy in front of it."""
    url = make_url(postgres_or_skip())
    with TcpProxy(url.host or "127.0.0.1", url.port or 5432) as proxy:
        yield url.render_as_string(hide_password=False), proxy


def desk_office(data_dir: Path, url: str) -> OfficeDatabase:
    return OfficeDatabase(data_dir, "sandbox", url, author=lambda: "clerk.a", allow_password_in_url=True)


def proxied(direct: str, proxy: TcpProxy) -> str:
    """The server's URL through ``proxy``."""
    return make_url(direct).set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)


@pytest.fixture
def desk(server: tuple[str, TcpProxy], tmp_path: Path) -> Iterator[tuple[QuoteHistory, OfficeDatabase]]:
    """A desk's history on the server, through the proxy."""
    office = desk_office(tmp_path, proxied(*server))
    history = QuoteHistory(office)
    yield history, office
    history.close()
    office.close()


def on_server(direct: str) -> list[str]:
    """The request numbers of the quotes on the server, read past the proxy."""
    engine = create_engine(direct)
    try:
        with engine.connect() as connection:
            return list(connection.execute(select(quote.c.nu_requisicao)).scalars())
    finally:
        engine.dispose()


def queue_sent(office: OfficeDatabase) -> threading.Event:
    """Set once the server answered and nothing waits on this desk any more (told by
    `OfficeStatus`, from whichever thread sent the queue)."""
    sent = threading.Event()

    def heard(state: OfficeState) -> None:
        if state.reachable and state.waiting == 0:
            sent.set()

    office.status.listen(heard)
    heard(office.status.state)
    return sent


def test_a_batch_recorded_while_the_server_goes_away_reaches_it_exactly_once(
    server: tuple[str, TcpProxy], desk: tuple[QuoteHistory, OfficeDatabase]
) -> None:
    direct, proxy = server
    history, office = desk
    for block in range(8):
        if block == 3:
            proxy.cut()  # the server goes away mid-batch
        if block == 6:
            proxy.restore()
        history.add(quotes(block * 10, 10), environment="sandbox", source="batch", run=f"run-{block}")
        query = quotes(block * 10, 1)[0].query
        history.add_deadlines(f"run-{block}", [(query, sedex_deadline())])
        if block in (3, 4, 5):
            state = office.status.state
            assert (state.reachable, state.waiting) == (False, (block - 2) * 10)  # quotes; deadlines too
    found = on_server(direct)
    assert sorted(found) == sorted(f"q-{n}" for n in range(80))  # every quote, none doubled
    state = office.status.state
    assert (state.reachable, state.waiting) == (True, 0)
    assert history.count() == 80
    assert all(entry.deadline is not None for entry in history.search(limit=100))  # their runs' deadlines too
    assert office.outbox().waiting() == 0


def test_the_queue_is_retried_without_another_write(
    server: tuple[str, TcpProxy], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox, "RETRY_S", 0.2)
    direct, proxy = server
    office = desk_office(tmp_path, proxied(direct, proxy))
    history = QuoteHistory(office)
    try:
        proxy.cut()
        assert history.add(quotes(0, 3), environment="sandbox", source="form") == []  # nothing raised
        assert office.status.state.waiting == 3
        with pytest.raises(OfficeUnavailableError, match="cannot be reached"):
            history.search()
        proxy.restore()
        assert queue_sent(office).wait(10)
        assert sorted(on_server(direct)) == ["q-0", "q-1", "q-2"]
        assert [entry.created_by for entry in history.search()] == ["clerk.a"] * 3
    finally:
        history.close()
        office.close()


def test_rows_left_by_an_earlier_session_are_sent_on_the_next_start(
    server: tuple[str, TcpProxy], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox, "RETRY_S", 0.2)
    direct, proxy = server

    def session() -> tuple[QuoteHistory, OfficeDatabase]:
        office = desk_office(tmp_path, proxied(direct, proxy))
        return QuoteHistory(office), office

    history, office = session()
    assert history.count() == 0  # the server was met once
    proxy.cut()
    history.add(quotes(0, 2), environment="sandbox", source="form")
    history.close()  # the app quits while the server is away: the retry thread ends
    office.close()
    assert (tmp_path / "outbox-sandbox.sqlite3").exists()
    proxy.restore()
    history, office = session()
    office.store()  # as the window starts (its change feed): the queue's retry starts with it
    try:
        assert queue_sent(office).wait(10)
        assert sorted(on_server(direct)) == ["q-0", "q-1"]
    finally:
        history.close()
        office.close()


def test_quotes_refused_for_a_wrong_password_wait_and_reach_the_server_once_it_is_right(
    server: tuple[str, TcpProxy], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The office changed its password: the desk's quotes are not lost, the status says why."""
    monkeypatch.setattr(outbox, "RETRY_S", 0.2)
    direct, _proxy = server
    ready = desk_office(tmp_path / "another-desk", direct)
    ready.store().open()  # the office's tables exist: another desk met the server
    ready.close()
    wrong = make_url(direct).set(password="not-the-password").render_as_string(hide_password=False)
    office = desk_office(tmp_path, wrong)
    history = QuoteHistory(office)
    try:
        assert history.add(quotes(0, 2), environment="sandbox", source="form") == []  # nothing raised
        state = office.status.state
        assert (state.reachable, state.waiting) == (False, 2)
        assert "refused the login" in state.problem
        assert "not-the-password" not in state.problem
    finally:
        history.close()
        office.close()
    office = desk_office(tmp_path, direct)  # the password is set right in Settings
    history = QuoteHistory(office)
    office.store()  # as the window starts
    try:
        assert queue_sent(office).wait(10)
        assert sorted(on_server(direct)) == ["q-0", "q-1"]
    finally:
        history.close()
        office.close()


def test_a_local_office_has_no_queue(tmp_path: Path) -> None:
    office = OfficeDatabase(tmp_path, "sandbox")
    history = QuoteHistory(office)
    try:
        history.add(quotes(0, 1), environment="sandbox", source="form")
        assert not (tmp_path / "outbox-sandbox.sqlite3").exists()
        rows = office.local().run(lambda c: c.execute(select(func.count()).select_from(quote)).scalar())
        assert rows == 1
    finally:
        history.close()
        office.close()


def test_a_read_after_the_server_is_back_sends_the_queue_before_it_reads(
    server: tuple[str, TcpProxy], desk: tuple[QuoteHistory, OfficeDatabase]
) -> None:
    """No write, no retry (30 s away): the read that meets the server again sends what
    waited, and sees it (a command line run ends long before any retry)."""
    direct, proxy = server
    history, office = desk
    assert history.count() == 0  # the server was met once
    proxy.cut()
    history.add(quotes(0, 3), environment="sandbox", source="batch")
    with pytest.raises(OfficeUnavailableError, match="cannot be reached"):
        history.search()
    waiting = office.outbox().report()
    assert (waiting.quotes, waiting.sent) == (3, 0)
    assert "cannot be reached" in waiting.problem
    proxy.restore()
    assert history.count() == 3
    assert sorted(on_server(direct)) == ["q-0", "q-1", "q-2"]
    sent = office.outbox().report()
    assert (sent.quotes, sent.rows, sent.sent, sent.problem) == (0, 0, 3, "")
    assert (office.status.state.reachable, office.status.state.waiting) == (True, 0)


def test_quotes_over_a_newer_versions_local_file_wait_in_the_queue(tmp_path: Path) -> None:
    """This version can never write the file; it can write the queue, and the status says so."""
    stamp_newer(local_file(tmp_path, "sandbox"))
    office = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
    history = QuoteHistory(office)
    try:
        assert history.add(quotes(0, 2), environment="sandbox", source="form") == []  # nothing raised
        state = office.status.state
        assert (state.shared, state.reachable, state.waiting) == (False, False, 2)
        assert "written by a newer PostalGUI" in state.problem
        with pytest.raises(HistoryError, match="newer"):
            history.count()
        assert office.outbox().report().quotes == 2  # it waits, however often it is tried
    finally:
        history.close()
        office.close()
    local_file(tmp_path, "sandbox").rename(tmp_path / "office-sandbox.newer")  # one this version can open
    office = OfficeDatabase(tmp_path, "sandbox", author=lambda: "clerk.a")
    history = QuoteHistory(office)
    try:
        assert [entry.created_by for entry in history.search()] == ["clerk.a"] * 2
        assert office.outbox().report().sent == 2
    finally:
        history.close()
        office.close()
