"""What a proof reads of the operator's answers: the receiver of a ``recebedor`` of any
shape (it is unpublished), and the event that delivered the object."""

from __future__ import annotations

from postalgui.api.models.tracking import TrackedObject
from postalgui.services.tracking.proofs import delivered_event, receiver_of


def test_the_receiver_is_read_from_a_text_or_an_object() -> None:
    assert receiver_of("  Ana   Silva ") == ("Ana Silva", "")
    assert receiver_of({"nome": "Ana Silva", "documento": "12.345.678-9"}) == ("Ana Silva", "12.345.678-9")
    assert receiver_of({"nomeRecebedor": "Ana", "rg": 123456789}) == ("Ana", "123456789")
    assert receiver_of({"nome": "", "name": "Ana"}) == ("Ana", "")
    assert receiver_of(None) == ("", "")
    assert receiver_of(["Ana"]) == ("", "")


def test_the_delivered_event_is_the_newest_that_delivered() -> None:
    found = TrackedObject.model_validate(
        {
            "codObjeto": "DG049186226BR",
            "eventos": [
                {"codigo": "IDC", "tipo": "01", "dtHrCriado": "2022-03-20T10:00:00"},
                {"codigo": "BDE", "tipo": "01", "dtHrCriado": "2022-03-11T17:03:00", "recebedor": "Ana"},
                {"codigo": "OEC", "tipo": "01", "dtHrCriado": "2022-03-11T09:00:00"},
            ],
        }
    )
    event = delivered_event(found)
    assert event is not None
    assert (event.key, event.recebedor) == (("BDE", "01"), "Ana")
    assert delivered_event(TrackedObject(codObjeto="DG049186226BR", mensagem="SRO-020: ...")) is None
