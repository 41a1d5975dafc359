"""What the ``returns`` commands share: a return as JSON and in words, and the office's returns of
the ids typed (checked before anything is sent)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from postalgui.api.cancel import PlainTask
from postalgui.api.values import shown_value
from postalgui.cli.language import say, spoken
from postalgui.cli.options import BadOption
from postalgui.cli.output import moment_json
from postalgui.services.shipping.returns import list_returns
from postalgui.services.words import word

if TYPE_CHECKING:
    from collections.abc import Sequence

    from postalgui.services.context import AppContext
    from postalgui.services.shipping.return_records import ReturnAuthorization

__all__ = ["known_returns", "return_json", "state_word"]


def state_word(item: ReturnAuthorization) -> str:
    return word(item.state, spoken())


def return_json(item: ReturnAuthorization) -> dict[str, Any]:
    """A return as JSON: codes, the state (its key and words), the customer; dates ISO 8601."""
    shipment = item.shipment
    customer = shipment.order.sender
    return {
        "id": shipment.prepost_id,
        "code": item.code,
        "objectCode": item.object_code,
        "state": item.state.value,
        "stateWord": state_word(item),
        "status": shipment.number or None,
        "customer": customer.name,
        "cep": customer.cep,
        "serviceCode": shipment.service_code,
        "validUntil": moment_json(item.valid_until),
        "outboundCode": item.outbound_code or None,
        "createdBy": shipment.created_by,
        "createdAt": moment_json(shipment.created_at),
    }


def known_returns(context: AppContext, ids: Sequence[str]) -> list[ReturnAuthorization]:
    """The office's returns of ``ids`` (pre-posting id, object code or authorization code), each
    once in the order given; one the office does not know raises `BadOption` (nothing sent)."""
    found: dict[str, ReturnAuthorization] = {}
    for item in list_returns(PlainTask(), context.shipping, refresh=False):
        for key in (item.shipment.prepost_id, item.object_code, item.code):
            if key:
                found[key.upper()] = item
    wanted = list(dict.fromkeys(text.strip().upper() for text in ids))
    unknown = [text for text in wanted if text not in found]
    if unknown:
        raise BadOption(
            say(
                "ID: no return of this office has the id {ids} ('returns list' shows them; nothing was sent)",
                ids=", ".join(shown_value(text) for text in unknown),
            )
        )
    return list({found[text].shipment.prepost_id: found[text] for text in wanted}.values())
