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
        "password in Settings": (
            "O banco de dados do escritório {where} recusou o login ({reason}): confira o usuário e a "
            "senha nas Configurações"
        ),
        "The office database {where} does not exist on that server ({reason}): create it, or check "
        "the URL in Settings": (
            "O banco de dados do escritório {where} não existe nesse servidor ({reason}): crie-o, ou "
            "confira a URL nas Configurações"
        ),
        "The office database {where} cannot be reached ({reason}): check that the server is running "
        "and the network, then run the command again; nothing was done": (
            "O banco de dados do escritório {where} não pode ser alcançado ({reason}): confira se o "
            "servidor está no ar e a rede, depois rode o comando de novo; nada foi feito"
        ),
        "The office database {where} was written by a newer PostalGUI ({reason}): use that version": (
            "O banco de dados do escritório {where} foi gravado por um PostalGUI mais novo ({reason}): "
            "use essa versão"
        ),
        "The office database {where} is damaged ({reason}): restore it from a backup, or move it "
        "away and an empty one is started": (
            "O banco de dados do escritório {where} está danificado ({reason}): restaure-o de um "
            "backup, ou mova-o para outro lugar e um vazio é iniciado"
        ),
        "The office database {where} does not have the tables of its schema ({reason}): it was "
        "changed by hand or by another program; move it away or restore a backup": (
            "O banco de dados do escritório {where} não tem as tabelas do seu esquema ({reason}): foi "
            "alterado à mão ou por outro programa; mova-o para outro lugar ou restaure um backup"
        ),
        "The office database {where} cannot be opened ({reason}): check the server and the URL": (
            "O banco de dados do escritório {where} não pode ser aberto ({reason}): confira o servidor "
            "e a URL"
        ),
        # queued (quotes kept on this computer for the office database)
        "quote kept on this computer was sent to the office database": (
            "cotação guardada neste computador foi enviada ao banco de dados do escritório"
        ),
        "quotes kept on this computer were sent to the office database": (
            "cotações guardadas neste computador foram enviadas ao banco de dados do escritório"
        ),
        "quote waits on this computer": "cotação aguarda neste computador",
        "quotes wait on this computer": "cotações aguardam neste computador",
        "history row waits on this computer": "linha do histórico aguarda neste computador",
        "history rows wait on this computer": "linhas do histórico aguardam neste computador",
        "{waiting}: {why}": "{waiting}: {why}",
        "the office database has not taken them yet; they will be sent at the next contact with it": (
            "o banco de dados do escritório ainda não as recebeu; serão enviadas no próximo contato"
        ),
        "the office server {where} did not answer": "o servidor do escritório {where} não respondeu",
        "the office server {where} refused the login": "o servidor do escritório {where} recusou o login",
        "the office database {where} does not exist on that server": (
            "o banco de dados do escritório {where} não existe nesse servidor"
        ),
        "the office database {where} was written by a newer PostalGUI": (
            "o banco de dados do escritório {where} foi gravado por um PostalGUI mais novo"
        ),
        "the office database {where} cannot be used": (
            "o banco de dados do escritório {where} não pode ser usado"
        ),
        "{why}; they will be sent when a PostalGUI that can open it runs on this computer": (
            "{why}; serão enviadas quando rodar neste computador um PostalGUI que consiga abri-lo"
        ),
        "{why}; they will be sent at the next contact with it": "{why}; serão enviadas no próximo contato",
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
        "{added}, {already} already followed": "{added}; já acompanhados: {already}",
        "object added": "objeto adicionado",
        "objects added": "objetos adicionados",
        "object": "objeto",
        "objects": "objetos",
        "object removed": "objeto removido",
        "objects removed": "objetos removidos",
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
        # track proof
        "--out: {path} is a file; name a folder": "--out: {path} é um arquivo; indique uma pasta",
        "--out: the folder {folder} does not exist": "--out: a pasta {folder} não existe",
        "proof": "comprovante",
        "fetched now": "obtido agora",
        "kept before": "já guardado",
        "received by": "recebido por",
        "delivered": "entregue",
        "files": "arquivos",
        "{codes} without a proof of delivery": "{codes} sem comprovante de entrega",
        # addresses
        "Save {people} to the office's address book?": (
            "Salvar {people} no catálogo de endereços do escritório?"
        ),
        "address": "endereço",
        "addresses": "endereços",
        "sender": "remetente",
        "senders": "remetentes",
        "recipient": "destinatário",
        "recipients": "destinatários",
        "row {row}, column {column}: {message}": "linha {row}, coluna {column}: {message}",
        ", {rows} with problems skipped": ", {rows} com problemas deixadas de lado",
        "FILE: {file} is not a file": "FILE: {file} não é um arquivo",
        "note: {name}: columns not read (not known): {titles}": (
            "nota: {name}: colunas não lidas (desconhecidas): {titles}"
        ),
        "FILE: {name} has no address rows under its header": (
            "FILE: {name} não tem linhas de endereço abaixo do cabeçalho"
        ),
        "--yes: not on a terminal, so nobody can confirm; give --yes to save (nothing was saved)": (
            "--yes: fora de um terminal, ninguém pode confirmar; dê --yes para salvar (nada foi salvo)"
        ),
        "nothing was saved": "nada foi salvo",
        "address saved": "endereço salvo",
        "addresses saved": "endereços salvos",
        "kind": "tipo",
        "name": "nome",
        "names": "nomes",
        "city": "cidade",
        "group": "grupo",
        "{rows} with problems: nothing saved": "{rows} com problemas: nada foi salvo",
        "row": "linha",
        "rows": "linhas",
        " (--skip-bad saves the good rows)": " (--skip-bad salva as linhas boas)",
        " (default)": " (padrão)",
        # claims
        "proof of delivery": "comprovante de entrega",
        "proofs of delivery": "comprovantes de entrega",
        "{proofs} in {folder}": "{proofs} em {folder}",
        "estimate": "estimativa",
        "problem": "problema",
        "claim by": "reclamar até",
        "left": "restam",
        "postage": "postagem",
        "product": "produto",
        ", {amount} estimated": ", {amount} estimados",
        "{candidates}{estimated}; {waiting} within the operator's deadline (not yet), {filed} already "
        "filed, {expired} past the 90 days": (
            "{candidates}{estimated}; {waiting} dentro do prazo do operador (ainda não), {filed} já "
            "reclamados, {expired} passados os 90 dias"
        ),
        "protocol": "protocolo",
        "filed on": "reclamado em",
        "reason": "motivo",
        "outcome": "resultado",
        "situation": "situação",
        "asked about {claims}: {changed} changed, {paid} paid": (
            "consultadas {claims}: {changed} mudaram, {paid} pagas"
        ),
        "month": "mês",
        "cand.": "cand.",
        "filed": "reclam.",
        "accep.": "proced.",
        "paid": "pagas",
        "ref.": "improc.",
        "amounts are estimates from the compensation table (Settings)": (
            "os valores são estimativas da tabela de indenização (Configurações)"
        ),
        "claim": "reclamação",
        "claims": "reclamações",
        "{objects} of the statement not in the watchlist: add them with 'postalgui track watch add "
        "--from-invoice' and 'track watch refresh'": (
            "{objects} do demonstrativo fora da lista de acompanhamento: adicione-os com 'postalgui track "
            "watch add --from-invoice' e 'track watch refresh'"
        ),
        "no claims": "nenhuma reclamação",
        "not asked: {problem}": "não consultada: {problem}",
        "CODE: no claim of this office matches {keys} (nothing was sent; 'claims list' shows them)": (
            "CODE: nenhuma reclamação deste escritório corresponde a {keys} (nada foi enviado; "
            "'claims list' mostra as reclamações)"
        ),
        "no candidates and no claims": "nenhum candidato e nenhuma reclamação",
        "candidate": "candidato",
        "candidates": "candidatos",
        "About to file {claims} (contract {contract}, card {card}):": (
            "Prestes a registrar {claims} (contrato {contract}, cartão {card}):"
        ),
        "{reason} (nothing was sent)": "{reason} (nada foi enviado)",
        "reply e-mail": "e-mail de resposta",
        "phone": "telefone",
        " and {more} more": " e mais {more}",
        "packaging": "embalagem",
        "reply to": "responder a",
        "Reopened": "Reaberta",
        "Not reopened": "Não reaberta",
        "it has no protocol: the operator never registered it": (
            "ela não tem protocolo: o operador nunca a registrou"
        ),
        "it is not closed: only a claim closed without merit (refused) can be reopened; 'claims follow' "
        "asks how it stands": (
            "ela não está encerrada: só uma reclamação encerrada como improcedente pode ser reaberta; "
            "'claims follow' consulta como ela está"
        ),
        "it was accepted: there is nothing to reopen": "ela foi julgada procedente: não há o que reabrir",
        "it was reopened once already: the operator takes one reopening": (
            "ela já foi reaberta uma vez: o operador aceita uma reabertura"
        ),
        "it closed more than {days} days ago: the operator no longer reopens it": (
            "ela foi encerrada há mais de {days} dias: o operador não a reabre mais"
        ),
        "{option}: must be {choices} (got {value})": "{option}: deve ser {choices} (veio {value})",
        "{names}, one per object": "{names}, um por objeto",
        "envelope": "envelope",
        "box": "caixa",
        "protocol {protocol}": "protocolo {protocol}",
        "Send them?": "Enviar?",
        "--yes: not on a terminal, so nobody can confirm; give --yes to send (nothing was sent)": (
            "--yes: fora de um terminal, ninguém pode confirmar; dê --yes para enviar (nada foi enviado)"
        ),
        "nothing was sent": "nada foi enviado",
        "object filed or already filed": "objeto reclamado ou já reclamado",
        "objects filed or already filed": "objetos reclamados ou já reclamados",
        "--motivo: must say why the claim should be looked at again": (
            "--motivo: deve dizer por que a reclamação deve ser vista de novo"
        ),
        "PROTOCOL-or-CODE: {key}: no claim of this office has it (nothing was sent)": (
            "PROTOCOL-or-CODE: {key}: nenhuma reclamação deste escritório o tem (nada foi enviado)"
        ),
        "{option}: required: Settings have no {what}": (
            "{option}: obrigatório: as Configurações não têm {what}"
        ),
        "--nome: the recipient's name (nomeDestinatario) is required by the operator; none is known for "
        "{codes}: give --nome 'Name' or --nome CODE='Name' (nothing was sent)": (
            "--nome: o nome do destinatário (nomeDestinatario) é exigido pelo operador; nenhum é conhecido "
            "para {codes}: dê --nome 'Nome' ou --nome CODIGO='Nome' (nada foi enviado)"
        ),
        "--nome: {code} is not one of the objects to file": "--nome: {code} não é um dos objetos a reclamar",
        ", {objects} not (exit status 1)": ", {objects} não (código de saída 1)",
        "{option}: the {what} in Settings is not valid: {problem}": (
            "{option}: o {what} das Configurações não é válido: {problem}"
        ),
        "--nome: give one name for every object, or CODE=Name for each": (
            "--nome: dê um nome para todos os objetos, ou CODIGO=Nome para cada um"
        ),
        " or ": " ou ",
        # price
        "{rows} no delivery date": "{rows} data de entrega",
        "priced row has": "linha cotada não tem",
        "priced rows have": "linhas cotadas não têm",
        "{failed} of {items} failed": "{failed} de {items} falharam",
        "item": "item",
        "items": "itens",
        "business day": "dia útil",
        "business days": "dias úteis",
        # sent
        "settled as {resolution}: {what}": "resolvida como {resolution}: {what}",
        "no unsettled calls: every call sent was answered": (
            "nenhuma chamada pendente: toda chamada enviada foi respondida"
        ),
        "no unsettled call with id {id} (see 'postalgui sent list')": (
            "nenhuma chamada pendente com id {id} (veja 'postalgui sent list')"
        ),
        "ID: {id} names {calls}; give more of it": "ID: {id} nomeia {calls}; dê mais dele",
        "what": "o quê",
        "state": "estado",
        "sent by": "enviada por",
        "sent at": "enviada em",
        "call": "chamada",
        "calls": "chamadas",
        # ship
        "expired": "vencida",
        "today": "hoje",
        "in {days}": "em {days}",
        "labelled": "etiquetada",
        "service": "serviço",
        "weight": "peso",
        "declared": "declarado",
        "created": "criada",
        "expires": "vence",
        "--status: must be {choices} (got {value})": "--status: deve ser {choices} (veio {value})",
        "About to cancel {shipments}:": "Prestes a cancelar {shipments}:",
        "Cancel them?": "Cancelar?",
        "pre-posting": "pré-postagem",
        "pre-postings": "pré-postagens",
        "Not cancelled ({reason})": "Não cancelada ({reason})",
        "Cancelled": "Cancelada",
        "{shipments} not cancelled (exit status 1)": "{shipments} não canceladas (código de saída 1)",
        "day": "dia",
        "days": "dias",
        "yes": "sim",
        " (from the office database; not asked)": " (do banco de dados do escritório; não consultado)",
        # worded (settings a feature needs)
        "Claims need the contract and the posting card numbers: set them in Settings, or "
        "POSTALGUI_CONTRACT and POSTALGUI_CARD": (
            "As reclamações precisam dos números do contrato e do cartão de postagem: preencha-os nas "
            "Configurações, ou em POSTALGUI_CONTRACT e POSTALGUI_CARD"
        ),
        "Pre-postings need the posting card number: set it in Settings, or POSTALGUI_CARD": (
            "As pré-postagens precisam do número do cartão de postagem: preencha-o nas Configurações, "
            "ou em POSTALGUI_CARD"
        ),
        "Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, the "
        "identity-portal login): set the login in Settings": (
            "O cancelamento de uma pré-postagem informa quem o pede (idCorreiosSolicitanteCancelamento, "
            "o login do portal de identidade): defina o login nas Configurações"
        ),
        "The invoice does not say its DR and none is configured: set the DR in Settings, or POSTALGUI_DR": (
            "A fatura não informa sua DR e nenhuma está configurada: defina a DR nas Configurações, "
            "ou em POSTALGUI_DR"
        ),
        "Invoices and the branch search need the contract number: set it in Settings, or "
        "POSTALGUI_CONTRACT": (
            "As faturas e a busca de agências precisam do número do contrato: preencha-o nas "
            "Configurações, ou em POSTALGUI_CONTRACT"
        ),
        "No API address is configured for this environment: set it in Settings, or POSTALGUI_BASE_URL": (
            "Nenhum endereço da API está configurado para este ambiente: preencha-o nas Configurações, "
            "ou em POSTALGUI_BASE_URL"
        ),
        # database
        "{what}: {done} of {total}": "{what}: {done} de {total}",
        # cep
        "emulated sandbox data: a believable address for the CEP's range, not a real one": (
            "dados emulados do sandbox: um endereço verossímil para a faixa do CEP, não um real"
        ),
        "from this desk's CEP cache (--fresh asks the operator)": (
            "do cache de CEPs deste computador (--fresh consulta o operador)"
        ),
        "street": "logradouro",
        "district": "bairro",
        ", even side": ", lado par",
        ", odd side": ", lado ímpar",
        "numbers": "números",
        "{first} to {last}{side}": "{first} a {last}{side}",
        "unit": "unidade",
        # token
        "--scope card: no posting card is configured (Settings or POSTALGUI_CARD)": (
            "--scope card: nenhum cartão de postagem está configurado (Configurações ou POSTALGUI_CARD)"
        ),
        "--scope contract: no contract is configured (Settings or POSTALGUI_CONTRACT)": (
            "--scope contract: nenhum contrato está configurado (Configurações ou POSTALGUI_CONTRACT)"
        ),
        # deadline
        "Mon": "seg",
        "Tue": "ter",
        "Wed": "qua",
        "Thu": "qui",
        "Fri": "sex",
        "Sat": "sáb",
        "Sun": "dom",
        "by {weekday} {day}": "até {weekday} {day}",
        "no": "não",
        "route": "trajeto",
        "arrives": "chega",
        "home delivery": "entrega domiciliar",
        " (pick up at a branch)": " (retirar numa agência)",
        "saturday": "sábado",
        "sunday": "domingo",
        "message": "mensagem",
        "--pais: the country must be a 2-letter ISO code such as US (got {value})": (
            "--pais: o país deve ser um código ISO de 2 letras, como US (veio {value})"
        ),
        "CODE: the product code must have 5 digits (got {value})": (
            "CODE: o código do produto deve ter 5 dígitos (veio {value})"
        ),
        "country": "país",
        "{low} to {high}": "{low} a {high}",
        "pick-up days": "dias para coleta",
        # partner
        "Partner credentials removed.": "Credenciais do parceiro removidas.",
        "give --user, --client-id or both (or --forget)": "dê --user, --client-id ou os dois (ou --forget)",
        "Password for the partner's Basic user": "Senha do usuário Basic do parceiro",
        "Secret of the OAuth client": "Segredo do cliente OAuth",
        "{what}: at least 8 characters": "{what}: pelo menos 8 caracteres",
        "the system keyring": "o chaveiro do sistema",
        "memory only (no usable keyring)": "só a memória (nenhum chaveiro utilizável)",
        "Partner credentials kept in {kept}.": "Credenciais do parceiro guardadas em {kept}.",
        "--client-ca needs --tls-cert and --tls-key": "--client-ca precisa de --tls-cert e --tls-key",
        "--tls-cert and --tls-key go together": "--tls-cert e --tls-key vão juntos",
        "{option}: no such file: {path}": "{option}: arquivo inexistente: {path}",
        "--port: must be 0 to 65535 (got {port})": "--port: deve ser de 0 a 65535 (veio {port})",
        "--tls-cert, --tls-key: {cert} and {key} are not a PEM certificate chain and its private key "
        "({reason})": (
            "--tls-cert, --tls-key: {cert} e {key} não são uma cadeia de certificados PEM e sua chave "
            "privada ({reason})"
        ),
        "--client-ca: {path} is not a PEM certificate ({reason})": (
            "--client-ca: {path} não é um certificado PEM ({reason})"
        ),
        "note: plain HTTP beyond this machine; the operator calls partners over HTTPS (TLS 1.2+): give "
        "--tls-cert and --tls-key, or put a TLS proxy in front": (
            "nota: HTTP simples fora deste computador; o operador chama os parceiros por HTTPS (TLS 1.2+): "
            "dê --tls-cert e --tls-key, ou ponha um proxy TLS na frente"
        ),
        "Partner server at {url}": "Servidor do parceiro em {url}",
        "form receiver": "receptor do formulário",
        "ledger": "livro",
        "Ctrl+C stops it.": "Ctrl+C o encerra.",
        # branches
        "--codigo-sro: is empty": "--codigo-sro: está vazio",
        "--dh-alteracao-final: must not be before --alterado-desde": (
            "--dh-alteracao-final: não pode ser antes de --alterado-desde"
        ),
        "--aberta-em: {problem}; write DD/MM/AAAA HH:MM, such as 28/11/2026 10:00": (
            "--aberta-em: {problem}; escreva DD/MM/AAAA HH:MM, como 28/11/2026 10:00"
        ),
        "--aberta-em: the time must be HH:MM, 00:00 to 23:59 (got {value})": (
            "--aberta-em: a hora deve ser HH:MM, de 00:00 a 23:59 (veio {value})"
        ),
        "NAME": "NOME",
        "TYPE": "TIPO",
        "STATUS": "SITUAÇÃO",
        "MUNICIPALITY/UF": "MUNICÍPIO/UF",
        "NOW (UNIT'S CLOCK)": "AGORA (RELÓGIO DA UNIDADE)",
        "closed ({why})": "fechada ({why})",
        "status {status}": "situação {status}",
        "open 24 h": "aberta 24 h",
        "open until {time}": "aberta até {time}",
        "closed": "fechada",
        "closed, opens {when}": "fechada, abre {when}",
        "--size: must be 1 to {most} (got {value})": "--size: deve ser de 1 a {most} (veio {value})",
        "no units match": "nenhuma unidade corresponde",
        "units": "unidades",
        "Name": "Nome",
        "Type": "Tipo",
        "Status": "Situação",
        "Address": "Endereço",
        "Municipality": "Município",
        "Phones": "Telefones",
        "E-mails": "E-mails",
        "Hours": "Horário",
        "Posting until": "Postagem até",
        "Open now": "Aberta agora",
        "Time zone": "Fuso horário",
        "Coordinates": "Coordenadas",
        "no (by its status)": "não (pela situação)",
        "unknown": "desconhecido",
        "CODE": "CÓDIGO",
        "DESCRIPTION": "DESCRIÇÃO",
        "ABBREVIATION": "SIGLA",
        "--municipio: is empty": "--municipio: está vazio",
        "MUNICIPALITY": "MUNICÍPIO",
        "NEIGHBOURHOOD": "BAIRRO",
        "UNITS": "UNIDADES",
        # contracts
        "CODIGO: a service code is letters and digits, at most 10, e.g. 03220 (got {value})": (
            "CODIGO: um código de serviço tem letras e dígitos, no máximo 10, como 03220 (veio {value})"
        ),
        "no company CNPJ is configured (Settings or POSTALGUI_CNPJ)": (
            "nenhum CNPJ da empresa está configurado (Configurações ou POSTALGUI_CNPJ)"
        ),
        "usable normally": "em uso normal",
        "suspended; can be reactivated": "suspenso; pode ser reativado",
        "cancelled; cannot be reactivated": "cancelado; não pode ser reativado",
        "being created, not yet active": "em implantação, ainda não ativo",
        "irregular; the operator must be consulted": "irregular; é preciso consultar o operador",
        "services": "serviços",
        "card": "cartão",
        "cards": "cartões",
        "page {page} (pages 0 to {last}), {shown} of {total}": (
            "página {page} (páginas 0 a {last}), {shown} de {total}"
        ),
        "SEGMENT": "SEGMENTO",
        "no services on {owner}": "nenhum serviço no {owner}",
        "card {card} of contract {contract}": "cartão {card} do contrato {contract}",
        "contract {contract}": "contrato {contract}",
        "service {code} not found": "serviço {code} não encontrado",
        "{reason}, the card lacks this service": "{reason}, o cartão não tem este serviço",
        "{reason}, the contract lacks this service": "{reason}, o contrato não tem este serviço",
        "no contracts in status {status}": "nenhum contrato na situação {status}",
        "no contracts": "nenhum contrato",
        "CONTRACT": "CONTRATO",
        "VALID FROM": "INÍCIO DA VIGÊNCIA",
        "VALID UNTIL": "FIM DA VIGÊNCIA",
        "CATEGORY": "CATEGORIA",
        "Management contacts (contatoGerencia)": "Contatos de gerência (contatoGerencia)",
        "Administration contacts (contatoAcom)": "Contatos de acompanhamento (contatoAcom)",
        "(none)": "(nenhum)",
        "no posting cards on contract {contract} in status {status}": (
            "nenhum cartão de postagem no contrato {contract} na situação {status}"
        ),
        "no posting cards on contract {contract}": "nenhum cartão de postagem no contrato {contract}",
        "CARD": "CARTÃO",
        "HOLDER CNPJ": "CNPJ DO TITULAR",
        # attendance
        "--contrato: the registration-system contract (12 characters) is not set: give --contrato, set "
        'POSTALGUI_STER_CONTRACT, or "ster_contract" under "attendance" in the settings file': (
            "--contrato: o contrato do sistema de registro (12 caracteres) não está definido: dê "
            '--contrato, defina POSTALGUI_STER_CONTRACT, ou "ster_contract" em "attendance" no arquivo '
            "de configurações"
        ),
        "--dia: the day must be written YYYY-MM-DD (got {value})": (
            "--dia: o dia deve ser escrito AAAA-MM-DD (veio {value})"
        ),
        "the registration system could not decode this code: {problem}": (
            "o sistema de registro não conseguiu decifrar este código: {problem}"
        ),
        "hint: {hint}": "dica: {hint}",
        "attendant": "atendente",
        "terminal": "caixa",
        "place": "local",
        "issued": "emitido",
        "partner user": "usuário do parceiro",
        "partner password": "senha do parceiro",
        "no contract set": "nenhum contrato definido",
        "a code decodes only where it was made; here: the embedded sandbox, {contract}, whose code key "
        "is kept in the keyring for this profile and shared with the window's simulated counter. A code "
        "from another sandbox or another profile (POSTALGUI_CONFIG_DIR) does not decode here": (
            "um código só é decifrado onde foi gerado; aqui: o sandbox embutido, {contract}, cuja chave de "
            "códigos fica no chaveiro deste perfil e é compartilhada com o balcão simulado da janela. Um "
            "código de outro sandbox ou de outro perfil (POSTALGUI_CONFIG_DIR) não é decifrado aqui"
        ),
        "a code decodes only where it was made; here: the embedded sandbox, {contract}. With no usable "
        "keyring this run drew its own code key, so codes made by the window do not decode here: install "
        "a keyring service, or serve one sandbox (postalgui sandbox) and set POSTALGUI_BASE_URL": (
            "um código só é decifrado onde foi gerado; aqui: o sandbox embutido, {contract}. Sem um "
            "chaveiro utilizável, esta execução sorteou a própria chave de códigos, então códigos gerados "
            "pela janela não são decifrados aqui: instale um serviço de chaveiro, ou sirva um sandbox "
            "(postalgui sandbox) e defina POSTALGUI_BASE_URL"
        ),
        "a code decodes only in the sandbox that made it; here: the one at {url}, {contract}": (
            "um código só é decifrado no sandbox que o gerou; aqui: o de {url}, {contract}"
        ),
        "a code decodes only in the environment and contract that made it; here: {environment}, "
        "{contract} (--contrato or POSTALGUI_STER_CONTRACT); a code of homologation does not decode in "
        "production, nor the reverse": (
            "um código só é decifrado no ambiente e no contrato que o geraram; aqui: {environment}, "
            "{contract} (--contrato ou POSTALGUI_STER_CONTRACT); um código de homologação não é decifrado "
            "em produção, nem o contrário"
        ),
        "--ticket-file: {path} has {size} bytes; a ticket file holds at most {most}": (
            "--ticket-file: {path} tem {size} bytes; um arquivo de tíquete tem no máximo {most}"
        ),
        "--ticket-file: cannot read {path}: {problem}": (
            "--ticket-file: não foi possível ler {path}: {problem}"
        ),
        "{problem} (the operator reverted this registration: start a new attendance at the counter)": (
            "{problem} (o operador estornou este registro: comece um novo atendimento no balcão)"
        ),
        "warning: the amount has more than 8 digits in cents; the spec's size is 8 (10 accepted)": (
            "aviso: o valor tem mais de 8 dígitos em centavos; o tamanho da especificação é 8 (10 aceitos)"
        ),
        "--database: cannot open the ledger: {kind}": "--database: não foi possível abrir o livro: {kind}",
        "model": "modelo",
        "amount": "valor",
        "client key": "chave do cliente",
        "flag": "sinal",
        "preview (before 22:00 Brasilia time): the day stays open; the run after 22:00 closes it": (
            "prévia (antes das 22:00, horário de Brasília): o dia continua aberto; a execução depois das "
            "22:00 o fecha"
        ),
        "closing (after 22:00 Brasilia time)": "fechamento (depois das 22:00, horário de Brasília)",
        "run": "execução",
        "result": "resultado",
        "operator": "operador",
        "ledger amount": "valor no livro",
        "operator amount": "valor no operador",
        "note": "observação",
        "error: {problem}": "erro: {problem}",
        "confirmed": "confirmados",
        "cancelled": "cancelados",
        "reversed": "estornados",
        "pending": "pendentes",
        "unknown_to_operator": "desconhecidos do operador",
        "missing_from_ledger": "ausentes do livro",
        "amount_differences": "diferenças de valor",
        "flagged": "sinalizados",
        # invoices
        "--contrato: no contract is configured (Settings or POSTALGUI_CONTRACT)": (
            "--contrato: nenhum contrato está configurado (Configurações ou POSTALGUI_CONTRACT)"
        ),
        "--dr: no DR is configured (Settings or POSTALGUI_DR)": (
            "--dr: nenhuma DR está configurada (Configurações ou POSTALGUI_DR)"
        ),
        "--de: the period starts after it ends ({start} > {end})": (
            "--de: o período começa depois de terminar ({start} > {end})"
        ),
        "--dr-fatura: no DR is configured (Settings or POSTALGUI_DR)": (
            "--dr-fatura: nenhuma DR está configurada (Configurações ou POSTALGUI_DR)"
        ),
        "no invoices of contract {contract} in {period}": "nenhuma fatura do contrato {contract} em {period}",
        "NUMBER": "NÚMERO",
        "DUE": "VENCIMENTO",
        "CLOSING": "FECHAMENTO",
        "AMOUNT": "VALOR",
        "ITEM": "ITEM",
        "{problem}; see 'postalgui invoices jobs', and run again with --again to send it anyway": (
            "{problem}; veja 'postalgui invoices jobs', e rode de novo com --again para enviar mesmo assim"
        ),
        "--out: a SINTETICO preview is a PDF; name the file .pdf": (
            "--out: uma prévia SINTETICO é um PDF; dê ao arquivo o nome .pdf"
        ),
        "ID: no request {id} in this environment (see 'postalgui invoices jobs')": (
            "ID: nenhuma solicitação {id} neste ambiente (veja 'postalgui invoices jobs')"
        ),
        "--poll-interval: must be zero or more seconds": "--poll-interval: deve ser zero ou mais segundos",
        "continuing request {id}: processing {processing}, requested {requested}": (
            "continuando a solicitação {id}: processamento {processing}, solicitado em {requested}"
        ),
        "processing {processing} requested (request {id})": (
            "processamento {processing} solicitado (solicitação {id})"
        ),
        "{status} (unknown status)": "{status} (situação desconhecida)",
        "status {status}… {seconds} s": "situação {status}… {seconds} s",
        "stopped waiting; the operator keeps processing {processing} (files are kept 7 days): 'postalgui "
        "invoices resume {id} --out FILE' finishes it": (
            "parou de esperar; o operador continua processando {processing} (os arquivos ficam 7 dias): "
            "'postalgui invoices resume {id} --out ARQUIVO' o conclui"
        ),
        "processing {processing}: {state}": "processamento {processing}: {state}",
        "--out: this request's file is a {kind}; name it {suffix}": (
            "--out: o arquivo desta solicitação é um {kind}; dê a ele o nome {suffix}"
        ),
        "the jobs file was unreadable and has been set aside as {path}; the requests it held are not "
        "listed (request them again if needed)": (
            "o arquivo de solicitações estava ilegível e foi posto de lado como {path}; as solicitações "
            "que ele guardava não são listadas (solicite-as de novo se preciso)"
        ),
        "no requests in this environment": "nenhuma solicitação neste ambiente",
        "KIND": "TIPO",
        "STATE": "ESTADO",
        "FOR": "PARA",
        "REQUESTED": "SOLICITADA",
        "FILE OR REASON": "ARQUIVO OU MOTIVO",
        "invoice {invoice}": "fatura {invoice}",
        "no divergences of contract {contract} in {period}": (
            "nenhuma divergência do contrato {contract} em {period}"
        ),
        # ship
        "{option}: not a pre-posting id (PR...) or object code: {ids}": (
            "{option}: não é um id de pré-postagem (PR...) nem um código de objeto: {ids}"
        ),
        "{option}: no pre-posting of this office has the id {ids} ('ship list' shows them; nothing was "
        "sent)": (
            "{option}: nenhuma pré-postagem deste escritório tem o id {ids} ('ship list' as mostra; nada "
            "foi enviado)"
        ),
        "{done} of {total}": "{done} de {total}",
        "waiting": "aguardando",
        "{what} of {shipments}": "{what} de {shipments}",
        "the operator's labels": "etiquetas do operador",
        "labels": "etiquetas",
        "labels ({layout}, the operator)": "etiquetas ({layout}, do operador)",
        "labels ({layout})": "etiquetas ({layout})",
        "content declarations": "declarações de conteúdo",
        "--day: no pre-posting was labelled on {day} (nothing written)": (
            "--day: nenhuma pré-postagem foi etiquetada em {day} (nada foi gravado)"
        ),
        "posting list": "lista de postagem",
        "--from: must be a .csv (';') or .xlsx file (got {name})": (
            "--from: deve ser um arquivo .csv (';') ou .xlsx (veio {name})"
        ),
        "no default sender in the address book: add one with 'postalgui addresses import --kind sender "
        "FILE' or in the Shipping tab (nothing was sent)": (
            "nenhum remetente padrão no catálogo de endereços: adicione um com 'postalgui addresses import "
            "--kind sender ARQUIVO' ou na aba Envios (nada foi enviado)"
        ),
        "--from: {name}: {bad} with a problem of {rows}; nothing was sent": (
            "--from: {name}: {bad} com problema de {rows}; nada foi enviado"
        ),
        "--from: {name} has no orders (a header line, then one row an object)": (
            "--from: {name} não tem pedidos (uma linha de cabeçalho, depois uma linha por objeto)"
        ),
        "declared {amount}": "declarado {amount}",
        "row {row}": "linha {row}",
        "About to create {shipments} (card {card}) from {sender} ({cep}):": (
            "Prestes a criar {shipments} (cartão {card}) de {sender} ({cep}):"
        ),
        "a desk": "uma estação",
        "sent before by {who} on {moment}": "enviada antes por {who} em {moment}",
        "{said} as {id}": "{said} como {id}",
        "{said}, its answer lost or unreadable": "{said}, com a resposta perdida ou ilegível",
        "the operator took it but its answer could not be read (kept); follow it up in the operator's "
        "list, cancel it there, or send it again on purpose (--again): {words}": (
            "o operador a recebeu, mas a resposta não pôde ser lida (guardada); acompanhe-a na lista do "
            "operador, cancele-a lá, ou envie-a de novo de propósito (--again): {words}"
        ),
        "no answer came: the operator may have it; follow it up in the operator's list, or send it again "
        "on purpose (--again): {words}": (
            "nenhuma resposta veio: o operador pode tê-la; acompanhe-a na lista do operador, ou envie-a de "
            "novo de propósito (--again): {words}"
        ),
        "Refused ({words})": "Recusada ({words})",
        "Sent, answer unreadable ({words})": "Enviada, resposta ilegível ({words})",
        "Sent, no answer ({words})": "Enviada, sem resposta ({words})",
        "Not sent: {words} (--again sends it)": "Não enviada: {words} (--again a envia)",
        "Not sent": "Não enviada",
        "will be sent again (--again)": "será enviada de novo (--again)",
        "will not be sent": "não será enviada",
        "row {row}: {earlier}; {what}": "linha {row}: {earlier}; {what}",
        "completing addresses from their CEPs": "completando os endereços pelos CEPs",
        "looking for rows sent before": "procurando linhas enviadas antes",
        "creating pre-postings": "criando pré-postagens",
        "stopped: {problem}": "interrompido: {problem}",
        "pre-posting created": "pré-postagem criada",
        "pre-postings created": "pré-postagens criadas",
        "row sent before, not sent (--again sends it)": "linha enviada antes, não enviada (--again a envia)",
        "rows sent before, not sent (--again sends them)": (
            "linhas enviadas antes, não enviadas (--again as envia)"
        ),
        "row refused": "linha recusada",
        "rows refused": "linhas recusadas",
        "row sent, answer unreadable": "linha enviada, resposta ilegível",
        "rows sent, answer unreadable": "linhas enviadas, resposta ilegível",
        "row sent, no answer": "linha enviada, sem resposta",
        "rows sent, no answer": "linhas enviadas, sem resposta",
        "row not sent": "linha não enviada",
        "rows not sent": "linhas não enviadas",
        " (exit status 1)": " (código de saída 1)",
        # price
        "delivery time (API {api}) is not enabled for this card": (
            "o prazo de entrega (API {api}) não está habilitado para este cartão"
        ),
        "international: no national delivery time": "internacional: sem prazo de entrega nacional",
        "no delivery time": "sem prazo de entrega",
        "no date: no answer": "sem data: sem resposta",
        "no date: {reason}": "sem data: {reason}",
        "row {row}: no date: {reason}": "linha {row}: sem data: {reason}",
        "note: {reason}: prices come without deadlines": "nota: {reason}: os preços vêm sem prazos",
        "delivery": "entrega",
        "unknown ({reason})": "desconhecida ({reason})",
        "no: pick up at a branch": "não: retirar numa agência",
        "arrives by {day}": "chega até {day}",
        "NO": "NÃO",
        "note: --peso: understood {weight}": "nota: --peso: entendido {weight}",
        "{option}: required for a roll (--formato rolo), in centimetres": (
            "{option}: obrigatório para um rolo (--formato rolo), em centímetros"
        ),
        "note: --valor-declarado: added {code}, the declared-value service of {product}": (
            "nota: --valor-declarado: adicionado {code}, o serviço de valor declarado de {product}"
        ),
        "final price": "preço final",
        "product price": "preço do produto",
        "base / band": "base / faixa",
        "additional kilos": "quilos adicionais",
        "combo variation": "variação do combo",
        "benefits": "benefícios",
        "additional services": "serviços adicionais",
        "{services} (total {total})": "{services} (total {total})",
        "charged weight": "peso cobrado",
        "cubic weight": "peso cúbico",
        "automatic insurance": "seguro automático",
        "ad valorem": "ad valorem",
        "extra fees": "taxas extras",
        "(declared value {low} to {high})": "(valor declarado de {low} a {high})",
        "not with {codes}": "não com {codes}",
        "{file}: every row has a problem; nothing was sent": (
            "{file}: toda linha tem problema; nada foi enviado"
        ),
        "note: rows of {product} with a declared value: added {code}, its declared-value service": (
            "nota: linhas de {product} com valor declarado: adicionado {code}, seu serviço de valor declarado"
        ),
        "... and {more} more rows without a date": "... e mais {more} linhas sem data",
        "row {row} (line {line})": "linha {row} (linha {line} do arquivo)",
        ", column {column}": ", coluna {column}",
        "... and {more} more": "... e mais {more}",
        "1 with a problem, line {lines}": "1 com problema, linha {lines}",
        "{skipped} with problems, lines {lines}": "{skipped} com problemas, linhas {lines}",
        "{sent} of {rows} sent; {problems}": "{sent} de {rows} enviadas; {problems}",
        "LATE": "ATRASA",
        # options (shared)
        " [y/N] ": " [s/N] ",
        "{option}: {path} is a folder; name the file to write": (
            "{option}: {path} é uma pasta; dê o nome do arquivo a gravar"
        ),
        "{option}: the folder {folder} does not exist": "{option}: a pasta {folder} não existe",
        "{option}: cannot write in the folder {folder} ({reason})": (
            "{option}: não é possível gravar na pasta {folder} ({reason})"
        ),
        "{option}: must be a whole number, {minimum} or more (got {value})": (
            "{option}: deve ser um número inteiro, {minimum} ou mais (veio {value})"
        ),
        "{option}: is too large, at most {most} digits (got {value})": (
            "{option}: é grande demais, no máximo {most} dígitos (veio {value})"
        ),
        "{option}: must be UTF-8 text (it has the byte {byte}, which is not)": (
            "{option}: deve ser texto UTF-8 (tem o byte {byte}, que não é)"
        ),
        # returns
        "return": "devolução",
        "returns": "devoluções",
        "authorization": "autorização",
        "authorizations": "autorizações",
        "customer": "cliente",
        "valid until": "válida até",
        "outbound": "objeto de ida",
        "About to cancel {returns}:": "Prestes a cancelar {returns}:",
        "{returns} written to {path}": "{returns} gravadas em {path}",
        "{one} written to {path}": "{one} gravada em {path}",
        "About to authorize a return from {customer} ({cep}) to {office} ({office_cep}):": (
            "Prestes a autorizar uma devolução de {customer} ({cep}) para {office} ({office_cep}):"
        ),
        "valid until {day}": "válida até {day}",
        "Send it?": "Enviar?",
        "Return authorized: {code} ({state})": "Devolução autorizada: {code} ({state})",
        "--recipient and --cep: the customer is needed (the office has no shipment of {code})": (
            "--recipient e --cep: o cliente é necessário (o escritório não tem remessa de {code})"
        ),
        "no default sender in the address book: it receives the return (nothing was sent)": (
            "nenhum remetente padrão no catálogo de endereços: é ele quem recebe a devolução "
            "(nada foi enviado)"
        ),
        "--days: at most {most} (got {days})": "--days: no máximo {most} (veio {days})",
        "ID: no return of this office has the id {ids} ('returns list' shows them; nothing was sent)": (
            "ID: nenhuma devolução deste escritório tem o id {ids} ('returns list' as mostra; "
            "nada foi enviado)"
        ),
    }
)
