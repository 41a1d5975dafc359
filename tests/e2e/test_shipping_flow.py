"""The Shipping feature's use cases end to end: the real client against the real sandbox
over HTTP, the shipments kept in the office database. Register, refresh, have the
labels issued (codes assigned, objects followed in Tracking), cancel; an orders file is
checked cell by cell and completed from the CEP before anything is sent."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import asdict, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from postalgui.api.cancel import PlainTask
from postalgui.api.errors import ApiError
from postalgui.api.models.prepostings import ContentLine, Order, Person, Preposting, PrepostingStatus
from postalgui.api.values.errors import InvalidValue
from postalgui.api.values.object_codes import parse_object_code
from postalgui.documents.reports.labels import Layout, datamatrix_text
from postalgui.sandbox import SandboxServer
from postalgui.services.context import AppContext, build_context
from postalgui.services.office.outgoing import OutgoingState
from postalgui.services.ports import NewObject
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.book import ShipmentBook
from postalgui.services.shipping.orders import complete_orders, read_orders
from postalgui.services.shipping.printing import declarations, label_data, our_labels, posting_list
from postalgui.services.shipping.records import Shipment
from postalgui.services.shipping.use_cases import (
    RowResult,
    cancel_shipments,
    create_prepostings,
    issue_labels,
    refresh_shipments,
)
from postalgui.services.shipping.words import status_words
from tests.e2e.conftest import SandboxControl
from tests.pdf_reading import pages, read, words

SENDER = Person(
    "Loja Exemplo Ltda", "01310100", "Avenida Paulista", "1000", "", "Bela Vista", "São Paulo", "SP",
    email="loja@exemplo.com.br", phone="1130030100",
)  # fmt: skip
RECIPIENT = Person(
    "Maria da Silva", "20040020", "Rua da Assembleia", "10", "", "Centro", "Rio de Janeiro", "RJ"
)
ORDER = Order(
    SENDER, RECIPIENT, "03298", 1500, length_cm=20, width_cm=15, height_cm=10,
    contents=(ContentLine("Livros", 2, Decimal("45.00")),),
)  # fmt: skip


@pytest.fixture
def context(
    sandbox_server: SandboxServer, sandbox: SandboxControl, config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[AppContext]:
    monkeypatch.setenv("POSTALGUI_ENV", "sandbox")
    monkeypatch.setenv("POSTALGUI_BASE_URL", sandbox_server.url)
    context = build_context()
    sandbox._call("PUT", "/prepost/config", {"rotulo_delay_s": 0})
    yield context
    context.close()


def test_register_label_follow_and_cancel(context: AppContext) -> None:
    service = context.shipping
    report = create_prepostings(PlainTask(), service, [ORDER, ORDER])
    assert (len(report.created), report.refused, report.not_sent) == (2, [], 0)
    first, second = report.created
    assert first.prepost_id.startswith("PR")
    assert first.status is PrepostingStatus.PREPOSTED
    assert first.expires_in_days(service.today()) in (6, 7)
    assert [item.prepost_id for item in service.book().shipments()] == [second.prepost_id, first.prepost_id]

    issued = issue_labels(PlainTask(), service, [first.prepost_id])
    assert issued.pdf.startswith(b"%PDF")
    (labelled,) = issued.shipments
    assert (labelled.status, labelled.labelled) == (PrepostingStatus.PREPOSTED, True)  # a label is no status
    assert status_words(labelled.status) == "Pré-postado"
    assert labelled.object_code is not None
    assert parse_object_code(labelled.object_code) == labelled.object_code  # a valid check digit
    followed = context.tracking.watchlist().detail(labelled.object_code)
    assert followed is not None
    assert followed.source == "shipping"

    assert cancel_shipments(PlainTask(), service, [second.prepost_id]) == []
    statuses = {
        item.prepost_id: (item.status, item.status_word, item.labelled)
        for item in refresh_shipments(PlainTask(), service)
    }
    assert statuses == {
        first.prepost_id: (PrepostingStatus.PREPOSTED, "Prepostado", True),
        second.prepost_id: (PrepostingStatus.CANCELLED, "Cancelado", False),
    }
    refused = cancel_shipments(PlainTask(), service, [second.prepost_id])
    assert [(prepost_id, words[:7]) for prepost_id, words in refused] == [(second.prepost_id, "PPN-021")]


def test_a_bad_order_is_refused_before_anything_is_sent(context: AppContext, sandbox: SandboxControl) -> None:
    bad = replace(ORDER, weight_g=0)
    with pytest.raises(InvalidValue, match="pesoInformado"):
        create_prepostings(PlainTask(), context.shipping, [ORDER, bad])
    assert not any("prepostagem" in key for key in sandbox.stats()["requests"])
    assert context.shipping.book().shipments() == []


def test_an_orders_file_names_row_and_column_and_fills_the_street_from_the_cep(
    context: AppContext, tmp_path: Path
) -> None:
    path = tmp_path / "pedidos.csv"
    path.write_text(
        "nome;cep;numero;codigoServico;pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;"
        "valorDeclarado;conteudo;numeroNotaFiscal\n"
        "Ana Souza;01310-100;200;03220;800;20;15;10;150,00;Camiseta;\n"
        "Bruno Lima;0131;10;03298;abc;20;15;10;;Livro;\n"
        "Carla Dias;01310-999;5;3298;300;20;15;10;;;1234\n"
        "Davi Reis;01310-100;7;03298;300;20;15;10;;;\n",
        encoding="utf-8",
    )
    rows = read_orders(path, SENDER)
    assert [(problem.row, problem.column) for row in rows for problem in row.problems] == [
        (3, "cep"),
        (3, "pesoInformado"),
        (5, "conteudo"),
    ]
    done = complete_orders(PlainTask(), context.shipping, rows)
    good, bad_cells, unknown, _ = done
    assert good.order is not None
    assert good.order.recipient.street
    assert good.order.recipient.state == "SP"
    assert good.order.declared_value == Decimal("150.00")
    assert good.order.contents == (ContentLine("Camiseta", 1, Decimal("150.00")),)
    assert bad_cells.order is None
    assert unknown.order is None
    assert [(problem.row, problem.column, problem.error.rule) for problem in unknown.problems] == [
        (4, "cep", "shipping.unknown_cep")
    ]


def test_our_labels_issue_the_codes_first_and_every_barcode_reads_back(context: AppContext) -> None:
    service = context.shipping
    created = create_prepostings(
        PlainTask(), service, [ORDER, replace(ORDER, declared_value=Decimal("80"))]
    ).created
    ids = [item.prepost_id for item in created]
    pdf = our_labels(PlainTask(), service, ids, Layout.THERMAL_100x150).pdf
    shipments = service.book().get(ids)
    codes = [item.object_code for item in shipments]
    assert all(codes)
    read_back = [read(page) for page in pages(pdf, dpi=200)]
    assert [page.get("Code128", set()) & set(codes) for page in read_back] == [{code} for code in codes]
    assert [next(iter(page["DataMatrix"])) for page in read_back] == [
        datamatrix_text(label_data(item, service.card(), service.profile.contract or ""))
        for item in shipments
    ]
    assert all(context.tracking.watchlist().detail(code) is not None for code in codes if code)
    assert declarations(PlainTask(), service, ids).startswith(b"%PDF")
    listed = posting_list(PlainTask(), service, ids)
    assert all(
        code in " ".join(word.text for page in words(listed) for word in page) for code in codes if code
    )


def test_the_default_senders_logo_is_on_its_labels(context: AppContext) -> None:
    service = context.shipping
    logo = io.BytesIO()
    Image.new("RGB", (40, 20), "navy").save(logo, format="PNG")
    address = Address(AddressKind.SENDER, **{**asdict(SENDER), "cep": SENDER.cep}, logo=logo.getvalue())
    service.addresses().save(address)
    (shipment,) = create_prepostings(PlainTask(), service, [ORDER]).created
    stranger = replace(ORDER, sender=replace(SENDER, name="Outra Loja"))
    (other,) = create_prepostings(PlainTask(), service, [stranger]).created
    with_logo = our_labels(PlainTask(), service, [shipment.prepost_id], Layout.THERMAL_100x150).pdf
    without = our_labels(PlainTask(), service, [other.prepost_id], Layout.THERMAL_100x150).pdf
    assert b"/Subtype /Image" in with_logo
    assert b"/Subtype /Image" not in without


def test_a_cancelled_pre_posting_gets_no_label_and_nothing_is_sent(
    context: AppContext, sandbox: SandboxControl
) -> None:
    service = context.shipping
    (shipment,) = create_prepostings(PlainTask(), service, [ORDER]).created
    assert cancel_shipments(PlainTask(), service, [shipment.prepost_id]) == []
    asked = sandbox.stats()["requests"]
    with pytest.raises(InvalidValue, match=rf"Pre-posting {shipment.prepost_id} is cancelled"):
        our_labels(PlainTask(), service, [shipment.prepost_id], Layout.A4_FOUR)
    assert sandbox.stats()["requests"] == asked


def label_requests(sandbox: SandboxControl) -> int:
    return sum(n for key, n in sandbox.stats()["requests"].items() if "rotulo/assincrono/pdf" in key)


def test_more_labels_than_one_request_takes_are_issued_a_hundred_at_a_time(
    context: AppContext, sandbox: SandboxControl
) -> None:
    service = context.shipping
    ids = [item.prepost_id for item in create_prepostings(PlainTask(), service, [ORDER] * 101).created]
    with pytest.raises(ApiError, match="at most 100 labels at once"):
        issue_labels(PlainTask(), service, ids)
    assert label_requests(sandbox) == 0  # refused before anything was sent
    pdf = our_labels(PlainTask(), service, ids, Layout.A4_FOUR).pdf
    assert label_requests(sandbox) == 2
    assert all(item.object_code for item in service.book().get(ids))
    assert len(words(pdf)) == 26  # 101 labels, 4 a sheet


def label_downloads(sandbox: SandboxControl) -> int:
    """The operator's label PDFs fetched (or polled for)."""
    return sum(n for key, n in sandbox.stats()["requests"].items() if "rotulo/download" in key)


def counted_reads(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every read of shipments from the book (by ids, or the whole list), as it happens."""
    reads: list[list[str]] = []
    get, every = ShipmentBook.get, ShipmentBook.shipments

    def counted_get(book: ShipmentBook, ids: Sequence[str]) -> list[Shipment]:
        reads.append(list(ids))
        return get(book, ids)

    def counted_shipments(book: ShipmentBook, **kwargs: Any) -> list[Shipment]:
        reads.append(["*"])
        return every(book, **kwargs)

    monkeypatch.setattr(ShipmentBook, "get", counted_get)
    monkeypatch.setattr(ShipmentBook, "shipments", counted_shipments)
    return reads


def test_a_label_print_reads_its_shipments_once_and_fetches_the_operators_pdf_only_when_asked(
    context: AppContext, sandbox: SandboxControl, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = context.shipping
    ids = [item.prepost_id for item in create_prepostings(PlainTask(), service, [ORDER, ORDER]).created]
    reads = counted_reads(monkeypatch)
    ours = our_labels(PlainTask(), service, ids, Layout.THERMAL_100x150)
    assert reads == [ids]  # codes issued and kept without reading the shipments again
    assert (label_requests(sandbox), label_downloads(sandbox)) == (1, 0)  # the codes, not the PDF
    assert ours.pdf.startswith(b"%PDF")
    assert [item.prepost_id for item in ours.shipments] == ids
    assert all(item.object_code and item.labelled for item in ours.shipments)
    assert ours.followed == 2
    again = our_labels(PlainTask(), service, ids, Layout.A4_FOUR)
    assert (label_requests(sandbox), label_downloads(sandbox)) == (1, 0)  # codes known: nothing asked
    assert (again.shipments, again.followed) == (ours.shipments, 0)  # followed before
    reads.clear()
    operator = issue_labels(PlainTask(), service, ids[:1])
    assert reads == [ids[:1]]
    assert label_downloads(sandbox) >= 1  # asked for: its PDF
    assert operator.pdf.startswith(b"%PDF")
    assert (operator.shipments[0].object_code, operator.followed) == (ours.shipments[0].object_code, 0)


def prepost_posts(sandbox: SandboxControl) -> int:
    """The pre-posting POSTs the sandbox saw (creations)."""
    return sum(
        n for key, n in sandbox.stats()["requests"].items() if key == "POST /prepostagem/v1/prepostagens"
    )


THREE_ROWS = (
    "nome;cep;numero;codigoServico;pesoInformado;comprimentoInformado;larguraInformada;alturaInformada;"
    "conteudo;valor;numeroNotaFiscal\n"
    "Ana Souza;01310-100;200;03220;800;20;15;10;Camiseta;50,00;901\n"
    "Bruno Lima;20040-020;10;03298;1200;20;15;10;Livro;30,00;902\n"
    "Carla Dias;30130-010;5;03298;300;20;15;10;Caneca;20,00;903\n"
)


def test_three_rows_make_three_pre_postings_and_a_rerun_sends_nothing_unless_asked_again(
    context: AppContext, sandbox: SandboxControl, tmp_path: Path
) -> None:
    service = context.shipping
    path = tmp_path / "pedidos.csv"
    path.write_text(THREE_ROWS, encoding="utf-8")
    orders = [
        row.order for row in complete_orders(PlainTask(), service, read_orders(path, SENDER)) if row.order
    ]
    assert len(orders) == 3
    report = create_prepostings(PlainTask(), service, orders)
    assert [report.outcome(index).result for index in range(3)] == [RowResult.CREATED] * 3
    refreshed = refresh_shipments(PlainTask(), service)
    assert [status_words(item.status, item.status_number, item.status_word) for item in refreshed] == [
        "Pré-postado"
    ] * 3
    assert all(item.expires_at is not None and not item.labelled for item in refreshed)
    assert prepost_posts(sandbox) == 3

    rerun = create_prepostings(PlainTask(), service, orders)
    assert [rerun.outcome(index).result for index in range(3)] == [RowResult.SENT_BEFORE] * 3
    earlier = [rerun.outcome(index).earlier for index in range(3)]
    assert [item.prepost_id if item else None for item in earlier] == [
        item.prepost_id for item in report.created
    ]
    assert prepost_posts(sandbox) == 3  # nothing sent twice

    again = create_prepostings(PlainTask(), service, orders, again=True)
    assert len(again.created) == 3
    assert prepost_posts(sandbox) == 6
    assert len(service.book().shipments()) == 6


def test_an_answer_that_cannot_be_read_is_kept_and_never_sent_again_by_itself(
    context: AppContext, sandbox: SandboxControl
) -> None:
    service = context.shipping
    order = replace(ORDER, invoice_number="4711")
    sandbox.script(
        {"kind": "malformed", "variant": "truncated", "path_prefix": "/prepostagem/v1/prepostagens",
         "method": "POST", "count": 1}
    )  # fmt: skip
    report = create_prepostings(PlainTask(), service, [order])
    outcome = report.outcome(0)
    assert outcome.result is RowResult.UNREADABLE  # sent: never "not sent"
    assert (report.created, report.not_sent) == ([], 0)
    assert outcome.line is not None
    assert outcome.line.state is OutgoingState.UNREADABLE
    assert outcome.line.answer is not None
    assert '"id"' in outcome.line.answer  # the raw answer, kept
    assert prepost_posts(sandbox) == 1

    for _rerun in range(2):  # two reruns, no duplicate
        rerun = create_prepostings(PlainTask(), service, [order])
        assert rerun.outcome(0).result is RowResult.SENT_BEFORE
        earlier = rerun.outcome(0).earlier
        assert earlier is not None
        assert not earlier.settled  # its answer unreadable: a person settles it
    assert prepost_posts(sandbox) == 1
    (line,) = service.outgoing().lines()
    assert line.state is OutgoingState.UNREADABLE

    again = create_prepostings(PlainTask(), service, [order], again=True)
    assert again.outcome(0).result is RowResult.CREATED
    assert prepost_posts(sandbox) == 2
    assert service.outgoing().lines() == []  # settled: sent again on purpose


def test_a_cancelled_pre_postings_object_leaves_the_watchlist(context: AppContext) -> None:
    """Issue 37: a cancelled pre-posting's object stayed followed, "not found" for ever.
    Only those a label put there leave: a code a clerk follows by hand stays."""
    service = context.shipping
    watchlist = context.tracking.watchlist()
    first, second, third = create_prepostings(PlainTask(), service, [ORDER, ORDER, ORDER]).created
    labelled = issue_labels(PlainTask(), service, [first.prepost_id, second.prepost_id, third.prepost_id])
    codes = {item.prepost_id: item.object_code for item in labelled.shipments}
    assert all(codes.values())
    by_hand = codes[third.prepost_id]
    assert by_hand is not None
    watchlist.remove([by_hand])
    watchlist.add([NewObject(by_hand, tag="Cliente que liga")], source="paste")
    assert {item.code for item in watchlist.objects()} == set(codes.values())

    assert cancel_shipments(PlainTask(), service, [first.prepost_id, third.prepost_id]) == []
    assert {item.code for item in watchlist.objects()} == {codes[second.prepost_id], by_hand}

    service.client().cancel(second.prepost_id, service.requester())  # at the operator, not from here
    refresh_shipments(PlainTask(), service)
    assert {item.code for item in watchlist.objects()} == {by_hand}


def test_a_declaration_carries_both_tax_ids_and_one_without_content_lines_is_filled_or_refused(
    context: AppContext, sandbox: SandboxControl
) -> None:
    service = context.shipping
    declared = replace(
        ORDER,
        sender=replace(SENDER, cpf_cnpj="11222333000181"),
        recipient=replace(RECIPIENT, cpf_cnpj="52998224725"),
    )
    invoiced = replace(ORDER, contents=(), invoice_number="4512", declared_value=Decimal("80.00"))
    (shipment, billed) = create_prepostings(PlainTask(), service, [declared, invoiced]).created
    pdf = declarations(PlainTask(), service, [shipment.prepost_id, billed.prepost_id])
    said = " ".join(word.text for page in words(pdf) for word in page)
    assert "CPF/CNPJ: 11.222.333/0001-81" in said  # the sender's
    assert "CPF/CNPJ: 529.982.247-25" in said  # the recipient's
    assert "Conforme nota fiscal nº 4512 1 R$ 80,00" in said  # the invoice's goods, at their value

    made = service.now()
    bare = Preposting("PR0000000000000000000BARE", None, PrepostingStatus.PREPOSTED, made, None, None)
    service.book().record(bare, replace(ORDER, contents=()), made)  # made elsewhere, with neither
    asked = sandbox.stats()["requests"]
    with pytest.raises(InvalidValue) as refused:
        declarations(PlainTask(), service, [shipment.prepost_id, bare.id])
    assert refused.value.rule == "shipping.undeclared"
    assert str(refused.value) == (
        f"Pre-posting {bare.id} has neither content lines nor an invoice: there is nothing to declare"
    )
    assert sandbox.stats()["requests"] == asked  # refused before any object code was asked for
