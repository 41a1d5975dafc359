"""`invoice_objects`: one object per label, a label on several lines is one object with their sum."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from postalgui.api.models.invoices import AnalyticItem, AnalyticItems
from postalgui.api.values import object_codes
from postalgui.services.ports import NewObject, NewObjects
from postalgui.services.tracking import invoice_objects as invoice_objects_module
from postalgui.services.tracking.invoice_objects import invoice_objects


def _item(label: str, net: str, *, cep: str = "01310100", posted: str = "25/09/2026") -> AnalyticItem:
    return AnalyticItem(
        cartao="0074512345",
        titular="Loja",
        codigo_servico="03220",
        servico="SEDEX CONTRATO AG",
        data_postagem=posted,
        servicos_adicionais="",
        unidade_postagem="AC CENTRAL DE SAO PAULO",
        cep_destinatario=cep,
        etiqueta=label,
        documento="1",
        peso=300,
        valor_unitario=Decimal(net),
        desconto=Decimal(0),
        quantidade=1,
        valor_liquido=Decimal(net),
        valor_declarado=Decimal(0),
    )


def test_labels_become_objects_once_with_the_sum_of_their_lines_and_the_rest_is_counted() -> None:
    found = invoice_objects(
        [
            _item("dg049186226br", "10.50"),
            _item("", "1.00"),
            _item("DG049186227BR", "2.00"),  # a wrong check digit
            _item("DG049186226BR", "4.25"),  # an additional service billed apart
            _item("SL631662283BR", "39.56", cep="70.352-659", posted="bad"),
        ],
        "RE 40032119",
    )
    assert found.skipped == 2
    assert found.objects == [
        NewObject(
            "DG049186226BR",
            co_produto="03220",
            cep_destino="01310100",
            posted_on=date(2026, 9, 25),
            invoice="RE 40032119",
            invoice_amount=Decimal("14.75"),
        ),
        NewObject(
            "SL631662283BR",
            co_produto="03220",
            cep_destino="70352659",
            posted_on=None,
            invoice="RE 40032119",
            invoice_amount=Decimal("39.56"),
        ),
    ]


def test_a_parsed_statement_is_read_from_its_columns_without_making_an_item(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = [_item("DG049186226BR", "10.50"), _item("x", "1.00"), _item("DG049186226BR", "4.25")]
    expected = invoice_objects(lines, "RE 1")
    columns = AnalyticItems.of(lines)

    def made(*_: object) -> None:
        raise AssertionError("an AnalyticItem was made")

    monkeypatch.setattr(AnalyticItems, "__iter__", made)
    monkeypatch.setattr(AnalyticItems, "__getitem__", made)
    assert invoice_objects(columns, "RE 1") == expected
    assert expected.objects[0].invoice_amount == Decimal("14.75")
    assert expected.skipped == 1


def test_a_label_written_as_a_code_is_only_checked_for_its_digit(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [_item("DG049186226BR", "1.00"), _item("DG049186227BR", "2.00"), _item(" sl631662283br ", "3.00")]
    expected = invoice_objects(lines, "RE 1")
    parsed: list[str] = []

    def parse(label: str) -> str:
        parsed.append(label)
        return label.strip().upper()

    monkeypatch.setattr(object_codes, "parse_object_code", parse)
    assert invoice_objects(lines, "RE 1") == expected
    assert parsed == [" sl631662283br "]  # the other two never reach it; the wrong digit is skipped
    assert [obj.code for obj in expected.objects] == ["DG049186226BR", "SL631662283BR"]
    assert expected.skipped == 1


def test_a_statement_s_objects_are_made_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its codes cost no object; one is made by its position or its code, as a list held it."""
    lines = [_item("DG049186226BR", "10.50"), _item("", "1.00"), _item("SL631662283BR", "2.00")]
    lines.append(_item("DG049186226BR", "4.25"))
    made: list[str] = []

    def counted(code: str, **facts: object) -> NewObject:
        made.append(code)
        return NewObject(code, **facts)  # type: ignore[arg-type]  # the facts invoice_objects gives

    monkeypatch.setattr(invoice_objects_module, "NewObject", counted)
    objects = invoice_objects(AnalyticItems.of(lines), "RE 1").objects
    assert list(objects.codes) == ["DG049186226BR", "SL631662283BR"]
    assert made == []
    assert objects.by_code("DG049186226BR").invoice_amount == Decimal("14.75")
    assert objects[1].code == "SL631662283BR"
    assert made == ["DG049186226BR", "SL631662283BR"]
    assert objects == list(objects) == [objects[0], objects[1]]
    assert objects[1:] == [objects[1]]


def test_objects_given_as_a_list_read_alike() -> None:
    given = [NewObject("DG049186226BR"), NewObject("SL631662283BR", invoice="RE 1")]
    objects = NewObjects.of(given)
    assert objects == given
    assert NewObjects.of(objects) is objects
    assert list(objects.codes) == ["DG049186226BR", "SL631662283BR"]
    assert objects.by_code("SL631662283BR") is given[1]
