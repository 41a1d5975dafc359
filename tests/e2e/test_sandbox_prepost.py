"""The sandbox's pre-posting service (API 36) over real loopback HTTP, with plain requests and
demo tokens: create, list and search, labels (receipt, then the PDF) whose object codes have
valid check digits and are then tracked, cancel, the 7-day expiry on the sandbox clock, the
checks that refuse a bad field naming it, API 36 on the card, and a state folder kept
across a restart."""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterator
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
import requests

from postalgui.sandbox import DEMO, SandboxServer
from postalgui.sandbox.config import SandboxConfig
from tests.e2e.conftest import SandboxControl

TIMEOUT = 30
DAY = 86_400
AUTH = (DEMO.login, DEMO.access_code)
BASE = "/prepostagem/v1/prepostagens"
PRICE_ONLY_CARD = "0074512346"  # the main contract's PAC/Mini card: APIs 27, 34, 87, no 36


def _person(name: str, cep: str, uf: str, city: str) -> dict[str, Any]:
    return {
        "nome": name,
        "dddCelular": "11",
        "celular": "987654321",
        "email": "clerk@example.com",
        "cpfCnpj": "",
        "endereco": {
            "cep": cep,
            "logradouro": "Avenida Paulista",
            "numero": "1000",
            "complemento": "sala 4",
            "bairro": "Bela Vista",
            "cidade": city,
            "uf": uf,
        },
    }


BODY: dict[str, Any] = {
    "remetente": _person("Loja Demo", "01310-100", "SP", "São Paulo"),
    "destinatario": _person("Maria da Silva", "20040020", "RJ", "Rio de Janeiro"),
    "codigoServico": "03298",
    "numeroCartaoPostagem": DEMO.card,
    "pesoInformado": 300,
    "codigoFormatoObjetoInformado": "2",
    "alturaInformada": "5",
    "larguraInformada": 11,
    "comprimentoInformado": "20",
    "listaServicoAdicional": [{"codigoServicoAdicional": "064", "valorDeclarado": "150.00"}],
    "itensDeclaracaoConteudo": [{"conteudo": "Livro <usado>", "quantidade": 2, "valor": "75.00"}],
    "cienteObjetoNaoProibido": 1,
}


def s10_valid(code: str) -> bool:
    """REFERENCE "Tracking": weights 8,6,4,2,3,5,9,7; r = sum mod 11; 5 if r = 0, 0 if r = 1, else 11 - r."""
    match = re.fullmatch(r"[A-Z]{2}(\d{8})(\d)BR", code)
    if match is None:
        return False
    r = sum(int(d) * w for d, w in zip(match.group(1), (8, 6, 4, 2, 3, 5, 9, 7), strict=True)) % 11
    return int(match.group(2)) == {0: 5, 1: 0}.get(r, 11 - r)


def pdf_text(pdf: bytes) -> bytes:
    """The page content streams of a reportlab PDF (ASCII85, then Flate), decoded."""
    streams = re.findall(rb"stream\r?\n(.*?)endstream", pdf, flags=re.S)
    out = []
    for stream in streams:
        data = stream.strip()
        try:
            out.append(zlib.decompress(base64.a85decode(data, adobe=True) if data.endswith(b"~>") else data))
        except (ValueError, zlib.error):
            out.append(stream)
    return b"\n".join(out)


class Desk:
    """The calls the tests make, with a card token that outlives the clock jumps below."""

    def __init__(self, url: str, card: str = DEMO.card) -> None:
        self.url = url
        self.http = requests.Session()
        self.control("PUT", "/config", {"token_lifetime_s": 400 * DAY})
        self.headers = self.token(card)

    def token(self, card: str) -> dict[str, str]:
        body = {"numero": card, "contrato": DEMO.contract, "dr": DEMO.dr}
        answer = self.http.post(f"{self.url}/token/v1/autentica/cartaopostagem", auth=AUTH, json=body)
        assert answer.status_code == 201, answer.text
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    def control(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.http.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=TIMEOUT)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("headers", self.headers)
        return self.http.request(method, f"{self.url}{path}", timeout=TIMEOUT, **kwargs)

    def create(self, body: dict[str, Any] = BODY) -> dict[str, Any]:
        answer = self.call("POST", BASE, json=body)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def listed(self, **params: Any) -> dict[str, Any]:
        answer = self.call("GET", "/prepostagem/v2/prepostagens", params=params)
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def item(self, ident: str) -> dict[str, Any]:
        (found,) = self.listed(id=ident)["itens"]
        return dict(found)

    def labels(self, *ids: str, layout: str = "LINEAR_100_150") -> str:
        body = {"idsPrePostagem": list(ids), "tipoRotulo": "P", "formatoRotulo": "ET",
                "imprimeRemetente": "S", "layoutImpressao": layout}  # fmt: skip
        answer = self.call("POST", f"{BASE}/rotulo/assincrono/pdf", json=body)
        assert answer.status_code == 200, answer.text
        return str(answer.json()["idRecibo"])

    def download(self, receipt: str) -> requests.Response:
        return self.call("GET", f"{BASE}/rotulo/download/assincrono/{receipt}")

    def posted(self, code: str) -> bool:
        answer = self.call("GET", f"{BASE}/postada", params={"codigoObjeto": code})
        assert answer.status_code == 200, answer.text
        return bool(answer.json()["postado"])

    def tracked(self, code: str) -> dict[str, Any]:
        answer = self.call("GET", f"/srorastro/v1/objetos/{code}")
        assert answer.status_code == 200, answer.text
        (record,) = answer.json()["objetos"]
        return dict(record)

    def advance(self, seconds: float) -> None:
        self.control("POST", "/clock/advance", {"seconds": seconds})


@pytest.fixture
def desk(sandbox: SandboxControl) -> Iterator[Desk]:
    desk = Desk(sandbox.url)
    yield desk
    desk.http.close()


WHO = {"idCorreiosSolicitanteCancelamento": "loja.demo"}
"""Who asks a cancel (public clients always send it)."""


def _refusal(answer: requests.Response, status: int = 400) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"msgs", "date", "method", "path", "causa", "stackTrace"}
    return str(body["msgs"][0])


def test_create_list_label_download_and_track(desk: Desk) -> None:
    created = desk.create()
    ident = created["id"]
    assert re.fullmatch(r"PR[0-9A-Z]{22}", ident)
    assert "codigoObjeto" not in created  # the manual's §I: assigned when the label is issued
    assert (created["statusAtual"], created["descStatusAtual"]) == (2, "Prepostado")
    assert created["prazoPostagem"][:10] > created["dataHora"][:10]
    assert (created["pesoInformado"], created["larguraInformada"]) == ("300", "11")  # numbers echoed as text
    assert created["destinatario"]["nome"] == "Maria da Silva"
    other = desk.create()
    assert "PPN-035" in _refusal(desk.call("GET", "/prepostagem/v2/prepostagens"))  # never unfiltered
    assert "PPN-035" in _refusal(desk.call("GET", "/prepostagem/v2/prepostagens", params={"page": 0}))
    listed = desk.listed(status=2)
    assert [item["id"] for item in listed["itens"]] == [other["id"], ident]  # newest first
    assert listed["page"] == {
        "size": 50, "numberElements": 2, "totalPages": 1, "number": 0, "count": 2,
        "next": False, "previous": False, "first": True, "last": True,
    }  # fmt: skip
    paged = desk.listed(status="Prepostado", size=1, page=1)
    assert [item["id"] for item in paged["itens"]] == [ident]
    assert (paged["page"]["totalPages"], paged["page"]["previous"], paged["page"]["last"]) == (2, True, True)

    receipt = desk.labels(ident)
    waiting = desk.download(receipt)
    assert "PPN-032" in _refusal(waiting, 404)
    assert waiting.headers["Retry-After"] == "1"
    labelled = desk.item(ident)
    code = labelled["codigoObjeto"]
    assert (labelled["statusAtual"], code[:2], s10_valid(code)) == (2, "QA", True)  # a label is no status
    assert desk.listed(codigoObjeto=code)["itens"][0]["id"] == ident
    assert desk.listed(status=2)["itens"][0]["id"] == other["id"]
    desk.advance(2)  # the label is ready a second after the request, on the sandbox's clock
    answer = desk.download(receipt)
    assert answer.status_code == 200, answer.text
    pdf = base64.b64decode(answer.json()["dados"])
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
    for shown in (code.encode(), b"Maria da Silva", b"Loja Demo", b"Emulado pelo sandbox"):
        assert shown in text

    assert not desk.posted(code)
    assert desk.tracked(code)["mensagem"].startswith("SRO-020")  # known, not posted yet
    desk.advance(4 * 3600)
    assert desk.posted(code)
    assert (desk.item(ident)["statusAtual"], desk.item(ident)["descStatusAtual"]) == (3, "Postado")
    assert desk.tracked(code)["eventos"][-1]["codigo"] == "PO"


def test_codes_are_unique_and_a_label_again_keeps_its_code(desk: Desk) -> None:
    sedex = deepcopy(BODY) | {"codigoServico": "03220", "listaServicoAdicional": []}
    ids = [desk.create()["id"], desk.create(sedex)["id"], desk.create()["id"]]
    desk.labels(*ids, layout="PADRAO")
    codes = [desk.item(ident)["codigoObjeto"] for ident in ids]
    assert len(set(codes)) == 3
    assert all(s10_valid(code) for code in codes)
    assert codes[1].startswith("SS")
    desk.labels(ids[0], layout="LINEAR_100_80")
    assert desk.item(ids[0])["codigoObjeto"] == codes[0]


def test_cancel(desk: Desk) -> None:
    ident = desk.create()["id"]
    desk.labels(ident)
    code = desk.item(ident)["codigoObjeto"]
    assert "idCorreiosSolicitanteCancelamento" in _refusal(desk.call("DELETE", f"{BASE}/{ident}"))
    answer = desk.call("DELETE", f"{BASE}/{ident}", params=WHO)
    assert answer.status_code == 200, answer.text
    assert (answer.json()["statusAtual"], answer.json()["descStatusAtual"]) == (5, "Cancelado")
    assert "PPN-021" in _refusal(desk.call("DELETE", f"{BASE}/{ident}", params=WHO))
    assert "PPN-020" in _refusal(desk.call("DELETE", f"{BASE}/PR{'0' * 22}", params=WHO), 404)
    desk.advance(5 * 3600)
    assert desk.tracked(code)["mensagem"].startswith("SRO-020")  # cancelled: never posted
    assert "PPN-030" in _refusal(
        desk.call("POST", f"{BASE}/rotulo/assincrono/pdf", json={"idsPrePostagem": [ident]})
    )
    posted = desk.create()["id"]
    desk.labels(posted)
    desk.advance(4 * 3600)
    assert "já postada" in _refusal(desk.call("DELETE", f"{BASE}/{posted}", params=WHO))


def test_not_posted_within_seven_days_expires(desk: Desk) -> None:
    ident = desk.create()["id"]
    created = desk.item(ident)
    assert created["prazoPostagem"][:10] > created["dataHora"][:10]
    desk.advance(7 * DAY - 60)
    assert desk.item(ident)["statusAtual"] == 2
    desk.advance(120)
    assert (desk.item(ident)["statusAtual"], desk.item(ident)["dataHoraStatusAtual"]) == (
        4,
        created["prazoPostagem"],
    )
    assert [item["id"] for item in desk.listed(status=4)["itens"]] == [ident]
    assert "expirada" in _refusal(desk.call("DELETE", f"{BASE}/{ident}", params=WHO))


def _with(path: str, value: Any) -> dict[str, Any]:
    body = deepcopy(BODY)
    *parents, last = path.split(".")
    target = body
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if value is None:
        del target[last]
    else:
        target[last] = value
    return body


@pytest.mark.parametrize(
    ("path", "value", "code", "field"),
    [
        ("destinatario.endereco.cep", "2004002", "PPN-002", "destinatario.endereco.cep"),
        ("destinatario.endereco.cep", "00000000", "PPN-002", "destinatario.endereco.cep"),
        ("destinatario.endereco.uf", "SP", "PPN-003", "destinatario.endereco.uf"),
        ("destinatario.nome", None, "PPN-001", "destinatario.nome"),
        ("codigoServico", "99999", "PPN-004", "codigoServico"),
        ("codigoServico", "04510", "PPN-007", "codigoServico"),  # PAC à vista: not on the card
        ("numeroCartaoPostagem", "0079999999", "PPN-005", "numeroCartaoPostagem"),
        ("pesoInformado", "0", "PPN-008", "pesoInformado"),
        ("pesoInformado", 30_001, "PPN-009", "pesoInformado"),
        ("codigoFormatoObjetoInformado", "7", "PPN-010", "codigoFormatoObjetoInformado"),
        ("alturaInformada", "0", "PPN-011", "alturaInformada"),
        (
            "listaServicoAdicional.0.valorDeclarado",
            "5000.00",
            "PPN-013",
            "listaServicoAdicional.0.valorDeclarado",
        ),
        ("itensDeclaracaoConteudo", [], "PPN-014", "itensDeclaracaoConteudo"),
        ("cienteObjetoNaoProibido", 0, "PPN-015", "cienteObjetoNaoProibido"),
        ("destinatario.email", "maria-at-home", "PPN-016", "destinatario.email"),
    ],
)
def test_a_bad_field_is_refused_naming_it_and_nothing_is_kept(
    desk: Desk, path: str, value: Any, code: str, field: str
) -> None:
    message = _refusal(desk.call("POST", BASE, json=_with(path, value)))
    assert message.startswith(f"{code}: Campo '{field}' inválido: "), message
    assert desk.control("GET", "/prepost") == []


def test_a_card_without_api_36_is_refused(desk: Desk) -> None:
    headers = desk.token(PRICE_ONLY_CARD)
    answer = desk.call("POST", BASE, json=BODY | {"numeroCartaoPostagem": PRICE_ONLY_CARD}, headers=headers)
    assert "GTW-011: API 36" in _refusal(answer, 403)
    assert desk.call("GET", "/prepostagem/v2/prepostagens", headers=headers).status_code == 403


def test_the_declaration_is_html_with_the_items_and_both_people(desk: Desk) -> None:
    first, second = desk.create()["id"], desk.create()["id"]
    answer = desk.call("GET", f"{BASE}/declaracaoconteudo/{first},{second}")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    page = answer.text
    assert page.count("DECLARAÇÃO DE CONTEÚDO") == 2
    for shown in ("Livro &lt;usado&gt;", "R$ 75,00", "Loja Demo", "Maria da Silva"):
        assert shown in page
    assert "PPN-020" in _refusal(desk.call("GET", f"{BASE}/declaracaoconteudo/{first},PRNOPE"), 404)


def test_labels_can_be_made_instant_and_forget_empties_the_service(desk: Desk) -> None:
    desk.control("PUT", "/prepost/config", {"rotulo_delay_s": 0})
    ident = desk.create()["id"]
    assert desk.download(desk.labels(ident)).status_code == 200
    assert desk.control("DELETE", "/prepost") == {"forgotten": 1}
    assert desk.control("GET", "/prepost") == []


def test_pre_postings_survive_a_restart_on_the_same_state_folder(tmp_path: Path) -> None:
    config = SandboxConfig(state_dir=tmp_path)
    with SandboxServer(port=0, config=config) as server:
        first = Desk(server.url)
        ident = first.create()["id"]
        first.labels(ident)
        code = first.item(ident)["codigoObjeto"]
        kept = first.create()["id"]
        first.http.close()
    with SandboxServer(port=0, config=config) as server:
        second = Desk(server.url)
        assert {item["id"] for item in second.listed(status=2)["itens"]} == {ident, kept}
        assert second.item(ident)["codigoObjeto"] == code
        second.advance(4 * 3600)
        assert second.tracked(code)["eventos"][-1]["codigo"] == "PO"  # tracked again after the restart
        second.labels(kept)
        assert second.item(kept)["codigoObjeto"] != code  # the counter was kept
        second.control("POST", "/reset")
        assert second.control("GET", "/prepost") == []
        second.http.close()
    assert not (tmp_path / "prepostagens.json").exists()
