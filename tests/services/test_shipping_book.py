"""The shipments book keeps the operator's status number with its word apart from the
office's "labelled" mark, and finds orders sent before, on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from postalgui.api.models.prepostings import Order, Person, Preposting, PrepostingStatus, ReturnTerms
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.shipping.book import ShipmentBook
from postalgui.services.shipping.words import status_words

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
SENDER = Person(
    "Loja Exemplo Ltda", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP"
)
MARIA = Person("Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ")
ORDER = Order(SENDER, MARIA, "03298", 1500, length_cm=20, width_cm=15, height_cm=10, invoice_number="123")
KEY = "3526" + "1" * 40


@pytest.fixture
def book(office: OfficeDatabase) -> ShipmentBook:
    return ShipmentBook(office)


def made(prepost_id: str, status: PrepostingStatus | None, number: str = "", word: str = "") -> Preposting:
    return Preposting(prepost_id, None, status, NOW, None, None, number, word)


def test_the_status_is_the_operators_number_with_its_word_and_labelled_is_apart(book: ShipmentBook) -> None:
    book.record(made("PR1", PrepostingStatus.PREPOSTED, word="Prepostado"), ORDER, NOW)
    book.record(made("PR2", None, "9", "Em análise"), replace(ORDER, invoice_number="124"), NOW)
    book.record(made("PR3", PrepostingStatus.CANCELLED), replace(ORDER, invoice_number="125"), NOW)
    book.update(
        [Preposting("PR1", "QA123456785BR", PrepostingStatus.PREPOSTED, None, None, None)], NOW, labelled=True
    )
    shown = {
        item.prepost_id: (
            status_words(item.status, item.status_number, item.status_word, "en"),
            item.labelled,
        )
        for item in book.shipments()
    }
    assert shown == {
        "PR1": ("Pre-posted", True),
        "PR2": ("Unknown (9): Em análise", False),
        "PR3": ("Cancelled", False),
    }
    assert [item.prepost_id for item in book.shipments(status=PrepostingStatus.PREPOSTED)] == ["PR1"]
    assert [item.prepost_id for item in book.shipments(labelled=True)] == ["PR1"]
    assert sorted(item.prepost_id for item in book.shipments(labelled=False)) == ["PR2", "PR3"]
    assert sorted(book.open_ids()) == ["PR1", "PR2"]  # a number not known here: still asked about


def test_an_object_code_in_an_answer_is_no_label_issued_here(book: ShipmentBook) -> None:
    book.record(made("PR1", PrepostingStatus.PREPOSTED), ORDER, NOW)
    book.update([Preposting("PR1", "QA123456785BR", PrepostingStatus.PREPOSTED, None, None, None)], NOW)
    (item,) = book.shipments()
    assert (item.object_code, item.labelled) == ("QA123456785BR", False)


def test_orders_sent_before_by_recipient_and_invoice_or_by_nfe_key(book: ShipmentBook) -> None:
    book.record(made("PR1", PrepostingStatus.PREPOSTED), ORDER, NOW)
    book.record(made("PR2", PrepostingStatus.PREPOSTED), replace(ORDER, invoice_number="", nfe_key=KEY), NOW)
    asked = [
        ORDER,  # same recipient and invoice
        replace(ORDER, invoice_number="999"),  # another invoice
        replace(ORDER, recipient=replace(MARIA, name="Maria Souza")),  # another recipient
        replace(ORDER, recipient=replace(MARIA, name="Joana"), invoice_number="", nfe_key=KEY),  # same NF-e
        replace(ORDER, invoice_number=""),  # nothing to tell it by
    ]
    found = book.sent_before(asked)
    assert {index: item.prepost_id for index, item in found.items()} == {0: "PR1", 3: "PR2"}


def test_the_operators_naive_times_are_kept_as_brasilias(book: ShipmentBook) -> None:
    """The operator's 23:19 without an offset is Brasília's: 02:19 UTC the next day, shown
    in the desk's own time, never 23:19 UTC."""
    answer = Preposting("PR9", None, PrepostingStatus.PREPOSTED, datetime(2026, 11, 27, 23, 19), None, None)
    shipment = book.record(answer, ORDER, datetime(2026, 11, 28, 2, 19, 30, tzinfo=UTC))
    assert shipment.created_at == datetime(2026, 11, 28, 2, 19, tzinfo=UTC)
    assert shipment.expiry() == datetime(2026, 12, 5, 2, 19, tzinfo=UTC)  # seven days on


def test_a_refresh_asked_before_another_desks_cancel_does_not_write_over_it(
    office: OfficeDatabase, tmp_path: Path
) -> None:
    """Desk A asks the operator about its open pre-postings; meanwhile desk B cancels one.
    A's older answer ("pre-posted") must not bring the cancelled shipment back."""
    other = OfficeDatabase(
        tmp_path, "sandbox", office.url, author=lambda: "clerk.b", allow_password_in_url=True
    )
    try:
        a, b = ShipmentBook(office), ShipmentBook(other)
        a.record(made("PR1", PrepostingStatus.PREPOSTED), ORDER, NOW)
        a.record(made("PR2", PrepostingStatus.PREPOSTED), replace(ORDER, invoice_number="124"), NOW)
        read = {item.prepost_id: item.version for item in a.get(["PR1", "PR2"])}
        assert read == {"PR1": 1, "PR2": 1}

        assert b.update([made("PR1", PrepostingStatus.CANCELLED)], NOW) == 1
        answers = [Preposting(key, f"QA12345678{n}BR", PrepostingStatus.PREPOSTED, None, None, None)
                   for n, key in ((5, "PR1"), (6, "PR2"))]  # fmt: skip
        assert a.update(answers, NOW, read=read) == 1

        first, second = a.get(["PR1", "PR2"])
        assert (first.status, first.object_code, first.version, first.updated_by) == (
            PrepostingStatus.CANCELLED, None, 2, "clerk.b",
        )  # fmt: skip
        assert (second.object_code, second.version, second.updated_by) == ("QA123456786BR", 2, "clerk.a")
    finally:
        other.close()


def test_a_return_keeps_its_terms_and_authorization_code_and_is_listed_apart(book: ShipmentBook) -> None:
    terms = ReturnTerms(date(2026, 12, 28), "DG049186226BR")
    back = Order(MARIA, SENDER, "03301", 1500, length_cm=20, width_cm=15, height_cm=10, reverse=terms)
    answer = replace(
        made("PR2", PrepostingStatus.PREPOSTED), object_code="QR515656026BR", eticket="4182736450"
    )
    book.record(made("PR1", PrepostingStatus.PREPOSTED), ORDER, NOW)
    book.record(answer, back, NOW)
    (item,) = book.shipments(returns=True)
    assert (item.prepost_id, item.eticket, item.order.reverse, item.is_return) == (
        "PR2",
        "4182736450",
        terms,
        True,
    )
    assert [item.prepost_id for item in book.shipments(returns=False)] == ["PR1"]
    book.update([replace(answer, eticket="", status=PrepostingStatus.POSTED)], NOW)
    assert book.get(["QR515656026BR"])[0].eticket == "4182736450"  # set once, at creation
