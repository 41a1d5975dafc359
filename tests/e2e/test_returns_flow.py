"""Return authorizations end to end: the real client against the real sandbox over HTTP, the
returns kept in the office database with the shipments and followed in Tracking with the
"return" mark. A draft from a delivered parcel, the authorization (written down before it is
sent), its state as the customer posts it and it comes home, expiry, cancel; the customer's PDF
and e-mail text."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import timedelta

import pytest

from postalgui.api.cancel import PlainTask
from postalgui.api.models.prepostings import Order, PrepostingStatus, ReturnTerms
from postalgui.api.values.errors import InvalidValue
from postalgui.sandbox.prepost.returns import posting_delay
from postalgui.services.context import AppContext
from postalgui.services.office.outgoing import AlreadySentError, OutgoingState, UnreadableAnswerError
from postalgui.services.shipping.addresses import Address, AddressKind
from postalgui.services.shipping.return_records import ReturnAuthorization, ReturnState
from postalgui.services.shipping.returns import (
    PAC_REVERSE,
    RETURN_SOURCE,
    authorization_pdf,
    authorization_text,
    authorize_return,
    cancel_returns,
    list_returns,
    return_draft,
)
from postalgui.services.shipping.use_cases import PREPOSTING, create_prepostings, issue_codes
from tests.e2e.conftest import SandboxControl
from tests.e2e.test_shipping_flow import ORDER, RECIPIENT, SENDER, context, prepost_posts
from tests.pdf_reading import pages, read, text

__all__ = ["context"]  # the fixture, by name

DAY = 86_400


@pytest.fixture(autouse=True)
def office(context: AppContext, sandbox: SandboxControl) -> None:
    """The app on the sandbox (`test_shipping_flow`'s `context`), its office the default sender,
    its token outliving the clock's jumps."""
    sandbox._call("PUT", "/config", {"token_lifetime_s": 400 * DAY})
    context.shipping.addresses().save(Address(AddressKind.SENDER, **asdict(SENDER), is_default=True))


def outbound_code(context: AppContext) -> str:
    """A parcel the office shipped to the customer (labelled: it has its object code)."""
    service = context.shipping
    (shipment,) = create_prepostings(PlainTask(), service, [ORDER]).created
    (coded,) = issue_codes(PlainTask(), service, [shipment]).shipments
    assert coded.object_code is not None
    return coded.object_code


def return_order(context: AppContext, code: str = "") -> Order:
    """The draft as the clerk sends it (a customer typed in when the draft has none)."""
    draft = return_draft(PlainTask(), context.shipping, code)
    assert draft.office is not None
    return Order(
        draft.customer or RECIPIENT, draft.office, draft.service_code, draft.weight_g, draft.format_code,
        draft.length_cm, draft.width_cm, draft.height_cm, draft.declared_value,
        invoice_number="1234", reverse=ReturnTerms(draft.valid_until, draft.outbound_code),
    )  # fmt: skip


def test_a_draft_from_a_shipped_parcel_has_the_customer_the_office_and_the_package(
    context: AppContext,
) -> None:
    service = context.shipping
    code = outbound_code(context)
    draft = return_draft(PlainTask(), service, code.lower())
    assert (draft.customer, draft.office, draft.outbound_code) == (RECIPIENT, SENDER, code)
    assert (draft.service_code, draft.weight_g, draft.length_cm, draft.width_cm, draft.height_cm) == (
        PAC_REVERSE, 1500, 20, 15, 10,
    )  # fmt: skip
    assert draft.valid_until == service.today() + timedelta(days=30)
    service.remember(service.settings.updated(return_days=7))
    context.apply(context.saved_settings.updated(shipping=service.settings.updated(return_days=7)))
    unknown = return_draft(PlainTask(), service, "DG049186226BR")
    assert (unknown.customer, unknown.office, unknown.outbound_code) == (None, SENDER, "DG049186226BR")
    assert unknown.valid_until == service.today() + timedelta(days=7)


def test_an_authorization_is_written_down_sent_once_and_followed_as_a_return(context: AppContext) -> None:
    service = context.shipping
    code = outbound_code(context)
    made = authorize_return(PlainTask(), service, return_order(context, code))
    assert made.state is ReturnState.AUTHORIZED
    assert (made.outbound_code, made.valid_until) == (code, service.today() + timedelta(days=30))
    assert made.code == made.shipment.eticket
    assert len(made.code) == 10
    assert made.object_code is not None
    followed = context.tracking.watchlist().detail(made.object_code)
    assert followed is not None
    assert (followed.source, followed.tag, followed.cep_origem, followed.cep_destino) == (
        RETURN_SOURCE, RECIPIENT.name, RECIPIENT.cep, SENDER.cep,
    )  # fmt: skip
    (line,) = [
        item
        for item in service.outgoing().lines(unsettled_only=False)
        if item.kind == PREPOSTING and item.result == made.shipment.prepost_id
    ]
    assert line.state is OutgoingState.DONE
    (listed,) = list_returns(PlainTask(), service)
    assert (listed.code, listed.state, listed.shipment.order.reverse) == (
        made.code,
        ReturnState.AUTHORIZED,
        made.shipment.order.reverse,
    )
    assert all(not item.is_return for item in service.book().shipments(returns=False))


def test_an_unreadable_answer_is_kept_and_the_return_is_never_asked_again_by_itself(
    context: AppContext, sandbox: SandboxControl
) -> None:
    """The operator made it (its answer cut short): asking again would authorize it twice."""
    service = context.shipping
    order = return_order(context, outbound_code(context))
    before = prepost_posts(sandbox)
    sandbox.script(
        {"kind": "malformed", "variant": "truncated", "path_prefix": "/prepostagem/v1/prepostagens",
         "method": "POST", "count": 1}
    )  # fmt: skip
    with pytest.raises(UnreadableAnswerError) as unreadable:
        authorize_return(PlainTask(), service, order)
    assert unreadable.value.line.answer is not None  # the raw answer, kept
    for _rerun in range(2):
        with pytest.raises(AlreadySentError):
            authorize_return(PlainTask(), service, order)
    assert prepost_posts(sandbox) == before + 1  # sent once
    (line,) = service.outgoing().lines()
    assert (line.kind, line.state) == (PREPOSTING, OutgoingState.UNREADABLE)
    assert list_returns(PlainTask(), service, refresh=False) == []  # no id: nothing to list as made


def test_a_bad_return_is_refused_before_anything_is_sent(
    context: AppContext, sandbox: SandboxControl
) -> None:
    order = return_order(context, outbound_code(context))
    sent = sandbox.stats()["requests"]
    late = replace(order, reverse=ReturnTerms(context.shipping.today() + timedelta(days=91)))
    with pytest.raises(InvalidValue, match="dataValidadeLogReversa"):
        authorize_return(PlainTask(), context.shipping, late)
    with pytest.raises(InvalidValue, match="logisticaReversa"):
        authorize_return(PlainTask(), context.shipping, replace(order, reverse=None))
    assert sandbox.stats()["requests"] == sent


def _authorized(context: AppContext, posted: bool) -> ReturnAuthorization:
    """A return whose customer posts it (or never does), by its object code."""
    order = return_order(context, outbound_code(context))
    for _ in range(30):
        made = authorize_return(PlainTask(), context.shipping, order)
        if (posting_delay(made.object_code or "") is not None) is posted:
            return made
    raise AssertionError("no such code in 30 returns")


def _state(context: AppContext, made: ReturnAuthorization) -> ReturnState:
    listed = list_returns(PlainTask(), context.shipping)
    return next(item.state for item in listed if item.shipment.prepost_id == made.shipment.prepost_id)


def test_a_posted_return_goes_from_posted_through_transit_to_delivered_back(
    context: AppContext, sandbox: SandboxControl
) -> None:
    made = _authorized(context, posted=True)
    delay = posting_delay(made.object_code or "")
    assert delay is not None
    sandbox.advance_clock(delay.total_seconds() - 60)
    assert _state(context, made) is ReturnState.AUTHORIZED  # not handed in yet
    sandbox.advance_clock(120)  # the customer is at the counter
    assert _state(context, made) is ReturnState.POSTED
    states = []
    for _day in range(5):  # its next event comes at a business hour, maybe after a weekend
        sandbox.advance_clock(DAY)
        states.append(_state(context, made))
    assert ReturnState.IN_TRANSIT in states
    sandbox.advance_clock(20 * DAY)
    assert _state(context, made) is ReturnState.DELIVERED_BACK
    (kept,) = context.shipping.book().get([made.shipment.prepost_id])
    assert kept.status is PrepostingStatus.POSTED


def test_a_return_never_posted_expires_and_a_cancelled_one_leaves_tracking(
    context: AppContext, sandbox: SandboxControl
) -> None:
    service = context.shipping
    never = _authorized(context, posted=False)
    cancelled = authorize_return(PlainTask(), service, return_order(context))
    assert cancel_returns(PlainTask(), service, [cancelled.shipment.prepost_id]) == []
    assert context.tracking.watchlist().detail(cancelled.object_code or "") is None
    assert _state(context, cancelled) is ReturnState.CANCELLED
    # Valid 30 days from the desk's day; the operator's day (Brasília) is the day before from
    # 21:00 there when the desk's clock is UTC's, as here: a day more is past the end either way.
    sandbox.advance_clock(32 * DAY)
    assert _state(context, never) is ReturnState.EXPIRED
    refused = cancel_returns(PlainTask(), service, [never.shipment.prepost_id])
    assert [(prepost_id, words[:7]) for prepost_id, words in refused] == [
        (never.shipment.prepost_id, "PPN-021")
    ]


@pytest.mark.parametrize("language", ["pt", "en"])
def test_the_customers_pdf_has_the_code_as_text_and_barcode_and_the_text_the_same_facts(
    context: AppContext, language: str
) -> None:
    made = authorize_return(PlainTask(), context.shipping, return_order(context, outbound_code(context)))
    pdf = authorization_pdf([made, made], language)
    (first, second) = pages(pdf)
    assert made.code in read(first)["Code128"]
    assert made.code in read(second)["Code128"]
    shown = text(pdf)
    until = made.valid_until.strftime("%d/%m/%Y")
    title, branch = (
        ("Autorização de postagem", "agência dos Correios")
        if language == "pt"
        else ("Return authorization", "any branch of the operator (agência dos Correios)")
    )
    for fact in (title, made.code, made.object_code or "", made.outbound_code, until, "03301 PAC Reverso",
                 RECIPIENT.name, SENDER.name, "01310-100", branch):  # fmt: skip
        assert fact in shown
        assert fact in authorization_text(made, language)
