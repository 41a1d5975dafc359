"""What the quote form's fields mean, without Qt: the request values, each product's
services or refusal, the offered services and limits shown, and the presets."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from postalgui.api.models.price import AdditionalService
from postalgui.services.price import form_values
from postalgui.services.price.form_values import FormEntries
from postalgui.services.price.price_settings import OriginPreset, PackagePreset
from postalgui.services.price.service_choice import DECLARED, Refusal, declared_limits

SEDEX = [
    AdditionalService(
        codigo="019", nome="Valor declarado", vlMinDeclarado=Decimal("25.63"), vlMaxDeclarado=Decimal("10000")
    ),
    AdditionalService(codigo="001", nome="Aviso de recebimento"),
]
PAC = [AdditionalService(codigo="064", sigla="VD", vlMaxDeclarado=Decimal("3000"))]
NAMES = {"03220": "SEDEX", "03298": "PAC"}


def entries(**changes: object) -> FormEntries:
    values: dict[str, object] = {
        "origin": " 01310-100 ",
        "destination": "20040020",
        "country": "US",
        "international": False,
        "weight_g": 1500,
        "format": "2",
        "sizes": {"comprimento": 20.5, "largura": 11.04, "altura": 0.0, "diametro": 9.0},
        "declared": 150.5,
        "event_date": date(2025, 3, 10),
    }
    values.update(changes)
    return FormEntries(**values)  # type: ignore[arg-type]


def test_base_values_send_the_formats_sizes_as_decimals() -> None:
    values = form_values.base_values(entries(), "9912208555", 10)
    assert values == {
        "cepOrigem": "01310-100",
        "psObjeto": 1500,
        "tpObjeto": "2",
        "dtEvento": date(2025, 3, 10),
        "nuContrato": "9912208555",
        "nuDR": 10,
        "cepDestino": "20040020",
        "comprimento": Decimal("20.5"),
        "largura": Decimal("11.0"),
        "vlDeclarado": Decimal("150.50"),
    }  # no height (empty), no diameter (a box has none)


def test_base_values_abroad_and_empty_fields() -> None:
    values = form_values.base_values(
        entries(international=True, format="3", weight_g=0, declared=0.0, origin=""), "", None
    )
    assert values["sgPaisDestino"] == "US"
    assert "cepDestino" not in values
    assert values["cepOrigem"] is None
    assert values["psObjeto"] is None
    assert values["nuContrato"] is None
    assert "vlDeclarado" not in values
    assert (values["comprimento"], values["diametro"]) == (Decimal("20.5"), Decimal("9.0"))
    assert "largura" not in values


def test_each_format_has_its_sizes() -> None:
    assert form_values.size_fields("1") == ("comprimento", "largura")
    assert form_values.size_fields("2") == ("comprimento", "largura", "altura")
    assert form_values.size_fields("3") == ("comprimento", "diametro")
    assert form_values.size_fields(None) == ("comprimento", "largura")
    assert form_values.measure(0.0) is None
    assert form_values.measure(150.499, 2) == Decimal("150.5")


def test_services_for_maps_declared_value_or_refuses() -> None:
    assert form_values.services_for(SEDEX, [DECLARED, "001"], Decimal(200)) == (["019", "001"], None)
    assert form_values.services_for(None, [DECLARED, "001"], Decimal(200)) == (["001"], None)
    assert form_values.services_for(RuntimeError("unreadable"), ["001"], None) == (["001"], None)
    wire, refusal = form_values.services_for(PAC, [DECLARED], Decimal(3500))
    assert wire == []
    assert refusal == Refusal(
        "declared_out_of_limits", {"value": Decimal(3500), "low": Decimal(0), "high": Decimal(3000)}
    )
    assert refusal is not None
    assert declared_limits(refusal.params) == (Decimal(3500), Decimal(0), Decimal(3000))
    assert form_values.services_for(PAC, [DECLARED], "not a decimal") == (["064"], None)


def test_plan_queries_sends_refuses_or_names_the_field() -> None:
    base = form_values.base_values(entries(declared=5000.0), "", None)
    plan = form_values.plan_queries(base, ["03220", "03298"], [DECLARED], {"03220": SEDEX, "03298": PAC})
    assert [(q.coProduto, list(q.servicosAdicionais)) for q in plan.queries] == [("03220", ["019"])]
    [(refused, refusal)] = plan.refused
    assert refused.coProduto == "03298"
    assert refusal.rule == "declared_out_of_limits"
    assert plan.problems == []

    bad = form_values.base_values(entries(origin="0131"), "", None)
    plan = form_values.plan_queries(bad, ["03220", "03298"], [], {})
    assert plan.queries == []
    assert [problem.field for problem in plan.problems] == ["cepOrigem"]
    assert plan.problems[0].error is not None


def test_offered_services_union_declared_last_failures_apart() -> None:
    offers = form_values.offered_services({"03220": SEDEX, "03298": PAC, "04227": RuntimeError("503")})
    assert [(s.key, s.name, s.products) for s in offers.services] == [
        ("001", "001 Aviso de recebimento", ("03220",)),
        (DECLARED, "019 Valor declarado", ("03220", "03298")),
    ]
    assert offers.failed == ("04227",)


def test_declared_limits_widest_range_and_each_products() -> None:
    limits = form_values.declared_limits({"03220": SEDEX, "03298": PAC, "x": RuntimeError()}, NAMES.get)  # type: ignore[arg-type]
    assert limits is not None
    assert (limits.lowest, limits.highest) == (Decimal(0), Decimal(10000))
    assert limits.ranges == (
        (Decimal("25.63"), Decimal(10000), ("SEDEX",)),
        (Decimal(0), Decimal(3000), ("PAC",)),
    )
    assert form_values.declared_limits({"03220": [SEDEX[1]]}, NAMES.get) is None  # type: ignore[arg-type]


def test_compare_selection_remembers_all_as_empty() -> None:
    assert form_values.compare_selection(["03220", "03298"], 2) == []
    assert form_values.compare_selection(["03298"], 2) == ["03298"]


def test_presets_replace_by_name_and_keep_only_shown_sizes() -> None:
    preset = form_values.package_preset("Caixa", "1", {"comprimento": 30.04, "largura": 20.0}, 0)
    assert preset == PackagePreset(
        name="Caixa", format="1", length=Decimal("30.0"), width=Decimal("20.0"), weight_g=None
    )
    origins = [OriginPreset(name="Loja", cep="01310100"), OriginPreset(name="CD", cep="20040020")]
    moved = OriginPreset(name="Loja", cep="70002900")
    assert form_values.with_named(origins, moved) == [origins[1], moved]
    assert form_values.without_named(origins, "CD") == [origins[0]]
