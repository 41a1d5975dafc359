"""What the pre-posting service checks before it keeps a body, in the operator's order:
the card (the token's, active, carrying the product), the product (a national one of the
price catalogue), the addresses (CEPs that exist, the CEP's state), the object (format,
dimensions and weight within the product's limits), the additional services and declared
value, the content (a declaration or an invoice), the contacts. The first problem answers
400 with its PPN code naming the field (`messages`); nothing is kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from postalgui.sandbox import price_catalog as cat
from postalgui.sandbox.demo import Contract, DemoData, PostingCard
from postalgui.sandbox.identifiers import cnpj_is_valid, normalize_number
from postalgui.sandbox.prepost import messages as m
from postalgui.sandbox.prepost.body import Pessoa, PrePostagem
from postalgui.sandbox.prepost.returns import REVERSE_SERVICES
from postalgui.sandbox.price_engine import declared_limits_text
from postalgui.sandbox.tokens import TokenClaims

_CEP = re.compile(r"\d{5}-?\d{3}", flags=re.ASCII)
_DIGITS = re.compile(r"\d+", flags=re.ASCII)
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
DIMENSIONS = {
    "comprimento": "comprimentoInformado",
    "largura": "larguraInformada",
    "altura": "alturaInformada",
    "diametro": "diametroInformado",
}
"""The price catalogue's measure names and the body's fields for them."""
CONFIRMED = frozenset({"1", "S", "true", "True"})


@dataclass(frozen=True)
class Accepted:
    """A body that passed: the product, and the contract and card it posts on."""

    body: PrePostagem
    product: cat.Product
    contract: Contract
    card: PostingCard

    @property
    def origin_cep(self) -> str:
        return cep_digits(self.body.remetente.endereco.cep)

    @property
    def destination_cep(self) -> str:
        return cep_digits(self.body.destinatario.endereco.cep)

    @property
    def weight_g(self) -> int:
        return int(self.body.pesoInformado)


def cep_digits(text: str) -> str:
    return text.replace("-", "")


def _number(text: str | None, name: str, code: str) -> Decimal:
    try:
        value = Decimal((text or "").replace(",", "."))
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value < 0:
        raise m.field_error(code, name, "informe um número maior ou igual a zero")
    return value


def _card(body: PrePostagem, token: TokenClaims, demo: DemoData) -> tuple[Contract, PostingCard]:
    name = "numeroCartaoPostagem"
    try:
        number = normalize_number(body.numeroCartaoPostagem)
    except ValueError as error:
        raise m.field_error(m.FOREIGN_CARD, name, str(error)) from None
    found = demo.find_card(number)
    mine = (
        found is not None
        and found.company.cnpj == token.cnpj
        and token.contrato in (None, found.contract.number)
        and token.cartao in (None, found.card.number)
    )
    if found is None or not mine:
        raise m.field_error(m.FOREIGN_CARD, name, f"cartão {number} não pertence ao token de acesso")
    if found.card.status != "ATIVO":
        raise m.field_error(m.CARD_INACTIVE, name, f"cartão {number} com status {found.card.status}")
    return found.contract, found.card


def _product(body: PrePostagem, card: PostingCard) -> cat.Product:
    code = body.codigoServico.zfill(5) if _DIGITS.fullmatch(body.codigoServico) else body.codigoServico
    product = cat.PRODUCTS.get(REVERSE_SERVICES.get(code, code))  # a return service: its product's limits
    if product is None or product.scope is not cat.Scope.NACIONAL:
        raise m.field_error(
            m.UNKNOWN_SERVICE, "codigoServico", f"serviço {code[:10]} não é um serviço nacional"
        )
    if card.service(code) is None:
        rule = f"serviço {code} não consta do cartão de postagem {card.number}"
        raise m.field_error(m.SERVICE_NOT_ON_CARD, "codigoServico", rule)
    return product


def _address(person: Pessoa, side: str) -> None:
    cep = person.endereco.cep
    if not _CEP.fullmatch(cep):
        raise m.field_error(m.BAD_CEP, f"{side}.endereco.cep", "informe 8 dígitos (00000-000)")
    uf = cat.uf_of(cep_digits(cep))
    if uf is None:
        raise m.field_error(m.BAD_CEP, f"{side}.endereco.cep", f"CEP {cep} inexistente")
    if person.endereco.uf != uf:
        raise m.field_error(m.BAD_UF, f"{side}.endereco.uf", f"o CEP {cep} é de {uf}")


def _contact(person: Pessoa, side: str) -> None:
    phone = person.dddCelular + person.celular
    if phone and not (
        _DIGITS.fullmatch(phone) and len(person.dddCelular) == 2 and 8 <= len(person.celular) <= 9
    ):
        raise m.field_error(
            m.BAD_CONTACT, f"{side}.celular", "informe DDD (2 dígitos) e celular (8 ou 9 dígitos)"
        )
    if person.email and not _EMAIL.fullmatch(person.email):
        raise m.field_error(m.BAD_CONTACT, f"{side}.email", "endereço de e-mail inválido")
    digits = re.sub(r"[.\-/]", "", person.cpfCnpj)
    if digits and not (_DIGITS.fullmatch(digits) and (len(digits) == 11 or cnpj_is_valid(digits))):
        raise m.field_error(m.BAD_CONTACT, f"{side}.cpfCnpj", "informe um CPF (11 dígitos) ou CNPJ válido")


def _range_rule(rule: cat.Range) -> str:
    return f"{rule.label} deve estar entre {rule.low} e {rule.high} cm"


def _measures(body: PrePostagem, product: cat.Product) -> cat.FormatLimits:
    code = body.codigoFormatoObjetoInformado
    try:
        fmt = cat.Format(code)
    except ValueError:
        raise m.field_error(
            m.BAD_FORMAT, "codigoFormatoObjetoInformado", "use 1 (envelope), 2 (caixa/pacote) ou 3 (rolo)"
        ) from None
    limits = product.formats.get(fmt)
    if limits is None:
        text = f"formato {fmt.name.lower()} não permitido para o serviço {product.code}"
        raise m.field_error(m.BAD_FORMAT, "codigoFormatoObjetoInformado", text)
    given = {key: getattr(body, field) for key, field in DIMENSIONS.items()}
    sizes: dict[str, Decimal] = {}
    for key, rule in limits.fields.items():
        field = DIMENSIONS[key]
        if given[key] is None:
            if fmt is not cat.Format.ENVELOPE:
                raise m.field_error(m.BAD_DIMENSION, field, f"obrigatório para o formato {fmt.name.lower()}")
            continue
        sizes[key] = _number(given[key], field, m.BAD_DIMENSION)
        if sizes[key] not in rule:
            raise m.field_error(m.BAD_DIMENSION, field, _range_rule(rule))
    if limits.total is not None and all(key in sizes for key, _ in limits.total_fields):
        total = sum((sizes[key] * times for key, times in limits.total_fields), Decimal(0))
        if total not in limits.total:
            raise m.field_error(
                m.BAD_DIMENSION, DIMENSIONS[limits.total_fields[0][0]], _range_rule(limits.total)
            )
    return limits


def _weight(body: PrePostagem, product: cat.Product, limits: cat.FormatLimits) -> None:
    name, text = "pesoInformado", body.pesoInformado
    if not _DIGITS.fullmatch(text) or len(text) > 9 or int(text) == 0:
        raise m.field_error(m.BAD_WEIGHT, name, "informe o peso em gramas inteiros, maior que zero")
    cap = min(product.max_weight_g, limits.max_weight_g or product.max_weight_g)
    if int(text) > cap:
        raise m.field_error(
            m.TOO_HEAVY, name, f"{int(text)} g excede o limite de {cap} g do serviço {product.code}"
        )


def _extras(body: PrePostagem, product: cat.Product) -> None:
    codes = [item.codigoServicoAdicional.zfill(3) for item in body.listaServicoAdicional]
    for index, (code, item) in enumerate(zip(codes, body.listaServicoAdicional, strict=True)):
        name = f"listaServicoAdicional.{index}"
        spec = cat.SERVICES.get(code)
        if spec is None or code not in product.services:
            rule = f"serviço adicional {code[:10]} não permitido para o serviço {product.code}"
            raise m.field_error(m.BAD_EXTRA, f"{name}.codigoServicoAdicional", rule)
        clash = next((other for other in spec.excludes if other in codes), None)
        if clash is not None:
            rule = f"serviços adicionais {code} e {clash} não podem ser contratados juntos"
            raise m.field_error(m.BAD_EXTRA, f"{name}.codigoServicoAdicional", rule)
        declared = product.declared
        if spec.kind == "V" and declared is not None:
            if item.valorDeclarado is None:
                raise m.field_error(
                    m.BAD_DECLARED, f"{name}.valorDeclarado", f"obrigatório para o serviço {code}"
                )
            value = _number(item.valorDeclarado, f"{name}.valorDeclarado", m.BAD_DECLARED)
            if not declared.minimum <= value <= declared.maximum:
                rule = declared_limits_text(value, product.code, declared)
                raise m.field_error(m.BAD_DECLARED, f"{name}.valorDeclarado", rule)


def _content(body: PrePostagem) -> None:
    key = body.chaveNFe
    if key and not (_DIGITS.fullmatch(key) and len(key) == 44):
        raise m.field_error(m.NO_CONTENT, "chaveNFe", "a chave da NF-e tem 44 dígitos")
    if not body.itensDeclaracaoConteudo and not body.numeroNotaFiscal and not key:
        rule = "informe os itens da declaração de conteúdo ou a nota fiscal (numeroNotaFiscal/chaveNFe)"
        raise m.field_error(m.NO_CONTENT, "itensDeclaracaoConteudo", rule)
    for index, item in enumerate(body.itensDeclaracaoConteudo):
        name = f"itensDeclaracaoConteudo.{index}"
        if _number(item.quantidade, f"{name}.quantidade", m.NO_CONTENT) <= 0:
            raise m.field_error(m.NO_CONTENT, f"{name}.quantidade", "informe uma quantidade maior que zero")
        _number(item.valor, f"{name}.valor", m.NO_CONTENT)
    if str(body.cienteObjetoNaoProibido) not in CONFIRMED:
        rule = "informe 1: o remetente declara que o objeto não é proibido"
        raise m.field_error(m.NOT_CONFIRMED, "cienteObjetoNaoProibido", rule)


def check(body: PrePostagem, token: TokenClaims, demo: DemoData) -> Accepted:
    """The body accepted for the token, or PrepostError naming the first problem."""
    contract, card = _card(body, token, demo)
    product = _product(body, card)
    for person, side in ((body.remetente, "remetente"), (body.destinatario, "destinatario")):
        _address(person, side)
    limits = _measures(body, product)
    _weight(body, product, limits)
    _extras(body, product)
    _content(body)
    for person, side in ((body.remetente, "remetente"), (body.destinatario, "destinatario")):
        _contact(person, side)
    return Accepted(body, product, contract, card)
