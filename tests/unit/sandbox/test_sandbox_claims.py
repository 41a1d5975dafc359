"""The sandbox's claims service: each object filed answers on its own code, decided from the
tracking world's history at the sandbox clock; bad bodies are 400 naming the field and file
nothing; the token's company owns the contract; `acompanha` answers every field."""

from __future__ import annotations

import warnings
from datetime import timedelta

from postalgui.sandbox import DEMO
from postalgui.sandbox.claims.bodies import MAX_LOT
from postalgui.sandbox.invoice_data import object_label
from tests.unit.sandbox.claims_support import BASE, NOW, Sandbox, filing, pedido, sandbox, server

__all__ = ["sandbox", "server"]

CADASTRA = f"POST {BASE}/cadastra"


def _codes(answers: list[dict[str, object]]) -> list[int]:
    """Each object's ``"codigo retorno"``: a string on the wire, as the manual types it."""
    assert all(isinstance(answer["codigo retorno"], str) for answer in answers)
    return [int(str(answer["codigo retorno"])) for answer in answers]


def test_a_late_parcel_is_filed_with_a_protocol_and_followed(sandbox: Sandbox) -> None:
    code = sandbox.make("late", lambda f: f.delivered_on is not None and not f.on_time)
    (answer,) = sandbox.file(pedido(code, 135))
    protocol = answer["numero do pi"]
    assert answer == {
        "codigo do objeto": code,
        "numero do pi": protocol,
        "codigo retorno": "0",
        "descrição retorno": "Olá, sua manifestação foi registrada com sucesso.",
    }
    assert isinstance(protocol, str)
    assert len(protocol) == 10
    assert protocol.isdigit()
    progress = sandbox.follow(code)
    assert progress == sandbox.follow(protocol)
    tracked = sandbox.track(code)

    def day(iso: str) -> str:
        return f"{iso[8:10]}/{iso[5:7]}/{iso[:4]}"

    shown = {key: progress[key] for key in (
        "codigoObjeto", "numeroPi", "motivoReclamacaoInicial", "Data de Abertura PI",
        "Data de Postagem do Objeto", "Data Máxima de Entrega", "Tipo Último Evento",
        "Descrição Último Evento", "Indicativo Procedência", "Código Retorno", "Tipo Manifestação",
    )}  # fmt: skip
    assert shown == {
        "codigoObjeto": code,
        "numeroPi": protocol,
        "motivoReclamacaoInicial": "135",
        "Data de Abertura PI": NOW.strftime("%d/%m/%Y"),
        "Data de Postagem do Objeto": day(tracked["eventos"][-1]["dtHrCriado"]),
        "Data Máxima de Entrega": day(tracked["dtPrevista"]),
        "Tipo Último Evento": "BDE",
        "Descrição Último Evento": "Objeto entregue ao destinatário",
        "Indicativo Procedência": "N",
        "Código Retorno": "00",
        "Tipo Manifestação": "I",
    }
    assert progress["Situação Manifestação"]


def test_every_object_answers_its_own_code_in_order(sandbox: Sandbox) -> None:
    on_time = sandbox.make("on_time", lambda f: f.on_time)
    in_deadline = sandbox.make("on_time", lambda f: f.posted and f.delivered_on is None, days=range(1))
    old = sandbox.make("late", lambda f: f.delivered_on is not None, days=range(95, 130, 5))
    in_transit_late = sandbox.make(
        "late", lambda f: f.delivered_on is None and f.expected < NOW.date(), days=range(1, 6)
    )
    late = sandbox.make("late", lambda f: f.delivered_on is not None and not f.on_time)
    waiting = sandbox.make("awaiting_pickup", lambda f: f.waiting, days=range(2, 9))
    returned = sandbox.make("returned", lambda f: f.delivered_on is None and f.expected < NOW.date())
    lost = sandbox.make("lost", lambda f: f.lost)
    future = object_label("QD", 10101010)
    sandbox.register(future, NOW + timedelta(days=1), "on_time")
    foreign = object_label("QD", 20202020)
    sandbox.register(foreign, NOW - timedelta(days=20), "late", contract="9912345679")
    asked = [
        (pedido("QC123BR"), 271),
        (pedido(object_label("QD", 30303030)), 4),
        (pedido(future), 4),
        (pedido(foreign), 55),
        (pedido(on_time, 135), 530),
        (pedido(in_deadline, 211), 544),
        (pedido(old, 135), 510),
        (pedido(in_transit_late, 135), 547),
        (pedido(in_transit_late, 133), 545),
        (pedido(late, 211), 545),
        (pedido(waiting, 211), 534),
        (pedido(returned, 211), 530),
        (pedido(lost, 211, nomeDestinatario=""), 301),  # the operator requires the name
        (pedido(lost, 211, "R"), 0),
        (pedido(late.lower(), 135), 0),
    ]
    answers = sandbox.file(*(request for request, _ in asked))
    assert _codes(answers) == [code for _, code in asked]
    assert [a["codigo do objeto"] for a in answers][-1] == late
    for answer in answers:
        assert bool(answer["numero do pi"]) == (answer["codigo retorno"] == "0")
        assert answer["descrição retorno"]
    assert _codes(sandbox.file(pedido(lost, 134))) == [900]  # a claim exists, whatever the reason


def test_protocols_are_unique_and_lots_numbered_per_call(sandbox: Sandbox) -> None:
    codes = [sandbox.make("lost", lambda f: f.lost) for _ in range(3)]
    first = sandbox.post("/cadastra", filing(*(pedido(code, 211) for code in codes[:2]))).json()
    second = sandbox.post("/cadastra", filing(pedido(codes[2], 211))).json()
    assert (first["numeroLote"], second["numeroLote"]) == ("2026112500001", "2026112500002")
    assert first["dataHoraCadastro"] == "25/11/2026 10:00:00"
    protocols = [a["numero do pi"] for a in first["pi"] + second["pi"]]
    assert protocols == ["2632900001", "2632900002", "2632900003"]


def test_the_next_answers_can_be_forced_then_the_world_answers_again(sandbox: Sandbox) -> None:
    lost = sandbox.make("lost", lambda f: f.lost)
    assert sandbox.control("POST", "/claims/next", {"codigo": 999})["pending"] == 1
    assert _codes(sandbox.file(pedido(lost, 211), pedido(lost, 211))) == [999, 0]
    refused = sandbox.http.post(f"{sandbox.url}/_sandbox/claims/next", json={"codigo": 0})
    assert refused.status_code == 400
    assert "codigo" in refused.json()["msgs"][0]


def test_a_bad_body_is_400_naming_the_field_and_files_nothing(sandbox: Sandbox) -> None:
    lost = sandbox.make("lost", lambda f: f.lost)
    cases = [
        (filing(pedido(lost)) | {"contrato": 9912345678}, "'contrato'"),
        ({k: v for k, v in filing(pedido(lost)).items() if k != "cartao"}, "'cartao'"),
        (filing(pedido(lost, 999)), "'pedidos.0.codigoMotivoReclamacao'"),
        (filing(pedido(lost, codigoMotivoReclamacao="211")), "'pedidos.0.codigoMotivoReclamacao'"),
        (filing(pedido(lost), pedido(lost, tipoEmbalagem="X")), "'pedidos.1.tipoEmbalagem'"),
        (filing(pedido(lost, tipoManifestacao="Z")), "'pedidos.0.tipoManifestacao'"),
        (filing(*[pedido(lost)] * (MAX_LOT + 1)), "'pedidos'"),
        (filing(), "'pedidos'"),
    ]
    for body, field in cases:
        answer = sandbox.post("/cadastra", body)
        assert answer.status_code == 400, (field, answer.text)
        (message,) = answer.json()["msgs"]
        assert message.startswith("GTW-010"), message
        assert field in message, message
    assert sandbox.stats()[CADASTRA] == len(cases)  # every call reached the service (counted) ...
    assert sandbox.control("GET", "/claims") == []  # ... and none filed anything
    assert _codes(sandbox.file(*[pedido(lost, 211)] * MAX_LOT))[:2] == [0, 900]  # 50 is allowed


def test_the_contract_and_card_must_be_the_tokens_companys(sandbox: Sandbox) -> None:
    lost = sandbox.make("lost", lambda f: f.lost)
    foreign = DEMO.others[0].contracts[0].number
    other_card = DEMO.others[0].contracts[0].cards[0].number
    assert sandbox.post("/cadastra", filing(pedido(lost)), headers={}).status_code == 401
    refused = sandbox.post("/cadastra", filing(pedido(lost)) | {"contrato": foreign})
    assert refused.status_code == 403
    assert refused.json()["msgs"][0].startswith("PIN-003")
    refused = sandbox.post("/cadastra", filing(pedido(lost)) | {"cartao": other_card})
    assert refused.status_code == 403
    assert refused.json()["msgs"][0].startswith("PIN-004")
    assert sandbox.control("GET", "/claims") == []


def test_following_answers_its_error_codes_with_200(sandbox: Sandbox) -> None:
    lost = sandbox.make("lost", lambda f: f.lost)
    (filed,) = sandbox.file(pedido(lost, 211))
    foreign = DEMO.others[0].contracts[0].number
    assert sandbox.follow(lost, contrato="")["Código Retorno"] == "122"
    assert sandbox.follow(lost, contrato=foreign)["Código Retorno"] == "122"
    assert sandbox.follow(lost, canal="X")["Código Retorno"] == "291"  # invalid query kind
    assert sandbox.follow("")["Código Retorno"] == "291"
    unknown = sandbox.follow(object_label("QD", 40404040))
    assert set(unknown) == {"Código Retorno", "descricaoRetorno"}
    assert unknown["Código Retorno"] == "990"
    assert sandbox.follow("9999999999")["Código Retorno"] == "990"
    assert sandbox.follow(lost, contrato="9912345679")["Código Retorno"] == "990"  # another contract's claim
    assert sandbox.follow(filed["numero do pi"])["Descrição Último Evento"] == "Objeto extraviado"


def test_claims_are_forgotten_on_request_and_on_reset(sandbox: Sandbox) -> None:
    lost = sandbox.make("lost", lambda f: f.lost)
    sandbox.file(pedido(lost, 211))
    assert sandbox.control("DELETE", "/claims") == {"forgotten": 1}
    assert sandbox.follow(lost)["Código Retorno"] == "990"
    sandbox.file(pedido(lost, 211))
    sandbox.control("POST", "/reset")
    sandbox.start()
    assert sandbox.control("GET", "/claims") == []


def test_the_openapi_docs_tag_the_service(sandbox: Sandbox) -> None:
    with warnings.catch_warnings():  # the delivery-time routes' duplicate operation id (not ours)
        warnings.simplefilter("ignore", UserWarning)
        paths = sandbox.server.app.openapi()["paths"]
    for verb, path in (("post", "cadastra"), ("get", "acompanha"), ("post", "reativa")):
        assert paths[f"{BASE}/{path}"][verb]["tags"] == ["pedido-informacao"]
    assert paths["/_sandbox/claims/next"]["post"]["tags"] == ["sandbox control"]
