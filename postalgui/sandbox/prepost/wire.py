"""The pre-posting service's answers: the record of a pre-posting (the create answer and each
listed item), the list's page, and the content declaration (HTML, as the operator's).

A record is the body as accepted (numbers as text) with what public clients read of the
operator's answer (REFERENCE.md, Pre-posting): ``id``, ``codigoObjeto`` (left out until a
label is issued: the manual's §I; §J shows it present), ``statusAtual`` (a number),
``descStatusAtual`` (its word), ``dataHoraStatusAtual``, ``dataHora`` (created) and
``prazoPostagem`` (created + 7 days; a return's validity end); a return's ``eticket`` (its
authorization code: under which key the operator answers it is uncertain); and
``dadosEmulados: true``, the sandbox's mark.
The list's page is ``{size, numberElements, totalPages, number, count, next, previous,
first, last}`` (``count`` the items of this page; the flags booleans: the types are the
sandbox's reading, the manual shows the answer only as a picture).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from postalgui.sandbox.prepost import messages as m
from postalgui.sandbox.prepost.body import Pessoa
from postalgui.sandbox.prepost.journal import PrePosting
from postalgui.sandbox.prepost.world import status_since
from postalgui.sandbox.price_engine import money
from postalgui.sandbox.tracking.wire import stamp


def record(item: PrePosting, now: datetime) -> dict[str, Any]:
    """One pre-posting as the service writes it at `now`."""
    status, since = status_since(item, now)
    code = {"codigoObjeto": item.code} if item.code is not None else {}
    eticket = {"eticket": item.eticket} if item.eticket is not None else {}
    return {
        "id": item.id,
        **code,
        **eticket,
        "statusAtual": status,
        "descStatusAtual": m.WORDS[status],
        "dataHoraStatusAtual": stamp(since),
        "dataHora": stamp(item.created_at),
        "prazoPostagem": stamp(item.expires_at),
        "dadosEmulados": True,
        **item.body.echo(),
    }


def page(items: Sequence[PrePosting], number: int, size: int, now: datetime) -> dict[str, Any]:
    """Page `number` (from 0) of `size` items, newest first as given."""
    total = len(items)
    shown = items[number * size : (number + 1) * size]
    pages = (total + size - 1) // size
    return {
        "itens": [record(item, now) for item in shown],
        "page": {
            "size": size,
            "numberElements": total,
            "totalPages": pages,
            "number": number,
            "count": len(shown),
            "next": number + 1 < pages,
            "previous": number > 0,
            "first": number == 0,
            "last": number + 1 >= pages,
        },
    }


def reais(text: str) -> str:
    """A wire amount (``100.5``, ``100,50``) as ``R$ 100,50``."""
    try:
        return "R$ " + money(Decimal(text.replace(",", ".")))
    except InvalidOperation:
        return html.escape(text)


def _person(title: str, person: Pessoa) -> str:
    place = person.endereco
    lines = [
        person.nome,
        f"{place.logradouro}, {place.numero} {place.complemento}".strip(),
        f"{place.bairro} - {place.cidade}/{place.uf}",
        f"CEP {place.cep}",
    ]
    if person.cpfCnpj:
        lines.append(f"CPF/CNPJ {person.cpfCnpj}")
    body = "<br>".join(html.escape(line) for line in lines)
    return f"<td><h2>{title}</h2><p>{body}</p></td>"


def _declaration(item: PrePosting) -> str:
    body = item.body
    rows = "".join(
        f"<tr><td>{index}</td><td>{html.escape(line.conteudo)}</td><td>{html.escape(line.quantidade)}</td>"
        f"<td>{reais(line.valor)}</td></tr>"
        for index, line in enumerate(body.itensDeclaracaoConteudo, start=1)
    )
    code = html.escape(item.code or "(sem rótulo)")
    people = _person("REMETENTE", body.remetente) + _person("DESTINATÁRIO", body.destinatario)
    head = "<tr><th>Item</th><th>Conteúdo</th><th>Quant.</th><th>Valor</th></tr>"
    return (
        f'<section class="declaracao"><h1>DECLARAÇÃO DE CONTEÚDO</h1>'
        f"<p>Pré-postagem {item.id} - Objeto {code} - Peso {html.escape(body.pesoInformado)} g</p>"
        f"<table><tr>{people}</tr></table>"
        f'<table class="itens">{head}{rows}</table>'
        "<p>Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei "
        "Complementar nº 87/1996 e que o conteúdo declarado não é proibido.</p>"
        "<p>Emulado pelo sandbox</p></section>"
    )


def declaration_html(items: Sequence[PrePosting]) -> str:
    """The content declaration of each pre-posting, one section (and printed page) each."""
    sections = "".join(_declaration(item) for item in items)
    return (
        '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>Declaração de conteúdo</title>'
        "<style>section{page-break-after:always}table{border-collapse:collapse;width:100%}"
        "td,th{border:1px solid #000;padding:4px;vertical-align:top}</style></head>"
        f"<body>{sections}</body></html>"
    )
