"""``postalgui --help`` and every subcommand's help: descriptions in one language, English.

Option and argument NAMES are the operator's Portuguese terms (``--valor-declarado``,
``COPRODUTO``, ``--cartao``) and stay so; what the help SAYS about them is English. The
check reads each parser's description and epilog and each option's help, leaves out
what is a name (options, metavars, the operator's fields and paths, quoted examples,
words in capitals) and fails on Portuguese words and accented letters.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from postalgui.cli.main import build_parser

PORTUGUESE_WORDS = frozenset(
    {
        "a", "à", "ao", "aos", "as", "até", "ate", "cada", "com", "da", "das", "de", "do", "dos",
        "e", "é", "em", "na", "nas", "no", "nos", "não", "nao", "o", "os", "ou", "para", "pela",
        "pelo", "por", "que", "se", "sem", "seu", "sua", "um", "uma",
        "altura", "arquivo", "cartão", "cartao", "comprimento", "contrato", "declarado", "destino",
        "diametro", "diâmetro", "fatura", "formato", "largura",
        "número", "numero", "origem", "padrão", "padrao", "país", "peso", "preço", "preco",
        "produto", "serviço", "serviços", "servico", "servicos", "valor", "vigente",
    }
)  # fmt: skip
"""Portuguese words, a few of them English words too (`_ENGLISH_TOO`)."""

_ENGLISH_TOO = frozenset({"a", "as", "ate", "do", "no", "o", "se", "e"})
"""Spelled the same in English: counted only beside a surely Portuguese word."""

_NAMES = re.compile(
    r"""
    --?[\w-]+                    # an option: --valor-declarado
    | \{[^}]*\}                  # a path parameter: {nuContrato}
    | (?:GET|POST|PUT)\s+\S+     # an endpoint: GET .../contratos
    | /[\w/.{}-]+                # a path: /meucontrato/v1
    | \.\.\.[\w/.{}-]*           # .../servicos
    | '[^']*' | "[^"]*"          # a quoted example
    | \b[A-Z][A-Z0-9_$]+\b       # a metavar or code: COPRODUTO, CEP, DR, SINTETICO
    | \b[a-z]+[A-Z]\w*\b         # an operator's field: coProduto, nuCartaoPostagem
    | \be\.g\.                   # for example
    """,
    re.VERBOSE,
)
_WORD = re.compile(r"[^\W\d_]+")
_ACCENTED = re.compile(r"[ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔÀ]")


def _parsers(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _parsers(child, f"{path} {name}")


def _texts(parser: argparse.ArgumentParser) -> Iterator[tuple[str, str]]:
    """``(where, text)`` of every description a person reads in this parser's help."""
    for where, text in (("description", parser.description), ("epilog", parser.epilog)):
        if text:
            yield where, text
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            yield "/".join(action.option_strings) or str(action.metavar or action.dest), action.help
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                if choice.help:
                    yield f"command {choice.dest}", choice.help


def portuguese(text: str) -> list[str]:
    """The words of ``text`` that read as Portuguese, names left out."""
    prose = _NAMES.sub(" ", text)
    words = [word.lower() for word in _WORD.findall(prose)]
    found = [
        word
        for word in words
        if _ACCENTED.search(word) or (word in PORTUGUESE_WORDS and word not in _ENGLISH_TOO)
    ]
    if found:  # "valor a pagar": the ambiguous ones too, for the message
        found += [word for word in words if word in _ENGLISH_TOO]
    return found


ALL_PARSERS = list(_parsers(build_parser(), "postalgui"))


@pytest.mark.parametrize(("path", "parser"), ALL_PARSERS, ids=[path for path, _ in ALL_PARSERS])
def test_help_describes_in_english(path: str, parser: argparse.ArgumentParser) -> None:
    wrong = {where: words for where, text in _texts(parser) if (words := portuguese(text))}
    assert wrong == {}, f"{path}: Portuguese in the help descriptions"
    assert parser.format_help().startswith("usage: ")


def test_the_walk_reaches_every_command() -> None:
    paths = {path for path, _ in ALL_PARSERS}
    assert {"postalgui price batch", "postalgui contracts services", "postalgui invoices preview"} <= paths
    assert len(paths) > 20


@pytest.mark.parametrize(
    "text",
    [
        "valor declarado em reais",
        "serviço adicional",
        "código do produto",
        "only contracts de this status",
        "número da fatura",
    ],
)
def test_the_check_sees_portuguese(text: str) -> None:
    assert portuguese(text)


@pytest.mark.parametrize(
    "text",
    [
        "declared value in reais (200 or 200,00); see --valor-declarado",
        "List the card's services (GET .../cartoes/{nuCartaoPostagem}/servicos). With CODIGO, a service",
        "columns named like coProduto;cepOrigem, or Portuguese titles, e.g. 'CEP de origem'",
        "a payment slip, as the operator sends it; no more to do: ate nothing",
    ],
)
def test_names_and_examples_are_not_prose(text: str) -> None:
    assert portuguese(text) == []
