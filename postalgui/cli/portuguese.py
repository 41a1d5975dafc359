"""The command line's sentences in Brazilian Portuguese, keyed by the English (`cli.language`).

``{name}`` fields are filled by `say`; a count's noun is one entry per form (``object``,
``objects``). Kept in the order of the commands that say them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["SENTENCES"]

SENTENCES: Mapping[str, str] = MappingProxyType(
    {
        # main
        "interrupted": "interrompido",
        "unexpected error ({what})": "erro inesperado ({what})",
        "; run with -v for details": "; rode com -v para ver os detalhes",
        "note: no usable system keyring; credentials and tokens are kept for this run only "
        "(set POSTALGUI_USER and POSTALGUI_ACCESS_CODE, or install a keyring service). "
        "Said once on this machine; -v says it again.": (
            "nota: nenhum chaveiro do sistema utilizável; credenciais e tokens ficam só nesta execução "
            "(defina POSTALGUI_USER e POSTALGUI_ACCESS_CODE, ou instale um serviço de chaveiro). "
            "Dito uma vez neste computador; -v diz de novo."
        ),
        "note: {problem}": "nota: {problem}",
        "{message}: set them in Settings or POSTALGUI_USER and POSTALGUI_ACCESS_CODE": (
            "{message}: defina-os nas Configurações ou em POSTALGUI_USER e POSTALGUI_ACCESS_CODE"
        ),
        # price history
        "--mine: needs a login, and none is configured for the {environment} environment "
        "(set it in Settings, or POSTALGUI_USER)": (
            "--mine: precisa de um login, e nenhum está configurado para o ambiente {environment} "
            "(defina-o nas Configurações ou em POSTALGUI_USER)"
        ),
        "no quotes match '{search}'": "nenhuma cotação corresponde a '{search}'",
        "no quotes of yours yet": "nenhuma cotação sua ainda",
        "no quotes yet": "nenhuma cotação ainda",
        "ERROR": "ERRO",
        # worded (the office database's failures)
        "The office database {where} refused the login ({reason}): check the user name and the "
        "password in Settings.": (
            "O banco de dados do escritório {where} recusou o login ({reason}): confira o usuário e a "
            "senha nas Configurações."
        ),
        "The office database {where} does not exist on that server ({reason}): create it, or check "
        "the URL in Settings.": (
            "O banco de dados do escritório {where} não existe nesse servidor ({reason}): crie-o, ou "
            "confira a URL nas Configurações."
        ),
        "The office database {where} cannot be reached ({reason}): check that the server is running "
        "and the network, then run the command again; nothing was done.": (
            "O banco de dados do escritório {where} não pode ser alcançado ({reason}): confira se o "
            "servidor está no ar e a rede, depois rode o comando de novo; nada foi feito."
        ),
        "The office database {where} was written by a newer PostalGUI ({reason}): use that version.": (
            "O banco de dados do escritório {where} foi gravado por um PostalGUI mais novo ({reason}): "
            "use essa versão."
        ),
        "The office database {where} is damaged ({reason}): restore it from a backup, or move it "
        "away and an empty one is started.": (
            "O banco de dados do escritório {where} está danificado ({reason}): restaure-o de um "
            "backup, ou mova-o para outro lugar e um vazio é iniciado."
        ),
        "The office database {where} does not have the tables of its schema ({reason}): it was "
        "changed by hand or by another program; move it away or restore a backup.": (
            "O banco de dados do escritório {where} não tem as tabelas do seu esquema ({reason}): foi "
            "alterado à mão ou por outro programa; mova-o para outro lugar ou restaure um backup."
        ),
        "The office database {where} cannot be opened ({reason}): check the server and the URL.": (
            "O banco de dados do escritório {where} não pode ser aberto ({reason}): confira o servidor "
            "e a URL."
        ),
        # options
        "--tipo-documento: {kind} is not a document type; one of {allowed}": (
            "--tipo-documento: {kind} não é um tipo de documento; use um de {allowed}"
        ),
        "invoice {kind} {number}: its analytic statement is loaded (requested and waited for if needed)": (
            "fatura {kind} {number}: seu demonstrativo analítico é carregado (pedido e aguardado se preciso)"
        ),
        "--tipo-documento: only with --from-invoice": "--tipo-documento: só com --from-invoice",
        "--tipo-documento: required with --from-invoice (RE, RT...)": (
            "--tipo-documento: obrigatório com --from-invoice (RE, RT...)"
        ),
        # track watch
        "{codes}, nothing was sent:": "{codes}, nada foi enviado:",
        "bad object code": "código de objeto inválido",
        "bad object codes": "códigos de objeto inválidos",
        "CODE: give codes, --from-invoice or --file (one of them)": (
            "CODE: dê códigos, --from-invoice ou --file (um deles)"
        ),
        "--column: only with --file": "--column: só com --file",
        "--replace-tags: only with --tag": "--replace-tags: só com --tag",
        "--file: {path} is not a file": "--file: {path} não é um arquivo",
        "--file: no object codes in {name}": "--file: nenhum código de objeto em {name}",
        "--from-invoice: invoice {kind} {number} lists no object labels": (
            "--from-invoice: a fatura {kind} {number} não lista etiquetas de objeto"
        ),
        "{objects} added, {already} already followed": "{objects} adicionados, {already} já acompanhados",
        "object": "objeto",
        "objects": "objetos",
        "{objects} removed": "{objects} removidos",
        "no objects": "nenhum objeto",
        "code": "código",
        "status": "situação",
        "last event": "último evento",
        "where": "onde",
        "since": "desde",
        "expected": "previsto",
        "late": "atraso",
        "tag": "marcador",
        "asked about {objects}: {changed} changed, {quiet} without events, {archived} archived": (
            "consultados {objects}: {changed} mudaram, {quiet} sem eventos, {archived} arquivados"
        ),
        "--month: must be YYYY-MM, such as 2026-11 (got {text})": (
            "--month: deve ser AAAA-MM, como 2026-11 (veio {text})"
        ),
        "late object": "objeto atrasado",
        "late objects": "objetos atrasados",
    }
)
