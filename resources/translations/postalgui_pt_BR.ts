<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>About</name>
    <message>
        <source>the manager's charts: spending, where parcels go, what arrives late, money back and quotes</source>
        <translation>os gráficos do gerente: gastos, para onde vão os objetos, o que chega atrasado, dinheiro de volta e cotações</translation>
    </message>
    <message>
        <source>national and international price quotes and delivery dates, one at a time or in batches</source>
        <translation>cotações de preço e prazos nacionais e internacionais, uma a uma ou em lote</translation>
    </message>
    <message>
        <source>invoices, payment slips and their typed lines, analytic statements and tariff divergences</source>
        <translation>faturas, boletos e suas linhas digitáveis, extratos analíticos e divergências de tarifação</translation>
    </message>
    <message>
        <source>contracts, posting cards and their services, and the card used for quoting</source>
        <translation>contratos, cartões de postagem e seus serviços, e o cartão usado nas cotações</translation>
    </message>
    <message>
        <source>the operator&apos;s branches: search, opening hours and a map</source>
        <translation>as agências do operador: busca, horários de funcionamento e mapa</translation>
    </message>
    <message>
        <source>counter attendances of the registration system: the partner server, its ledger and reconciliation</source>
        <translation>atendimentos de balcão do sistema de registro: o servidor do parceiro, seu livro de registros e a conciliação</translation>
    </message>
    <message>
        <source>the environment, the login and the token in use</source>
        <translation>o ambiente, o login e o token em uso</translation>
    </message>
    <message>
        <source>&lt;h3&gt;PostalGUI %1&lt;/h3&gt;&lt;p&gt;Works with the Correios business APIs. A built-in sandbox with demo data works without an account.&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Log file: %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PostalGUI %1&lt;/h3&gt;&lt;p&gt;Trabalha com as APIs empresariais dos Correios. Um sandbox embutido com dados de demonstração funciona sem conta.&lt;/p&gt;&lt;ul&gt;%2&lt;/ul&gt;&lt;p&gt;Arquivo de log: %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About PostalGUI</source>
        <translation>Sobre o PostalGUI</translation>
    </message>
    <message>
        <source>every object the office follows, refreshed in the background, with the late ones flagged</source>
        <translation>todos os objetos que o escritório acompanha, atualizados em segundo plano, com os atrasados em destaque</translation>
    </message>
    <message>
        <source>compensation for late and lost parcels: the candidates, filing and following the claims</source>
        <translation>indenização por encomendas atrasadas e extraviadas: os candidatos, o registro e o acompanhamento das reclamações</translation>
    </message>
    <message>
        <source>pre-postings, the address book, and the labels, declarations and posting lists printed here</source>
        <translation>pré-postagens, o catálogo de endereços e as etiquetas, declarações e listas de postagem impressas aqui</translation>
    </message>
</context>
<context>
    <name>AccountStatus</name>
    <message>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <source>Login</source>
        <translation>Login</translation>
    </message>
    <message>
        <source>Token not checked yet</source>
        <translation>Token ainda não verificado</translation>
    </message>
    <message>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <source>No login set</source>
        <translation>Nenhum login definido</translation>
    </message>
    <message>
        <source>%1 (this session)</source>
        <translation>%1 (só nesta sessão)</translation>
    </message>
    <message>
        <source>No usable system keyring: credentials are kept for this session only. The sandbox&apos;s demo login needs none.</source>
        <translation>Nenhum chaveiro do sistema utilizável: as credenciais ficam guardadas só nesta sessão. O login de demonstração do sandbox não precisa de chaveiro.</translation>
    </message>
    <message>
        <source>Getting token…</source>
        <translation>Obtendo token…</translation>
    </message>
    <message>
        <source>Token valid (no expiry given)</source>
        <translation>Token válido (sem validade informada)</translation>
    </message>
</context>
<context>
    <name>AddressConflict</name>
    <message>
        <source>someone</source>
        <translation>alguém</translation>
    </message>
    <message>
        <source>The address “%1” was changed by %2 on %3 after you opened it.</source>
        <translation>O endereço “%1” foi alterado por %2 em %3 depois que você o abriu.</translation>
    </message>
    <message>
        <source>The address “%1” was deleted after you opened it.</source>
        <translation>O endereço “%1” foi excluído depois que você o abriu.</translation>
    </message>
    <message>
        <source>The address “%1” was deleted by %2 on %3 after you opened it.</source>
        <translation>O endereço “%1” foi excluído por %2 em %3 depois que você o abriu.</translation>
    </message>
</context>
<context>
    <name>AddressDialog</name>
    <message>
        <source>It was deleted on another desk meanwhile: Save keeps it as a new address.</source>
        <translation>Ele foi excluído em outra estação nesse meio-tempo: Salvar o mantém como um endereço novo.</translation>
    </message>
    <message>
        <source>Edit address</source>
        <translation>Editar endereço</translation>
    </message>
    <message>
        <source>New address</source>
        <translation>Novo endereço</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>Sender</source>
        <translation>Remetente</translation>
    </message>
    <message>
        <source>&amp;Logo…</source>
        <translation>L&amp;ogotipo…</translation>
    </message>
    <message>
        <source>The company&apos;s logo for the labels: a PNG or JPEG file</source>
        <translation>O logotipo da empresa para as etiquetas: um arquivo PNG ou JPEG</translation>
    </message>
    <message>
        <source>No logo</source>
        <translation>Sem logotipo</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Grupo:</translation>
    </message>
    <message>
        <source>Logo:</source>
        <translation>Logotipo:</translation>
    </message>
    <message>
        <source>Logo: %1 cannot be read (%2)</source>
        <translation>Logotipo: %1 não pode ser lido (%2)</translation>
    </message>
    <message>
        <source>Logo: %1 must be a PNG or JPEG image of at most 512 KB</source>
        <translation>Logotipo: %1 deve ser uma imagem PNG ou JPEG de no máximo 512 KB</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Choose the logo</source>
        <translation>Escolher o logotipo</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg)</source>
        <translation>Imagens (*.png *.jpg *.jpeg)</translation>
    </message>
    <message>
        <source>Default &amp;sender (orders files are sent from it)</source>
        <translation>Remetente pa&amp;drão (os arquivos de pedidos saem dele)</translation>
    </message>
</context>
<context>
    <name>AddressImportDialog</name>
    <message>
        <source>Import addresses from %1</source>
        <translation>Importar endereços de %1</translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation>Destinatários</translation>
    </message>
    <message>
        <source>Senders</source>
        <translation>Remetentes</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Linha</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Coluna</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>Stop; nothing is saved</source>
        <translation>Parar; nada é salvo</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importar</translation>
    </message>
    <message>
        <source>The rows are:</source>
        <translation>As linhas são:</translation>
    </message>
    <message>
        <source>Reading the file and looking its CEPs up…</source>
        <translation>Lendo o arquivo e consultando seus CEPs…</translation>
    </message>
    <message>
        <source>&amp;Import %1</source>
        <translation>&amp;Importar %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Stopped: nothing was imported.</source>
        <translation>Interrompido: nada foi importado.</translation>
    </message>
    <message>
        <source>Columns not read (not known): %1.</source>
        <translation>Colunas não lidas (desconhecidas): %1.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s): %1 ready to import, %2 with problems (listed below; not imported).</source>
        <translation>
            <numerusform>%Ln linha: %1 pronta para importar, %2 com problemas (listada abaixo; não importada).</numerusform>
            <numerusform>%Ln linhas: %1 prontas para importar, %2 com problemas (listadas abaixo; não importadas).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AddressModel</name>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>Street</source>
        <translation>Logradouro</translation>
    </message>
    <message>
        <source>District</source>
        <translation>Bairro</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Cidade</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Grupo</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>Sender (default)</source>
        <translation>Remetente (padrão)</translation>
    </message>
    <message>
        <source>Sender</source>
        <translation>Remetente</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <comment>city/state</comment>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>AddressPage</name>
    <message>
        <source>No addresses yet: add one with New, or many from a spreadsheet with Import.</source>
        <translation>Nenhum endereço ainda: crie um com Novo, ou muitos de uma planilha com Importar.</translation>
    </message>
    <message>
        <source>Address book</source>
        <translation>Catálogo de endereços</translation>
    </message>
    <message>
        <source>Senders and recipients</source>
        <translation>Remetentes e destinatários</translation>
    </message>
    <message>
        <source>Senders</source>
        <translation>Remetentes</translation>
    </message>
    <message>
        <source>Recipients</source>
        <translation>Destinatários</translation>
    </message>
    <message>
        <source>Every group</source>
        <translation>Todos os grupos</translation>
    </message>
    <message>
        <source>No group</source>
        <translation>Sem grupo</translation>
    </message>
    <message>
        <source>Search the address book</source>
        <translation>Buscar no catálogo de endereços</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>Exi&amp;bir:</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Grupo</translation>
    </message>
    <message>
        <source>Search name, city, CEP, e-mail, group</source>
        <translation>Buscar nome, cidade, CEP, e-mail, grupo</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Novo…</translation>
    </message>
    <message>
        <source>Add a sender or a recipient</source>
        <translation>Adicionar um remetente ou um destinatário</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>&amp;Editar…</translation>
    </message>
    <message>
        <source>Change the selected address (Enter)</source>
        <translation>Alterar o endereço selecionado (Enter)</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>E&amp;xcluir</translation>
    </message>
    <message>
        <source>Remove the selected addresses (Del)</source>
        <translation>Remover os endereços selecionados (Del)</translation>
    </message>
    <message>
        <source>Default &amp;sender</source>
        <translation>Re&amp;metente padrão</translation>
    </message>
    <message>
        <source>Orders files are sent from the selected sender</source>
        <translation>Os arquivos de pedidos saem do remetente selecionado</translation>
    </message>
    <message>
        <source>I&amp;mport…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <source>Add the addresses of a CSV or .xlsx file, its problems shown first</source>
        <translation>Adicionar os endereços de um arquivo CSV ou .xlsx, com seus problemas mostrados antes</translation>
    </message>
    <message>
        <source>The address book could not be read: %1</source>
        <translation>Não foi possível ler o catálogo de endereços: %1</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>%1 saved</source>
        <translation>%1 salvo</translation>
    </message>
    <message>
        <source>Delete %1 from the address book?</source>
        <translation>Excluir %1 do catálogo de endereços?</translation>
    </message>
    <message>
        <source>The addresses could not be deleted: %1</source>
        <translation>Não foi possível excluir os endereços: %1</translation>
    </message>
    <message>
        <source>The default sender could not be set: %1</source>
        <translation>Não foi possível definir o remetente padrão: %1</translation>
    </message>
    <message>
        <source>Delete addresses</source>
        <translation>Excluir endereços</translation>
    </message>
    <message>
        <source>Import addresses</source>
        <translation>Importar endereços</translation>
    </message>
    <message>
        <source>Tables (*.csv *.xlsx)</source>
        <translation>Tabelas (*.csv *.xlsx)</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln address(es) from the address book?</source>
        <translation>
            <numerusform>Excluir %Ln endereço do catálogo de endereços?</numerusform>
            <numerusform>Excluir %Ln endereços do catálogo de endereços?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln address(es) imported from %1</source>
        <translation>
            <numerusform>%Ln endereço importado de %1</numerusform>
            <numerusform>%Ln endereços importados de %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AddressPicker</name>
    <message>
        <source>The address book could not be read: %1</source>
        <translation>Não foi possível ler o catálogo de endereços: %1</translation>
    </message>
    <message>
        <source>Name, CPF/CNPJ, CEP or group</source>
        <translation>Nome, CPF/CNPJ, CEP ou grupo</translation>
    </message>
</context>
<context>
    <name>AnalyticItemsModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/analytic_view.py" line="+153"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Posting date</source>
        <translation>Data de postagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination CEP</source>
        <translation>CEP de destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit value</source>
        <translation>Valor unitário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount</source>
        <translation>Desconto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity</source>
        <translation>Quantidade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Net value</source>
        <translation>Valor líquido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Declared value</source>
        <translation>Valor declarado</translation>
    </message>
</context>
<context>
    <name>AnalyticView</name>
    <message>
        <source>%1-items</source>
        <translation>%1-itens</translation>
    </message>
    <message>
        <location line="+833"/>
        <source>Invoice</source>
        <translation>Fatura</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Invoice number:</source>
        <translation>Número da fatura:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Company:</source>
        <translation>Empresa:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contract:</source>
        <translation>Contrato:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status:</source>
        <translation>Situação:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due date:</source>
        <translation>Vencimento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closing date:</source>
        <translation>Fechamento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment date:</source>
        <translation>Data de pagamento:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost centre:</source>
        <translation>Centro de custo:</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>C&amp;ard:</source>
        <translation>&amp;Cartão:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ser&amp;vice:</source>
        <translation>Ser&amp;viço:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;From:</source>
        <translation>D&amp;e:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;To:</source>
        <translation>A&amp;té:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Label, CEP, document, date</source>
        <translation>Etiqueta, CEP, documento, data</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;earch:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Statement items</source>
        <translation>Itens do extrato</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Export &amp;spreadsheet…</source>
        <translation>Exportar &amp;planilha…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The items shown, with the filters applied, as an Excel workbook (.xlsx) or CSV</source>
        <translation>Os itens exibidos, com os filtros aplicados, como planilha do Excel (.xlsx) ou CSV</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Totals per service</source>
        <translation>Totais por serviço</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Invoice totals</source>
        <translation>Totais da fatura</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Items</source>
        <translation>&amp;Itens</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Totals per ser&amp;vice</source>
        <translation>Totais por se&amp;rviço</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice &amp;totals</source>
        <translation>T&amp;otais da fatura</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open an analytic statement to see its items.</source>
        <translation>Abra um extrato analítico para ver os itens.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Reading %1…</source>
        <translation>Lendo %1…</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Export items</source>
        <translation>Exportar itens</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1, DR %2</source>
        <translation>%1, DR %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>All cards</source>
        <translation>Todos os cartões</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>All services</source>
        <translation>Todos os serviços</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 items · net %2</source>
        <translation>%1 itens · valor líquido %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2 items · net %3</source>
        <translation>%1 de %2 itens · valor líquido %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+9"/>
        <source>Quantity</source>
        <translation>Quantidade</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Service value</source>
        <translation>Valor do serviço</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount</source>
        <translation>Desconto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Net (service totals)</source>
        <translation>Líquido (totais por serviço)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Net (sum of items)</source>
        <translation>Líquido (soma dos itens)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>Diferença</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Description</source>
        <translation>Descrição</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Items %1 · services %2 · invoice total %3 · difference %4</source>
        <translation>Itens %1 · serviços %2 · total da fatura %3 · diferença %4</translation>
    </message>
    <message>
        <source>Items %1 · services %2 · other invoice rows %3 · invoice total %4 · difference %5</source>
        <translation>Itens %1 · serviços %2 · demais linhas da fatura %3 · total da fatura %4 · diferença %5</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>service %1: items %2</source>
        <translation>serviço %1: itens %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the file names no invoice total</source>
        <translation>o arquivo não informa o total da fatura</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>items against the invoice total: %1</source>
        <translation>itens em relação ao total da fatura: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>service totals against the invoice total: %1</source>
        <translation>totais por serviço em relação ao total da fatura: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 — differences: %2</source>
        <translation>%1 — diferenças: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The statement adds up</source>
        <translation>Os totais do extrato conferem</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The statement does not add up</source>
        <translation>Os totais do extrato não conferem</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 is not a readable analytic statement: line %2: %3</source>
        <translation>%1 não é um extrato analítico válido: linha %2: %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is not a readable analytic statement: %2</source>
        <translation>%1 não é um extrato analítico válido: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not open %1: %2</source>
        <translation>Não foi possível abrir %1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not read %1: %2</source>
        <translation>Não foi possível ler %1: %2</translation>
    </message>
</context>
<context>
    <name>AttendanceTab</name>
    <message>
        <source>Attendances</source>
        <translation>Atendimentos</translation>
    </message>
    <message>
        <source>&amp;Server and counter</source>
        <translation>Servidor e &amp;balcão</translation>
    </message>
    <message>
        <source>Registration (&amp;model 2)</source>
        <translation>Registro (&amp;modelo 2)</translation>
    </message>
    <message>
        <source>Reco&amp;nciliation</source>
        <translation>Conci&amp;liação</translation>
    </message>
</context>
<context>
    <name>AttendanceWords</name>
    <message>
        <source>Confirmed</source>
        <translation>Confirmado</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Estornado</translation>
    </message>
    <message>
        <source>Still pending</source>
        <translation>Ainda pendentes</translation>
    </message>
    <message>
        <source>In the ledger, unknown to the operator</source>
        <translation>No livro, desconhecidos do Operador</translation>
    </message>
    <message>
        <source>Known to the operator, missing from the ledger</source>
        <translation>Do Operador, ausentes do livro</translation>
    </message>
    <message>
        <source>Amount differences</source>
        <translation>Diferenças de valor</translation>
    </message>
    <message>
        <source>Flagged (contradicting confirmations)</source>
        <translation>Sinalizados (confirmações contraditórias)</translation>
    </message>
    <message>
        <source>Basic (user and password)</source>
        <translation>Basic (usuário e senha)</translation>
    </message>
    <message>
        <source>OAuth 2.0 bearer token</source>
        <translation>Token OAuth 2.0 (Bearer)</translation>
    </message>
    <message>
        <source>Basic or OAuth 2.0 bearer token</source>
        <translation>Basic ou token OAuth 2.0 (Bearer)</translation>
    </message>
    <message>
        <source>Confirmed (00)</source>
        <translation>Confirmado (00)</translation>
    </message>
    <message>
        <source>Not confirmed (99)</source>
        <translation>Não confirmado (99)</translation>
    </message>
</context>
<context>
    <name>BatchPanel</name>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Executar</translation>
    </message>
    <message>
        <source>Price every row of the file (Ctrl+Enter)</source>
        <translation>Cotar todas as linhas do arquivo (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Open CSV</source>
        <translation>Abrir CSV</translation>
    </message>
    <message>
        <source>Run batch</source>
        <translation>Executar lote</translation>
    </message>
    <message>
        <source>Cancel batch</source>
        <translation>Cancelar lote</translation>
    </message>
</context>
<context>
    <name>BatchFileRow</name>
    <message>
        <source>&amp;Open CSV…</source>
        <translation>A&amp;brir CSV…</translation>
    </message>
    <message>
        <source>Open a batch file (Ctrl+O)</source>
        <translation>Abrir um arquivo de lote (Ctrl+O)</translation>
    </message>
    <message>
        <source>Open a CSV file with one product to price per row. Column titles are the operator&apos;s parameter names (coProduto, cepOrigem, cepDestino, psObjeto…) or their Portuguese titles (Produto, CEP de origem, Peso (g)…).</source>
        <translation>Abra um arquivo CSV com um produto a cotar por linha. Os títulos das colunas são os nomes dos parâmetros dos Correios (coProduto, cepOrigem, cepDestino, psObjeto…) ou os títulos equivalentes em português (Produto, CEP de origem, Peso (g)…).</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>Lendo %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n quote(s) from the history</source>
        <translation>
            <numerusform>%n cotação do histórico</numerusform>
            <numerusform>%n cotações do histórico</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) to send</source>
        <translation>
            <numerusform>%n linha a enviar</numerusform>
            <numerusform>%n linhas a enviar</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>These columns were not understood and are ignored: %1</source>
        <translation>Estas colunas não foram reconhecidas e serão ignoradas: %1</translation>
    </message>
    <message>
        <source>Declared values are priced with each product&apos;s own declared-value service: %1</source>
        <translation>Os valores declarados são cotados com o serviço de valor declarado de cada produto: %1</translation>
    </message>
    <message>
        <source>%1 could not be used.</source>
        <translation>Não foi possível usar %1.</translation>
    </message>
    <message>
        <source>The file is empty.</source>
        <translation>O arquivo está vazio.</translation>
    </message>
    <message>
        <source>The file has a header but no data rows.</source>
        <translation>O arquivo tem cabeçalho, mas nenhuma linha de dados.</translation>
    </message>
    <message>
        <source>No product column: the header needs coProduto (or Produto).</source>
        <translation>Falta a coluna do produto: o cabeçalho precisa ter coProduto (ou Produto).</translation>
    </message>
    <message>
        <source>Columns &apos;%1&apos; and &apos;%2&apos; both mean %3; keep one.</source>
        <translation>As colunas &apos;%1&apos; e &apos;%2&apos; indicam o mesmo dado (%3); mantenha apenas uma.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Não foi possível ler %1: %2</translation>
    </message>
    <message>
        <source>Open batch file</source>
        <translation>Abrir arquivo de lote</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Arquivos CSV (*.csv *.txt);;Todos os arquivos (*)</translation>
    </message>
</context>
<context>
    <name>BatchProblemsView</name>
    <message>
        <source>Problems in the file</source>
        <translation>Problemas no arquivo</translation>
    </message>
    <message>
        <source>1 row has a problem and is skipped; the other rows are sent.</source>
        <translation>1 linha tem problema e fica de fora; as outras linhas são enviadas.</translation>
    </message>
    <message>
        <source>%1 rows have problems and are skipped; the other rows are sent.</source>
        <translation>%1 linhas têm problemas e ficam de fora; as outras linhas são enviadas.</translation>
    </message>
    <message>
        <source>Row %1 (line %2), column %3: %4</source>
        <translation>Linha %1 (linha %2 do arquivo), coluna %3: %4</translation>
    </message>
    <message>
        <source>Row %1 (line %2): %3</source>
        <translation>Linha %1 (linha %2 do arquivo): %3</translation>
    </message>
    <message>
        <source>1 with a problem, line %1</source>
        <translation>1 com problema, linha %1 do arquivo</translation>
    </message>
    <message>
        <source>%1 with problems, lines %2</source>
        <translation>%1 com problemas, linhas %2 do arquivo</translation>
    </message>
    <message>
        <source>%1 of %2 rows sent; %3</source>
        <translation>%1 de %2 linhas enviadas; %3</translation>
    </message>
    <message>
        <source>%1 of %2 rows to send; %3</source>
        <translation>%1 de %2 linhas a enviar; %3</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Linha %1, coluna %2: %3</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>Linha %1: %2</translation>
    </message>
    <message>
        <source>Required for pricing</source>
        <translation>Obrigatório para a cotação</translation>
    </message>
    <message>
        <source>The row has more cells than the header (check the delimiter and quotes).</source>
        <translation>A linha tem mais células que o cabeçalho (verifique o delimitador e as aspas).</translation>
    </message>
    <message>
        <source>Product %1 has no declared-value service, so the declared value cannot be priced.</source>
        <translation>O produto %1 não tem serviço de valor declarado; o valor declarado não pode ser cotado.</translation>
    </message>
    <message>
        <source>Product %1 does not offer additional service %2.</source>
        <translation>O produto %1 não oferece o serviço adicional %2.</translation>
    </message>
    <message>
        <source>Declared value %1 is outside the limits of product %2 (%3 to %4).</source>
        <translation>O valor declarado de %1 está fora dos limites do produto %2 (de %3 a %4).</translation>
    </message>
</context>
<context>
    <name>BatchResultsView</name>
    <message>
        <source>Filter by product, destination or error</source>
        <translation>Filtrar por produto, destino ou erro</translation>
    </message>
    <message>
        <source>F&amp;ilter:</source>
        <translation>&amp;Filtrar:</translation>
    </message>
    <message>
        <source>All quotes</source>
        <translation>Todas as cotações</translation>
    </message>
    <message>
        <source>Quoted</source>
        <translation>Cotadas</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Com falha</translation>
    </message>
    <message>
        <source>Sho&amp;w:</source>
        <translation>&amp;Mostrar:</translation>
    </message>
    <message>
        <source>Export &amp;spreadsheet…</source>
        <translation>Exportar &amp;planilha…</translation>
    </message>
    <message>
        <source>The results shown, as an Excel workbook (.xlsx) or CSV</source>
        <translation>Os resultados exibidos, como planilha do Excel (.xlsx) ou CSV</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>Exportar &amp;PDF…</translation>
    </message>
    <message>
        <source>Batch results</source>
        <translation>Resultados do lote</translation>
    </message>
</context>
<context>
    <name>BatchRunRow</name>
    <message>
        <source>%v of %m</source>
        <translation>%v de %m</translation>
    </message>
    <message>
        <source>Batch progress</source>
        <translation>Progresso do lote</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Ca&amp;ncelar</translation>
    </message>
    <message>
        <source>Stop sending the batch (Esc)</source>
        <translation>Interromper o envio do lote (Esc)</translation>
    </message>
    <message>
        <source>The batch stopped: %1</source>
        <translation>O lote foi interrompido: %1</translation>
    </message>
    <message>
        <source>Sending…</source>
        <translation>Enviando…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
    <message>
        <source>Delivery time is not enabled for this card: prices are shown without deadlines.</source>
        <translation>O prazo de entrega não está habilitado para este cartão: os preços aparecem sem prazos.</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2</source>
        <translation>Cancelado após %1 de %2</translation>
    </message>
    <message>
        <source>Stopped after %1 of %2</source>
        <translation>Interrompido após %1 de %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln quoted</source>
        <translation>
            <numerusform>%Ln cotada</numerusform>
            <numerusform>%Ln cotadas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln failed</source>
        <translation>
            <numerusform>%Ln com falha</numerusform>
            <numerusform>%Ln com falha</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 in %3 s</source>
        <translation>%1, %2 em %3 s</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>BranchBox</name>
    <message>
        <source>Waiting for pickup at</source>
        <translation>Aguardando retirada em</translation>
    </message>
    <message>
        <source>Pick up by %1</source>
        <translation>Retirar até %1</translation>
    </message>
    <message>
        <source>%1 (unit %2)</source>
        <translation>%1 (unidade %2)</translation>
    </message>
    <message>
        <source>Today: open 24 hours</source>
        <translation>Hoje: aberta 24 horas</translation>
    </message>
    <message>
        <source>Today: closed</source>
        <translation>Hoje: fechada</translation>
    </message>
    <message>
        <source>Today: %1 to %2 (lunch %3 to %4)</source>
        <translation>Hoje: das %1 às %2 (almoço das %3 às %4)</translation>
    </message>
    <message>
        <source>Today: %1 to %2</source>
        <translation>Hoje: das %1 às %2</translation>
    </message>
</context>
<context>
    <name>BreakdownView</name>
    <message>
        <location filename="../../postalgui/gui/tabs/price/breakdown_view.py" line="+90"/>
        <source>Step</source>
        <translation>Etapa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detail</source>
        <translation>Detalhe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Price breakdown</source>
        <translation>Composição do preço</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Copy breakdown</source>
        <translation>&amp;Copiar composição</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No quote selected</source>
        <translation>Nenhuma cotação selecionada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a quote to see how its price is made.</source>
        <translation>Selecione uma cotação para ver como o preço é composto.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>from %1</source>
        <translation>de %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>to %1</source>
        <translation>para %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 cm</source>
        <translation>%1 cm</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 cm long, %2 cm diameter</source>
        <translation>%1 cm de comprimento, %2 cm de diâmetro</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>services %1</source>
        <translation>serviços %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>declared %1</source>
        <translation>valor declarado %1</translation>
    </message>
    <message>
        <source>declared %1, not priced (no declared-value service)</source>
        <translation>valor declarado %1, não cotado (sem serviço de valor declarado)</translation>
    </message>
</context>
<context>
    <name>CardDetail</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/card_detail.py" line="+53"/>
        <source>Posting card</source>
        <translation>Cartão de postagem</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Use this card for quoting</source>
        <translation>Usar &amp;este cartão nas cotações</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Card:</source>
        <translation>Cartão:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Holder CNPJ:</source>
        <translation>CNPJ do titular:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity:</source>
        <translation>Vigência:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status:</source>
        <translation>Situação:</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Loading the services of card %1…</source>
        <translation>Carregando os serviços do cartão %1…</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Select a posting card first</source>
        <translation>Selecione primeiro um cartão de postagem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only an active card of an active contract can be used for quoting</source>
        <translation>Somente um cartão ativo de um contrato ativo pode ser usado nas cotações</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Make this card (with its contract and DR) the one PostalGUI quotes with; the Prices tab then compares the card&apos;s services</source>
        <translation>Fazer deste cartão (com seu contrato e DR) o cartão usado pelo PostalGUI nas cotações; a aba Preços passa a comparar os serviços do cartão</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The card&apos;s services could not be loaded: %1</source>
        <translation>Não foi possível carregar os serviços do cartão: %1</translation>
    </message>
</context>
<context>
    <name>CardModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/card_model.py" line="+76"/>
        <source>Card</source>
        <translation>Cartão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Holder CNPJ</source>
        <translation>CNPJ do titular</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valid from</source>
        <translation>Início da vigência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valid until</source>
        <translation>Fim da vigência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>The card PostalGUI quotes with</source>
        <translation>Cartão usado pelo PostalGUI nas cotações</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Card holder: %1</source>
        <translation>Titular do cartão: %1</translation>
    </message>
</context>
<context>
    <name>CardQuoting</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/quoting.py" line="+110"/>
        <source>Reading the services of card %1…</source>
        <translation>Lendo os serviços do cartão %1…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Getting a token for the card…</source>
        <translation>Obtendo um token para o cartão…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The settings could not be saved: %1</source>
        <translation>Não foi possível salvar as configurações: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>the Prices tab now compares its %n product(s).</source>
        <translation>
            <numerusform>a aba Preços agora compara %n produto do cartão.</numerusform>
            <numerusform>a aba Preços agora compara os %n produtos do cartão.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the card lists no services, so the Prices tab keeps its products.</source>
        <translation>o cartão não informa serviços, por isso a aba Preços mantém seus produtos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card %1 of contract %2 is now used for quoting; %3</source>
        <translation>O cartão %1 do contrato %2 agora é usado nas cotações; %3</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Card %1 was saved in the settings, but an environment variable sets another card for this session.</source>
        <translation>O cartão %1 foi salvo nas configurações, mas uma variável de ambiente define outro cartão para esta sessão.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Renewing the token…</source>
        <translation>Renovando o token…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Card %1 was not set for quoting: its services could not be read. %2</source>
        <translation>O cartão %1 não foi definido para as cotações: não foi possível ler seus serviços. %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>unknown</source>
        <translation>data desconhecida</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Token renewed for the card (valid until %1).</source>
        <translation>Token renovado para o cartão (válido até %1).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The card is set for quoting, but a token for it could not be obtained: %1</source>
        <translation>O cartão foi definido para as cotações, mas não foi possível obter um token para ele: %1</translation>
    </message>
</context>
<context>
    <name>CardsPage</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/cards_page.py" line="+63"/>
        <source>Posting cards</source>
        <translation>Cartões de postagem</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>All statuses</source>
        <translation>Todas as situações</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Card status filter</source>
        <translation>Filtro de situação do cartão</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card st&amp;atus:</source>
        <translation>Situação d&amp;o cartão:</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>The cards could not be loaded.</source>
        <translation>Não foi possível carregar os cartões.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+32"/>
        <source>Loading cards…</source>
        <translation>Carregando cartões…</translation>
    </message>
    <message>
        <location line="-28"/>
        <source>%1 of %2 cards (scroll for more)</source>
        <translation>%1 de %2 cartões (role para ver mais)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n cartão</numerusform>
            <numerusform>%n cartões</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The cards could not be loaded: %1</source>
        <translation>Não foi possível carregar os cartões: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Retry</source>
        <translation>Tentar novamente</translation>
    </message>
</context>
<context>
    <name>CompanyPage</name>
    <message>
        <source>Company CNPJ</source>
        <translation>CNPJ da empresa</translation>
    </message>
    <message>
        <source>Contract number</source>
        <translation>Número do contrato</translation>
    </message>
    <message>
        <source>Posting card number</source>
        <translation>Número do cartão de postagem</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Nenhuma</translation>
    </message>
    <message>
        <source>Regional office (DR)</source>
        <translation>Diretoria Regional (DR)</translation>
    </message>
    <message>
        <source>Regional office (DR) of the contract; None when not needed</source>
        <translation>Diretoria Regional (DR) do contrato; Nenhuma quando não for necessária</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>Empresa</translation>
    </message>
    <message>
        <source>Company C&amp;NPJ:</source>
        <translation>C&amp;NPJ da empresa:</translation>
    </message>
    <message>
        <source>C&amp;ontract:</source>
        <translation>C&amp;ontrato:</translation>
    </message>
    <message>
        <source>&amp;Posting card:</source>
        <translation>Cartão de &amp;postagem:</translation>
    </message>
    <message>
        <source>D&amp;R:</source>
        <translation>D&amp;R:</translation>
    </message>
</context>
<context>
    <name>ConnectionController</name>
    <message>
        <source>No usable system keyring was found, so your login, access code and tokens are kept for this session only: you will have to enter them again after a restart. To keep them, install or unlock a keyring service (GNOME Keyring or KWallet on Linux; Windows Credential Manager and the macOS Keychain are built in) and restart PostalGUI.</source>
        <translation>Nenhum chaveiro do sistema utilizável foi encontrado, por isso seu login, código de acesso e tokens ficam guardados só nesta sessão: será preciso informá-los de novo depois de reiniciar. Para mantê-los, instale ou desbloqueie um serviço de chaveiro (GNOME Keyring ou KWallet no Linux; o Gerenciador de Credenciais do Windows e o Keychain do macOS já vêm com o sistema) e reinicie o PostalGUI.</translation>
    </message>
    <message>
        <source>Could not get a token: %1</source>
        <translation>Não foi possível obter um token: %1</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>Abrir configurações</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>Tentar novamente</translation>
    </message>
</context>
<context>
    <name>ConnectionOverview</name>
    <message>
        <location filename="../../postalgui/gui/connection_overview.py" line="+55"/>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The environment and company account PostalGUI uses to talk to the Correios APIs.</source>
        <translation>O ambiente e a conta da empresa que o PostalGUI usa para se comunicar com as APIs dos Correios.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Account</source>
        <translation>Conta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Environment:</source>
        <translation>Ambiente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API address:</source>
        <translation>Endereço da API:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login:</source>
        <translation>Login:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Company CNPJ:</source>
        <translation>CNPJ da empresa:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contract:</source>
        <translation>Contrato:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Posting card:</source>
        <translation>Cartão de postagem:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DR:</source>
        <translation>DR:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>State:</source>
        <translation>Situação:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Issued for:</source>
        <translation>Emitido para:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valid until:</source>
        <translation>Válido até:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>APIs enabled:</source>
        <translation>APIs habilitadas:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Settings…</source>
        <translation>Configurações…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Renew token</source>
        <translation>Renovar token</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Built-in sandbox on this computer</source>
        <translation>Sandbox embutido neste computador</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+4"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>Not set</source>
        <translation>Não definido</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Not checked yet</source>
        <translation>Ainda não verificado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Getting token…</source>
        <translation>Obtendo token…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Delegated access key in use</source>
        <translation>Chave de acesso delegada em uso</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Valid</source>
        <translation>Válido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unknown (delegated keys do not list them)</source>
        <translation>Desconhecidas (chaves delegadas não as informam)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not available: %1</source>
        <translation>Indisponível: %1</translation>
    </message>
</context>
<context>
    <name>ConnectionPage</name>
    <message>
        <source>API base URL</source>
        <translation>URL base da API</translation>
    </message>
    <message>
        <source>Login and &amp;API access code</source>
        <translation>Lo&amp;gin e código de acesso à API</translation>
    </message>
    <message>
        <source>&amp;Delegated access key</source>
        <translation>Chave de acesso &amp;delegada</translation>
    </message>
    <message>
        <source>Login</source>
        <translation>Login</translation>
    </message>
    <message>
        <source>API access code</source>
        <translation>Código de acesso à API</translation>
    </message>
    <message>
        <source>Show or hide the access code</source>
        <translation>Mostrar ou ocultar o código de acesso</translation>
    </message>
    <message>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <source>Show or hide the delegated access key</source>
        <translation>Mostrar ou ocultar a chave de acesso delegada</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Ambiente:</translation>
    </message>
    <message>
        <source>API base &amp;URL:</source>
        <translation>&amp;URL base da API:</translation>
    </message>
    <message>
        <source>Authentication:</source>
        <translation>Autenticação:</translation>
    </message>
    <message>
        <source>&amp;Login:</source>
        <translation>&amp;Login:</translation>
    </message>
    <message>
        <source>Access &amp;code:</source>
        <translation>&amp;Código de acesso:</translation>
    </message>
    <message>
        <source>Delegated ke&amp;y:</source>
        <translation>C&amp;have delegada:</translation>
    </message>
    <message>
        <source>%1 (built-in demo)</source>
        <translation>%1 (demonstração embutida)</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
    <message>
        <source>API base URL: enter the address of the API, e.g. https://api.example.com</source>
        <translation>URL base da API: informe o endereço da API, por exemplo https://api.exemplo.com.br</translation>
    </message>
    <message>
        <source>API base URL: must start with http:// or https://</source>
        <translation>URL base da API: deve começar com http:// ou https://</translation>
    </message>
</context>
<context>
    <name>ConnectionTestPanel</name>
    <message>
        <source>Test connection</source>
        <translation>Testar conexão</translation>
    </message>
    <message>
        <source>Gets a token with the values on the left, without saving them, and shows what the server says.</source>
        <translation>Obtém um token com os valores à esquerda, sem salvá-los, e mostra o que o servidor responde.</translation>
    </message>
    <message>
        <source>&amp;Test connection</source>
        <translation>&amp;Testar conexão</translation>
    </message>
    <message>
        <source>Connection test result</source>
        <translation>Resultado do teste de conexão</translation>
    </message>
    <message>
        <source>No test run yet.</source>
        <translation>Nenhum teste feito ainda.</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Testando…</translation>
    </message>
    <message>
        <source>Asking the token service…</source>
        <translation>Consultando o serviço de tokens…</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>Ambiente:</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>Perfil:</translation>
    </message>
    <message>
        <source>Company CNPJ:</source>
        <translation>CNPJ da empresa:</translation>
    </message>
    <message>
        <source>Login:</source>
        <translation>Login:</translation>
    </message>
    <message>
        <source>Issued for:</source>
        <translation>Emitido para:</translation>
    </message>
    <message>
        <source>Valid until:</source>
        <translation>Válido até:</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
    <message>
        <source>APIs enabled:</source>
        <translation>APIs habilitadas:</translation>
    </message>
    <message>
        <source>Server:</source>
        <translation>Servidor:</translation>
    </message>
    <message>
        <source>Connected: the token service accepted these settings.</source>
        <translation>Conectado: o serviço de tokens aceitou estas configurações.</translation>
    </message>
    <message>
        <source>Connection failed</source>
        <translation>Falha na conexão</translation>
    </message>
</context>
<context>
    <name>ContactCard</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/contacts_view.py" line="+38"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>Cargo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mobile</source>
        <translation>Celular</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy this contact as text</source>
        <translation>Copiar este contato como texto</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Copy contact</source>
        <translation>Copiar contato</translation>
    </message>
</context>
<context>
    <name>ContactsView</name>
    <message>
        <location line="+49"/>
        <source>The contacts could not be loaded: %1</source>
        <translation>Não foi possível carregar os contatos: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The operator lists no contacts here.</source>
        <translation>Os Correios não informam contatos aqui.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
</context>
<context>
    <name>ContractDetailPage</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/detail_page.py" line="+79"/>
        <source>Management contacts (the operator&apos;s account managers)</source>
        <translation>Contatos de gerência (os gerentes de conta dos Correios)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Administration contacts (the company&apos;s contract administrators)</source>
        <translation>Contatos de acompanhamento (os administradores do contrato na empresa)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>DR:</source>
        <translation>DR:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validity:</source>
        <translation>Vigência:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status:</source>
        <translation>Situação:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Combo:</source>
        <translation>Combo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Category:</source>
        <translation>Categoria:</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Loading contract %1…</source>
        <translation>Carregando o contrato %1…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Select a contract</source>
        <translation>Selecione um contrato</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Contract %1</source>
        <translation>Contrato %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Its cards cannot be used for quoting while the contract is not active.</source>
        <translation>Seus cartões não podem ser usados nas cotações enquanto o contrato não estiver ativo.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not be loaded: %1</source>
        <translation>Não foi possível carregar: %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The contract&apos;s details could not be loaded: %1</source>
        <translation>Não foi possível carregar os detalhes do contrato: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Contact copied to the clipboard (%1).</source>
        <translation>Contato copiado para a área de transferência (%1).</translation>
    </message>
</context>
<context>
    <name>ContractListPage</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/list_page.py" line="+73"/>
        <source>Contracts</source>
        <translation>Contratos</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>All statuses</source>
        <translation>Todas as situações</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Contract status filter</source>
        <translation>Filtro de situação do contrato</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Valid today only</source>
        <translation>Somente &amp;vigentes hoje</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Only contracts whose validity includes today</source>
        <translation>Somente contratos cuja vigência inclui o dia de hoje</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Refresh</source>
        <translation>Atua&amp;lizar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;tatus:</source>
        <translation>Si&amp;tuação:</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Loading contracts…</source>
        <translation>Carregando contratos…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>No contracts match the filter.</source>
        <translation>Nenhum contrato corresponde ao filtro.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n contract(s)</source>
        <translation>
            <numerusform>%n contrato</numerusform>
            <numerusform>%n contratos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n expiring within 30 days</source>
        <translation>
            <numerusform>%n vence em até 30 dias</numerusform>
            <numerusform>%n vencem em até 30 dias</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>The contracts could not be loaded.</source>
        <translation>Não foi possível carregar os contratos.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The contracts could not be loaded: %1</source>
        <translation>Não foi possível carregar os contratos: %1</translation>
    </message>
    <message>
        <source>No contract is set.</source>
        <translation>Nenhum contrato configurado.</translation>
    </message>
    <message>
        <source>The contract service is authorized by a contract token: enter the contract number in Settings (Contract), then Refresh.</source>
        <translation>O serviço de contratos é autorizado por um token de contrato: informe o número do contrato nas Configurações (Contrato) e clique em Atualizar.</translation>
    </message>
</context>
<context>
    <name>ContractModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/contract_model.py" line="+67"/>
        <location line="+11"/>
        <source>usable normally</source>
        <translation>em uso normal</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>suspended; can be reactivated</source>
        <translation>suspenso; pode ser reativado</translation>
    </message>
    <message>
        <location line="-10"/>
        <location line="+11"/>
        <source>cancelled; cannot be reactivated</source>
        <translation>cancelado; não pode ser reativado</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>being created, not yet active</source>
        <translation>em implantação, ainda não ativo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>irregular; the operator must be consulted</source>
        <translation>irregular; é preciso consultar os Correios</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not stated</source>
        <translation>Não informada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (a status PostalGUI does not know)</source>
        <translation>%1 (situação desconhecida pelo PostalGUI)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Expired</source>
        <translation>Vencido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expires today</source>
        <translation>Vence hoje</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expires tomorrow</source>
        <translation>Vence amanhã</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expires in %1 days</source>
        <translation>Vence em %1 dias</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Contract</source>
        <translation>Contrato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DR</source>
        <translation>DR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valid from</source>
        <translation>Início da vigência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valid until</source>
        <translation>Fim da vigência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention</source>
        <translation>Atenção</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Not active</source>
        <translation>Não ativo</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Valid until %1</source>
        <translation>Fim da vigência em %1</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Ativo</translation>
    </message>
    <message>
        <source>Suspended</source>
        <translation>Suspenso</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>In development</source>
        <translation>Em desenvolvimento</translation>
    </message>
    <message>
        <source>Irregular</source>
        <translation>Irregular</translation>
    </message>
    <message>
        <source>%1 (operator's code %2)</source>
        <translation>%1 (código dos Correios %2)</translation>
    </message>
</context>
<context>
    <name>ContractsTab</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/tab.py" line="+67"/>
        <source>Contracts and cards</source>
        <translation>Contratos e cartões</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Details</source>
        <translation>&amp;Detalhes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Services</source>
        <translation>&amp;Serviços</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;ards</source>
        <translation>Ca&amp;rtões</translation>
    </message>
    <message>
        <location line="+126"/>
        <source>Quoting with card %1 of contract %2 (DR %3).</source>
        <translation>As cotações usam o cartão %1 do contrato %2 (DR %3).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No posting card is set for quoting: pick an active card and use it for quoting.</source>
        <translation>Nenhum cartão de postagem definido para as cotações: escolha um cartão ativo e use-o nas cotações.</translation>
    </message>
</context>
<context>
    <name>CounterPanel</name>
    <message>
        <source>Simulated counter (sandbox)</source>
        <translation>Balcão simulado (sandbox)</translation>
    </message>
    <message>
        <source>Typed line of the bill to pay</source>
        <translation>Linha digitável da conta a pagar</translation>
    </message>
    <message>
        <source>T&amp;yped line (model 1 form):</source>
        <translation>Lin&amp;ha digitável (formulário do modelo 1):</translation>
    </message>
    <message>
        <source>Start attendance (model &amp;1)</source>
        <translation>Iniciar atendimento (modelo &amp;1)</translation>
    </message>
    <message>
        <source>Start attendance (model &amp;2)</source>
        <translation>Iniciar atendimento (modelo &amp;2)</translation>
    </message>
    <message>
        <source>The counter hands out the partner URL; it goes to the model 2 form</source>
        <translation>O balcão entrega o endereço do parceiro; ele vai para o formulário do modelo 2</translation>
    </message>
    <message>
        <source>Concl&amp;ude</source>
        <translation>Finali&amp;zar</translation>
    </message>
    <message>
        <source>Cance&amp;l attendance</source>
        <translation>Cancelar ate&amp;ndimento</translation>
    </message>
    <message>
        <source>Re&amp;verse</source>
        <translation>&amp;Estornar</translation>
    </message>
    <message>
        <source>send callback</source>
        <translation>enviar confirmação</translation>
    </message>
    <message>
        <source>Unchecked: the counter stays silent and only reconciliation finds out</source>
        <translation>Desmarcado: o balcão não avisa e só a conciliação descobre</translation>
    </message>
    <message>
        <source>The counter could not start the attendance: %1</source>
        <translation>O balcão não conseguiu iniciar o atendimento: %1</translation>
    </message>
    <message>
        <source>The counter could not finish the attendance: %1</source>
        <translation>O balcão não conseguiu encerrar o atendimento: %1</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>sem resposta</translation>
    </message>
    <message>
        <source>Attendance %1 started, but the counter could not reach our server: %2</source>
        <translation>Atendimento %1 iniciado, mas o balcão não alcançou nosso servidor: %2</translation>
    </message>
    <message>
        <source>Attendance %1 started; our server accepted the form: %2</source>
        <translation>Atendimento %1 iniciado; nosso servidor aceitou o formulário: %2</translation>
    </message>
    <message>
        <source>Attendance %1 started; our server refused the form (HTTP %2): %3</source>
        <translation>Atendimento %1 iniciado; nosso servidor recusou o formulário (HTTP %2): %3</translation>
    </message>
    <message>
        <source>Attendance %1: %2.</source>
        <translation>Atendimento %1: %2.</translation>
    </message>
    <message>
        <source>No callback was sent: only the reconciliation will tell our ledger.</source>
        <translation>Nenhuma confirmação foi enviada: só a conciliação avisará nosso livro.</translation>
    </message>
    <message>
        <source>The callback did not reach our server: %1</source>
        <translation>A confirmação não chegou ao nosso servidor: %1</translation>
    </message>
    <message>
        <source>Our server took the callback (code %1).</source>
        <translation>Nosso servidor aceitou a confirmação (código %1).</translation>
    </message>
    <message>
        <source>Our server refused the callback (HTTP %1).</source>
        <translation>Nosso servidor recusou a confirmação (HTTP %1).</translation>
    </message>
    <message>
        <source>The counter handed out the partner address; decode it in the model 2 form.</source>
        <translation>O balcão entregou o endereço do parceiro; decodifique-o no formulário do modelo 2.</translation>
    </message>
</context>
<context>
    <name>CounterPending</name>
    <message>
        <source>Pending attendance at the counter</source>
        <translation>Atendimento pendente no balcão</translation>
    </message>
    <message>
        <source>Pending attendance:</source>
        <translation>Atendimento pendente:</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Recarregar</translation>
    </message>
    <message>
        <source>%1 · model %2</source>
        <translation>%1 · modelo %2</translation>
    </message>
    <message>
        <source>The counter&apos;s attendances could not be read: %1</source>
        <translation>Não foi possível ler os atendimentos do balcão: %1</translation>
    </message>
</context>
<context>
    <name>CountryDownload</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop the download (Esc); what was synced before stays</source>
        <translation>Para o download (Esc); o que já estava sincronizado continua</translation>
    </message>
    <message>
        <source>All of Brazil could not be synced: %1</source>
        <translation>Não foi possível sincronizar o Brasil inteiro: %1</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Checking for changes…</source>
        <translation>Verificando alterações…</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Página %1 de %2</translation>
    </message>
    <message>
        <source>All of Brazil is synced: %1 units (%2 new or changed).</source>
        <translation>Brasil inteiro sincronizado: %1 unidades (%2 novas ou alteradas).</translation>
    </message>
    <message>
        <source>Download cancelled; the units synced before are kept.</source>
        <translation>Download cancelado; as unidades sincronizadas antes foram mantidas.</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <location filename="../../postalgui/gui/dialogs/crash_dialog.py" line="+37"/>
        <source>PostalGUI: unexpected error</source>
        <translation>PostalGUI: erro inesperado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Something went wrong inside PostalGUI. You can keep working, but if things behave strangely, quit and start it again. Please send the details below to support.</source>
        <translation>Algo deu errado no PostalGUI. Você pode continuar trabalhando, mas, se algo se comportar de forma estranha, saia e abra o programa novamente. Envie os detalhes abaixo ao suporte.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Error details</source>
        <translation>Detalhes do erro</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The log file has more: %1</source>
        <translation>Mais informações no arquivo de log: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy details</source>
        <translation>&amp;Copiar detalhes</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit PostalGUI</source>
        <translation>&amp;Sair do PostalGUI</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
</context>
<context>
    <name>DetailPanel</name>
    <message>
        <source>Timeline</source>
        <translation>Histórico</translation>
    </message>
    <message>
        <source>Expected:</source>
        <translation>Previsão:</translation>
    </message>
    <message>
        <source>Product:</source>
        <translation>Produto:</translation>
    </message>
    <message>
        <source>Tag:</source>
        <translation>Marcador:</translation>
    </message>
    <message>
        <source>Billed on:</source>
        <translation>Faturado em:</translation>
    </message>
    <message>
        <source>Last asked:</source>
        <translation>Última consulta:</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <source>Pick an object in the list to see its history.</source>
        <translation>Escolha um objeto na lista para ver o histórico.</translation>
    </message>
    <message>
        <source>%1 (code %2)</source>
        <translation>%1 (código %2)</translation>
    </message>
    <message>
        <source>Not asked yet</source>
        <translation>Ainda não consultado</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>The operator does not name the branch.</source>
        <translation>A operadora não informa a agência.</translation>
    </message>
    <message>
        <source>Looking up unit %1 in the branch data…</source>
        <translation>Procurando a unidade %1 nos dados de agências…</translation>
    </message>
    <message>
        <source>This object is no longer followed.</source>
        <translation>Este objeto não é mais acompanhado.</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Não foi possível ler %1: %2</translation>
    </message>
    <message>
        <source>Unit %1 is not in the branch data.</source>
        <translation>A unidade %1 não está nos dados de agências.</translation>
    </message>
    <message>
        <source>Could not look up the branch: %1</source>
        <translation>Não foi possível procurar a agência: %1</translation>
    </message>
    <message>
        <source>Proof of delivery</source>
        <translation>Comprovante de entrega</translation>
    </message>
    <message>
        <source>Select an object to see its events.</source>
        <translation>Selecione um objeto para ver seus eventos.</translation>
    </message>
</context>
<context>
    <name>OperatorWords</name>
    <message>
        <source>Main contact</source>
        <translation>Contato principal</translation>
    </message>
    <message>
        <source>Secondary contact</source>
        <translation>Contato secundário</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>Substituto</translation>
    </message>
    <message>
        <source>own unit</source>
        <translation>unidade própria</translation>
    </message>
    <message>
        <source>outsourced unit</source>
        <translation>unidade terceirizada</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Em aberto</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Paga</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Estornada</translation>
    </message>
    <message>
        <source>Different weight</source>
        <translation>Peso divergente</translation>
    </message>
    <message>
        <source>Different dimensions</source>
        <translation>Dimensões divergentes</translation>
    </message>
    <message>
        <source>Different destination CEP</source>
        <translation>CEP de destino divergente</translation>
    </message>
</context>
<context>
    <name>PersonForm</name>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Nome:</translation>
    </message>
    <message>
        <source>C&amp;EP:</source>
        <translation>C&amp;EP:</translation>
    </message>
    <message>
        <source>N&amp;umber:</source>
        <translation>Nú&amp;mero:</translation>
    </message>
    <message>
        <source>S&amp;treet:</source>
        <translation>&amp;Logradouro:</translation>
    </message>
    <message>
        <source>Com&amp;plement:</source>
        <translation>Com&amp;plemento:</translation>
    </message>
    <message>
        <source>&amp;District:</source>
        <translation>&amp;Bairro:</translation>
    </message>
    <message>
        <source>C&amp;ity:</source>
        <translation>C&amp;idade:</translation>
    </message>
    <message>
        <source>St&amp;ate:</source>
        <translation>&amp;UF:</translation>
    </message>
    <message>
        <source>E-&amp;mail:</source>
        <translation>E-m&amp;ail:</translation>
    </message>
    <message>
        <source>Mo&amp;bile:</source>
        <translation>Celula&amp;r:</translation>
    </message>
    <message>
        <source>CPF/&amp;CNPJ:</source>
        <translation>CP&amp;F/CNPJ:</translation>
    </message>
    <message>
        <source>Looking the CEP up…</source>
        <translation>Consultando o CEP…</translation>
    </message>
    <message>
        <source>Unknown CEP</source>
        <translation>CEP desconhecido</translation>
    </message>
    <message>
        <source>%1, %2/%3</source>
        <translation>%1, %2/%3</translation>
    </message>
    <message>
        <source>The CEP could not be looked up: %1</source>
        <translation>Não foi possível consultar o CEP: %1</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>&amp;Procurar em:</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>Arquivos do &amp;tipo:</translation>
    </message>
</context>
<context>
    <name>MapView</name>
    <message>
        <source>%1k</source>
        <translation>%1 mil</translation>
    </message>
</context>
<context>
    <name>DivergenceModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/divergences_view.py" line="+65"/>
        <source>Object code</source>
        <translation>Código do objeto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Posting date</source>
        <translation>Data de postagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tariffed value</source>
        <translation>Valor tarifado</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <location line="+145"/>
        <source>Field sent by the operator</source>
        <translation>Campo enviado pelos Correios</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Charged</source>
        <translation>Cobrado</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Diferença</translation>
    </message>
    <message>
        <source>Declared weight</source>
        <translation>Peso informado</translation>
    </message>
    <message>
        <source>Measured weight</source>
        <translation>Peso aferido</translation>
    </message>
    <message>
        <source>Service code</source>
        <translation>Código do serviço</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <source>Destination CEP</source>
        <translation>CEP de destino</translation>
    </message>
    <message>
        <source>Posting card</source>
        <translation>Cartão de postagem</translation>
    </message>
    <message>
        <source>The operator's field %1</source>
        <translation>Campo %1 dos Correios</translation>
    </message>
</context>
<context>
    <name>DivergencesView</name>
    <message>
        <location line="+33"/>
        <source>&amp;Refresh</source>
        <translation>Atua&amp;lizar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the operator for the divergences again</source>
        <translation>Consultar novamente as divergências nos Correios</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Tariff divergences</source>
        <translation>Divergências tarifárias</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Contract %1, DR %2, %3 to %4</source>
        <translation>Contrato %1, DR %2, de %3 a %4</translation>
    </message>
    <message numerus="yes">
        <location line="+51"/>
        <source>%Ln divergence(s) · tariffed %1</source>
        <translation>
            <numerusform>%Ln divergência · valor tarifado %1</numerusform>
            <numerusform>%Ln divergências · valor tarifado %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a contract and a period to see tariff divergences.</source>
        <translation>Escolha um contrato e um período para ver as divergências tarifárias.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Looking for tariff divergences…</source>
        <translation>Buscando divergências tarifárias…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No tariff divergences for contract %1 from %2 to %3.</source>
        <translation>Nenhuma divergência tarifária para o contrato %1 de %2 a %3.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>The divergences could not be read.</source>
        <translation>Não foi possível ler as divergências.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not read the tariff divergences: %1</source>
        <translation>Não foi possível ler as divergências tarifárias: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Try again</source>
        <translation>&amp;Tentar novamente</translation>
    </message>
    <message numerus="yes">
        <source>%Ln divergence(s) · charged %1 · tariffed %2 · difference %3</source>
        <translation>
            <numerusform>%Ln divergência · cobrado %1 · valor tarifado %2 · diferença %3</numerusform>
            <numerusform>%Ln divergências · cobrado %1 · valor tarifado %2 · diferença %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryDeletion</name>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Excluir</translation>
    </message>
    <message>
        <source>Remove the selected quotes from the history (Del)</source>
        <translation>Remover as cotações selecionadas do histórico (Del)</translation>
    </message>
    <message>
        <source>Delete quotes</source>
        <translation>Excluir cotações</translation>
    </message>
    <message numerus="yes">
        <source>Delete %n quote(s) from the history? This cannot be undone.</source>
        <translation>
            <numerusform>Excluir %n cotação do histórico? Esta ação não pode ser desfeita.</numerusform>
            <numerusform>Excluir %n cotações do histórico? Esta ação não pode ser desfeita.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not delete the quotes: %1</source>
        <translation>Não foi possível excluir as cotações: %1</translation>
    </message>
</context>
<context>
    <name>HistorySearch</name>
    <message>
        <source>Product, CEP, country, request number or error</source>
        <translation>Produto, CEP, país, nº da requisição ou erro</translation>
    </message>
    <message>
        <source>S&amp;earch:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <source>Quote history</source>
        <translation>Histórico de cotações</translation>
    </message>
    <message>
        <source>Could not read the quote history: %1</source>
        <translation>Não foi possível ler o histórico de cotações: %1</translation>
    </message>
    <message>
        <source>No quotes match “%1”.</source>
        <translation>Nenhuma cotação corresponde a “%1”.</translation>
    </message>
    <message>
        <source>No quotes yet. Every quote you make is kept here.</source>
        <translation>Nenhuma cotação ainda. Todas as cotações que você fizer ficam guardadas aqui.</translation>
    </message>
    <message>
        <source>The quote history file was damaged and has been set aside as %1; the history starts again empty.</source>
        <translation>O arquivo do histórico de cotações estava danificado e foi guardado à parte como %1; o histórico recomeça vazio.</translation>
    </message>
    <message>
        <source>The newest %1 quotes; search to narrow down.</source>
        <translation>As %1 cotações mais recentes; use a busca para refinar.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln cotação</numerusform>
            <numerusform>%Ln cotações</numerusform>
        </translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Todos</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Meus</translation>
    </message>
    <message>
        <source>Show everyone&apos;s quotes, or only the ones you made</source>
        <translation>Mostrar as cotações de todos, ou só as que você fez</translation>
    </message>
    <message>
        <source>Whose quotes</source>
        <translation>De quem são as cotações</translation>
    </message>
    <message>
        <source>No quotes of yours yet. Choose Everyone to see the office&apos;s.</source>
        <translation>Nenhuma cotação sua ainda. Escolha Todos para ver as do escritório.</translation>
    </message>
</context>
<context>
    <name>HistoryModel</name>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Fonte</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Produto</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Destination</source>
        <translation>Destino</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>Final price</source>
        <translation>Preço final</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <source>Form</source>
        <translation>Formulário</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparação</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Lote</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Histórico</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Linha de comando</translation>
    </message>
    <message>
        <source>By</source>
        <translation>Por</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>&amp;Re-run</source>
        <translation>&amp;Refazer cotação</translation>
    </message>
    <message>
        <source>Quote the selected rows again (Enter)</source>
        <translation>Cotar novamente as linhas selecionadas (Enter)</translation>
    </message>
    <message>
        <source>Export &amp;spreadsheet…</source>
        <translation>Exportar &amp;planilha…</translation>
    </message>
    <message>
        <source>The selected quotes, or every quote shown</source>
        <translation>As cotações selecionadas ou, se nenhuma estiver selecionada, todas as exibidas</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>Exportar &amp;PDF…</translation>
    </message>
    <message>
        <source>The selected quotes, or every quote shown, as an Excel workbook (.xlsx) or CSV</source>
        <translation>As cotações selecionadas, ou todas as exibidas, como planilha do Excel (.xlsx) ou CSV</translation>
    </message>
</context>
<context>
    <name>InterfacePage</name>
    <message>
        <source>As listed</source>
        <translation>Na ordem da lista</translation>
    </message>
    <message>
        <source>The tab shown first when PostalGUI starts</source>
        <translation>A aba mostrada primeiro quando o PostalGUI abre</translation>
    </message>
    <message>
        <source>First tab:</source>
        <translation>Primeira aba:</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Padrão do sistema</translation>
    </message>
    <message>
        <source>A new language is used after PostalGUI restarts.</source>
        <translation>Um novo idioma passa a valer quando o PostalGUI for reiniciado.</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interface</translation>
    </message>
    <message>
        <source>Lan&amp;guage:</source>
        <translation>&amp;Idioma:</translation>
    </message>
</context>
<context>
    <name>InvoiceModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/invoice_model.py" line="+80"/>
        <source>Number</source>
        <translation>Número</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due date</source>
        <translation>Vencimento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Closing date</source>
        <translation>Fechamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Paid</source>
        <translation>Paga</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open</source>
        <translation>Em aberto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reversed</source>
        <translation>Estornada</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Invoice originated in the billing module</source>
        <translation>Fatura originada no módulo de faturamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice migrated from a legacy billing system</source>
        <translation>Fatura migrada de um sistema de faturamento antigo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Instalment plan of debts (debt acknowledgement term)</source>
        <translation>Parcelamento de débitos (termo de confissão de dívida)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Postal tax-debt refinancing program invoice</source>
        <translation>Fatura do programa de refinanciamento de débitos postais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Court-agreement invoice</source>
        <translation>Fatura de acordo judicial</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Estimate-based invoice</source>
        <translation>Fatura por estimativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zeroed invoice</source>
        <translation>Fatura zerada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supplier invoice</source>
        <translation>Fatura de fornecedor</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>Still open: %1</source>
        <translation>Em aberto: %1</translation>
    </message>
    <message>
        <source>Overdue</source>
        <translation>Vencida</translation>
    </message>
    <message>
        <source>Overdue by 1 day (due %2)</source>
        <translation>Vencida há 1 dia (vencimento %2)</translation>
    </message>
    <message>
        <source>Overdue by %1 days (due %2)</source>
        <translation>Vencida há %1 dias (vencimento %2)</translation>
    </message>
</context>
<context>
    <name>InvoicesTab</name>
    <message>
        <source>invoices-%1</source>
        <translation>faturas-%1</translation>
    </message>
    <message>
        <source>invoices</source>
        <translation>faturas</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/tab.py" line="+152"/>
        <source>Invoices and slips</source>
        <translation>Faturas e boletos</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Invoices</source>
        <translation>&amp;Faturas</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+88"/>
        <source>&amp;Analytic statement</source>
        <translation>Extrato a&amp;nalítico</translation>
    </message>
    <message>
        <location line="-87"/>
        <source>&amp;Divergences</source>
        <translation>&amp;Divergências</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Contract number</source>
        <translation>Número do contrato</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>State office (DR) number</source>
        <translation>Número da Diretoria Regional (DR)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>Atua&amp;lizar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load the invoices of the period (F5)</source>
        <translation>Carregar as faturas do período (F5)</translation>
    </message>
    <message>
        <source>Invoices closed on this day or later (closing date)</source>
        <translation>Faturas fechadas neste dia ou depois (data de fechamento)</translation>
    </message>
    <message>
        <source>Invoices closed on this day or earlier (closing date)</source>
        <translation>Faturas fechadas neste dia ou antes (data de fechamento)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Contract:</source>
        <translation>&amp;Contrato:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>D&amp;R:</source>
        <translation>D&amp;R:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;From:</source>
        <translation>D&amp;e:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;To:</source>
        <translation>A&amp;té:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Synthetic statement</source>
        <translation>Extrato &amp;sintético</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the invoice&apos;s synthetic statement (PDF) (Enter)</source>
        <translation>Abrir o extrato sintético da fatura (PDF) (Enter)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Payment &amp;slip</source>
        <translation>&amp;Boleto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the invoice&apos;s payment slip (PDF)</source>
        <translation>Abrir o boleto da fatura (PDF)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Copy typed line</source>
        <translation>&amp;Copiar linha digitável</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the payment slip&apos;s typed line, checked against its check digits</source>
        <translation>Copiar a linha digitável do boleto, conferida pelos dígitos verificadores</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request the invoice&apos;s analytic statement (CSV); it appears in Jobs when ready</source>
        <translation>Solicitar o extrato analítico da fatura (CSV); ele aparece em Solicitações quando estiver pronto</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Preview…</source>
        <translation>&amp;Prévia…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request a preview of the contract&apos;s next invoice</source>
        <translation>Solicitar uma prévia da próxima fatura do contrato</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Invoice actions</source>
        <translation>Ações da fatura</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Filter: number, date, amount, document…</source>
        <translation>Filtrar: número, data, valor, documento…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>All statuses</source>
        <translation>Todas as situações</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open</source>
        <translation>Em aberto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid</source>
        <translation>Paga</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reversed</source>
        <translation>Estornada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other</source>
        <translation>Outra</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Status filter</source>
        <translation>Filtro de situação</translation>
    </message>
    <message>
        <source>Search the invoices</source>
        <translation>Buscar nas faturas</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>Sit&amp;uação:</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Invoices</source>
        <translation>Faturas</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Enter the contract number.</source>
        <translation>Informe o número do contrato.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Enter the DR (state office number).</source>
        <translation>Informe a DR (número da Diretoria Regional).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The period starts after it ends.</source>
        <translation>A data inicial do período é posterior à data final.</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+38"/>
        <location line="+251"/>
        <source>Loading invoices…</source>
        <translation>Carregando faturas…</translation>
    </message>
    <message>
        <location line="-244"/>
        <source>No invoices in this period.</source>
        <translation>Nenhuma fatura neste período.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n invoice(s)</source>
        <translation>
            <numerusform>%n fatura</numerusform>
            <numerusform>%n faturas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Showing %1 of %2 invoices</source>
        <translation>Exibindo %1 de %2 faturas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · Open: %2 (%3) · Paid: %4 (%5)</source>
        <translation>%1 · Em aberto: %2 (%3) · Pagas: %4 (%5)</translation>
    </message>
    <message>
        <location line="+305"/>
        <source>Synthetic statement — invoice %1</source>
        <translation>Extrato sintético — fatura %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Payment slip — invoice %1</source>
        <translation>Boleto — fatura %1</translation>
    </message>
    <message>
        <location line="-265"/>
        <source>Downloading the synthetic statement of invoice %1…</source>
        <translation>Baixando o extrato sintético da fatura %1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Downloading the payment slip of invoice %1…</source>
        <translation>Baixando o boleto da fatura %1…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Reading the typed line of invoice %1…</source>
        <translation>Lendo a linha digitável da fatura %1…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 could not be shown: the file is not a readable PDF.</source>
        <translation>Não foi possível exibir %1: o arquivo não é um PDF válido.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Invoice %1 is paid: there is no payment slip to open.</source>
        <translation>A fatura %1 está paga: não há boleto para abrir.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invoice %1 is a zeroed invoice (RZ): it has no payment slip.</source>
        <translation>A fatura %1 é uma fatura zerada (RZ): não tem boleto.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invoice %1 has nothing to pay: it has no payment slip.</source>
        <translation>A fatura %1 não tem valor a pagar: não há boleto.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Requesting the analytic statement of invoice %1…</source>
        <translation>Solicitando o extrato analítico da fatura %1…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Requesting the preview…</source>
        <translation>Solicitando a prévia…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Enter the contract and the DR, then Refresh.</source>
        <translation>Informe o contrato e a DR e clique em Atualizar.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The invoices could not be loaded.</source>
        <translation>Não foi possível carregar as faturas.</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>The document could not be downloaded: %1</source>
        <translation>Não foi possível baixar o documento: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No typed line with matching check digits was found in the payment slip of invoice %1; nothing was copied. Open the slip and check it by eye.</source>
        <translation>Nenhuma linha digitável com dígitos verificadores válidos foi encontrada no boleto da fatura %1; nada foi copiado. Abra o boleto e confira visualmente.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Typed line copied: %1</source>
        <translation>Linha digitável copiada: %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 requested; it opens from Jobs when ready.</source>
        <translation>Solicitação enviada: %1. Quando estiver pronta, abra-a em Solicitações.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was already requested and is still being prepared; it opens from Jobs when ready.</source>
        <translation>Solicitação já feita e ainda em preparo: %1. Quando estiver pronta, abra-a em Solicitações.</translation>
    </message>
    <message>
        <source>This request was sent on %1, but PostalGUI stopped before keeping the operator&apos;s answer: the operator may be preparing the file already.

Send it again? If it was received, the operator prepares the file twice.</source>
        <translation>Esta solicitação foi enviada em %1, mas o PostalGUI parou antes de guardar a resposta da operadora: a operadora pode já estar preparando o arquivo.

Enviar de novo? Se ela a recebeu, o arquivo será preparado duas vezes.</translation>
    </message>
    <message>
        <source>This request was sent on %1 and the operator took it, but its answer could not be read: the operator is preparing the file already.

Send it again? The operator will prepare the file twice.</source>
        <translation>Esta solicitação foi enviada em %1 e a operadora a recebeu, mas não foi possível ler a resposta: a operadora já está preparando o arquivo.

Enviar de novo? O arquivo será preparado duas vezes.</translation>
    </message>
    <message>
        <source>Request sent without an answer</source>
        <translation>Solicitação enviada sem resposta</translation>
    </message>
    <message>
        <source>The request was not sent again.</source>
        <translation>A solicitação não foi enviada de novo.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The request failed: %1</source>
        <translation>A solicitação falhou: %1</translation>
    </message>
    <message numerus="yes">
        <source>Typed line copied: %1. Invoice %2 is overdue (%Ln day(s) past its due date): banks may refuse this slip or charge interest.</source>
        <translation>
            <numerusform>Linha digitável copiada: %1. A fatura %2 está vencida (%Ln dia após o vencimento): os bancos podem recusar este boleto ou cobrar juros.</numerusform>
            <numerusform>Linha digitável copiada: %1. A fatura %2 está vencida (%Ln dias após o vencimento): os bancos podem recusar este boleto ou cobrar juros.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export &amp;spreadsheet…</source>
        <translation>Exportar &amp;planilha…</translation>
    </message>
    <message>
        <source>The invoices shown, as an Excel workbook (.xlsx) or CSV</source>
        <translation>As faturas exibidas, como planilha do Excel (.xlsx) ou CSV</translation>
    </message>
    <message>
        <source>Export invoices</source>
        <translation>Exportar faturas</translation>
    </message>
</context>
<context>
    <name>JobsLive</name>
    <message>
        <source>Could not read the jobs other desks changed: %1</source>
        <translation>Não foi possível ler as solicitações alteradas em outras estações: %1</translation>
    </message>
</context>
<context>
    <name>JobsPanel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/jobs_panel.py" line="+71"/>
        <source>Analytic statement</source>
        <translation>Extrato analítico</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Synthetic preview</source>
        <translation>Prévia sintética</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Analytic preview</source>
        <translation>Prévia analítica</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Invoice %1</source>
        <translation>Fatura %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Contract %1, DR %2</source>
        <translation>Contrato %1, DR %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, cost centre %2</source>
        <translation>%1, centro de custo %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+39"/>
        <source>Requested</source>
        <translation>Solicitado</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Processing</source>
        <translation>Em processamento</translation>
    </message>
    <message>
        <source>Unknown status</source>
        <translation>Situação desconhecida</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ready</source>
        <translation>Pronto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>Com falha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Expirado</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Job</source>
        <translation>Solicitação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For</source>
        <translation>Referente a</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Progress</source>
        <translation>Andamento</translation>
    </message>
    <message>
        <location line="+151"/>
        <source>%1: request it again</source>
        <translation>%1: solicite novamente</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paused</source>
        <translation>Pausado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting for the network…</source>
        <translation>Aguardando a rede…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Finished %1</source>
        <translation>Concluído em %1</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Jobs</source>
        <translation>Solicitações</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;Jobs&lt;/b&gt;</source>
        <translation>&lt;b&gt;Solicitações&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>The stored jobs could not be read.</source>
        <translation>Não foi possível ler as solicitações salvas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The stored jobs could not be read: %1</source>
        <translation>Não foi possível ler as solicitações salvas: %1</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>The jobs file was damaged and has been set aside as %1. The requests it held are not listed: request them again if you still need them.</source>
        <translation>O arquivo de solicitações estava danificado e foi guardado à parte como %1. As solicitações que ele continha não aparecem na lista: solicite-as novamente se ainda precisar delas.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No jobs yet.</source>
        <translation>Nenhuma solicitação ainda.</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n job(s) in progress</source>
        <translation>
            <numerusform>%n solicitação em andamento</numerusform>
            <numerusform>%n solicitações em andamento</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n job(s)</source>
        <translation>
            <numerusform>%n solicitação</numerusform>
            <numerusform>%n solicitações</numerusform>
        </translation>
    </message>
    <message>
        <source>By</source>
        <translation>Por</translation>
    </message>
</context>
<context>
    <name>LedgerModel</name>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Horário</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>Chave do cliente</translation>
    </message>
    <message>
        <source>Attendant</source>
        <translation>Atendente</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidade</translation>
    </message>
    <message>
        <source>Confirmation</source>
        <translation>Confirmação</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>Sinalização</translation>
    </message>
</context>
<context>
    <name>LedgerPanel</name>
    <message>
        <source>&amp;Day:</source>
        <translation>&amp;Dia:</translation>
    </message>
    <message>
        <source>All days</source>
        <translation>Todos os dias</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Todas</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>S&amp;ituação:</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Atualizar</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Livro de atendimentos</translation>
    </message>
    <message>
        <source>The ledger could not be read: %1</source>
        <translation>Não foi possível ler o livro de atendimentos: %1</translation>
    </message>
    <message>
        <source>Attendances: %1</source>
        <translation>Atendimentos: %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../postalgui/gui/main_window.py" line="+102"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Configurações…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Renew token</source>
        <translation>&amp;Renovar token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask the token service for a new token now</source>
        <translation>Pedir agora um novo token ao serviço de tokens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;About PostalGUI</source>
        <translation>&amp;Sobre o PostalGUI</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open &amp;log folder</source>
        <translation>Abrir pasta de &amp;logs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(no copy could be written)</source>
        <translation>(não foi possível gravar uma cópia)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your settings file could not be read, so PostalGUI started with default settings. The original file is kept as %1.</source>
        <translation>Não foi possível ler o arquivo de configurações; o PostalGUI iniciou com as configurações padrão. O arquivo original foi guardado como %1.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Your settings file %1 was written by a newer PostalGUI: it is read as far as possible and not overwritten, so changes made here are not saved.</source>
        <translation>O arquivo de configurações %1 foi gravado por uma versão mais nova do PostalGUI: ele é lido no que for possível e não é sobrescrito, por isso as alterações feitas aqui não são salvas.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Some settings were not valid and are back to their defaults: %1. The original file is kept as %2.</source>
        <translation>Algumas configurações não eram válidas e voltaram ao padrão: %1. O arquivo original foi guardado como %2.</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+109"/>
        <source>Open Settings</source>
        <translation>Abrir configurações</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Token valid until %1</source>
        <translation>Token válido até %1</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The new language will be used the next time PostalGUI starts.</source>
        <translation>O novo idioma será usado na próxima vez que o PostalGUI for aberto.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h3&gt;PostalGUI&lt;/h3&gt;&lt;p&gt;Quotes, invoices and payment slips, contracts and posting cards, branches and attendances with the Correios business APIs.&lt;/p&gt;&lt;p&gt;Log file: %1&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PostalGUI&lt;/h3&gt;&lt;p&gt;Cotações de preço, faturas e boletos, contratos e cartões de postagem, agências e atendimentos com as APIs empresariais dos Correios.&lt;/p&gt;&lt;p&gt;Arquivo de log: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Could not open the log folder. It is at %1</source>
        <translation>Não foi possível abrir a pasta de logs. Ela fica em %1</translation>
    </message>
    <message>
        <source>&amp;Unanswered sends…</source>
        <translation>&amp;Envios sem resposta…</translation>
    </message>
    <message>
        <source>Calls whose answer was lost or unreadable: say what became of them</source>
        <translation>Chamadas cuja resposta se perdeu ou não pôde ser lida: diga o que aconteceu com elas</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <location filename="../../postalgui/gui/widgets/message_bar.py" line="+90"/>
        <source>Dismiss this message</source>
        <translation>Fechar esta mensagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dismiss</source>
        <translation>Fechar</translation>
    </message>
</context>
<context>
    <name>MunicipalityLoader</name>
    <message>
        <source>The list of municipalities could not be loaded: %1</source>
        <translation>Não foi possível carregar a lista de municípios: %1</translation>
    </message>
</context>
<context>
    <name>NumberInput</name>
    <message>
        <location filename="../../postalgui/gui/widgets/number_input.py" line="+1"/>
        <source>understood: %1</source>
        <translation>entendido: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” is not a size in cm</source>
        <translation>“%1” não é uma medida em cm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” is not an amount in reais</source>
        <translation>“%1” não é um valor em reais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” is not a weight: type whole grams (1500) or kilograms (%2)</source>
        <translation>“%1” não é um peso: digite gramas inteiros (1500) ou quilos (%2)</translation>
    </message>
</context>
<context>
    <name>OfficeStatusLabel</name>
    <message numerus="yes">
        <source>Office database unreachable: %n quote(s) waiting</source>
        <translation>
            <numerusform>Banco de dados do escritório inacessível: %n cotação aguardando</numerusform>
            <numerusform>Banco de dados do escritório inacessível: %n cotações aguardando</numerusform>
        </translation>
    </message>
    <message>
        <source>Office database unreachable</source>
        <translation>Banco de dados do escritório inacessível</translation>
    </message>
    <message numerus="yes">
        <source>Office database of a newer PostalGUI: %n quote(s) waiting</source>
        <translation>
            <numerusform>Banco de dados do escritório de um PostalGUI mais novo: %n cotação aguardando</numerusform>
            <numerusform>Banco de dados do escritório de um PostalGUI mais novo: %n cotações aguardando</numerusform>
        </translation>
    </message>
    <message>
        <source>Office database of a newer PostalGUI</source>
        <translation>Banco de dados do escritório de um PostalGUI mais novo</translation>
    </message>
    <message>
        <source>%1 was written by a newer PostalGUI; quotes are kept on this computer and sent when a PostalGUI that can open it runs here.</source>
        <translation>%1 foi gravado por um PostalGUI mais novo; as cotações ficam guardadas neste computador e são enviadas quando rodar aqui um PostalGUI que consiga abri-lo.</translation>
    </message>
    <message>
        <source>%1 cannot be reached; quotes are kept on this computer and sent when it is back.</source>
        <translation>Não foi possível alcançar %1; as cotações ficam guardadas neste computador e são enviadas quando ele voltar.</translation>
    </message>
    <message>
        <source>Office database: %1</source>
        <translation>Banco de dados do escritório: %1</translation>
    </message>
</context>
<context>
    <name>PartnerPanel</name>
    <message>
        <source>Partner server</source>
        <translation>Servidor do parceiro</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Estado:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Endereço:</translation>
    </message>
    <message>
        <source>Form path (model 1):</source>
        <translation>Caminho do formulário (modelo 1):</translation>
    </message>
    <message>
        <source>Confirmation path:</source>
        <translation>Caminho da confirmação:</translation>
    </message>
    <message>
        <source>Authentication:</source>
        <translation>Autenticação:</translation>
    </message>
    <message>
        <source>Ledger database:</source>
        <translation>Banco do livro:</translation>
    </message>
    <message>
        <source>Sta&amp;rt server</source>
        <translation>Iniciar ser&amp;vidor</translation>
    </message>
    <message>
        <source>Start the partner server on this computer</source>
        <translation>Iniciar o servidor do parceiro neste computador</translation>
    </message>
    <message>
        <source>Stop s&amp;erver</source>
        <translation>Pa&amp;rar servidor</translation>
    </message>
    <message>
        <source>Reading the partner server&apos;s status failed: %1</source>
        <translation>Não foi possível ler o estado do servidor do parceiro: %1</translation>
    </message>
    <message>
        <source>The partner server did not start: %1</source>
        <translation>O servidor do parceiro não iniciou: %1</translation>
    </message>
    <message>
        <source>The partner server did not stop: %1</source>
        <translation>O servidor do parceiro não parou: %1</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Em execução</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Parado</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Trabalhando…</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
</context>
<context>
    <name>PdfViewer</name>
    <message>
        <location filename="../../postalgui/gui/widgets/pdf_viewer.py" line="+130"/>
        <source>Document pages</source>
        <translation>Páginas do documento</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+493"/>
        <source>Page</source>
        <translation>Página</translation>
    </message>
    <message>
        <source>Page %1</source>
        <translation>Página %1</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>%1 was not found.</source>
        <translation>O arquivo %1 não foi encontrado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not a PDF file or is damaged.</source>
        <translation>%1 não é um arquivo PDF ou está danificado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is protected by a password and cannot be shown.</source>
        <translation>%1 está protegido por senha e não pode ser exibido.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 could not be opened.</source>
        <translation>Não foi possível abrir %1.</translation>
    </message>
    <message>
        <location line="+282"/>
        <source>The printer could not be started.</source>
        <translation>Não foi possível iniciar a impressora.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The printer stopped before the last page.</source>
        <translation>A impressora parou antes da última página.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Print document</source>
        <translation>Imprimir documento</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Could not save %1: %2</source>
        <translation>Não foi possível salvar %1: %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save PDF as</source>
        <translation>Salvar PDF como</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>of %1</source>
        <translation>de %1</translation>
    </message>
</context>
<context>
    <name>PdfViewerWindow</name>
    <message>
        <location line="+35"/>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PDF viewer</source>
        <translation>Visualizador de PDF</translation>
    </message>
</context>
<context>
    <name>PreviewDialog</name>
    <message>
        <location filename="../../postalgui/gui/tabs/invoices/tab.py" line="-780"/>
        <source>Preview of the next invoice</source>
        <translation>Prévia da próxima fatura</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Synthetic (PDF)</source>
        <translation>Sintética (PDF)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Analytic (CSV)</source>
        <translation>Analítica (CSV)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Optional</source>
        <translation>Opcional</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Request</source>
        <translation>Solicitar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Contract %1, DR %2: postings not yet invoiced.</source>
        <translation>Contrato %1, DR %2: postagens ainda não faturadas.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Kind:</source>
        <translation>&amp;Tipo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Cost centre:</source>
        <translation>C&amp;entro de custo:</translation>
    </message>
</context>
<context>
    <name>PriceTab</name>
    <message>
        <source>Prices</source>
        <translation>Preços</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparação</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>&amp;Quote</source>
        <translation>&amp;Cotação</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>&amp;Lote</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Histórico</translation>
    </message>
    <message>
        <source>Nothing was sent: fix the fields named below the form.</source>
        <translation>Nada foi enviado: corrija os campos indicados abaixo do formulário.</translation>
    </message>
    <message>
        <source>Quoting %1 products…</source>
        <translation>Cotando %1 produtos…</translation>
    </message>
    <message>
        <source>No product could be priced; the reasons are in the table.</source>
        <translation>Nenhum produto pôde ser cotado; os motivos estão na tabela.</translation>
    </message>
    <message numerus="yes">
        <source>%n product(s) could not be priced.</source>
        <translation>
            <numerusform>%n produto não pôde ser cotado.</numerusform>
            <numerusform>%n produtos não puderam ser cotados.</numerusform>
        </translation>
    </message>
    <message>
        <source>(%1 ms)</source>
        <translation>(%1 ms)</translation>
    </message>
    <message>
        <source>Cheapest: %1 at %2.</source>
        <translation>Mais barato: %1 por %2.</translation>
    </message>
    <message>
        <source>No product arrives %1; cheapest: %2 at %3.</source>
        <translation>Nenhum produto chega %1; mais barato: %2 por %3.</translation>
    </message>
    <message>
        <source>Cheapest that arrives %1: %2 at %3.</source>
        <translation>Mais barato que chega %1: %2 por %3.</translation>
    </message>
    <message>
        <source>Delivery time is not enabled for this card: prices are shown without deadlines.</source>
        <translation>O prazo de entrega não está habilitado para este cartão: os preços aparecem sem prazos.</translation>
    </message>
    <message>
        <source>The quote failed.</source>
        <translation>A cotação falhou.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>Loading the services each product offers…</source>
        <translation>Carregando os serviços oferecidos por cada produto…</translation>
    </message>
    <message>
        <source>Additional services could not be loaded: %1</source>
        <translation>Não foi possível carregar os serviços adicionais: %1</translation>
    </message>
</context>
<context>
    <name>QuoteForm</name>
    <message>
        <source>&amp;Quote</source>
        <translation>Cota&amp;r</translation>
    </message>
    <message>
        <source>Price the package for every checked product (Enter)</source>
        <translation>Cotar o pacote em cada produto marcado (Enter)</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Pacote</translation>
    </message>
</context>
<context>
    <name>FormChecks</name>
    <message>
        <source>Check at least one product to compare.</source>
        <translation>Marque pelo menos um produto para comparar.</translation>
    </message>
    <message>
        <source>Enter the declared value, or uncheck Declared value.</source>
        <translation>Informe o valor declarado ou desmarque Valor declarado.</translation>
    </message>
    <message>
        <source>This product takes no declared value.</source>
        <translation>Este produto não aceita valor declarado.</translation>
    </message>
    <message>
        <source>This product does not offer service %1.</source>
        <translation>Este produto não oferece o serviço %1.</translation>
    </message>
    <message>
        <source>Declared value %1 is outside this product&apos;s limits (%2 to %3).</source>
        <translation>O valor declarado de %1 está fora dos limites deste produto (de %2 a %3).</translation>
    </message>
    <message>
        <source>Required for pricing</source>
        <translation>Obrigatório para a cotação</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>DeclaredValue</name>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>Decla&amp;red value:</source>
        <translation>&amp;Valor declarado:</translation>
    </message>
    <message>
        <source>Limits: %1 to %2, by product</source>
        <translation>Limites: de %1 a %2, conforme o produto</translation>
    </message>
    <message>
        <source>%1 to %2: %3</source>
        <translation>de %1 a %2: %3</translation>
    </message>
</context>
<context>
    <name>DeliveryDates</name>
    <message>
        <source>Must arrive by:</source>
        <translation>Deve chegar até:</translation>
    </message>
    <message>
        <source>Business days between the quote and the posting, added to every delivery time</source>
        <translation>Dias úteis entre a cotação e a postagem, somados a todo prazo de entrega</translation>
    </message>
    <message>
        <source>Da&amp;te:</source>
        <translation>Da&amp;ta:</translation>
    </message>
    <message>
        <source>Handling days:</source>
        <translation>Dias de manuseio:</translation>
    </message>
</context>
<context>
    <name>FormFields</name>
    <message>
        <source>Origin CEP</source>
        <translation>CEP de origem</translation>
    </message>
    <message>
        <source>Destination CEP</source>
        <translation>CEP de destino</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>País</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Comprimento</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Largura</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Altura</translation>
    </message>
    <message>
        <source>Diameter</source>
        <translation>Diâmetro</translation>
    </message>
    <message>
        <source>Declared value</source>
        <translation>Valor declarado</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Data</translation>
    </message>
    <message>
        <source>Additional services</source>
        <translation>Serviços adicionais</translation>
    </message>
    <message>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>Contrato</translation>
    </message>
</context>
<context>
    <name>FormPresets</name>
    <message>
        <source>The preset “%1” was changed by %2 at %3 after you opened it.</source>
        <translation>A predefinição “%1” foi alterada por %2 às %3 depois que você a abriu.</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>alguém</translation>
    </message>
    <message>
        <source>(choose a preset)</source>
        <translation>(escolha uma predefinição)</translation>
    </message>
    <message>
        <source>Save package preset</source>
        <translation>Salvar predefinição de pacote</translation>
    </message>
    <message>
        <source>Preset name:</source>
        <translation>Nome da predefinição:</translation>
    </message>
    <message>
        <source>Save this origin…</source>
        <translation>Salvar esta origem…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <source>Save origin</source>
        <translation>Salvar origem</translation>
    </message>
    <message>
        <source>Name of this origin:</source>
        <translation>Nome desta origem:</translation>
    </message>
    <message>
        <source>(loading presets…)</source>
        <translation>(carregando predefinições…)</translation>
    </message>
    <message>
        <source>Loading saved origins…</source>
        <translation>Carregando origens salvas…</translation>
    </message>
    <message>
        <source>The presets could not be read: %1</source>
        <translation>As predefinições não puderam ser lidas: %1</translation>
    </message>
    <message>
        <source>The preset could not be saved: %1</source>
        <translation>A predefinição não pôde ser salva: %1</translation>
    </message>
</context>
<context>
    <name>ConflictQuestion</name>
    <message>
        <source>Deleted on another desk</source>
        <translation>Excluído em outra estação</translation>
    </message>
    <message>
        <source>Save as new keeps yours as a new record; Discard lets it go.</source>
        <translation>Salvar como novo mantém o seu como um registro novo; Descartar deixa a exclusão valer.</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>&amp;Save as new</source>
        <translation>&amp;Salvar como novo</translation>
    </message>
    <message>
        <source>Changed on another desk</source>
        <translation>Alterado em outra estação</translation>
    </message>
    <message>
        <source>Reload shows their version; Delete anyway deletes it.</source>
        <translation>Recarregar mostra a versão que está no escritório; Excluir mesmo assim o exclui.</translation>
    </message>
    <message>
        <source>&amp;Delete anyway</source>
        <translation>&amp;Excluir mesmo assim</translation>
    </message>
    <message>
        <source>Reload takes their version; Overwrite keeps yours.</source>
        <translation>Recarregar fica com a versão que está no escritório; Sobrescrever mantém a sua.</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Recarregar</translation>
    </message>
    <message>
        <source>&amp;Overwrite</source>
        <translation>&amp;Sobrescrever</translation>
    </message>
</context>
<context>
    <name>PackageFields</name>
    <message>
        <source>Save…</source>
        <translation>Salvar…</translation>
    </message>
    <message>
        <source>Save this format, size and weight as a package preset</source>
        <translation>Salvar este formato, as medidas e o peso como uma predefinição de pacote</translation>
    </message>
    <message>
        <source>Pr&amp;eset:</source>
        <translation>Pr&amp;edefinição:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>&amp;Weight:</source>
        <translation>Pe&amp;so:</translation>
    </message>
    <message>
        <source>Si&amp;zes:</source>
        <translation>&amp;Medidas:</translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation>Envelope</translation>
    </message>
    <message>
        <source>Package (box)</source>
        <translation>Pacote (caixa)</translation>
    </message>
    <message>
        <source>Roll (tube)</source>
        <translation>Rolo (tubo)</translation>
    </message>
    <message>
        <source>L</source>
        <translation>C</translation>
    </message>
    <message>
        <source>W</source>
        <translation>L</translation>
    </message>
    <message>
        <source>H</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Ø</source>
        <translation>Ø</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>ProductsPicker</name>
    <message>
        <source>Products to compare</source>
        <translation>Produtos a comparar</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Todos</translation>
    </message>
</context>
<context>
    <name>RouteFields</name>
    <message>
        <source>Route</source>
        <translation>Origem e destino</translation>
    </message>
    <message>
        <source>&amp;National</source>
        <translation>&amp;Nacional</translation>
    </message>
    <message>
        <source>&amp;International</source>
        <translation>&amp;Internacional</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>Predefinições</translation>
    </message>
    <message>
        <source>Saved origins</source>
        <translation>Origens salvas</translation>
    </message>
    <message>
        <source>&amp;Origin CEP:</source>
        <translation>CEP de &amp;origem:</translation>
    </message>
    <message>
        <source>&amp;Destination CEP:</source>
        <translation>CEP de &amp;destino:</translation>
    </message>
    <message>
        <source>&amp;Country:</source>
        <translation>&amp;País:</translation>
    </message>
</context>
<context>
    <name>ServicesPicker</name>
    <message>
        <source>Additional services</source>
        <translation>Serviços adicionais</translation>
    </message>
    <message>
        <source>Declared value (per product)</source>
        <translation>Valor declarado (por produto)</translation>
    </message>
    <message>
        <source>Offered with: %1</source>
        <translation>Disponível em: %1</translation>
    </message>
    <message>
        <source>Services of %1 could not be read.</source>
        <translation>Não foi possível ler os serviços de %1.</translation>
    </message>
</context>
<context>
    <name>QuoteResultsModel</name>
    <message>
        <source>Days</source>
        <translation>Dias</translation>
    </message>
    <message>
        <source>Arrives</source>
        <translation>Chega</translation>
    </message>
    <message>
        <source>Home delivery</source>
        <translation>Entrega domiciliar</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Sábado</translation>
    </message>
    <message>
        <source>Delivery time</source>
        <translation>Prazo</translation>
    </message>
    <message>
        <source>Arrives too late: must arrive %1</source>
        <translation>Chega tarde demais: deve chegar %1</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/tabs/price/results_model.py" line="+93"/>
        <source>Row</source>
        <translation>Linha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Product</source>
        <translation>Produto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Destination</source>
        <translation>Destino</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Final price</source>
        <translation>Preço final</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Product price</source>
        <translation>Preço do produto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Services</source>
        <translation>Serviços</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charged weight</source>
        <translation>Peso cobrado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cubic</source>
        <translation>Cúbico</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No</source>
        <translation>Não</translation>
    </message>
</context>
<context>
    <name>ReconcilePanel</name>
    <message>
        <source>Da&amp;y:</source>
        <translation>Dia da co&amp;nciliação:</translation>
    </message>
    <message>
        <source>&amp;Reconcile</source>
        <translation>Concilia&amp;r</translation>
    </message>
    <message>
        <source>Ask the registration system for the day&apos;s attendances and compare</source>
        <translation>Pedir ao sistema de registro os atendimentos do dia e comparar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Pick a day and press Reconcile.</source>
        <translation>Escolha um dia e clique em Conciliar.</translation>
    </message>
    <message>
        <source>Reconciliation lines</source>
        <translation>Linhas da conciliação</translation>
    </message>
    <message>
        <source>The reconciliation failed: %1</source>
        <translation>A conciliação falhou: %1</translation>
    </message>
    <message>
        <source>Asking the registration system…</source>
        <translation>Consultando o sistema de registro…</translation>
    </message>
    <message>
        <source>Some attendances could not be checked: %1</source>
        <translation>Alguns atendimentos não puderam ser verificados: %1</translation>
    </message>
    <message>
        <source>Reconciliation cancelled.</source>
        <translation>Conciliação cancelada.</translation>
    </message>
    <message>
        <source>Stop the reconciliation (Esc); the ledger keeps what was booked</source>
        <translation>Parar a conciliação (Esc); o livro mantém o que já foi lançado</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Export CS&amp;V…</source>
        <translation>Exportar CS&amp;V…</translation>
    </message>
    <message>
        <source>E&amp;xport PDF…</source>
        <translation>E&amp;xportar PDF…</translation>
    </message>
    <message>
        <source>reconciliation-%1</source>
        <translation>conciliacao-%1</translation>
    </message>
    <message>
        <source>Export the reconciliation as PDF</source>
        <translation>Exportar a conciliação em PDF</translation>
    </message>
    <message>
        <source>Export the reconciliation as CSV</source>
        <translation>Exportar a conciliação em CSV</translation>
    </message>
</context>
<context>
    <name>RegistrationForm</name>
    <message>
        <source>none (ERP tariff)</source>
        <translation>nenhum (tarifa do ERP)</translation>
    </message>
    <message>
        <source>CPF or CNPJ (optional)</source>
        <translation>CPF ou CNPJ (opcional)</translation>
    </message>
    <message>
        <source>order, title or proposal number (optional)</source>
        <translation>número do pedido, título ou proposta (opcional)</translation>
    </message>
    <message>
        <source>One printed line per line; a longer one wraps at 50 characters</source>
        <translation>Uma linha impressa por linha; uma mais longa quebra em 50 caracteres</translation>
    </message>
    <message>
        <source>Ticket text</source>
        <translation>Texto do ticket</translation>
    </message>
    <message>
        <source>Ticket preview</source>
        <translation>Prévia do ticket</translation>
    </message>
    <message>
        <source>&amp;Register</source>
        <translation>&amp;Registrar</translation>
    </message>
    <message>
        <source>the protocol appears here</source>
        <translation>o protocolo aparece aqui</translation>
    </message>
    <message>
        <source>Operator code</source>
        <translation>Código do Operador</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <source>Amo&amp;unt:</source>
        <translation>&amp;Valor:</translation>
    </message>
    <message>
        <source>Client CPF/CNP&amp;J:</source>
        <translation>CPF/CNP&amp;J do cliente:</translation>
    </message>
    <message>
        <source>&amp;Quantity:</source>
        <translation>&amp;Quantidade:</translation>
    </message>
    <message>
        <source>Client &amp;key:</source>
        <translation>C&amp;have do cliente:</translation>
    </message>
    <message>
        <source>Ticket</source>
        <translation>Ticket</translation>
    </message>
    <message>
        <source>Ticket te&amp;xt:</source>
        <translation>Te&amp;xto do ticket:</translation>
    </message>
    <message>
        <source>Preview (50 characters a line):</source>
        <translation>Prévia (50 caracteres por linha):</translation>
    </message>
    <message>
        <source>Protocol:</source>
        <translation>Protocolo:</translation>
    </message>
    <message>
        <source>Client CPF/CNPJ</source>
        <translation>CPF/CNPJ do cliente</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Quantidade</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>Chave do cliente</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Registering…</source>
        <translation>Registrando…</translation>
    </message>
    <message>
        <source>wrapped: continues the line above</source>
        <translation>quebrada: continua a linha de cima</translation>
    </message>
    <message>
        <source>Registered: protocol %1. %2</source>
        <translation>Registrado: protocolo %1. %2</translation>
    </message>
    <message>
        <source>Note: the amount has more than 8 digits in cents; the spec gives the size as 8 and as 10.</source>
        <translation>Atenção: o valor tem mais de 8 dígitos em centavos; a especificação dá o tamanho como 8 e como 10.</translation>
    </message>
    <message>
        <source>The operator reverted the registration; start a new attendance. %1</source>
        <translation>O Operador estornou o registro; inicie um novo atendimento. %1</translation>
    </message>
    <message>
        <source>The operator refused the registration: %1</source>
        <translation>O Operador recusou o registro: %1</translation>
    </message>
    <message>
        <source>The attendance was not registered: %1</source>
        <translation>O atendimento não foi registrado: %1</translation>
    </message>
    <message>
        <source>&apos;+&apos; separates ticket lines: it cannot be inside one</source>
        <translation>&apos;+&apos; separa as linhas do ticket: não pode estar dentro de uma</translation>
    </message>
</context>
<context>
    <name>OperatorCodeBox</name>
    <message>
        <source>Operator code</source>
        <translation>Código do Operador</translation>
    </message>
    <message>
        <source>Partner URL or operator code</source>
        <translation>Endereço do parceiro ou código do Operador</translation>
    </message>
    <message>
        <source>Paste the partner URL or the operator code, then press Enter to decode</source>
        <translation>Cole o endereço do parceiro ou o código do Operador e tecle Enter para decodificar</translation>
    </message>
    <message>
        <source>D&amp;ecode</source>
        <translation>D&amp;ecodificar</translation>
    </message>
    <message>
        <source>Code or UR&amp;L:</source>
        <translation>Código ou e&amp;ndereço:</translation>
    </message>
    <message>
        <source>Attendant:</source>
        <translation>Atendente:</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Unidade:</translation>
    </message>
    <message>
        <source>Terminal:</source>
        <translation>Caixa:</translation>
    </message>
    <message>
        <source>City/UF:</source>
        <translation>Cidade/UF:</translation>
    </message>
    <message>
        <source>Code age:</source>
        <translation>Idade do código:</translation>
    </message>
    <message>
        <source>Partner login:</source>
        <translation>Login do parceiro:</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>The operator code could not be decoded: %1</source>
        <translation>Não foi possível decodificar o código do Operador: %1</translation>
    </message>
</context>
<context>
    <name>ReportModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No attendances on this day.</source>
        <translation>Nenhum atendimento neste dia.</translation>
    </message>
    <message>
        <source>Preview: run before 22:00 (Brasília time); the day stays open and the run after 22:00 closes it.</source>
        <translation>Prévia: executada antes das 22:00 (horário de Brasília); o dia continua aberto e a execução depois das 22:00 o fecha.</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>No livro</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>No Operador</translation>
    </message>
    <message>
        <source>Ledger amount</source>
        <translation>Valor no livro</translation>
    </message>
    <message>
        <source>Operator amount</source>
        <translation>Valor no Operador</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
</context>
<context>
    <name>ResultsExporter</name>
    <message>
        <source>quotes-%1</source>
        <translation>cotacoes-%1</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/tabs/price/batch_panel.py" line="-625"/>
        <source>One page per &amp;quote…</source>
        <translation>Uma página por &amp;cotação…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Summary table…</source>
        <translation>&amp;Tabela resumo…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export quotes</source>
        <translation>Exportar cotações</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export quotes to PDF</source>
        <translation>Exportar cotações para PDF</translation>
    </message>
</context>
<context>
    <name>SavedFileReporter</name>
    <message>
        <location filename="../../postalgui/gui/widgets/saved_file.py" line="+36"/>
        <source>Saved to %1</source>
        <translation>Salvo em %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;folder</source>
        <translation>Abrir pas&amp;ta</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not save the file: %1</source>
        <translation>Não foi possível salvar o arquivo: %1</translation>
    </message>
</context>
<context>
    <name>SaveDialog</name>
    <message>
        <source>Excel workbook (*.xlsx)</source>
        <translation>Planilha do Excel (*.xlsx)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>Arquivos PDF (*.pdf)</translation>
    </message>
</context>
<context>
    <name>ServiceModel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/service_model.py" line="+54"/>
        <source>Service: %1</source>
        <translation>Serviço: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description: %1</source>
        <translation>Descrição: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Segment: %1</source>
        <translation>Segmento: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Card %1 has service %2 (%3).</source>
        <translation>O cartão %1 possui o serviço %2 (%3).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Contract %1 has service %2 (%3).</source>
        <translation>O contrato %1 possui o serviço %2 (%3).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Card %1 does not have service %2 (%3).</source>
        <translation>O cartão %1 não possui o serviço %2 (%3).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Contract %1 does not have service %2 (%3).</source>
        <translation>O contrato %1 não possui o serviço %2 (%3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Description</source>
        <translation>Descrição</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Segment</source>
        <translation>Segmento</translation>
    </message>
</context>
<context>
    <name>ServicesPanel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/services_panel.py" line="+105"/>
        <source>Search: code, description, segment…</source>
        <translation>Buscar: código, descrição, segmento…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search services</source>
        <translation>Buscar serviços</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Service code, e.g. 03220</source>
        <translation>Código do serviço, por exemplo 03220</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Check service</source>
        <translation>Verificar serviço</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask the operator whether this has the service</source>
        <translation>Consultar os Correios para saber se o serviço está incluído</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Services</source>
        <translation>Serviços</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>&amp;Search:</source>
        <translation>&amp;Buscar:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Service &amp;code:</source>
        <translation>&amp;Código do serviço:</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Asking the operator…</source>
        <translation>Consultando os Correios…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The services could not be loaded: %1</source>
        <translation>Não foi possível carregar os serviços: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loading services…</source>
        <translation>Carregando serviços…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2 services match</source>
        <translation>%1 de %2 serviços correspondem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 services (scroll for more)</source>
        <translation>%1 de %2 serviços (role para ver mais)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n service(s)</source>
        <translation>
            <numerusform>%n serviço</numerusform>
            <numerusform>%n serviços</numerusform>
        </translation>
    </message>
    <message>
        <location line="+53"/>
        <source>The service could not be checked: %1</source>
        <translation>Não foi possível verificar o serviço: %1</translation>
    </message>
</context>
<context>
    <name>ContentLines</name>
    <message>
        <source>Content declaration</source>
        <translation>Declaração de conteúdo</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>Conteúdo</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>Quantidade</translation>
    </message>
    <message>
        <source>Value (R$)</source>
        <translation>Valor (R$)</translation>
    </message>
    <message>
        <source>Add &amp;line</source>
        <translation>Adicionar &amp;linha</translation>
    </message>
    <message>
        <source>Remove line</source>
        <translation>Remover linha</translation>
    </message>
    <message>
        <source>Content line %1</source>
        <translation>Linha de conteúdo %1</translation>
    </message>
    <message>
        <source>%1: quantity must be a whole number of 1 or more</source>
        <translation>%1: a quantidade deve ser um número inteiro, 1 ou mais</translation>
    </message>
    <message>
        <source>%1, value</source>
        <translation>%1, valor</translation>
    </message>
</context>
<context>
    <name>NewPrepostingDialog</name>
    <message>
        <source>New pre-posting</source>
        <translation>Nova pré-postagem</translation>
    </message>
    <message>
        <source>Sender</source>
        <translation>Remetente</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>C&amp;reate</source>
        <translation>&amp;Criar</translation>
    </message>
    <message>
        <source>From a quote: %1 to %2. Pick the recipient.</source>
        <translation>De uma cotação: %1 para %2. Escolha o destinatário.</translation>
    </message>
    <message>
        <source>Sending to the operator…</source>
        <translation>Enviando aos Correios…</translation>
    </message>
    <message>
        <source>Nothing was sent. %1</source>
        <translation>Nada foi enviado. %1</translation>
    </message>
    <message>
        <source>The operator refused the pre-posting: %1</source>
        <translation>Os Correios recusaram a pré-postagem: %1</translation>
    </message>
    <message>
        <source>Pre-posting %1 created for %2: post it within 7 days.</source>
        <translation>Pré-postagem %1 criada para %2: poste-a em até 7 dias.</translation>
    </message>
    <message>
        <source>The pre-posting could not be created: %1</source>
        <translation>Não foi possível criar a pré-postagem: %1</translation>
    </message>
    <message>
        <source>Save the recipient in the address book</source>
        <translation>Salvar destinatário no catálogo de endereços</translation>
    </message>
    <message>
        <source>Once the pre-posting is created; a recipient already there is updated, not repeated</source>
        <translation>Depois que a pré-postagem for criada; um destinatário que já está lá é atualizado, não repetido</translation>
    </message>
    <message>
        <source>Address book:</source>
        <translation>Catálogo de endereços:</translation>
    </message>
    <message>
        <source>Address &amp;book:</source>
        <translation>Catálo&amp;go de endereços:</translation>
    </message>
    <message>
        <source>Saving the recipient in the address book…</source>
        <translation>Salvando o destinatário no catálogo de endereços…</translation>
    </message>
    <message>
        <source>%1 is now in the address book.</source>
        <translation>%1 agora está no catálogo de endereços.</translation>
    </message>
    <message>
        <source>%1&apos;s entry in the address book is updated.</source>
        <translation>O cadastro de %1 no catálogo de endereços foi atualizado.</translation>
    </message>
    <message>
        <source>%1 was already in the address book.</source>
        <translation>%1 já estava no catálogo de endereços.</translation>
    </message>
    <message>
        <source>The pre-posting was created, but its recipient could not be saved in the address book: %1</source>
        <translation>A pré-postagem foi criada, mas não foi possível salvar o destinatário no catálogo de endereços: %1</translation>
    </message>
</context>
<context>
    <name>OrderFields</name>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>44 digits</source>
        <translation>44 dígitos</translation>
    </message>
    <message>
        <source>&amp;Service:</source>
        <translation>&amp;Serviço:</translation>
    </message>
    <message>
        <source>&amp;Weight:</source>
        <translation>&amp;Peso:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>Declared &amp;value:</source>
        <translation>Valor &amp;declarado:</translation>
    </message>
    <message>
        <source>Additional services:</source>
        <translation>Serviços adicionais:</translation>
    </message>
    <message>
        <source>Invoice (NF) number:</source>
        <translation>Número da nota fiscal:</translation>
    </message>
    <message>
        <source>NF-e key:</source>
        <translation>Chave da NF-e:</translation>
    </message>
    <message>
        <source>Observation:</source>
        <translation>Observação:</translation>
    </message>
    <message>
        <source>Contents:</source>
        <translation>Conteúdo:</translation>
    </message>
    <message>
        <source>Size L × W × H (cm):</source>
        <translation>Medidas C × L × A (cm):</translation>
    </message>
</context>
<context>
    <name>OrdersDialog</name>
    <message>
        <source>Columns not read (not known): %1.</source>
        <translation>Colunas não lidas (desconhecidas): %1.</translation>
    </message>
    <message>
        <source>Pre-postings from an orders file</source>
        <translation>Pré-postagens de um arquivo de pedidos</translation>
    </message>
    <message>
        <source>&amp;Choose file…</source>
        <translation>&amp;Escolher arquivo…</translation>
    </message>
    <message>
        <source>Columns named as the API names them: nome, cep, numero, codigoServico, pesoInformado…</source>
        <translation>Colunas com os nomes da API: nome, cep, numero, codigoServico, pesoInformado…</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Pedidos</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>Linha</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>City/UF</source>
        <translation>Cidade/UF</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>Problems or result</source>
        <translation>Problemas ou resultado</translation>
    </message>
    <message>
        <source>Send only the rows &amp;without problems</source>
        <translation>Enviar só as linhas &amp;sem problemas</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>C&amp;reate pre-postings</source>
        <translation>C&amp;riar pré-postagens</translation>
    </message>
    <message>
        <source>Set a default sender in Addresses first: the orders file&apos;s parcels go from it.</source>
        <translation>Defina antes um remetente padrão em Endereços: os objetos do arquivo de pedidos saem dele.</translation>
    </message>
    <message>
        <source>Reading the file…</source>
        <translation>Lendo o arquivo…</translation>
    </message>
    <message>
        <source>Completing the addresses from the CEP…</source>
        <translation>Completando os endereços pelo CEP…</translation>
    </message>
    <message>
        <source>Sending to the operator…</source>
        <translation>Enviando aos Correios…</translation>
    </message>
    <message>
        <source>The file has no orders.</source>
        <translation>O arquivo não tem pedidos.</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Recusada: %1</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Criada: %1</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Não enviada</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Interrompido.</translation>
    </message>
    <message>
        <source>Orders file</source>
        <translation>Arquivo de pedidos</translation>
    </message>
    <message>
        <source>Tables (*.csv *.xlsx)</source>
        <translation>Planilhas (*.csv *.xlsx)</translation>
    </message>
    <message>
        <source>Row %1: %2</source>
        <translation>Linha %1: %2</translation>
    </message>
    <message>
        <source>Looking for rows sent before…</source>
        <translation>Procurando linhas já enviadas…</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Nada foi enviado.</translation>
    </message>
    <message>
        <source>Sent before</source>
        <translation>Já enviadas</translation>
    </message>
    <message>
        <source>Send &amp;again</source>
        <translation>Enviar de &amp;novo</translation>
    </message>
    <message>
        <source>&amp;Skip them</source>
        <translation>&amp;Pular estas</translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s), %1 with problems (named by row and column above): correct the file, or send only the rows without problems.</source>
        <translation>
            <numerusform>%Ln linha, %1 com problemas (indicados por linha e coluna acima): corrija o arquivo ou envie só as linhas sem problemas.</numerusform>
            <numerusform>%Ln linhas, %1 com problemas (indicados por linha e coluna acima): corrija o arquivo ou envie só as linhas sem problemas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln row(s), all ready to send.</source>
        <translation>
            <numerusform>%Ln linha, pronta para enviar.</numerusform>
            <numerusform>%Ln linhas, todas prontas para enviar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) created, %1 refused, %2 not sent.</source>
        <translation>
            <numerusform>%Ln pré-postagem criada, %1 recusadas, %2 não enviadas.</numerusform>
            <numerusform>%Ln pré-postagens criadas, %1 recusadas, %2 não enviadas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sent before, not sent again.</source>
        <translation>
            <numerusform>%Ln já enviada antes, não reenviada.</numerusform>
            <numerusform>%Ln já enviadas antes, não reenviadas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sent with an answer that could not be read or never came: follow them up.</source>
        <translation>
            <numerusform>%Ln enviada com resposta ilegível ou sem resposta: acompanhe-a.</numerusform>
            <numerusform>%Ln enviadas com resposta ilegível ou sem resposta: acompanhe-as.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rows %1 were sent to the operator before (their pre-postings exist, or their answer was lost or unreadable). Send them again, on purpose?</source>
        <translation>
            <numerusform>A linha %1 já foi enviada aos Correios (a pré-postagem existe, ou a resposta se perdeu ou veio ilegível). Enviá-la de novo, de propósito?</numerusform>
            <numerusform>As linhas %1 já foram enviadas aos Correios (as pré-postagens existem, ou a resposta se perdeu ou veio ilegível). Enviá-las de novo, de propósito?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShipThis</name>
    <message>
        <source>&amp;Ship this…</source>
        <translation>Enviar este o&amp;bjeto…</translation>
    </message>
    <message>
        <source>Register the selected quote as a pre-posting in Shipping</source>
        <translation>Registrar a cotação selecionada como pré-postagem em Envios</translation>
    </message>
</context>
<context>
    <name>ShipmentModel</name>
    <message>
        <source>Pre-posting</source>
        <translation>Pré-postagem</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Validade</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>City/UF</source>
        <translation>Cidade/UF</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Peso</translation>
    </message>
    <message>
        <source>Declared value</source>
        <translation>Valor declarado</translation>
    </message>
    <message>
        <source>Created by</source>
        <translation>Criada por</translation>
    </message>
    <message>
        <source>Created on</source>
        <translation>Criada em</translation>
    </message>
    <message>
        <source>A pre-posting not posted within 7 days expires</source>
        <translation>Uma pré-postagem não postada em 7 dias expira</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <source>Whether its label was issued here: the office&apos;s mark, not the operator&apos;s status</source>
        <translation>Se a etiqueta foi emitida aqui: marca do escritório, não o status dos Correios</translation>
    </message>
</context>
<context>
    <name>ShipmentPage</name>
    <message>
        <source>Pre-postings</source>
        <translation>Pré-postagens</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Nova…</translation>
    </message>
    <message>
        <source>Register one parcel with the operator (Ctrl+N)</source>
        <translation>Registrar um objeto nos Correios (Ctrl+N)</translation>
    </message>
    <message>
        <source>From &amp;orders file…</source>
        <translation>De arquivo de &amp;pedidos…</translation>
    </message>
    <message>
        <source>Register many parcels from a CSV or .xlsx orders file (Ctrl+O)</source>
        <translation>Registrar muitos objetos de um arquivo de pedidos CSV ou .xlsx (Ctrl+O)</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>Ask the operator how each pre-posting stands (F5)</source>
        <translation>Perguntar aos Correios a situação de cada pré-postagem (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel selected…</source>
        <translation>&amp;Cancelar selecionadas…</translation>
    </message>
    <message>
        <source>Ask the operator to cancel the selected pre-postings (Delete)</source>
        <translation>Pedir aos Correios o cancelamento das pré-postagens selecionadas (Delete)</translation>
    </message>
    <message>
        <source>Search: recipient, CEP, city, object, id, who created…</source>
        <translation>Buscar: destinatário, CEP, cidade, objeto, id, quem criou…</translation>
    </message>
    <message>
        <source>Search the pre-postings</source>
        <translation>Buscar nas pré-postagens</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>All pre-postings</source>
        <translation>Todas as pré-postagens</translation>
    </message>
    <message>
        <source>Stat&amp;us:</source>
        <translation>S&amp;ituação:</translation>
    </message>
    <message>
        <source>The pre-postings could not be read: %1</source>
        <translation>Não foi possível ler as pré-postagens: %1</translation>
    </message>
    <message>
        <source>The operator could not be asked: %1</source>
        <translation>Não foi possível consultar os Correios: %1</translation>
    </message>
    <message>
        <source>The pre-postings could not be cancelled: %1</source>
        <translation>Não foi possível cancelar as pré-postagens: %1</translation>
    </message>
    <message>
        <source>No pre-postings yet: create one (Ctrl+N), or many from an orders file (Ctrl+O).</source>
        <translation>Nenhuma pré-postagem ainda: crie uma (Ctrl+N) ou muitas de um arquivo de pedidos (Ctrl+O).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cancel pre-postings</source>
        <translation>Cancelar pré-postagens</translation>
    </message>
    <message>
        <source>Labelled here</source>
        <translation>Etiqueta emitida aqui</translation>
    </message>
    <message>
        <source>Not labelled yet</source>
        <translation>Ainda sem etiqueta</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %Ln pre-posting(s) with the operator? Their object codes can no longer be posted.</source>
        <translation>
            <numerusform>Cancelar %Ln pré-postagem nos Correios? Seu código de objeto não poderá mais ser postado.</numerusform>
            <numerusform>Cancelar %Ln pré-postagens nos Correios? Seus códigos de objeto não poderão mais ser postados.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln pre-posting(s) shown</source>
        <translation>
            <numerusform>%1 de %Ln pré-postagem exibida</numerusform>
            <numerusform>%1 de %Ln pré-postagens exibidas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln expire(s) within a day or have expired)</source>
        <translation>
            <numerusform>(%Ln expira em até um dia ou já expirou)</numerusform>
            <numerusform>(%Ln expiram em até um dia ou já expiraram)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operator was asked about %Ln pre-posting(s).</source>
        <translation>
            <numerusform>Os Correios foram consultados sobre %Ln pré-postagem.</numerusform>
            <numerusform>Os Correios foram consultados sobre %Ln pré-postagens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) cancelled.</source>
        <translation>
            <numerusform>%Ln pré-postagem cancelada.</numerusform>
            <numerusform>%Ln pré-postagens canceladas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pre-posting(s) cancelled; the operator refused %1: %2</source>
        <translation>
            <numerusform>%Ln pré-postagem cancelada; os Correios recusaram %1: %2</numerusform>
            <numerusform>%Ln pré-postagens canceladas; os Correios recusaram %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShippingTab</name>
    <message>
        <source>Retur&amp;ns</source>
        <translation>Devo&amp;luções</translation>
    </message>
    <message>
        <source>Shipping</source>
        <translation>Envios</translation>
    </message>
    <message>
        <source>P&amp;re-postings</source>
        <translation>P&amp;ré-postagens</translation>
    </message>
    <message>
        <source>A&amp;ddresses</source>
        <translation>En&amp;dereços</translation>
    </message>
    <message>
        <source>The default sender could not be read: %1</source>
        <translation>Não foi possível ler o remetente padrão: %1</translation>
    </message>
</context>
<context>
    <name>ShippingOutcome</name>
    <message>
        <source>another desk</source>
        <translation>outra mesa</translation>
    </message>
    <message>
        <source>Sent before by %1 on %2 as %3: not sent again</source>
        <translation>Enviada antes por %1 em %2 como %3: não reenviada</translation>
    </message>
    <message>
        <source>Sent before by %1 on %2, its answer lost or unreadable: not sent again</source>
        <translation>Enviada antes por %1 em %2, resposta perdida ou ilegível: não reenviada</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Criada: %1</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Recusada: %1</translation>
    </message>
    <message>
        <source>Sent, answer unreadable: the operator took it. Follow it up in the operator&apos;s list, cancel it there, or send it again on purpose</source>
        <translation>Enviada, resposta ilegível: os Correios a receberam. Acompanhe-a na lista dos Correios, cancele-a lá ou envie de novo de propósito</translation>
    </message>
    <message>
        <source>Sent, no answer (%1): the operator may have it. Follow it up in the operator&apos;s list, or send it again on purpose</source>
        <translation>Enviada, sem resposta (%1): os Correios podem tê-la. Acompanhe-a na lista dos Correios ou envie de novo de propósito</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Não enviada</translation>
    </message>
</context>
<context>
    <name>ShippingWords</name>
    <message>
        <source>Expired</source>
        <translation>Expirado</translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation>Envelope</translation>
    </message>
    <message>
        <source>Box or package</source>
        <translation>Caixa ou pacote</translation>
    </message>
    <message>
        <source>Roll or cylinder</source>
        <translation>Rolo ou cilindro</translation>
    </message>
    <message>
        <source>Receipt notice (AR)</source>
        <translation>Aviso de recebimento (AR)</translation>
    </message>
    <message>
        <source>Own hands (MP)</source>
        <translation>Mão própria (MP)</translation>
    </message>
    <message>
        <source>Product %1</source>
        <translation>Produto %1</translation>
    </message>
    <message>
        <source>Expires today</source>
        <translation>Expira hoje</translation>
    </message>
    <message>
        <source>Expires tomorrow</source>
        <translation>Expira amanhã</translation>
    </message>
    <message numerus="yes">
        <source>Expires in %Ln day(s)</source>
        <translation>
            <numerusform>Expira em %Ln dia</numerusform>
            <numerusform>Expira em %Ln dias</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../postalgui/gui/dialogs/settings_dialog.py" line="+169"/>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Welcome to PostalGUI. It starts in the built-in sandbox with a demo company, so every feature can be tried without an account. To work with your own Correios contract, choose Homologation or Production and enter your login and API access code.</source>
        <translation>Boas-vindas ao PostalGUI. Ele começa no sandbox embutido, com uma empresa de demonstração, para que todas as funções possam ser experimentadas sem uma conta. Para trabalhar com o seu contrato dos Correios, escolha Homologação ou Produção e informe seu login e código de acesso à API.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Some values come from environment variables for this session (%1); they override what is saved here.</source>
        <translation>Alguns valores vêm de variáveis de ambiente nesta sessão (%1) e prevalecem sobre o que for salvo aqui.</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+333"/>
        <location line="+86"/>
        <source>&amp;Test connection</source>
        <translation>&amp;Testar conexão</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Correct the values of %1 before saving (switch the environment to see them).</source>
        <translation>Corrija os valores de %1 antes de salvar (troque o ambiente para vê-los).</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The settings are not valid: %1</source>
        <translation>As configurações não são válidas: %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The settings could not be saved: %1</source>
        <translation>Não foi possível salvar as configurações: %1</translation>
    </message>
</context>
<context>
    <name>OfficePage</name>
    <message>
        <source>Office database</source>
        <translation>Banco de dados do escritório</translation>
    </message>
    <message>
        <source>Office database URL</source>
        <translation>URL do banco de dados do escritório</translation>
    </message>
    <message>
        <source>Office database password</source>
        <translation>Senha do banco de dados do escritório</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <source>Show or hide the office database password</source>
        <translation>Mostrar ou ocultar a senha do banco de dados do escritório</translation>
    </message>
    <message>
        <source>Every desk pointed at the same PostgreSQL database shares the quote history, presets and invoice jobs; settings, the keyring and the map stay on each computer. Empty: this computer only.</source>
        <translation>Todos os postos apontados para o mesmo banco PostgreSQL compartilham o histórico de cotações, as predefinições e as solicitações de fatura; as configurações, o chaveiro e o mapa ficam em cada computador. Vazio: só este computador.</translation>
    </message>
    <message>
        <source>Office data&amp;base URL:</source>
        <translation>URL do &amp;banco de dados:</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>&amp;Senha:</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
</context>
<context>
    <name>OfficeTestAction</name>
    <message>
        <source>Te&amp;st</source>
        <translation>T&amp;estar</translation>
    </message>
    <message>
        <source>Office database test result</source>
        <translation>Resultado do teste do banco de dados do escritório</translation>
    </message>
    <message>
        <source>Connect to the office database typed here, without saving it</source>
        <translation>Conecta ao banco de dados do escritório informado aqui, sem salvá-lo</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Testando…</translation>
    </message>
    <message>
        <source>this computer only</source>
        <translation>só este computador</translation>
    </message>
    <message>
        <source>schema up to date</source>
        <translation>esquema atualizado</translation>
    </message>
    <message>
        <source>schema of another version</source>
        <translation>esquema de outra versão</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
</context>
<context>
    <name>OfficeCopyAction</name>
    <message>
        <source>Copy my local data &amp;into it</source>
        <translation>Copiar &amp;meus dados locais para ele</translation>
    </message>
    <message>
        <source>Copy result</source>
        <translation>Resultado da cópia</translation>
    </message>
    <message>
        <source>Send this computer&apos;s quotes, jobs and presets to the server; what it has is skipped</source>
        <translation>Envia as cotações, solicitações e predefinições deste computador ao servidor; o que ele já tem é ignorado</translation>
    </message>
    <message>
        <source>Copy progress</source>
        <translation>Progresso da cópia</translation>
    </message>
    <message>
        <source>Cancel copy</source>
        <translation>Cancelar cópia</translation>
    </message>
    <message>
        <source>Copying…</source>
        <translation>Copiando…</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 de %3</translation>
    </message>
    <message>
        <source>Copied.</source>
        <translation>Copiado.</translation>
    </message>
    <message>
        <source>Copy cancelled; what was sent stays there, and a new copy skips it.</source>
        <translation>Cópia cancelada; o que foi enviado fica lá, e uma nova cópia o ignora.</translation>
    </message>
</context>
<context>
    <name>TimelineModel</name>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <source>Headed to</source>
        <translation>Destino</translation>
    </message>
</context>
<context>
    <name>TrackObjects</name>
    <message>
        <source>Track these o&amp;bjects</source>
        <translation>Rastrear estes o&amp;bjetos</translation>
    </message>
    <message>
        <source>Follow the selected lines&apos; objects in the Tracking tab (every line shown when none is selected)</source>
        <translation>Acompanha na aba Rastreamento os objetos das linhas selecionadas (todas as linhas exibidas quando nenhuma está selecionada)</translation>
    </message>
    <message>
        <source>Track these objects</source>
        <translation>Rastrear estes objetos</translation>
    </message>
    <message>
        <source>None of these lines has an object code to track.</source>
        <translation>Nenhuma destas linhas tem um código de objeto para rastrear.</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) sent to the Tracking tab.</source>
        <translation>
            <numerusform>%n objeto enviado à aba Rastreamento.</numerusform>
            <numerusform>%n objetos enviados à aba Rastreamento.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) without an object code left out.</source>
        <translation>
            <numerusform>%n linha sem código de objeto deixada de fora.</numerusform>
            <numerusform>%n linhas sem código de objeto deixadas de fora.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrackingDetailWords</name>
    <message numerus="yes">
        <source>Delivered %n day(s) late</source>
        <translation>
            <numerusform>Entregue com %n dia de atraso</numerusform>
            <numerusform>Entregue com %n dias de atraso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Arrived %n day(s) late</source>
        <translation>
            <numerusform>Chegou com %n dia de atraso</numerusform>
            <numerusform>Chegou com %n dias de atraso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Overdue by %n day(s)</source>
        <translation>
            <numerusform>Em atraso há %n dia</numerusform>
            <numerusform>Em atraso há %n dias</numerusform>
        </translation>
    </message>
    <message>
        <source>Expected today</source>
        <translation>Previsto para hoje</translation>
    </message>
    <message>
        <source>Delivered on time</source>
        <translation>Entregue no prazo</translation>
    </message>
    <message>
        <source>On time</source>
        <translation>No prazo</translation>
    </message>
    <message>
        <source>No expected date known</source>
        <translation>Sem data prevista</translation>
    </message>
    <message>
        <source>%1 (the operator&apos;s date)</source>
        <translation>%1 (data da operadora)</translation>
    </message>
    <message>
        <source>%1 (the delivery-time service&apos;s date)</source>
        <translation>%1 (data do serviço de prazos)</translation>
    </message>
</context>
<context>
    <name>TrackingPage</name>
    <message>
        <source>Tracking</source>
        <translation>Rastreamento</translation>
    </message>
    <message>
        <source>Desktop noti&amp;fications</source>
        <translation>Noti&amp;ficações na área de trabalho</translation>
    </message>
    <message>
        <source>For objects a person must act on: waiting at a branch, returned, a failed delivery, late.</source>
        <translation>Para objetos que pedem a ação de alguém: aguardando retirada, devolvidos, entrega que falhou, atrasados.</translation>
    </message>
    <message>
        <source>Refresh e&amp;very (minutes):</source>
        <translation>Atuali&amp;zar a cada (minutos):</translation>
    </message>
    <message>
        <source>Codes per re&amp;quest:</source>
        <translation>Códigos por re&amp;quisição:</translation>
    </message>
    <message>
        <source>Arc&amp;hive delivered on time after (days):</source>
        <translation>Arqui&amp;var entregues no prazo após (dias):</translation>
    </message>
    <message>
        <source>Refresh every</source>
        <translation>Atualizar a cada</translation>
    </message>
    <message>
        <source>Codes per request</source>
        <translation>Códigos por requisição</translation>
    </message>
    <message>
        <source>Archive delivered on time after</source>
        <translation>Arquivar entregues no prazo após</translation>
    </message>
    <message>
        <source>%1 must be a whole number of days from %2 to %3 (0: never)</source>
        <translation>%1 deve ser um número inteiro de dias de %2 a %3 (0: nunca)</translation>
    </message>
    <message>
        <source>%1 must be a whole number of minutes from %2 to %3</source>
        <translation>%1 deve ser um número inteiro de minutos de %2 a %3</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 deve ser um número inteiro de %2 a %3</translation>
    </message>
    <message>
        <source>%1 (got &apos;%2&apos;)</source>
        <translation>%1 (recebido: &apos;%2&apos;)</translation>
    </message>
</context>
<context>
    <name>office_sentences</name>
    <message>
        <source>The office database %1 refused the login (%2): check the user name and the password in Settings.</source>
        <translation>O banco de dados do escritório %1 recusou o login (%2): confira o usuário e a senha em Configurações.</translation>
    </message>
    <message>
        <source>The office database %1 does not exist on that server (%2): create it, or check the URL in Settings.</source>
        <translation>O banco de dados do escritório %1 não existe nesse servidor (%2): crie-o, ou confira a URL em Configurações.</translation>
    </message>
    <message>
        <source>The office database %1 cannot be reached (%2): check that the server is running and the network; new quotes wait on this computer and are sent when it is back.</source>
        <translation>O banco de dados do escritório %1 está inacessível (%2): confira se o servidor está ligado e a rede; as novas cotações aguardam neste computador e são enviadas quando ele voltar.</translation>
    </message>
    <message>
        <source>The office database %1 was written by a newer PostalGUI (%2): open it with that version; new quotes wait on this computer.</source>
        <translation>O banco de dados do escritório %1 foi gravado por um PostalGUI mais novo (%2): abra-o com essa versão; as novas cotações aguardam neste computador.</translation>
    </message>
    <message>
        <source>The office database %1 is damaged (%2): restore it from a backup, or move it away and an empty one is started.</source>
        <translation>O banco de dados do escritório %1 está danificado (%2): restaure-o de um backup, ou tire-o do lugar e um novo, vazio, é iniciado.</translation>
    </message>
    <message>
        <source>The office database %1 does not have the tables of its schema (%2): it was changed by hand or by another program; move it away or restore a backup.</source>
        <translation>O banco de dados do escritório %1 não tem as tabelas do seu esquema (%2): foi alterado à mão ou por outro programa; tire-o do lugar ou restaure um backup.</translation>
    </message>
    <message>
        <source>The office database %1 cannot be opened (%2): check the server and the URL.</source>
        <translation>O banco de dados do escritório %1 não pode ser aberto (%2): confira o servidor e a URL.</translation>
    </message>
</context>
<context>
    <name>office_words</name>
    <message>
        <source>Office database URL: write it as postgresql://user@server:5432/database</source>
        <translation>URL do banco de dados do escritório: escreva-a como postgresql://usuario@servidor:5432/banco</translation>
    </message>
    <message>
        <source>Office database URL: only PostgreSQL is supported (postgresql://…)</source>
        <translation>URL do banco de dados do escritório: só o PostgreSQL é aceito (postgresql://…)</translation>
    </message>
    <message>
        <source>Office database URL: leave the password out; type it in the Password field (kept in the keyring)</source>
        <translation>URL do banco de dados do escritório: deixe a senha de fora; digite-a no campo Senha (guardada no chaveiro)</translation>
    </message>
    <message>
        <source>Office database URL: name the server, as postgresql://user@server:5432/database</source>
        <translation>URL do banco de dados do escritório: informe o servidor, como postgresql://usuario@servidor:5432/banco</translation>
    </message>
    <message>
        <source>Office database URL: name the database after the server, as postgresql://user@server/postalgui</source>
        <translation>URL do banco de dados do escritório: informe o banco depois do servidor, como postgresql://usuario@servidor/postalgui</translation>
    </message>
    <message>
        <source>Office database URL: the port must be from 1 to 65535</source>
        <translation>URL do banco de dados do escritório: a porta deve ser de 1 a 65535</translation>
    </message>
    <message>
        <source>Office database URL: the server&apos;s name is letters, digits, &apos;-&apos; and &apos;.&apos;, each part between dots at most 63 characters and 253 in all (a &apos;@&apos; or &apos;:&apos; of the user name or the password is written %40 or %3A)</source>
        <translation>URL do banco de dados do escritório: o nome do servidor tem letras, dígitos, &apos;-&apos; e &apos;.&apos;, cada parte entre pontos com no máximo 63 caracteres e 253 ao todo (um &apos;@&apos; ou &apos;:&apos; do usuário ou da senha se escreve %40 ou %3A)</translation>
    </message>
    <message>
        <source>The server refused the login: check the user name in the URL and the password (%1).</source>
        <translation>O servidor recusou o login: confira o usuário na URL e a senha (%1).</translation>
    </message>
    <message>
        <source>The server has no such database: create it, or check the URL (%1).</source>
        <translation>O servidor não tem esse banco de dados: crie-o ou confira a URL (%1).</translation>
    </message>
    <message>
        <source>Could not connect to the server: check that it is running, its address and the network (%1).</source>
        <translation>Não foi possível conectar ao servidor: confira se ele está em execução, o endereço e a rede (%1).</translation>
    </message>
    <message>
        <source>The database was written by a newer PostalGUI: open it with that version or give another one (%1).</source>
        <translation>O banco de dados foi gravado por um PostalGUI mais novo: abra-o com essa versão ou informe outro (%1).</translation>
    </message>
    <message>
        <source>The database file is damaged: restore a backup, or move it away and an empty one is started (%1).</source>
        <translation>O arquivo do banco de dados está danificado: restaure um backup, ou mova-o e um vazio será iniciado (%1).</translation>
    </message>
    <message>
        <source>The database lacks the tables of its schema: it was changed by hand or by another program (%1).</source>
        <translation>O banco de dados não tem as tabelas do seu esquema: foi alterado à mão ou por outro programa (%1).</translation>
    </message>
    <message>
        <source>The database cannot be opened: check the server and the URL (%1).</source>
        <translation>Não foi possível abrir o banco de dados: confira o servidor e a URL (%1).</translation>
    </message>
    <message>
        <source>The office database could not be used (%1).</source>
        <translation>Não foi possível usar o banco de dados do escritório (%1).</translation>
    </message>
    <message>
        <source>Quotes</source>
        <translation>Cotações</translation>
    </message>
    <message>
        <source>Quote deadlines</source>
        <translation>Prazos das cotações</translation>
    </message>
    <message>
        <source>Invoice jobs</source>
        <translation>Solicitações de fatura</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>Predefinições</translation>
    </message>
    <message>
        <source>Type the office database URL first: the copy goes into that server.</source>
        <translation>Informe antes a URL do banco de dados do escritório: a cópia vai para esse servidor.</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln cotação</numerusform>
            <numerusform>%Ln cotações</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln solicitação</numerusform>
            <numerusform>%Ln solicitações</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln preset(s)</source>
        <translation>
            <numerusform>%Ln predefinição</numerusform>
            <numerusform>%Ln predefinições</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 copied, %3 already there</source>
        <translation>%1: %2 copiados, %3 já existentes</translation>
    </message>
</context>
<context>
    <name>SummaryLine</name>
    <message>
        <source>Searching…</source>
        <translation>Buscando…</translation>
    </message>
    <message>
        <source>Pick a state (or a municipality, a CEP…) and press Search, or download All of Brazil once to filter every unit at once.</source>
        <translation>Escolha um estado (ou um município, um CEP…) e clique em Buscar, ou baixe o Brasil inteiro uma vez para filtrar todas as unidades na hora.</translation>
    </message>
    <message>
        <source>%1 of %2 units shown · %3</source>
        <translation>%1 de %2 unidades mostradas · %3</translation>
    </message>
    <message>
        <source>last synced %1</source>
        <translation>sincronizado em %1</translation>
    </message>
    <message>
        <source>checking for changes…</source>
        <translation>verificando alterações…</translation>
    </message>
    <message>
        <source>All of Brazil</source>
        <translation>Brasil inteiro</translation>
    </message>
    <message>
        <source>chosen types and statuses</source>
        <translation>tipos e situações escolhidos</translation>
    </message>
    <message>
        <source>the operator&apos;s filters</source>
        <translation>filtros dos Correios</translation>
    </message>
</context>
<context>
    <name>TokenApisLabel</name>
    <message>
        <location filename="../../postalgui/gui/tabs/contracts/token_apis.py" line="+40"/>
        <source>APIs enabled for the current token: not checked yet</source>
        <translation>APIs habilitadas para o token atual: ainda não verificadas</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>APIs enabled for the current token: %1</source>
        <translation>APIs habilitadas para o token atual: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>APIs enabled for the current token: unknown (no token)</source>
        <translation>APIs habilitadas para o token atual: desconhecidas (sem token)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>APIs enabled for the current token: unknown (%1)</source>
        <translation>APIs habilitadas para o token atual: desconhecidas (%1)</translation>
    </message>
    <message>
        <source>APIs enabled for the current token: asking…</source>
        <translation>APIs habilitadas para o token atual: consultando…</translation>
    </message>
</context>
<context>
    <name>UnitLoader</name>
    <message>
        <source>Could not check for changes: %1. Showing the copy synced %2.</source>
        <translation>Não foi possível verificar alterações: %1. Mostrando a cópia sincronizada em %2.</translation>
    </message>
    <message>
        <source>The units could not be loaded: %1</source>
        <translation>Não foi possível carregar as unidades: %1</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../postalgui/gui/app.py" line="+131"/>
        <source>PostalGUI cannot start because an environment variable is invalid:

%1

Correct or remove it and start PostalGUI again.</source>
        <translation>O PostalGUI não pode ser iniciado porque uma variável de ambiente é inválida:

%1

Corrija-a ou remova-a e abra o PostalGUI novamente.</translation>
    </message>
</context>
<context>
    <name>breakdown</name>
    <message>
        <location filename="../../postalgui/gui/tabs/price/breakdown_view.py" line="-144"/>
        <source>Base price</source>
        <translation>Preço base</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight band price</source>
        <translation>Preço da faixa de peso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each additional unit</source>
        <translation>Cada unidade adicional</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Additional units</source>
        <translation>Unidades adicionais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base total</source>
        <translation>Preço base total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Combo variation</source>
        <translation>Variação de combo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reference price</source>
        <translation>Preço de referência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Benefit</source>
        <translation>Benefício</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Criterion</source>
        <translation>Critério</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Benefits</source>
        <translation>Benefícios</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Product price</source>
        <translation>Preço do produto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Additional service</source>
        <translation>Serviço adicional</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Additional services</source>
        <translation>Serviços adicionais</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Final price</source>
        <translation>Preço final</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tax base</source>
        <translation>Base de cálculo do imposto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charged weight</source>
        <translation>Peso cobrado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ad valorem</source>
        <translation>Ad valorem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Automatic insurance</source>
        <translation>Seguro automático</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage exemption</source>
        <translation>Isenção de armazenagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extra fee</source>
        <translation>Taxa extra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Information</source>
        <translation>Informação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
</context>
<context>
    <name>messages</name>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>API address</source>
        <translation>Endereço da API</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>CNPJ</source>
        <translation>CNPJ</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Contract</source>
        <translation>Contrato</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Posting card</source>
        <translation>Cartão de postagem</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>DR</source>
        <translation>DR</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Origin CEP</source>
        <translation>CEP de origem</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Saved origins</source>
        <translation>Origens salvas</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Package presets</source>
        <translation>Predefinições de pacote</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Products</source>
        <translation>Produtos</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>Products to compare</source>
        <translation>Produtos a comparar</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+1"/>
        <source>International products</source>
        <translation>Produtos internacionais</translation>
    </message>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+170"/>
        <location filename="../../postalgui/gui/tabs/price/batch_panel.py" line="+644"/>
        <source>Invalid value: &apos;%1&apos;</source>
        <translation>Valor inválido: &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (HTTP %2)</source>
        <translation>%1 (HTTP %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server kept failing, so PostalGUI gave up after several retries. Last answer: %1</source>
        <translation>O servidor continuou falhando e o PostalGUI desistiu depois de várias tentativas. Última resposta: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The server did not answer in time. Try again in a moment. (%1)</source>
        <translation>O servidor não respondeu a tempo. Tente novamente em instantes. (%1)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Could not reach the server. Check the network connection and the API address in Settings. (%1)</source>
        <translation>Não foi possível conectar ao servidor. Verifique a conexão de rede e o endereço da API nas Configurações. (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (HTTP %2). The operator refused the login or access code: correct them in Settings; PostalGUI does not send them again until they change.</source>
        <translation>%1 (HTTP %2). O operador recusou o login ou o código de acesso: corrija-os nas Configurações; o PostalGUI não os envia de novo até que sejam alterados.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file arrived incomplete, so nothing was saved. Try again in a moment. (%1)</source>
        <translation>O arquivo chegou incompleto, por isso nada foi salvo. Tente de novo em instantes. (%1)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The server sent an answer that could not be read.</source>
        <translation>O servidor enviou uma resposta que não pôde ser lida.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server sent an answer that could not be read (HTTP %1).</source>
        <translation>O servidor enviou uma resposta que não pôde ser lida (HTTP %1).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Enter your login and access code (or a delegated access key) in Settings.</source>
        <translation>Informe seu login e código de acesso (ou uma chave de acesso delegada) nas Configurações.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The built-in sandbox did not start. See the log file for details.</source>
        <translation>O sandbox embutido não iniciou. Veja os detalhes no arquivo de log.</translation>
    </message>
    <message>
        <source>Claims need the contract and the posting card numbers: set them in Settings.</source>
        <translation>As reclamações precisam dos números do contrato e do cartão de postagem: preencha-os nas Configurações.</translation>
    </message>
    <message>
        <source>Pre-postings need the posting card number: set it in Settings.</source>
        <translation>As pré-postagens precisam do número do cartão de postagem: preencha-o nas Configurações.</translation>
    </message>
    <message>
        <source>Invoices and the branch search need the contract number: set it in Settings.</source>
        <translation>As faturas e a busca de agências precisam do número do contrato: preencha-o nas Configurações.</translation>
    </message>
    <message>
        <source>The invoice does not say its DR and none is configured: set the DR in Settings.</source>
        <translation>A fatura não informa sua DR e nenhuma está configurada: defina a DR nas Configurações.</translation>
    </message>
    <message>
        <source>Cancelling a pre-posting names who asks it (idCorreiosSolicitanteCancelamento, the identity-portal login): set the login in Settings.</source>
        <translation>O cancelamento de uma pré-postagem informa quem o pede (idCorreiosSolicitanteCancelamento, o login do portal de identidade): defina o login nas Configurações.</translation>
    </message>
    <message>
        <source>No API address is configured for this environment: set it in Settings.</source>
        <translation>Nenhum endereço da API está configurado para este ambiente: preencha-o nas Configurações.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unexpected error: %1</source>
        <translation>Erro inesperado: %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Homologation</source>
        <translation>Homologação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Production</source>
        <translation>Produção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Custom URL</source>
        <translation>URL personalizada</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Posting card %1</source>
        <translation>Cartão de postagem %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Contract %1</source>
        <translation>Contrato %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login only</source>
        <translation>Somente login</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <source>Token valid until %1</source>
        <translation>Token válido até %1</translation>
    </message>
    <message>
        <source>Token valid until tomorrow %1</source>
        <translation>Token válido até amanhã %1</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 e mais %2</translation>
    </message>
</context>
<context>
    <name>rules</name>
    <message>
        <source>CEP may contain only digits, &apos;-&apos; and &apos;.&apos; (got &apos;{value}&apos;)</source>
        <translation>O CEP pode conter apenas dígitos, &apos;-&apos; e &apos;.&apos; (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CEP must have 8 digits (got {count})</source>
        <translation>O CEP deve ter 8 dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>CEP must be written 00000-000, 00.000-000 or 00000000 (got &apos;{value}&apos;)</source>
        <translation>O CEP deve ser escrito 00000-000, 00.000-000 ou 00000000 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ may contain only digits, letters A-Z and the separators &apos;.&apos;, &apos;/&apos;, &apos;-&apos; (got &apos;{value}&apos;)</source>
        <translation>O CNPJ pode conter apenas dígitos, letras de A a Z e os separadores &apos;.&apos;, &apos;/&apos;, &apos;-&apos; (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ must have 14 characters (got {count})</source>
        <translation>O CNPJ deve ter 14 caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <source>CNPJ must be written 00.000.000/0000-00 or without separators (got &apos;{value}&apos;)</source>
        <translation>O CNPJ deve ser escrito 00.000.000/0000-00 ou sem separadores (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ check digits (the last 2 characters) must be numbers (got &apos;{check}&apos;)</source>
        <translation>Os dígitos verificadores do CNPJ (os 2 últimos caracteres) devem ser números (recebidos: &apos;{check}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ cannot be one character repeated 14 times (got &apos;{value}&apos;)</source>
        <translation>O CNPJ não pode ser um mesmo caractere repetido 14 vezes (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ check digits do not match (got &apos;{check}&apos;, expected &apos;{expected}&apos;)</source>
        <translation>Os dígitos verificadores do CNPJ não conferem (recebidos: &apos;{check}&apos;, esperados: &apos;{expected}&apos;)</translation>
    </message>
    <message>
        <source>CNPJ base must be 12 characters 0-9 or A-Z (got &apos;{value}&apos;)</source>
        <translation>A base do CNPJ deve ter 12 caracteres de 0 a 9 ou de A a Z (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Posting card number is empty</source>
        <translation>Número do cartão de postagem está vazio</translation>
    </message>
    <message>
        <source>Posting card number must contain only digits (got &apos;{value}&apos;)</source>
        <translation>Número do cartão de postagem deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Posting card number must have at most {width} digits (got {count})</source>
        <translation>Número do cartão de postagem deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Contract number is empty</source>
        <translation>Número do contrato está vazio</translation>
    </message>
    <message>
        <source>Contract number must contain only digits (got &apos;{value}&apos;)</source>
        <translation>Número do contrato deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Contract number must have at most {width} digits (got {count})</source>
        <translation>Número do contrato deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>DR number is empty</source>
        <translation>Número da DR está vazio</translation>
    </message>
    <message>
        <source>DR number must contain only digits (got &apos;{value}&apos;)</source>
        <translation>Número da DR deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>DR number must have at most {width} digits (got {count})</source>
        <translation>Número da DR deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Invoice item is empty</source>
        <translation>Item da fatura está vazio</translation>
    </message>
    <message>
        <source>Invoice item must contain only digits (got &apos;{value}&apos;)</source>
        <translation>Item da fatura deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Invoice item must have at most {width} digits (got {count})</source>
        <translation>Item da fatura deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Amount must look like 1.234,56, 1234,56 or 1234.56 (got &apos;{value}&apos;)</source>
        <translation>O valor deve estar no formato 1.234,56, 1234,56 ou 1234.56 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Amount must be text, an integer or a Decimal, not {type} (got &apos;{value}&apos;)</source>
        <translation>O valor deve ser texto, um número inteiro ou um Decimal, não {type} (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Percentage must look like 0,0100 or 0.0100 (got &apos;{value}&apos;)</source>
        <translation>O percentual deve estar no formato 0,0100 ou 0.0100 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Percentage must be text, an integer or a Decimal, not {type} (got &apos;{value}&apos;)</source>
        <translation>O percentual deve ser texto, um número inteiro ou um Decimal, não {type} (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Weight must be a whole number of grams (got &apos;{value}&apos;)</source>
        <translation>O peso deve ser um número inteiro de gramas (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Weight is too long: at most {width} digits (got {count})</source>
        <translation>O peso é longo demais: no máximo {width} dígitos (recebido: {count})</translation>
    </message>
    <message>
        <source>Amount is too long: at most {width} digits (got {count})</source>
        <translation>O valor é longo demais: no máximo {width} dígitos (recebido: {count})</translation>
    </message>
    <message>
        <source>Percentage is too long: at most {width} digits (got {count})</source>
        <translation>O percentual é longo demais: no máximo {width} dígitos (recebido: {count})</translation>
    </message>
    <message>
        <source>Amount in cents must contain only digits (got &apos;{value}&apos;)</source>
        <translation>O valor em centavos deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Amount in cents must have at most {width} digits (got {count})</source>
        <translation>O valor em centavos deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Amount in cents cannot be negative (got &apos;{value}&apos;)</source>
        <translation>O valor em centavos não pode ser negativo (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Amount must have at most 2 decimal places to be sent in cents (got &apos;{value}&apos;)</source>
        <translation>O valor deve ter no máximo 2 casas decimais para ser enviado em centavos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Date must be written {pattern} (got &apos;{value}&apos;)</source>
        <translation>A data deve ser escrita {pattern} (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Date does not exist in the calendar (got &apos;{value}&apos;)</source>
        <translation>A data não existe no calendário (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Timestamp must be written YYYY-MM-DDThh:mm:ss[.mmm] (got &apos;{value}&apos;)</source>
        <translation>A data e hora devem ser escritas AAAA-MM-DDThh:mm:ss[.mmm] (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Timestamp is not a real date and time (got &apos;{value}&apos;)</source>
        <translation>A data e hora informadas não existem (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Time zone offset must look like -03:00, UTC-03:00 or Z (got &apos;{value}&apos;)</source>
        <translation>O fuso horário deve estar no formato -03:00, UTC-03:00 ou Z (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Time zone offset must be between -23:59 and +23:59 (got &apos;{value}&apos;)</source>
        <translation>O fuso horário deve estar entre -23:59 e +23:59 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Product code must have 5 digits (got &apos;{value}&apos;)</source>
        <translation>O código do produto deve ter 5 dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Country must be a 2-letter ISO code such as US (got &apos;{value}&apos;)</source>
        <translation>O país deve ser um código ISO de 2 letras, como US (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Format must be 1 envelope, 2 package or 3 roll (got &apos;{value}&apos;)</source>
        <translation>O formato deve ser 1 para envelope, 2 para pacote ou 3 para rolo (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Additional service code must have 3 digits (got &apos;{value}&apos;)</source>
        <translation>O código do serviço adicional deve ter 3 dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Size must be a number of centimetres such as 20 or 20,5 (got &apos;{value}&apos;)</source>
        <translation>A medida deve ser um número de centímetros, como 20 ou 20,5 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Size is too long: at most {width} digits (got {count})</source>
        <translation>A medida é longa demais: no máximo {width} dígitos (recebido: {count})</translation>
    </message>
    <message>
        <source>Value must be greater than zero (got &apos;{value}&apos;)</source>
        <translation>O valor deve ser maior que zero (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Invoice number must contain only digits (got &apos;{value}&apos;)</source>
        <translation>O número da fatura deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Document type must be 2 letters or digits such as RE (got &apos;{value}&apos;)</source>
        <translation>O tipo de documento deve ter 2 letras ou dígitos, como RE (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Typed line may contain only digits, spaces and dots (got &apos;{value}&apos;)</source>
        <translation>A linha digitável pode conter apenas dígitos, espaços e pontos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Typed line must have 47 digits (got {count})</source>
        <translation>A linha digitável deve ter 47 dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Barcode must have 44 digits (got {count})</source>
        <translation>O código de barras deve ter 44 dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <source>Check digit of typed line field {field} does not match (got {check}, expected {expected})</source>
        <translation>O dígito verificador do campo {field} da linha digitável não confere (recebido {check}, esperado {expected})</translation>
    </message>
    <message>
        <source>General check digit does not match (got {check}, expected {expected})</source>
        <translation>O dígito verificador geral não confere (recebido {check}, esperado {expected})</translation>
    </message>
    <message>
        <source>Due date must be after 1997-10-07 (got &apos;{value}&apos;)</source>
        <translation>O vencimento deve ser posterior a 07/10/1997 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Due factor must be between 0 and 9999 (got &apos;{value}&apos;)</source>
        <translation>O fator de vencimento deve estar entre 0 e 9999 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Service code must be letters and digits, at most 10 (got &apos;{value}&apos;)</source>
        <translation>O código do serviço deve conter apenas letras e dígitos, no máximo 10 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Unit MCU must have 8 digits (got &apos;{value}&apos;)</source>
        <translation>O código da unidade (MCU) deve ter 8 dígitos (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>State must be one of the 27 abbreviations, such as SP (got &apos;{value}&apos;)</source>
        <translation>O estado deve ser uma das 27 siglas, como SP (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Unit status must be a code from 1 to 6 (got &apos;{value}&apos;)</source>
        <translation>A situação da unidade deve ser um código de 1 a 6 (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Unit type must be a code of 1 or 2 digits, such as 09 (got &apos;{value}&apos;)</source>
        <translation>O tipo de unidade deve ser um código de 1 ou 2 dígitos, como 09 (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Sort must be written field,direction, such as nome,asc (got &apos;{value}&apos;)</source>
        <translation>A ordenação deve ser escrita campo,direção, como nome,asc (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Client tax id must be a CPF (11 digits) or a CNPJ (14), bare or written 000.000.000-00 / 00.000.000/0000-00 (got &apos;{value}&apos;)</source>
        <translation>A identificação do cliente deve ser um CPF (11 dígitos) ou um CNPJ (14), sem separadores ou escrita 000.000.000-00 / 00.000.000/0000-00 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CPF cannot be one digit repeated 11 times (got &apos;{value}&apos;)</source>
        <translation>O CPF não pode ser um dígito repetido 11 vezes (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>CPF check digits do not match (got &apos;{check}&apos;, expected &apos;{expected}&apos;)</source>
        <translation>Os dígitos verificadores do CPF não conferem (recebidos: &apos;{check}&apos;, esperados: &apos;{expected}&apos;)</translation>
    </message>
    <message>
        <source>Protocol must have 14 digits: year, contractor, sequence (got &apos;{value}&apos;)</source>
        <translation>O protocolo deve ter 14 dígitos: ano, contratante, sequência (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Registration-system contract must have 12 characters (got &apos;{value}&apos;)</source>
        <translation>O contrato do sistema de registro deve ter 12 caracteres (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Operator code must have 300 to 700 characters (got {count})</source>
        <translation>O código do Operador deve ter de 300 a 700 caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <source>Quantity must be a whole number from 1 to 999 (got &apos;{value}&apos;)</source>
        <translation>A quantidade deve ser um número inteiro de 1 a 999 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Client key must have at most 30 characters (got {count})</source>
        <translation>A chave do cliente deve ter no máximo 30 caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <source>Ticket line {line} has {count} characters: at most 50 per line</source>
        <translation>A linha {line} do ticket tem {count} caracteres: no máximo 50 por linha</translation>
    </message>
    <message>
        <source>Ticket line {line} cannot contain &apos;+&apos;, which separates lines</source>
        <translation>A linha {line} do ticket não pode conter &apos;+&apos;, que separa as linhas</translation>
    </message>
    <message>
        <source>Ticket text must have at most 4000 characters (got {count})</source>
        <translation>O texto do ticket deve ter no máximo 4000 caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <source>User inside chave must have at most 250 characters (got {value})</source>
        <translation>O usuário dentro da chave deve ter no máximo 250 caracteres (recebidos: {value})</translation>
    </message>
    <message>
        <source>Password inside chave must have at most 250 characters (got {value})</source>
        <translation>A senha dentro da chave deve ter no máximo 250 caracteres (recebidos: {value})</translation>
    </message>
    <message>
        <source>Object code must be 2 letters, 9 digits and 2 letters, such as DG049186226BR (got &apos;{value}&apos;)</source>
        <translation>O código do objeto deve ter 2 letras, 9 dígitos e 2 letras, como DG049186226BR (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Object code {value}: its check digit is {check}, the rule (mod 11) gives {expected}</source>
        <translation>Código do objeto {value}: o dígito verificador é {check}, a regra (módulo 11) dá {expected}</translation>
    </message>
    <message>
        <source>Claim reason must be one of the operator&apos;s codes: 132, 133, 134, 135, 136, 141, 142, 148, 211, 240, 1414 (got &apos;{value}&apos;)</source>
        <translation>O motivo da reclamação deve ser um dos códigos do operador: 132, 133, 134, 135, 136, 141, 142, 148, 211, 240, 1414 (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Claim kind must be I (compensation) or R (complaint) (got &apos;{value}&apos;)</source>
        <translation>O tipo de manifestação deve ser I (indenização) ou R (reclamação) (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Packaging must be E (envelope) or C (box) (got &apos;{value}&apos;)</source>
        <translation>A embalagem deve ser E (envelope) ou C (caixa) (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Reply e-mail must be an address such as nome@empresa.com.br (got &apos;{value}&apos;)</source>
        <translation>O e-mail de resposta deve ser um endereço como nome@empresa.com.br (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Phone must have 10 or 11 digits with the area code, such as (11) 98765-4321 (got &apos;{value}&apos;)</source>
        <translation>O telefone deve ter 10 ou 11 dígitos com o DDD, como (11) 98765-4321 (recebido &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Recipient&apos;s name (nomeDestinatario) must have 1 to {width} characters (got {count})</source>
        <translation>O nome do destinatário (nomeDestinatario) deve ter de 1 a {width} caracteres (recebido {count})</translation>
    </message>
    <message>
        <source>Field {field}: control character {char} ({name}) is not accepted</source>
        <translation>Campo {field}: caractere de controle {char} ({name}) não é aceito</translation>
    </message>
    <message>
        <source>Field {field} is required</source>
        <translation>O campo {field} é obrigatório</translation>
    </message>
    <message>
        <source>Field {field} must have at most {width} characters (got {count})</source>
        <translation>O campo {field} deve ter no máximo {width} caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <source>Field {field}: {says}</source>
        <translation>Campo {field}: {says}</translation>
    </message>
    <message>
        <source>Field {field} must be a state&apos;s two letters, such as SP (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser a sigla de um estado, como SP (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be a service code of 5 digits, such as 03298 (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser um código de serviço de 5 dígitos, como 03298 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be 1 to {high} g (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser de 1 a {high} g (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be 1 (envelope), 2 (box or package) or 3 (roll) (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser 1 (envelope), 2 (caixa ou pacote) ou 3 (rolo) (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be {low} to {high} cm (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser de {low} a {high} cm (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Length, width and height must add up to at most {high} cm (got {value})</source>
        <translation>Comprimento, largura e altura devem somar no máximo {high} cm (recebido: {value})</translation>
    </message>
    <message>
        <source>Field {field} must be more than R$ 0,00 and at most R$ {high} (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser maior que R$ 0,00 e no máximo R$ {high} (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be an additional service code of 3 digits, such as 001 (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser um código de serviço adicional de 3 dígitos, como 001 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be at least 1 (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser pelo menos 1 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be an amount such as 150,00 (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser um valor como 150,00 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be a whole number (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser um número inteiro (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must have the NF-e key&apos;s 44 digits (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ter os 44 dígitos da chave da NF-e (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field} must be up to 20 letters and digits (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ter até 20 letras e dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>Field {field}: the operator does not know CEP {value} ({says})</source>
        <translation>Campo {field}: os Correios não conhecem o CEP {value} ({says})</translation>
    </message>
    <message>
        <source>Pre-posting {value} is {status}: no label, declaration or list is made for it</source>
        <translation>A pré-postagem {value} tem status {status}: não se faz etiqueta, declaração nem lista dela</translation>
    </message>
    <message>
        <source>Field {field}: a content declaration (what the parcel holds) or an invoice (numeroNotaFiscal or chaveNFe) is required</source>
        <translation>Campo {field}: é preciso uma declaração de conteúdo (o que o volume contém) ou uma nota fiscal (numeroNotaFiscal ou chaveNFe)</translation>
    </message>
    <message>
        <source>Pre-posting {value} has neither content lines nor an invoice: there is nothing to declare</source>
        <translation>A pré-postagem {value} não tem linhas de conteúdo nem nota fiscal: não há o que declarar</translation>
    </message>
    <message>
        <source>Field {field} must be a date after today and at most {high} days ahead (got &apos;{value}&apos;)</source>
        <translation>O campo {field} deve ser uma data depois de hoje e no máximo {high} dias à frente (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelado</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expirado</translation>
    </message>
    <message>
        <source>reversed</source>
        <translation>estornado</translation>
    </message>
</context>
<context>
    <name>FieldLabel</name>
    <message>
        <source>Extension</source>
        <translation>Ramal</translation>
    </message>
    <message>
        <source>Office hours</source>
        <translation>Horário de atendimento</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Unidade</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Nível</translation>
    </message>
    <message>
        <source>Fax</source>
        <translation>Fax</translation>
    </message>
    <message>
        <source>Department</source>
        <translation>Departamento</translation>
    </message>
    <message>
        <source>Sector</source>
        <translation>Setor</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Observação</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Endereço</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
</context>
<context>
    <name>BranchWords</name>
    <message>
        <source>Branch</source>
        <translation>Agência própria</translation>
    </message>
    <message>
        <source>Community branch</source>
        <translation>Agência comunitária</translation>
    </message>
    <message>
        <source>Franchised branch</source>
        <translation>Agência franqueada</translation>
    </message>
    <message>
        <source>Home delivery centre</source>
        <translation>Centro de distribuição domiciliária</translation>
    </message>
    <message>
        <source>Parcel delivery centre</source>
        <translation>Centro de entrega de encomendas</translation>
    </message>
    <message>
        <source>Letter and parcel sorting centre</source>
        <translation>Centro de tratamento de cartas e encomendas</translation>
    </message>
    <message>
        <source>Integrated logistics centre</source>
        <translation>Centro de logística integrada</translation>
    </message>
    <message>
        <source>Sales point</source>
        <translation>Ponto de venda</translation>
    </message>
    <message>
        <source>Satellite branch</source>
        <translation>Agência satélite</translation>
    </message>
    <message>
        <source>Community post box</source>
        <translation>Caixa postal comunitária</translation>
    </message>
    <message>
        <source>Corporate service centre</source>
        <translation>Central de atendimento corporativo</translation>
    </message>
    <message>
        <source>Locker</source>
        <translation>Locker (armário inteligente)</translation>
    </message>
    <message>
        <source>Not installed</source>
        <translation>Não instalada</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Instalada</translation>
    </message>
    <message>
        <source>Temporarily closed</source>
        <translation>Fechada provisoriamente</translation>
    </message>
    <message>
        <source>Closed down</source>
        <translation>Extinta</translation>
    </message>
    <message>
        <source>Closing down</source>
        <translation>Em extinção</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Outra situação</translation>
    </message>
    <message>
        <source>registered but not yet open to the public</source>
        <translation>cadastrada, mas ainda não aberta ao público</translation>
    </message>
    <message>
        <source>working normally</source>
        <translation>funcionando normalmente</translation>
    </message>
    <message>
        <source>closed for now; expected to reopen</source>
        <translation>fechada por enquanto; deve reabrir</translation>
    </message>
    <message>
        <source>closed for good; do not send anyone there</source>
        <translation>fechada de vez; não envie ninguém para lá</translation>
    </message>
    <message>
        <source>about to close for good</source>
        <translation>prestes a fechar de vez</translation>
    </message>
    <message>
        <source>another situation; ask the operator</source>
        <translation>outra situação; consulte os Correios</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>Segunda-feira</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>Terça-feira</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>Quarta-feira</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>Quinta-feira</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>Sexta-feira</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Sábado</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Domingo</translation>
    </message>
    <message>
        <source>Type %1</source>
        <translation>Tipo %1</translation>
    </message>
    <message>
        <source>Unknown type</source>
        <translation>Tipo desconhecido</translation>
    </message>
    <message>
        <source>Status %1</source>
        <translation>Situação %1</translation>
    </message>
    <message>
        <source>Unknown status</source>
        <translation>Situação desconhecida</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <source>no number</source>
        <translation>s/n</translation>
    </message>
    <message>
        <source>CEP %1</source>
        <translation>CEP %1</translation>
    </message>
    <message>
        <source>today at %1</source>
        <translation>hoje às %1</translation>
    </message>
    <message>
        <source>tomorrow at %1</source>
        <translation>amanhã às %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 às %2</translation>
    </message>
    <message>
        <source>Opening hours not given</source>
        <translation>Horário não informado</translation>
    </message>
    <message>
        <source>Open 24 hours</source>
        <translation>Aberta 24 horas</translation>
    </message>
    <message>
        <source>Open now, closes %1</source>
        <translation>Aberta agora, fecha %1</translation>
    </message>
    <message>
        <source>Open now, closes at %1</source>
        <translation>Aberta agora, fecha às %1</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechada</translation>
    </message>
    <message>
        <source>Closed for lunch, opens %1</source>
        <translation>Fechada para almoço, abre %1</translation>
    </message>
    <message>
        <source>Closed, opens %1</source>
        <translation>Fechada, abre %1</translation>
    </message>
    <message>
        <source>Closed: %1</source>
        <translation>Fechada: %1</translation>
    </message>
</context>
<context>
    <name>BranchesTab</name>
    <message>
        <source>Branches</source>
        <translation>Agências</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Unidades</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>E&amp;xportar CSV…</translation>
    </message>
    <message>
        <source>Save the units shown, in the list&apos;s order, as a CSV file</source>
        <translation>Salva as unidades mostradas, na ordem da lista, em um arquivo CSV</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>Export units</source>
        <translation>Exportar unidades</translation>
    </message>
    <message>
        <source>branches</source>
        <translation>agencias</translation>
    </message>
</context>
<context>
    <name>FiltersPanel</name>
    <message>
        <source>Search the list: name, street, neighbourhood, CEP, code…</source>
        <translation>Pesquisar na lista: nome, rua, bairro, CEP, código…</translation>
    </message>
    <message>
        <source>Filters the units loaded, as you type (Ctrl+F)</source>
        <translation>Filtra as unidades carregadas enquanto você digita (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search the list</source>
        <translation>Pesquisar na lista</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Todos os estados</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Any municipality</source>
        <translation>Qualquer município</translation>
    </message>
    <message>
        <source>Municipality</source>
        <translation>Município</translation>
    </message>
    <message>
        <source>Any neighbourhood</source>
        <translation>Qualquer bairro</translation>
    </message>
    <message>
        <source>Neighbourhood</source>
        <translation>Bairro</translation>
    </message>
    <message>
        <source>Any name</source>
        <translation>Qualquer nome</translation>
    </message>
    <message>
        <source>Unit name</source>
        <translation>Nome da unidade</translation>
    </message>
    <message>
        <source>One or more CEPs, separated by spaces or commas</source>
        <translation>Um ou mais CEPs, separados por espaços ou vírgulas</translation>
    </message>
    <message>
        <source>CEP</source>
        <translation>CEP</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Tipos</translation>
    </message>
    <message>
        <source>Statuses</source>
        <translation>Situações</translation>
    </message>
    <message>
        <source>Open &amp;now</source>
        <translation>Aberta &amp;agora</translation>
    </message>
    <message>
        <source>Units open at this moment, on their own clock</source>
        <translation>Unidades abertas neste momento, no horário local de cada uma</translation>
    </message>
    <message>
        <source>Open &amp;at</source>
        <translation>Aberta &amp;em</translation>
    </message>
    <message>
        <source>Units open on that day at that time, on their own clock</source>
        <translation>Unidades abertas nesse dia e horário, no horário local de cada uma</translation>
    </message>
    <message>
        <source>Clique e &amp;Retire</source>
        <translation>Clique e &amp;Retire</translation>
    </message>
    <message>
        <source>Units where online purchases can be picked up</source>
        <translation>Unidades onde compras on-line podem ser retiradas</translation>
    </message>
    <message>
        <source>&amp;Lockers only</source>
        <translation>Só &amp;lockers</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Buscar</translation>
    </message>
    <message>
        <source>Ask the operator for the units of the state, municipality, …</source>
        <translation>Pede aos Correios as unidades do estado, município, …</translation>
    </message>
    <message>
        <source>All of &amp;Brazil</source>
        <translation>Brasil &amp;inteiro</translation>
    </message>
    <message>
        <source>Download every unit in Brazil once; then every filter works at once, also offline</source>
        <translation>Baixa uma vez todas as unidades do Brasil; depois todo filtro responde na hora, também sem internet</translation>
    </message>
    <message>
        <source>Fi&amp;nd:</source>
        <translation>&amp;Pesquisar:</translation>
    </message>
    <message>
        <source>S&amp;tate:</source>
        <translation>Es&amp;tado:</translation>
    </message>
    <message>
        <source>&amp;Municipality:</source>
        <translation>&amp;Município:</translation>
    </message>
    <message>
        <source>Neighbourhood:</source>
        <translation>Bairro:</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>CEP:</source>
        <translation>CEP:</translation>
    </message>
    <message>
        <source>Day and time</source>
        <translation>Dia e horário</translation>
    </message>
</context>
<context>
    <name>ChoiceButton</name>
    <message>
        <source>%1: all</source>
        <translation>%1: todos</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 chosen</source>
        <translation>%1: %2 escolhidos</translation>
    </message>
</context>
<context>
    <name>UnitDetail</name>
    <message>
        <source>&amp;Copy address</source>
        <translation>&amp;Copiar endereço</translation>
    </message>
    <message>
        <source>Open in a map &amp;website</source>
        <translation>Abrir em um &amp;site de mapas</translation>
    </message>
    <message>
        <source>Shows the unit on openstreetmap.org in your browser</source>
        <translation>Mostra a unidade no openstreetmap.org, no navegador</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Tipo:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Situação:</translation>
    </message>
    <message>
        <source>Unit code (MCU):</source>
        <translation>Código da unidade (MCU):</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Endereço:</translation>
    </message>
    <message>
        <source>Phones:</source>
        <translation>Telefones:</translation>
    </message>
    <message>
        <source>E-mails:</source>
        <translation>E-mails:</translation>
    </message>
    <message>
        <source>Services:</source>
        <translation>Serviços:</translation>
    </message>
    <message>
        <source>Time zone:</source>
        <translation>Fuso horário:</translation>
    </message>
    <message>
        <source>Last changed:</source>
        <translation>Última alteração:</translation>
    </message>
    <message>
        <source>Opening hours (the unit&apos;s local time)</source>
        <translation>Horário de funcionamento (hora local da unidade)</translation>
    </message>
    <message>
        <source>Monday to Friday</source>
        <translation>Segunda a sexta</translation>
    </message>
    <message>
        <source>Lunch break</source>
        <translation>Almoço</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Sábado</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Domingo</translation>
    </message>
    <message>
        <source>Posting deadline (weekdays)</source>
        <translation>Limite de postagem (dias úteis)</translation>
    </message>
    <message>
        <source>Pick a unit in the list or on the map to see its details.</source>
        <translation>Escolha uma unidade na lista ou no mapa para ver os detalhes.</translation>
    </message>
    <message>
        <source>Operator&apos;s type %1: %2</source>
        <translation>Tipo %1 dos Correios: %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Clique e Retire (pick-up of online purchases): %1</source>
        <translation>Clique e Retire (retirada de compras on-line): %1</translation>
    </message>
    <message>
        <source>Attended by the operator&apos;s staff: %1</source>
        <translation>Atendimento por funcionários dos Correios: %1</translation>
    </message>
    <message>
        <source>%1 (not given; Brasília time assumed)</source>
        <translation>%1 (não informado; considerado o horário de Brasília)</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechada</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 às %2</translation>
    </message>
    <message>
        <source>Open 24 hours</source>
        <translation>Aberta 24 horas</translation>
    </message>
    <message>
        <source>No lunch break</source>
        <translation>Sem intervalo de almoço</translation>
    </message>
    <message>
        <source>The operator says: %1</source>
        <translation>Segundo os Correios: %1</translation>
    </message>
    <message>
        <source>%1 (not given; the state&apos;s time assumed)</source>
        <translation>%1 (não informado; considerado o horário do estado)</translation>
    </message>
</context>
<context>
    <name>UnitModel</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Municipality/UF</source>
        <translation>Município/UF</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Distância</translation>
    </message>
    <message>
        <source>Open now</source>
        <translation>Aberta agora</translation>
    </message>
    <message>
        <source>Closes at</source>
        <translation>Fecha às</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Aberta</translation>
    </message>
    <message>
        <source>Lunch break</source>
        <translation>Almoço</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Fechada</translation>
    </message>
    <message>
        <source>Open 24 hours</source>
        <translation>24 horas</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (operator&apos;s type %2, %3)</source>
        <translation>%1 (tipo %2 dos Correios, %3)</translation>
    </message>
    <message>
        <source>No hours</source>
        <translation>Sem horário</translation>
    </message>
</context>
<context>
    <name>MapPane</name>
    <message>
        <source>Map of the units</source>
        <translation>Mapa das unidades</translation>
    </message>
    <message>
        <source>Click a unit to select it, a cluster to zoom in; drag to pan; wheel or +/- zoom</source>
        <translation>Clique em uma unidade para selecioná-la, em um grupo para aproximar; arraste para mover; roda ou +/- para zoom</translation>
    </message>
    <message>
        <source>Distance from a place…</source>
        <translation>Distância de um lugar…</translation>
    </message>
    <message>
        <source>Click here, then on the map: the list is sorted by distance from there</source>
        <translation>Clique aqui e depois no mapa: a lista é ordenada pela distância até lá</translation>
    </message>
    <message>
        <source>Clear place</source>
        <translation>Limpar lugar</translation>
    </message>
    <message>
        <source>Streets</source>
        <translation>Ruas</translation>
    </message>
    <message>
        <source>OpenStreetMap streets under the units, when this computer is online (not in the sandbox)</source>
        <translation>Ruas do OpenStreetMap sob as unidades, quando este computador está on-line (não no sandbox)</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Mostrar tudo</translation>
    </message>
    <message>
        <source>Every unit shown in view (Home)</source>
        <translation>Todas as unidades mostradas à vista (Home)</translation>
    </message>
    <message>
        <source>Branch</source>
        <translation>Agência própria</translation>
    </message>
    <message>
        <source>Franchised or community</source>
        <translation>Franqueada ou comunitária</translation>
    </message>
    <message>
        <source>Locker</source>
        <translation>Locker</translation>
    </message>
    <message>
        <source>Sales point</source>
        <translation>Ponto de venda</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Outras</translation>
    </message>
    <message>
        <source>Streets are off in the sandbox: it uses no network</source>
        <translation>Ruas desligadas no sandbox: ele não usa a rede</translation>
    </message>
    <message>
        <source>Offline: state outlines only</source>
        <translation>Sem conexão: só os contornos dos estados</translation>
    </message>
</context>
<context>
    <name>DeadlineText</name>
    <message>
        <source>Mon</source>
        <translation>seg</translation>
    </message>
    <message>
        <source>Tue</source>
        <translation>ter</translation>
    </message>
    <message>
        <source>Wed</source>
        <translation>qua</translation>
    </message>
    <message>
        <source>Thu</source>
        <translation>qui</translation>
    </message>
    <message>
        <source>Fri</source>
        <translation>sex</translation>
    </message>
    <message>
        <source>Sat</source>
        <translation>sáb</translation>
    </message>
    <message>
        <source>Sun</source>
        <translation>dom</translation>
    </message>
    <message>
        <source>by %1 %2</source>
        <translation>até %1 %2</translation>
    </message>
    <message>
        <source>(+1 handling day)</source>
        <translation>(+1 dia de manuseio)</translation>
    </message>
    <message>
        <source>(+%1 handling days)</source>
        <translation>(+%1 dias de manuseio)</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <source>Not enabled for this card</source>
        <translation>Não habilitado para este cartão</translation>
    </message>
    <message>
        <source>International: not available</source>
        <translation>Internacional: não disponível</translation>
    </message>
    <message>
        <source>No delivery time</source>
        <translation>Sem prazo</translation>
    </message>
    <message>
        <source>Pick up at a branch</source>
        <translation>Retirar na agência</translation>
    </message>
</context>
<context>
    <name>JobActions</name>
    <message>
        <source>&amp;Open</source>
        <translation>&amp;Abrir</translation>
    </message>
    <message>
        <source>Request &amp;again</source>
        <translation>Solicitar &amp;novamente</translation>
    </message>
    <message>
        <source>Ask the operator for a new file</source>
        <translation>Pedir um novo arquivo aos Correios</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>Re&amp;tomar</translation>
    </message>
    <message>
        <source>Follow this request again</source>
        <translation>Voltar a acompanhar esta solicitação</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Remover</translation>
    </message>
</context>
<context>
    <name>JobOpening</name>
    <message>
        <source>The file of %1 is not on this computer: fetching it from the operator…</source>
        <translation>O arquivo de %1 não está neste computador: buscando-o nos Correios…</translation>
    </message>
    <message>
        <source>The file of %1 is on another desk and the operator no longer keeps it; request it again.</source>
        <translation>O arquivo de %1 está em outra estação e os Correios não o guardam mais; solicite-o novamente.</translation>
    </message>
    <message>
        <source>The file of %1 is no longer on this computer; request it again.</source>
        <translation>O arquivo de %1 não está mais neste computador; solicite-o novamente.</translation>
    </message>
    <message>
        <source>The file could not be fetched again: %1</source>
        <translation>Não foi possível buscar o arquivo novamente: %1</translation>
    </message>
</context>
<context>
    <name>JobRemoval</name>
    <message>
        <source>The job could not be removed: %1</source>
        <translation>Não foi possível remover a solicitação: %1</translation>
    </message>
</context>
<context>
    <name>JobRenewal</name>
    <message>
        <source>The new request failed: %1</source>
        <translation>A nova solicitação falhou: %1</translation>
    </message>
    <message>
        <source>%1 requested again.</source>
        <translation>Nova solicitação enviada: %1.</translation>
    </message>
</context>
<context>
    <name>JobTracker</name>
    <message>
        <source>In progress</source>
        <translation>Em andamento</translation>
    </message>
    <message>
        <source>%1 is ready.</source>
        <translation>%1: arquivo pronto.</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>Falha em %1: %2</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>sem motivo informado</translation>
    </message>
    <message>
        <source>%1 expired: the operator no longer keeps its file.</source>
        <translation>%1 expirou: os Correios não guardam mais o arquivo.</translation>
    </message>
    <message>
        <source>%1 is waiting: %2. Resume it when the connection is back.</source>
        <translation>%1 está em espera: %2. Retome o acompanhamento quando a conexão voltar.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Retomar</translation>
    </message>
</context>
<context>
    <name>PdfSearch</name>
    <message>
        <source>No results</source>
        <translation>Nenhum resultado</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
</context>
<context>
    <name>PdfThumbnails</name>
    <message>
        <source>Page thumbnails</source>
        <translation>Miniaturas das páginas</translation>
    </message>
</context>
<context>
    <name>PdfToolbar</name>
    <message>
        <source>PDF tools</source>
        <translation>Ferramentas de PDF</translation>
    </message>
    <message>
        <source>Page thumbnails</source>
        <translation>Miniaturas das páginas</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Página anterior</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Próxima página</translation>
    </message>
    <message>
        <source>First page</source>
        <translation>Primeira página</translation>
    </message>
    <message>
        <source>Last page</source>
        <translation>Última página</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Aumentar zoom</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Diminuir zoom</translation>
    </message>
    <message>
        <source>Fit width</source>
        <translation>Ajustar à largura</translation>
    </message>
    <message>
        <source>Fit page</source>
        <translation>Ajustar à página</translation>
    </message>
    <message>
        <source>100%</source>
        <translation>100%</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Localizar</translation>
    </message>
    <message>
        <source>Next result</source>
        <translation>Próximo resultado</translation>
    </message>
    <message>
        <source>Previous result</source>
        <translation>Resultado anterior</translation>
    </message>
    <message>
        <source>Print…</source>
        <translation>Imprimir…</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Salvar como…</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Página</translation>
    </message>
    <message>
        <source>Find in document</source>
        <translation>Localizar no documento</translation>
    </message>
</context>
<context>
    <name>AddDialog</name>
    <message>
        <source>Codes found: %1.</source>
        <translation>Códigos encontrados: %1.</translation>
    </message>
    <message>
        <source>(and %1 more)</source>
        <translation>(e mais %1)</translation>
    </message>
    <message>
        <source>Fix or remove the bad ones to add them (%1): %2</source>
        <translation>Corrija ou apague os inválidos para adicionar (%1): %2</translation>
    </message>
    <message>
        <source>Follow objects</source>
        <translation>Acompanhar objetos</translation>
    </message>
    <message>
        <source>Object codes</source>
        <translation>Códigos de objeto</translation>
    </message>
    <message>
        <source>Paste object codes (AA123456789BR) from an e-mail, a spreadsheet, anywhere</source>
        <translation>Cole códigos de objeto (AA123456789BR) de um e-mail, de uma planilha, de qualquer lugar</translation>
    </message>
    <message>
        <source>Optional: a customer, an order…</source>
        <translation>Opcional: um cliente, um pedido…</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Adicionar</translation>
    </message>
    <message>
        <source>&amp;Tag:</source>
        <translation>&amp;Marcador:</translation>
    </message>
    <message>
        <source>No object codes yet.</source>
        <translation>Nenhum código de objeto ainda.</translation>
    </message>
</context>
<context>
    <name>Counters</name>
    <message>
        <source>Waiting at a branch: %1</source>
        <translation>Aguardando retirada: %1</translation>
    </message>
    <message>
        <source>Returned: %1</source>
        <translation>Devolvidos: %1</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>Com problema: %1</translation>
    </message>
    <message>
        <source>Late or overdue: %1</source>
        <translation>Atrasados: %1</translation>
    </message>
    <message>
        <source>Expected today: %1</source>
        <translation>Previstos para hoje: %1</translation>
    </message>
    <message>
        <source>Total: %1</source>
        <translation>Total: %1</translation>
    </message>
    <message>
        <source>Show only these objects</source>
        <translation>Mostrar só estes objetos</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>↩ Returns</source>
        <translation>↩ Devoluções</translation>
    </message>
    <message>
        <source>Search: code, tag, last event, where…</source>
        <translation>Buscar: código, marcador, último evento, local…</translation>
    </message>
    <message>
        <source>Search the list</source>
        <translation>Buscar na lista</translation>
    </message>
    <message>
        <source>Filters the objects as you type (Ctrl+F)</source>
        <translation>Filtra os objetos enquanto você digita (Ctrl+F)</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Todas as situações</translation>
    </message>
    <message>
        <source>&amp;Late only</source>
        <translation>Só at&amp;rasados</translation>
    </message>
    <message>
        <source>Delivered after the expected date, or past it and not delivered</source>
        <translation>Entregues depois da data prevista, ou já passados dela e não entregues</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Marcador</translation>
    </message>
    <message>
        <source>Statu&amp;s:</source>
        <translation>S&amp;ituação:</translation>
    </message>
    <message>
        <source>Ta&amp;g:</source>
        <translation>&amp;Marcador:</translation>
    </message>
    <message>
        <source>All tags</source>
        <translation>Todos os marcadores</translation>
    </message>
    <message>
        <source>No tag</source>
        <translation>Sem marcador</translation>
    </message>
</context>
<context>
    <name>ListActions</name>
    <message>
        <source>Authorize a retur&amp;n…</source>
        <translation>Autorizar de&amp;volução…</translation>
    </message>
    <message>
        <source>A return authorization for the customer of the selected delivered object</source>
        <translation>Uma autorização de devolução para o cliente do objeto entregue selecionado</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Adicionar…</translation>
    </message>
    <message>
        <source>Follow objects: paste their codes (Ctrl+N)</source>
        <translation>Acompanhar objetos: cole seus códigos (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>&amp;Importar…</translation>
    </message>
    <message>
        <source>Follow the object codes of a CSV or .xlsx file</source>
        <translation>Acompanhar os códigos de objeto de um arquivo CSV ou .xlsx</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Remover</translation>
    </message>
    <message>
        <source>Stop following the selected objects (Delete)</source>
        <translation>Deixar de acompanhar os objetos selecionados (Delete)</translation>
    </message>
    <message>
        <source>Arc&amp;hive</source>
        <translation>Arqui&amp;var</translation>
    </message>
    <message>
        <source>Put the selected objects away (they are no longer asked)</source>
        <translation>Guardar os objetos selecionados (não são mais consultados)</translation>
    </message>
    <message>
        <source>&amp;Unarchive</source>
        <translation>&amp;Desarquivar</translation>
    </message>
    <message>
        <source>Follow the selected archived objects again</source>
        <translation>Voltar a acompanhar os objetos arquivados selecionados</translation>
    </message>
    <message>
        <source>Set &amp;tag…</source>
        <translation>Definir &amp;marcador…</translation>
    </message>
    <message>
        <source>Tag the selected objects</source>
        <translation>Marcar os objetos selecionados</translation>
    </message>
    <message>
        <source>Sho&amp;w archived</source>
        <translation>Mostrar ar&amp;quivados</translation>
    </message>
    <message>
        <source>List the archived objects instead</source>
        <translation>Listar os objetos arquivados</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <source>Save the objects shown as CSV or .xlsx</source>
        <translation>Salvar os objetos mostrados em CSV ou .xlsx</translation>
    </message>
    <message>
        <source>Late re&amp;port…</source>
        <translation>Relatório de atrasos (&amp;PDF)…</translation>
    </message>
    <message>
        <source>A PDF of this month&apos;s late objects, with totals per product</source>
        <translation>Um PDF dos objetos atrasados deste mês, com totais por produto</translation>
    </message>
    <message>
        <source>The objects could not be added: %1</source>
        <translation>Não foi possível adicionar os objetos: %1</translation>
    </message>
    <message>
        <source>The file could not be read: %1</source>
        <translation>Não foi possível ler o arquivo: %1</translation>
    </message>
    <message>
        <source>%1 objects added (%2 already followed); asking the operator about them.</source>
        <translation>%1 objetos adicionados (%2 já acompanhados); consultando a operadora sobre eles.</translation>
    </message>
    <message>
        <source>Stop following %1 objects? Their history here is removed for every desk.</source>
        <translation>Deixar de acompanhar %1 objetos? O histórico deles aqui é removido para todos os postos.</translation>
    </message>
    <message>
        <source>The objects could not be removed: %1</source>
        <translation>Não foi possível remover os objetos: %1</translation>
    </message>
    <message>
        <source>The objects could not be archived: %1</source>
        <translation>Não foi possível arquivar os objetos: %1</translation>
    </message>
    <message>
        <source>The objects could not be unarchived: %1</source>
        <translation>Não foi possível desarquivar os objetos: %1</translation>
    </message>
    <message>
        <source>The tag could not be set: %1</source>
        <translation>Não foi possível definir o marcador: %1</translation>
    </message>
    <message>
        <source>tracking</source>
        <translation>rastreamento</translation>
    </message>
    <message>
        <source>late-objects</source>
        <translation>objetos-atrasados</translation>
    </message>
    <message>
        <source>Remove objects</source>
        <translation>Remover objetos</translation>
    </message>
    <message>
        <source>Set tag</source>
        <translation>Definir marcador</translation>
    </message>
    <message>
        <source>Tag (empty: none):</source>
        <translation>Marcador (vazio: nenhum):</translation>
    </message>
    <message>
        <source>Import object codes</source>
        <translation>Importar códigos de objeto</translation>
    </message>
    <message>
        <source>Tables (*.csv *.xlsx)</source>
        <translation>Planilhas (*.csv *.xlsx)</translation>
    </message>
    <message>
        <source>Save the late objects report</source>
        <translation>Salvar o relatório de objetos atrasados</translation>
    </message>
    <message>
        <source>Export objects</source>
        <translation>Exportar objetos</translation>
    </message>
</context>
<context>
    <name>ObjectModel</name>
    <message numerus="yes">
        <source>%n day(s) past the expected date</source>
        <translation>
            <numerusform>%n dia após a data prevista</numerusform>
            <numerusform>%n dias após a data prevista</numerusform>
        </translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Último evento</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Local</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Desde</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Previsto</translation>
    </message>
    <message>
        <source>Days late</source>
        <translation>Dias de atraso</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Marcador</translation>
    </message>
    <message>
        <source>the operator&apos;s expected date</source>
        <translation>a data prevista da operadora</translation>
    </message>
    <message>
        <source>the delivery-time service&apos;s date</source>
        <translation>a data do serviço de prazos</translation>
    </message>
</context>
<context>
    <name>Refresher</name>
    <message>
        <source>Show archived</source>
        <translation>Mostrar arquivados</translation>
    </message>
    <message numerus="yes">
        <source>%n object(s) added and archived at once: delivered on time more than %1 days ago.</source>
        <translation>
            <numerusform>%n objeto adicionado e arquivado de imediato: entregue no prazo há mais de %1 dias.</numerusform>
            <numerusform>%n objetos adicionados e arquivados de imediato: entregues no prazo há mais de %1 dias.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop asking the operator; the answers saved so far stay</source>
        <translation>Parar de consultar a operadora; as respostas já salvas ficam</translation>
    </message>
    <message>
        <source>The objects could not be refreshed: %1</source>
        <translation>Não foi possível atualizar os objetos: %1</translation>
    </message>
    <message>
        <source>Asking the operator…</source>
        <translation>Consultando a operadora…</translation>
    </message>
    <message>
        <source>Asking the operator: %1 of %2</source>
        <translation>Consultando a operadora: %1 de %2</translation>
    </message>
    <message>
        <source>The operator has no events for %1 of the objects asked (not posted yet, or unknown).</source>
        <translation>A operadora não tem eventos para %1 dos objetos consultados (ainda não postados, ou desconhecidos).</translation>
    </message>
    <message>
        <source>Archived, delivered more than %1 days ago: %2 (Show archived lists them).</source>
        <translation>Arquivados, entregues há mais de %1 dias: %2 (Mostrar arquivados os lista).</translation>
    </message>
</context>
<context>
    <name>TrackingTab</name>
    <message>
        <source>Nothing to ask the operator: no objects are listed.</source>
        <translation>Nada para consultar na operadora: nenhum objeto na lista.</translation>
    </message>
    <message>
        <source>Nothing to ask the operator: every object listed is finished (delivered, returned or lost).</source>
        <translation>Nada para consultar na operadora: todos os objetos da lista terminaram (entregues, devolvidos ou extraviados).</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>Rastreamento</translation>
    </message>
    <message>
        <source>Tracking</source>
        <comment>tab</comment>
        <translation>Ra&amp;streamento</translation>
    </message>
    <message>
        <source>Tracked objects</source>
        <translation>Objetos acompanhados</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Atuali&amp;zar</translation>
    </message>
    <message>
        <source>Ask the operator now: the selected objects, else all not finished (F5)</source>
        <translation>Consultar a operadora agora: os objetos selecionados, ou todos os não finalizados (F5)</translation>
    </message>
    <message>
        <source>The tracked objects could not be read: %1</source>
        <translation>Não foi possível ler os objetos acompanhados: %1</translation>
    </message>
    <message>
        <source>%1 of %2 objects shown</source>
        <translation>%1 de %2 objetos mostrados</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>arquivados</translation>
    </message>
    <message>
        <source>The alerts could not be read: %1</source>
        <translation>Não foi possível ler os alertas: %1</translation>
    </message>
    <message>
        <source>No objects followed yet: add codes (Ctrl+N), import a spreadsheet, or pick &quot;Track these objects&quot; on an invoice&apos;s analytic statement.</source>
        <translation>Nenhum objeto acompanhado ainda: adicione códigos (Ctrl+N), importe uma planilha ou escolha &quot;Rastrear estes objetos&quot; no extrato analítico de uma fatura.</translation>
    </message>
</context>
<context>
    <name>WordsLanguage</name>
    <message>
        <source>en</source>
        <comment>Which language the catalogue of words (postalgui.services.words) is read in: "pt" here</comment>
        <translation>pt</translation>
    </message>
</context>
<context>
    <name>TrackingWords</name>
    <message>
        <source>↩ Return</source>
        <translation>↩ Devolução</translation>
    </message>
    <message>
        <source>Waiting at a branch until %1</source>
        <translation>Aguardando retirada até %1</translation>
    </message>
    <message>
        <source>%1 (overdue)</source>
        <translation>%1 (em atraso)</translation>
    </message>
    <message>
        <source>%1 late</source>
        <translation>%1 atrasados</translation>
    </message>
    <message>
        <source>%1 waiting at a branch</source>
        <translation>%1 aguardando retirada</translation>
    </message>
    <message>
        <source>%1 returned to sender</source>
        <translation>%1 devolvidos ao remetente</translation>
    </message>
    <message>
        <source>%1 with a problem</source>
        <translation>%1 com problema</translation>
    </message>
    <message>
        <source>%1 with a failed delivery attempt</source>
        <translation>%1 com tentativa de entrega sem sucesso</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>TrayNotifier</name>
    <message>
        <source>PostalGUI tracking</source>
        <translation>Rastreamento do PostalGUI</translation>
    </message>
    <message>
        <source>%1 needs attention: %2</source>
        <translation>%1 precisa de atenção: %2</translation>
    </message>
    <message>
        <source>%1 objects need attention: %2</source>
        <translation>%1 objetos precisam de atenção: %2</translation>
    </message>
    <message>
        <source>%1 is late</source>
        <translation>%1 está atrasado</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>CandidateCounts</name>
    <message>
        <source>An estimate from the compensation table in Settings (Claims): the operator decides</source>
        <translation>Uma estimativa pela tabela de indenização das Configurações (Reclamações): quem decide é a operadora</translation>
    </message>
    <message>
        <source>Late, but still within the operator's deadline: it would answer 544 today</source>
        <translation>Atrasados, mas ainda dentro do prazo da operadora: hoje ela responderia 544</translation>
    </message>
    <message>
        <source>More than 90 days since the delivery or expected date: not fileable</source>
        <translation>Mais de 90 dias desde a entrega ou a data prevista: não se pode reclamar</translation>
    </message>
    <message>
        <source>Follo&amp;w them in Tracking</source>
        <translation>Acompan&amp;har no Rastreamento</translation>
    </message>
    <message>
        <source>Hand the statement's objects Tracking does not follow yet to the Tracking tab</source>
        <translation>Passar à aba Rastreamento os objetos da fatura que ela ainda não acompanha</translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation>Candidatos: %1</translation>
    </message>
    <message>
        <source>Estimated total: %1</source>
        <translation>Total estimado: %1</translation>
    </message>
    <message>
        <source>Not late enough yet: %1</source>
        <translation>Ainda no prazo: %1</translation>
    </message>
    <message>
        <source>Expired: %1</source>
        <translation>Vencidos: %1</translation>
    </message>
    <message>
        <source>Already filed: %1</source>
        <translation>Já reclamados: %1</translation>
    </message>
    <message>
        <source>Not followed in Tracking: %1</source>
        <translation>Fora do Rastreamento: %1</translation>
    </message>
</context>
<context>
    <name>CandidateModel</name>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Days late</source>
        <translation>Dias de atraso</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>Previsto</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>Entregue</translation>
    </message>
    <message>
        <source>Postage paid</source>
        <translation>Postagem paga</translation>
    </message>
    <message>
        <source>Estimated compensation</source>
        <translation>Indenização estimada</translation>
    </message>
    <message>
        <source>Days left to claim</source>
        <translation>Dias para reclamar</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Produto</translation>
    </message>
    <message>
        <source>Invoice</source>
        <translation>Fatura</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Marcador</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Reclamação</translation>
    </message>
    <message>
        <source>Expired: past the 90 days, not fileable</source>
        <translation>Vencido: passou dos 90 dias, não se pode reclamar</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Reclamado</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>An estimate from the compensation table in Settings (Claims): the operator decides</source>
        <translation>Uma estimativa pela tabela de indenização das Configurações (Reclamações): quem decide é a operadora</translation>
    </message>
    <message>
        <source>Claims are accepted within 90 days of the delivery or expected date</source>
        <translation>Reclamações são aceitas até 90 dias da entrega ou da data prevista</translation>
    </message>
    <message>
        <source>Claim by %1</source>
        <translation>Reclamar até %1</translation>
    </message>
    <message>
        <source>An estimate (the table in Settings)</source>
        <translation>Uma estimativa (a tabela das Configurações)</translation>
    </message>
</context>
<context>
    <name>CandidatesPage</name>
    <message>
        <source>The reply e-mail and phone could not be kept in Settings: %1</source>
        <translation>O e-mail de resposta e o telefone não puderam ser guardados nas Configurações: %1</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidatos</translation>
    </message>
    <message>
        <source>Watchlist</source>
        <translation>Objetos acompanhados</translation>
    </message>
    <message>
        <source>From a statement…</source>
        <translation>De uma fatura…</translation>
    </message>
    <message>
        <source>Sou&amp;rce:</source>
        <translation>Orig&amp;em:</translation>
    </message>
    <message>
        <source>Search: code, tag, invoice…</source>
        <translation>Buscar: código, marcador, fatura…</translation>
    </message>
    <message>
        <source>Search the candidates</source>
        <translation>Buscar nos candidatos</translation>
    </message>
    <message>
        <source>Show e&amp;xpired</source>
        <translation>Mostrar &amp;vencidos</translation>
    </message>
    <message>
        <source>List the candidates past the 90 days too (never fileable)</source>
        <translation>Listar também os candidatos que passaram dos 90 dias (nunca se pode reclamar)</translation>
    </message>
    <message>
        <source>File claim(s)…</source>
        <translation>Registrar reclamação(ões)…</translation>
    </message>
    <message>
        <source>Fil&amp;e claim(s)…</source>
        <translation>Registrar recla&amp;mação(ões)…</translation>
    </message>
    <message>
        <source>File a claim for each selected candidate (Ctrl+Enter)</source>
        <translation>Registrar uma reclamação para cada candidato selecionado (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Claim candidates</source>
        <translation>Candidatos a reclamação</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop; what was saved so far stays</source>
        <translation>Parar; o que já foi salvo fica</translation>
    </message>
    <message>
        <source>The claim candidates could not be read: %1</source>
        <translation>Não foi possível ler os candidatos a reclamação: %1</translation>
    </message>
    <message>
        <source>Reading the statement %1 %2…</source>
        <translation>Lendo a fatura %1 %2…</translation>
    </message>
    <message>
        <source>Statement %1 %2…</source>
        <translation>Fatura %1 %2…</translation>
    </message>
    <message>
        <source>The claims could not be filed: %1</source>
        <translation>Não foi possível registrar as reclamações: %1</translation>
    </message>
    <message>
        <source>Filing the claims…</source>
        <translation>Registrando as reclamações…</translation>
    </message>
    <message>
        <source>The statement's candidates could not be read: %1</source>
        <translation>Não foi possível ler os candidatos da fatura: %1</translation>
    </message>
    <message>
        <source>Filing the claims: %1 of %2</source>
        <translation>Registrando as reclamações: %1 de %2</translation>
    </message>
    <message>
        <source>Filed or expired candidates cannot be filed (again): leave them out of the selection</source>
        <translation>Candidatos já reclamados ou vencidos não podem ser reclamados (de novo): tire-os da seleção</translation>
    </message>
</context>
<context>
    <name>ClaimWords</name>
    <message>
        <source>Not sent: being sent by %1 at %2</source>
        <translation>Não enviada: sendo enviada por %1 em %2</translation>
    </message>
    <message>
        <source>Not sent: sent by %1 at %2 and no answer was read; follow it to settle it, or file it again on purpose</source>
        <translation>Não enviada: enviada por %1 em %2 sem resposta lida; acompanhe para resolver, ou registre de novo de propósito</translation>
    </message>
    <message>
        <source>Sent, answer unreadable: the operator took it and its answer was kept; follow it to see its protocol before filing it again</source>
        <translation>Enviada, resposta ilegível: os Correios a receberam e a resposta foi guardada; acompanhe para ver o protocolo antes de registrar de novo</translation>
    </message>
    <message>
        <source>Recipient's name missing</source>
        <translation>Nome do destinatário não informado</translation>
    </message>
    <message>
        <source>Delivered late</source>
        <translation>Entregue com atraso</translation>
    </message>
    <message>
        <source>Damaged</source>
        <translation>Avariado</translation>
    </message>
    <message>
        <source>Delivered to the wrong place</source>
        <translation>Entregue no endereço errado</translation>
    </message>
    <message>
        <source>Violated</source>
        <translation>Violado</translation>
    </message>
    <message>
        <source>Wrongly returned</source>
        <translation>Devolvido indevidamente</translation>
    </message>
    <message>
        <source>Delivery confirmation not received</source>
        <translation>Comprovante de entrega não recebido</translation>
    </message>
    <message>
        <source>Copy not received</source>
        <translation>Cópia não recebida</translation>
    </message>
    <message>
        <source>Receipt notice (AR) not received</source>
        <translation>Aviso de recebimento (AR) não recebido</translation>
    </message>
    <message>
        <source>Not delivered</source>
        <translation>Não entregue</translation>
    </message>
    <message>
        <source>Digital AR image unavailable</source>
        <translation>Imagem do AR digital indisponível</translation>
    </message>
    <message>
        <source>No home delivery attempt</source>
        <translation>Sem tentativa de entrega em domicílio</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Registrada</translation>
    </message>
    <message>
        <source>Object not found</source>
        <translation>Objeto não encontrado</translation>
    </message>
    <message>
        <source>Object not on this contract or card</source>
        <translation>Objeto não pertence a este contrato ou cartão</translation>
    </message>
    <message>
        <source>The contract does not match the posting</source>
        <translation>O contrato não confere com a postagem</translation>
    </message>
    <message>
        <source>The posting card does not match the posting</source>
        <translation>O cartão de postagem não confere com a postagem</translation>
    </message>
    <message>
        <source>Invalid object code</source>
        <translation>Código de objeto inválido</translation>
    </message>
    <message>
        <source>More than 90 days since the delivery or expected date</source>
        <translation>Mais de 90 dias desde a entrega ou a data prevista</translation>
    </message>
    <message>
        <source>Delivered, attempted or available within the deadline</source>
        <translation>Entregue, com tentativa ou disponível dentro do prazo</translation>
    </message>
    <message>
        <source>Waiting for pickup</source>
        <translation>Aguardando retirada</translation>
    </message>
    <message>
        <source>Still within the delivery deadline</source>
        <translation>Ainda dentro do prazo de entrega</translation>
    </message>
    <message>
        <source>The object's status does not allow this reason</source>
        <translation>A situação do objeto não permite este motivo</translation>
    </message>
    <message>
        <source>The object must be delivered first</source>
        <translation>O objeto precisa ser entregue antes</translation>
    </message>
    <message>
        <source>Past the 30-day limit</source>
        <translation>Passou do limite de 30 dias</translation>
    </message>
    <message>
        <source>A claim already exists for this object</source>
        <translation>Já existe uma reclamação para este objeto</translation>
    </message>
    <message>
        <source>Temporary error at the operator: try again later</source>
        <translation>Erro temporário na operadora: tente mais tarde</translation>
    </message>
    <message>
        <source>invoice</source>
        <translation>fatura</translation>
    </message>
    <message>
        <source>quote</source>
        <translation>cotação</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconhecida</translation>
    </message>
    <message>
        <source>Reason %1</source>
        <translation>Motivo %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Code %1</source>
        <translation>Código %1</translation>
    </message>
    <message>
        <source>Compensation</source>
        <translation>Indenização</translation>
    </message>
    <message>
        <source>Complaint</source>
        <translation>Reclamação</translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation>Envelope</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Caixa</translation>
    </message>
    <message>
        <source>Filed, protocol %1</source>
        <translation>Registrada, protocolo %1</translation>
    </message>
    <message>
        <source>Already claimed (900)</source>
        <translation>Já reclamado (900)</translation>
    </message>
    <message>
        <source>Not sent: already filed from this office (a claim is filed once)</source>
        <translation>Não enviada: já registrada por este escritório (uma reclamação por objeto)</translation>
    </message>
    <message>
        <source>Unconfirmed: the call failed after it was sent (%1); follow it to find out</source>
        <translation>Não confirmada: a chamada falhou depois de enviada (%1); acompanhe-a para saber</translation>
    </message>
    <message>
        <source>Refused — %1: %2</source>
        <translation>Recusada — %1: %2</translation>
    </message>
    <message>
        <source>Not sent: the filing was cancelled before its turn</source>
        <translation>Não enviada: o registro foi cancelado antes da vez dela</translation>
    </message>
</context>
<context>
    <name>MessageArea</name>
    <message>
        <source>Open Settings</source>
        <translation>Abrir configurações</translation>
    </message>
</context>
<context>
    <name>ClaimsTab</name>
    <message numerus="yes">
        <source>%n object(s) sent to the Tracking tab.</source>
        <translation>
            <numerusform>%n objeto enviado à aba Rastreamento.</numerusform>
            <numerusform>%n objetos enviados à aba Rastreamento.</numerusform>
        </translation>
    </message>
    <message>
        <source>The objects could not be added: %1</source>
        <translation>Não foi possível adicionar os objetos: %1</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Reclamações</translation>
    </message>
    <message>
        <source>Ca&amp;ndidates</source>
        <translation>Ca&amp;ndidatos</translation>
    </message>
    <message>
        <source>Claims</source>
        <comment>tab</comment>
        <translation>Reclamações</translation>
    </message>
    <message>
        <source>Filed claim&amp;s</source>
        <translation>&amp;Registradas</translation>
    </message>
    <message>
        <source>&amp;Money back</source>
        <translation>&amp;Dinheiro de volta</translation>
    </message>
</context>
<context>
    <name>FileDialog</name>
    <message>
        <source>File claims</source>
        <translation>Registrar reclamações</translation>
    </message>
    <message>
        <source>Open Se&amp;ttings</source>
        <translation>Abrir Confi&amp;gurações</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>&amp;Voltar</translation>
    </message>
    <message>
        <source>Re&amp;view…</source>
        <translation>Re&amp;visar…</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Enviar</translation>
    </message>
    <message>
        <source>These claims will be sent to the operator (%1), each object on its own:</source>
        <translation>Estas reclamações serão enviadas à operadora (%1), uma por objeto:</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Ask for</source>
        <translation>Pedido</translation>
    </message>
    <message>
        <source>Packaging</source>
        <translation>Embalagem</translation>
    </message>
    <message>
        <source>E-mail</source>
        <translation>E-mail</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <source>Recipient</source>
        <translation>Destinatário</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimativa</translation>
    </message>
    <message>
        <source>&amp;File anyway</source>
        <translation>&amp;Registrar mesmo assim</translation>
    </message>
    <message>
        <source>The operator is still preparing the proof: ask again in a while (Get proof).</source>
        <translation>O operador ainda está preparando o comprovante: peça de novo daqui a pouco (Obter comprovante).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The operator has no proof of delivery for %1.</source>
        <translation>O operador não tem comprovante de entrega de %1.</translation>
    </message>
    <message>
        <source>The proof of delivery could not be fetched: %1</source>
        <translation>O comprovante de entrega não pôde ser obtido: %1</translation>
    </message>
</context>
<context>
    <name>FilingForm</name>
    <message>
        <source>Save this reply e-mail and phone in Settings for the next claims</source>
        <translation>Guardar este e-mail de resposta e este telefone nas Configurações para as próximas reclamações</translation>
    </message>
    <message>
        <source>&amp;Keep as the default (Settings, Claims)</source>
        <translation>Guardar como pa&amp;drão (Configurações, Reclamações)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Each object's own reason</source>
        <translation>O motivo de cada objeto</translation>
    </message>
    <message>
        <source>Where the operator answers (default: Settings, Claims)</source>
        <translation>Onde a operadora responde (padrão: Configurações, Reclamações)</translation>
    </message>
    <message>
        <source>With the area code, such as 11987654321 (default: Settings, Claims)</source>
        <translation>Com o DDD, como 11987654321 (padrão: Configurações, Reclamações)</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Motivo:</translation>
    </message>
    <message>
        <source>&amp;Ask for:</source>
        <translation>&amp;Pedido:</translation>
    </message>
    <message>
        <source>&amp;Packaging:</source>
        <translation>Em&amp;balagem:</translation>
    </message>
    <message>
        <source>Reply &amp;e-mail:</source>
        <translation>&amp;E-mail de resposta:</translation>
    </message>
    <message>
        <source>P&amp;hone:</source>
        <translation>&amp;Telefone:</translation>
    </message>
    <message>
        <source>Recipients (required):</source>
        <translation>Destinatários (obrigatório):</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>Recipient's name</source>
        <translation>Nome do destinatário</translation>
    </message>
    <message>
        <source>Reply e-mail</source>
        <translation>E-mail de resposta</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <source>Reply e-mail: required, the operator answers there (set it here or in Settings)</source>
        <translation>E-mail de resposta: obrigatório, a operadora responde nele (preencha aqui ou nas Configurações)</translation>
    </message>
    <message>
        <source>Reply e-mail: must look like name@example.com.br</source>
        <translation>E-mail de resposta: deve ser como nome@exemplo.com.br</translation>
    </message>
    <message>
        <source>Phone: required, with the area code (set it here or in Settings)</source>
        <translation>Telefone: obrigatório, com o DDD (preencha aqui ou nas Configurações)</translation>
    </message>
    <message>
        <source>Phone: must have 10 or 11 digits with the area code, such as 11987654321</source>
        <translation>Telefone: deve ter 10 ou 11 dígitos com o DDD, como 11987654321</translation>
    </message>
</context>
<context>
    <name>FilingResults</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Filing: filed %1, refused %2, already claimed %3, not sent %4, unconfirmed %5</source>
        <translation>Registro: registradas %1, recusadas %2, já reclamadas %3, não enviadas %4, não confirmadas %5</translation>
    </message>
    <message>
        <source>The last filing's results</source>
        <translation>Resultados do último registro</translation>
    </message>
</context>
<context>
    <name>StatementDialog</name>
    <message>
        <source>Candidates from a statement</source>
        <translation>Candidatos de uma fatura</translation>
    </message>
    <message>
        <source>Digits only, such as 1234567</source>
        <translation>Só dígitos, como 1234567</translation>
    </message>
    <message>
        <source>The invoice's document type: RE, RT…</source>
        <translation>O tipo de documento da fatura: RE, RT…</translation>
    </message>
    <message>
        <source>The analytic statement is downloaded if it is not here yet: this can take a while.</source>
        <translation>O demonstrativo analítico é baixado se ainda não estiver aqui: isso pode demorar.</translation>
    </message>
    <message>
        <source>&amp;Invoice number:</source>
        <translation>&amp;Número da fatura:</translation>
    </message>
    <message>
        <source>&amp;Document type:</source>
        <translation>&amp;Tipo de documento:</translation>
    </message>
    <message>
        <source>Invoice number: required (digits, such as 1234567)</source>
        <translation>Número da fatura: obrigatório (dígitos, como 1234567)</translation>
    </message>
    <message>
        <source>Document type: required (RE, RT…)</source>
        <translation>Tipo de documento: obrigatório (RE, RT…)</translation>
    </message>
</context>
<context>
    <name>ClaimModel</name>
    <message>
        <source>Object</source>
        <translation>Objeto</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Andamento</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protocolo</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Filed by</source>
        <translation>Registrado por</translation>
    </message>
    <message>
        <source>Filed on</source>
        <translation>Registrado em</translation>
    </message>
    <message>
        <source>Situation</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Merit</source>
        <translation>Mérito</translation>
    </message>
    <message>
        <source>Latest delivery date</source>
        <translation>Data máxima de entrega</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimativa</translation>
    </message>
    <message>
        <source>Last followed</source>
        <translation>Último acompanhamento</translation>
    </message>
    <message>
        <source>Likely compensation: an estimate from consumer guides (Settings: Claims)</source>
        <translation>Indenização provável: uma estimativa de guias do consumidor (Configurações: Reclamações)</translation>
    </message>
    <message>
        <source>The operator&apos;s &quot;Data Máxima de Entrega&quot;</source>
        <translation>A &quot;Data Máxima de Entrega&quot; do operador</translation>
    </message>
</context>
<context>
    <name>ClaimsPage</name>
    <message>
        <source>Claims</source>
        <translation>Reclamações</translation>
    </message>
    <message>
        <source>area code and number, e.g. 11987654321</source>
        <translation>DDD e número, ex.: 11987654321</translation>
    </message>
    <message>
        <source>Box</source>
        <translation>Caixa</translation>
    </message>
    <message>
        <source>Envelope</source>
        <translation>Envelope</translation>
    </message>
    <message>
        <source>Restore defaults</source>
        <translation>Restaurar padrões</translation>
    </message>
    <message>
        <source>The compensation table of the consumer guides</source>
        <translation>A tabela de indenização dos guias do consumidor</translation>
    </message>
    <message>
        <source>Reply e-&amp;mail:</source>
        <translation>E-mail de resposta:</translation>
    </message>
    <message>
        <source>Phone:</source>
        <translation>Telefone:</translation>
    </message>
    <message>
        <source>Claims per request:</source>
        <translation>Reclamações por chamada:</translation>
    </message>
    <message>
        <source>Follow every (minutes):</source>
        <translation>Acompanhar a cada (minutos):</translation>
    </message>
    <message>
        <source>Pac&amp;kaging:</source>
        <translation>Embalagem:</translation>
    </message>
    <message>
        <source>Compensation for delay, an estimate from consumer guides (no official table): bands of days late:percent separated by semicolons, the last one for more days.</source>
        <translation>Indenização por atraso, uma estimativa de guias do consumidor (não há tabela oficial): faixas de dias de atraso:percentual separadas por ponto e vírgula, a última para mais dias.</translation>
    </message>
    <message>
        <source>PAC:</source>
        <translation>PAC:</translation>
    </message>
    <message>
        <source>SEDE&amp;X:</source>
        <translation>SEDE&amp;X:</translation>
    </message>
    <message>
        <source>SEDEX 10, 12, Hoje (%):</source>
        <translation>SEDEX 10, 12, Hoje (%):</translation>
    </message>
    <message>
        <source>Reply e-mail</source>
        <translation>E-mail de resposta</translation>
    </message>
    <message>
        <source>Phone</source>
        <translation>Telefone</translation>
    </message>
    <message>
        <source>Claims per request</source>
        <translation>Reclamações por chamada</translation>
    </message>
    <message>
        <source>Follow every</source>
        <translation>Acompanhar a cada</translation>
    </message>
    <message>
        <source>PAC compensation</source>
        <translation>Indenização PAC</translation>
    </message>
    <message>
        <source>SEDEX compensation</source>
        <translation>Indenização SEDEX</translation>
    </message>
    <message>
        <source>Express compensation</source>
        <translation>Indenização expressa</translation>
    </message>
    <message>
        <source>%1: the address the operator answers to (empty until you set it)</source>
        <translation>%1: o endereço para o qual o operador responde (vazio até você definir)</translation>
    </message>
    <message>
        <source>%1: 10 or 11 digits with the area code (empty until you set it)</source>
        <translation>%1: 10 ou 11 dígitos com o DDD (vazio até você definir)</translation>
    </message>
    <message>
        <source>%1 must be bands of days:percent, growing, the last without days (e.g. 5:5; 10:10; :15)</source>
        <translation>%1 deve ter faixas dias:percentual, crescentes, a última sem dias (ex.: 5:5; 10:10; :15)</translation>
    </message>
    <message>
        <source>%1 must be a percentage from 0 to 100</source>
        <translation>%1 deve ser um percentual de 0 a 100</translation>
    </message>
    <message>
        <source>%1 must be a whole number of minutes from %2 to %3</source>
        <translation>%1 deve ser um número inteiro de minutos de %2 a %3</translation>
    </message>
    <message>
        <source>%1 must be a whole number from %2 to %3</source>
        <translation>%1 deve ser um número inteiro de %2 a %3</translation>
    </message>
    <message>
        <source>%1 (got &apos;%2&apos;)</source>
        <translation>%1 (recebido &apos;%2&apos;)</translation>
    </message>
</context>
<context>
    <name>FiledPage</name>
    <message>
        <source>Filed claims</source>
        <translation>Reclamações registradas</translation>
    </message>
    <message>
        <source>&amp;Follow</source>
        <translation>&amp;Acompanhar</translation>
    </message>
    <message>
        <source>Ask the operator now: the selected claims, else every claim not closed (F5)</source>
        <translation>Consultar o operador agora: as reclamações selecionadas, senão todas as não encerradas (F5)</translation>
    </message>
    <message>
        <source>Re&amp;open…</source>
        <translation>Rea&amp;brir…</translation>
    </message>
    <message>
        <source>Ask the operator to look again at the selected closed claim</source>
        <translation>Pedir ao operador que reveja a reclamação encerrada selecionada</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <source>Save the claims shown as CSV or .xlsx</source>
        <translation>Salvar as reclamações exibidas como CSV ou .xlsx</translation>
    </message>
    <message>
        <source>Search: object, protocol, who filed, reason, situation…</source>
        <translation>Buscar: objeto, protocolo, quem registrou, motivo, situação…</translation>
    </message>
    <message>
        <source>Search the claims</source>
        <translation>Buscar nas reclamações</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Andamento</translation>
    </message>
    <message>
        <source>All claims</source>
        <translation>Todas as reclamações</translation>
    </message>
    <message>
        <source>Stat&amp;e:</source>
        <translation>Anda&amp;mento:</translation>
    </message>
    <message>
        <source>The claims could not be read: %1</source>
        <translation>Não foi possível ler as reclamações: %1</translation>
    </message>
    <message>
        <source>The claim could not be reopened: %1</source>
        <translation>Não foi possível reabrir a reclamação: %1</translation>
    </message>
    <message>
        <source>No claims filed yet: file them from the candidates (late or lost parcels).</source>
        <translation>Nenhuma reclamação registrada ainda: registre-as a partir dos candidatos (objetos atrasados ou extraviados).</translation>
    </message>
    <message>
        <source>%1 of %2 claims shown</source>
        <translation>%1 de %2 reclamações exibidas</translation>
    </message>
    <message>
        <source>Export claims</source>
        <translation>Exportar reclamações</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>reclamacoes</translation>
    </message>
    <message>
        <source>Save the claims shown as CSV or .xlsx; their stored proofs of delivery go beside it as PDFs</source>
        <translation>Salvar as reclamações exibidas como CSV ou .xlsx; os comprovantes de entrega guardados vão ao lado, em PDF</translation>
    </message>
    <message numerus="yes">
        <source>%n proof(s) of delivery attached in the folder %1.</source>
        <translation>
            <numerusform>%n comprovante de entrega anexado na pasta %1.</numerusform>
            <numerusform>%n comprovantes de entrega anexados na pasta %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FiledWords</name>
    <message>
        <source>Not reopened: protocol not found</source>
        <translation>Não reaberta: protocolo não encontrado</translation>
    </message>
    <message>
        <source>Not reopened: the claim is not closed yet</source>
        <translation>Não reaberta: a reclamação ainda não foi encerrada</translation>
    </message>
    <message>
        <source>Sent, answer unreadable: the operator took it and its answer was kept; Follow finds its protocol, or file it again on purpose</source>
        <translation>Enviada, resposta ilegível: os Correios a receberam e a resposta foi guardada; Acompanhar encontra o protocolo, ou registre de novo de propósito</translation>
    </message>
    <message>
        <source>Reopened</source>
        <translation>Reaberta</translation>
    </message>
    <message>
        <source>Not reopened: the deadline to reopen has passed</source>
        <translation>Não reaberta: o prazo para reabrir terminou</translation>
    </message>
    <message>
        <source>Not reopened: the compensation is in its payment period</source>
        <translation>Não reaberta: a indenização está em período de pagamento</translation>
    </message>
    <message>
        <source>Not reopened: reopening was already asked</source>
        <translation>Não reaberta: a reabertura já foi pedida</translation>
    </message>
    <message>
        <source>Not reopened: the object was delivered on time</source>
        <translation>Não reaberta: o objeto foi entregue no prazo</translation>
    </message>
    <message>
        <source>Not reopened: the operator does not know this protocol</source>
        <translation>Não reaberta: o operador não conhece este protocolo</translation>
    </message>
    <message>
        <source>The operator does not know this claim</source>
        <translation>O operador não conhece esta reclamação</translation>
    </message>
    <message>
        <source>The contract is missing or is not this claim&apos;s</source>
        <translation>O contrato falta ou não é o desta reclamação</translation>
    </message>
    <message>
        <source>Invalid query kind</source>
        <translation>Tipo de consulta inválido</translation>
    </message>
    <message>
        <source>Registered by the service-level system: it cannot be followed here</source>
        <translation>Registrada pelo sistema de nível de serviço: não pode ser acompanhada aqui</translation>
    </message>
    <message>
        <source>Not filed: %1 (code %2)</source>
        <translation>Não registrada: %1 (código %2)</translation>
    </message>
    <message>
        <source>Unconfirmed: sent, but no answer came back (Follow asks the operator)</source>
        <translation>Não confirmada: enviada, mas a resposta não chegou (Acompanhar consulta o operador)</translation>
    </message>
    <message>
        <source>Being sent by %1 at %2</source>
        <translation>Sendo enviada por %1 em %2</translation>
    </message>
    <message>
        <source>Not reopened: %1 (code %2)</source>
        <translation>Não reaberta: %1 (código %2)</translation>
    </message>
    <message>
        <source>%1 (code %2)</source>
        <translation>%1 (código %2)</translation>
    </message>
    <message>
        <source>The operator answered an error</source>
        <translation>O operador respondeu com um erro</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>Follower</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop following the claims; the answers saved so far stay</source>
        <translation>Parar de acompanhar as reclamações; as respostas já salvas ficam</translation>
    </message>
    <message>
        <source>Following the claims: %1 of %2</source>
        <translation>Acompanhando as reclamações: %1 de %2</translation>
    </message>
    <message>
        <source>The claims could not be followed: %1</source>
        <translation>Não foi possível acompanhar as reclamações: %1</translation>
    </message>
    <message>
        <source>Following the claims…</source>
        <translation>Acompanhando as reclamações…</translation>
    </message>
    <message>
        <source>Asked %1 claims: %2 changed, %3 paid.</source>
        <translation>Reclamações consultadas: %1; mudaram: %2; pagas: %3.</translation>
    </message>
    <message>
        <source>Not asked: %1.</source>
        <translation>Não consultadas: %1.</translation>
    </message>
</context>
<context>
    <name>MoneyBackPage</name>
    <message>
        <source>Money back per month</source>
        <translation>Dinheiro de volta por mês</translation>
    </message>
    <message>
        <source>Amounts are estimates from the compensation table (Settings: Claims); the operator decides what it pays.</source>
        <translation>Os valores são estimativas pela tabela de indenização (Configurações: Reclamações); o operador decide o que paga.</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <source>Save the months as CSV or .xlsx</source>
        <translation>Salvar os meses como CSV ou .xlsx</translation>
    </message>
    <message>
        <source>Acco&amp;untant&apos;s report…</source>
        <translation>Relatór&amp;io do contador…</translation>
    </message>
    <message>
        <source>A PDF of the months and the claims behind them</source>
        <translation>Um PDF dos meses e das reclamações por trás deles</translation>
    </message>
    <message>
        <source>Money back could not be read: %1</source>
        <translation>Não foi possível ler o dinheiro de volta: %1</translation>
    </message>
    <message>
        <source>Save the accountant&apos;s report</source>
        <translation>Salvar o relatório do contador</translation>
    </message>
    <message>
        <source>money-back</source>
        <translation>dinheiro-de-volta</translation>
    </message>
    <message>
        <source>Export money back</source>
        <translation>Exportar dinheiro de volta</translation>
    </message>
</context>
<context>
    <name>MoneyModel</name>
    <message>
        <source>Month</source>
        <translation>Mês</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Candidatos</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Estimativa</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Registrados</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Procedentes</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagos</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Improcedentes</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>An estimate from the compensation table (Settings: Claims), not the operator&apos;s figure</source>
        <translation>Estimativa pela tabela de indenização (Configurações: Reclamações), não o valor do operador</translation>
    </message>
</context>
<context>
    <name>ReopenDialog</name>
    <message>
        <source>Reopen claim</source>
        <translation>Reabrir reclamação</translation>
    </message>
    <message>
        <source>Ask the operator to look again at claim %1 (object %2).</source>
        <translation>Pedir ao operador que reveja a reclamação %1 (objeto %2).</translation>
    </message>
    <message>
        <source>e.g. the object was never delivered</source>
        <translation>ex.: o objeto nunca foi entregue</translation>
    </message>
    <message>
        <source>&amp;Reopen</source>
        <translation>&amp;Reabrir</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Motivo:</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Observação:</translation>
    </message>
    <message>
        <source>Reason must be filled in: say why the claim should be looked at again</source>
        <translation>O motivo deve ser preenchido: diga por que a reclamação deve ser revista</translation>
    </message>
</context>
<context>
    <name>LabelsDialog</name>
    <message>
        <source>A4 sheet, 4 labels a page</source>
        <translation>Folha A4, 4 etiquetas por página</translation>
    </message>
    <message>
        <source>Thermal label 100 × 150 mm</source>
        <translation>Etiqueta térmica 100 × 150 mm</translation>
    </message>
    <message>
        <source>Thermal label 100 × 80 mm (compact)</source>
        <translation>Etiqueta térmica 100 × 80 mm (compacta)</translation>
    </message>
    <message>
        <source>A4 sheet, 1 label a page</source>
        <translation>Folha A4, 1 etiqueta por página</translation>
    </message>
    <message>
        <source>The operator's standard label</source>
        <translation>Etiqueta padrão dos Correios</translation>
    </message>
    <message>
        <source>Operator's thermal label 100 × 150 mm</source>
        <translation>Etiqueta térmica dos Correios 100 × 150 mm</translation>
    </message>
    <message>
        <source>Operator's thermal label 100 × 80 mm</source>
        <translation>Etiqueta térmica dos Correios 100 × 80 mm</translation>
    </message>
    <message>
        <source>Operator's A4 sheet of labels</source>
        <translation>Folha A4 de etiquetas dos Correios</translation>
    </message>
    <message>
        <source>Operator's A sheet of labels</source>
        <translation>Folha A de etiquetas dos Correios</translation>
    </message>
    <message>
        <source>The operator's labels (asked online)</source>
        <translation>Etiquetas dos Correios (pedidas on-line)</translation>
    </message>
    <message>
        <source>Made here (PostalGUI's labels)</source>
        <translation>Feitas aqui (etiquetas do PostalGUI)</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Etiquetas</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>etiquetas</translation>
    </message>
    <message numerus="yes">
        <source>Labels of %Ln pre-posting(s)</source>
        <translation>
            <numerusform>Etiquetas de %Ln pré-postagem</numerusform>
            <numerusform>Etiquetas de %Ln pré-postagens</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Etiquetas:</translation>
    </message>
    <message>
        <source>La&amp;yout:</source>
        <translation>&amp;Modelo:</translation>
    </message>
    <message numerus="yes">
        <source>%Ln label(s) made.</source>
        <translation>
            <numerusform>%Ln etiqueta feita.</numerusform>
            <numerusform>%Ln etiquetas feitas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) now followed in Tracking.</source>
        <translation>
            <numerusform>%Ln objeto agora acompanhado no Rastreamento.</numerusform>
            <numerusform>%Ln objetos agora acompanhados no Rastreamento.</numerusform>
        </translation>
    </message>
    <message>
        <source>The printer and layout could not be remembered: %1</source>
        <translation>Não foi possível guardar a impressora e o modelo: %1</translation>
    </message>
</context>
<context>
    <name>DocumentPreview</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop making the document; nothing is printed</source>
        <translation>Para de gerar o documento; nada é impresso</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Imprimir…</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Salvar…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Making the document…</source>
        <translation>Gerando o documento…</translation>
    </message>
    <message>
        <source>The document could not be made: %1</source>
        <translation>Não foi possível gerar o documento: %1</translation>
    </message>
    <message>
        <source>There is nothing to put in this document.</source>
        <translation>Não há nada para pôr neste documento.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) ready to print or save.</source>
        <translation>
            <numerusform>%Ln página pronta para imprimir ou salvar.</numerusform>
            <numerusform>%Ln páginas prontas para imprimir ou salvar.</numerusform>
        </translation>
    </message>
    <message>
        <source>The document could not be kept for viewing: %1</source>
        <translation>Não foi possível guardar o documento para exibição: %1</translation>
    </message>
    <message>
        <source>Stopped: nothing was made.</source>
        <translation>Interrompido: nada foi gerado.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) sent to the printer.</source>
        <translation>
            <numerusform>%Ln página enviada à impressora.</numerusform>
            <numerusform>%Ln páginas enviadas à impressora.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save PDF as</source>
        <translation>Salvar PDF como</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>Salvo em %1</translation>
    </message>
</context>
<context>
    <name>LabelsActions</name>
    <message>
        <source>Labels…</source>
        <translation>Etiquetas…</translation>
    </message>
    <message>
        <source>Make, preview and print the selected pre-postings' labels</source>
        <translation>Gera, mostra e imprime as etiquetas das pré-postagens selecionadas</translation>
    </message>
    <message>
        <source>Content declaration…</source>
        <translation>Declaração de conteúdo…</translation>
    </message>
    <message>
        <source>The content declaration of the selected pre-postings, to print and put in the parcel</source>
        <translation>A declaração de conteúdo das pré-postagens selecionadas, para imprimir e pôr no pacote</translation>
    </message>
    <message>
        <source>Posting list…</source>
        <translation>Lista de postagem…</translation>
    </message>
    <message>
        <source>The list for the counter: the selected objects, or all labelled today when none is</source>
        <translation>A lista para o balcão: os objetos selecionados ou, se nenhum estiver, todos os etiquetados hoje</translation>
    </message>
    <message>
        <source>Select the pre-postings whose labels you want to print.</source>
        <translation>Selecione as pré-postagens cujas etiquetas quer imprimir.</translation>
    </message>
    <message>
        <source>Select the pre-postings whose content declaration you want.</source>
        <translation>Selecione as pré-postagens cuja declaração de conteúdo quer.</translation>
    </message>
    <message>
        <source>Content declaration</source>
        <translation>Declaração de conteúdo</translation>
    </message>
    <message>
        <source>content-declaration</source>
        <translation>declaracao-de-conteudo</translation>
    </message>
    <message>
        <source>Posting list</source>
        <translation>Lista de postagem</translation>
    </message>
    <message>
        <source>posting-list</source>
        <translation>lista-de-postagem</translation>
    </message>
    <message>
        <source>Posting list of today's labelled objects</source>
        <translation>Lista de postagem dos objetos etiquetados hoje</translation>
    </message>
    <message numerus="yes">
        <source>%Ln object(s) now followed in Tracking.</source>
        <translation>
            <numerusform>%Ln objeto agora acompanhado no Rastreamento.</numerusform>
            <numerusform>%Ln objetos agora acompanhados no Rastreamento.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sent_once</name>
    <message>
        <source>another desk</source>
        <translation>outra mesa</translation>
    </message>
    <message>
        <source>Being sent by %1 at %2; nothing was sent from this desk.</source>
        <translation>Sendo enviado por %1 em %2; nada foi enviado desta mesa.</translation>
    </message>
    <message>
        <source>Sent by %1 at %2: the operator took it, but its answer could not be read. Nothing was sent again: follow it up at the operator, cancel it there, or send it again on purpose.</source>
        <translation>Enviado por %1 em %2: a operadora o recebeu, mas não foi possível ler a resposta. Nada foi enviado de novo: confira na operadora, cancele lá ou envie de novo de propósito.</translation>
    </message>
    <message>
        <source>Sent by %1 at %2 and no answer came: the operator may have it. Nothing was sent again: follow it up at the operator, or send it again on purpose.</source>
        <translation>Enviado por %1 em %2 e nenhuma resposta chegou: a operadora pode tê-lo recebido. Nada foi enviado de novo: confira na operadora ou envie de novo de propósito.</translation>
    </message>
    <message>
        <source>Sent: the operator took it (HTTP %1), but its answer could not be read. The answer was kept as it came; follow it up at the operator before sending it again.</source>
        <translation>Enviado: a operadora o recebeu (HTTP %1), mas não foi possível ler a resposta. A resposta foi guardada como chegou; confira na operadora antes de enviar de novo.</translation>
    </message>
</context>
<context>
    <name>SentDialog</name>
    <message><source>Pre-posting</source><translation>Pré-postagem</translation></message>
    <message><source>Label request</source><translation>Pedido de etiquetas</translation></message>
    <message><source>Claim reopening</source><translation>Reabertura de reclamação</translation></message>
    <message><source>Attendance registration</source><translation>Registro de atendimento</translation></message>
    <message><source>Unanswered sends</source><translation>Envios sem resposta</translation></message>
    <message><source>These calls changed something at the operator, but their answer was lost or could not be read. No desk sends them again until you say what became of each one.</source><translation>Estas chamadas mudaram algo na operadora, mas a resposta se perdeu ou não pôde ser lida. Nenhuma mesa as envia de novo até você dizer o que aconteceu com cada uma.</translation></message>
    <message><source>&amp;Found at the operator</source><translation>&amp;Encontrado na operadora</translation></message>
    <message><source>It was done at the operator: settle it</source><translation>Foi feito na operadora: dar por resolvido</translation></message>
    <message><source>&amp;Dismiss</source><translation>&amp;Descartar</translation></message>
    <message><source>Cancelled at the operator, or known not to have happened</source><translation>Cancelado na operadora, ou sabidamente não aconteceu</translation></message>
    <message><source>Allow sending &amp;again</source><translation>Permitir enviar de &amp;novo</translation></message>
    <message><source>The same request may be sent again, on purpose</source><translation>O mesmo pedido pode ser enviado de novo, de propósito</translation></message>
    <message numerus="yes"><source>%n call(s) wait for a decision.</source><translation><numerusform>%n chamada aguarda uma decisão.</numerusform><numerusform>%n chamadas aguardam uma decisão.</numerusform></translation></message>
    <message><source>Every call sent was answered: nothing waits for a decision.</source><translation>Todas as chamadas enviadas foram respondidas: nada aguarda decisão.</translation></message>
    <message><source>HTTP status: %1</source><translation>Status HTTP: %1</translation></message>
    <message><source>The answer as it came:</source><translation>A resposta como chegou:</translation></message>
    <message><source>What was sent:</source><translation>O que foi enviado:</translation></message>
</context>
<context>
    <name>SentModel</name>
    <message><source>What</source><translation>O quê</translation></message>
    <message><source>Kind</source><translation>Tipo</translation></message>
    <message><source>State</source><translation>Situação</translation></message>
    <message><source>Sent by</source><translation>Enviado por</translation></message>
    <message><source>Sent at</source><translation>Enviado em</translation></message>
</context>
<context>
    <name>FileAgain</name>
    <message>
        <source>File a&amp;gain…</source>
        <translation>Registrar de &amp;novo…</translation>
    </message>
    <message>
        <source>File again, on purpose, the selected claims whose answer was lost or unreadable</source>
        <translation>Registrar de novo, de propósito, as reclamações selecionadas cuja resposta se perdeu ou não pôde ser lida</translation>
    </message>
    <message numerus="yes">
        <source>%n claim(s) were sent before and no answer was read: the operator may have them. Follow them first to find out.

File them again anyway? If the operator has them, it answers that a claim already exists (900).</source>
        <translation>
            <numerusform>%n reclamação foi enviada antes e nenhuma resposta foi lida: a operadora pode tê-la. Acompanhe-a primeiro para saber.

Registrar de novo assim mesmo? Se a operadora já a tiver, responde que já existe reclamação (900).</numerusform>
            <numerusform>%n reclamações foram enviadas antes e nenhuma resposta foi lida: a operadora pode tê-las. Acompanhe-as primeiro para saber.

Registrar de novo assim mesmo? Se a operadora já as tiver, responde que já existe reclamação (900).</numerusform>
        </translation>
    </message>
    <message>
        <source>The claims could not be filed again: %1</source>
        <translation>Não foi possível registrar as reclamações de novo: %1</translation>
    </message>
    <message>
        <source>File claims again</source>
        <translation>Registrar reclamações de novo</translation>
    </message>
</context>
<context>
    <name>said</name>
    <message>
        <source>The address “{name}” was changed by {by} on {at} after you opened it</source>
        <translation>O endereço “{name}” foi alterado por {by} em {at} depois que você o abriu</translation>
    </message>
    <message>
        <source>The address “{name}” was deleted after you opened it</source>
        <translation>O endereço “{name}” foi excluído depois que você o abriu</translation>
    </message>
    <message>
        <source>The address “{name}” was deleted by {by} on {at} after you opened it</source>
        <translation>O endereço “{name}” foi excluído por {by} em {at} depois que você o abriu</translation>
    </message>
    <message>
        <source>Login and API access code are not configured</source>
        <translation>O login e o código de acesso à API não estão configurados</translation>
    </message>
    <message>
        <source>No delegated access key is configured</source>
        <translation>Nenhuma chave de acesso delegada está configurada</translation>
    </message>
    <message>
        <source>No registration-system address is configured for this environment</source>
        <translation>Nenhum endereço do sistema de registro está configurado para este ambiente</translation>
    </message>
    <message>
        <source>The identity-portal login and access code are not set</source>
        <translation>O login e o código de acesso do portal de identidade não estão definidos</translation>
    </message>
    <message>
        <source>The simulated counter exists only in the sandbox</source>
        <translation>O balcão simulado só existe no sandbox</translation>
    </message>
    <message>
        <source>The partner server did not start in {seconds} s (is the port in use?)</source>
        <translation>O servidor do parceiro não iniciou em {seconds} s (a porta está em uso?)</translation>
    </message>
    <message>
        <source>Invoice {number} does not say its document type (tipoDocumento)</source>
        <translation>A fatura {number} não informa seu tipo de documento (tipoDocumento)</translation>
    </message>
    <message>
        <source>There is no request number {number}</source>
        <translation>Não existe a solicitação número {number}</translation>
    </message>
    <message>
        <source>The saved origin “{name}” was changed by {by} at {at} after you opened it</source>
        <translation>A origem salva “{name}” foi alterada por {by} em {at} depois que você a abriu</translation>
    </message>
    <message>
        <source>The package preset “{name}” was changed by {by} at {at} after you opened it</source>
        <translation>A predefinição de pacote “{name}” foi alterada por {by} em {at} depois que você a abriu</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>alguém</translation>
    </message>
    <message>
        <source>That sender is no longer in the address book</source>
        <translation>Esse remetente não está mais no catálogo de endereços</translation>
    </message>
    <message>
        <source>an orders file names its columns as the API does: {columns}</source>
        <translation>um arquivo de pedidos nomeia suas colunas como a API: {columns}</translation>
    </message>
    <message>
        <source>{name}: no column {column} (the columns are: {titles})</source>
        <translation>{name}: não há a coluna {column} (as colunas são: {titles})</translation>
    </message>
    <message>
        <source>{name}: no column {column} (the file has no column titles)</source>
        <translation>{name}: não há a coluna {column} (o arquivo não tem títulos de coluna)</translation>
    </message>
    <message>
        <source>not a readable workbook ({reason})</source>
        <translation>não é uma planilha legível ({reason})</translation>
    </message>
    <message>
        <source>{name}: {problem}</source>
        <translation>{name}: {problem}</translation>
    </message>
    <message>
        <source>{name}: cannot be read ({reason})</source>
        <translation>{name}: não pode ser lido ({reason})</translation>
    </message>
    <message>
        <source>The file is UTF-16 without a byte-order mark, or not text; save it as CSV UTF-8 (or as Unicode text, which has the mark).</source>
        <translation>O arquivo está em UTF-16 sem marca de ordem de bytes, ou não é texto; salve-o como CSV UTF-8 (ou como Texto Unicode, que tem a marca).</translation>
    </message>
    <message>
        <source>line {line} cannot be read as CSV ({reason})</source>
        <translation>a linha {line} não pode ser lida como CSV ({reason})</translation>
    </message>
    <message>
        <source>line {line}, column {column}: a cell of {size}, over the {limit} a cell may hold (a quote left open?); nothing was read past it</source>
        <translation>linha {line}, coluna {column}: uma célula de {size}, acima dos {limit} que uma célula pode ter (uma aspa não fechada?); nada foi lido depois dela</translation>
    </message>
    <message>
        <source>row {row}, column {column}: a cell of {size}, over the {limit} a cell may hold</source>
        <translation>linha {row}, coluna {column}: uma célula de {size}, acima dos {limit} que uma célula pode ter</translation>
    </message>
    <message>
        <source>{problem}; {hint}</source>
        <translation>{problem}; {hint}</translation>
    </message>
    <message>
        <source>The operator makes at most {most} labels at once ({asked} asked): choose fewer, or print the labels made here</source>
        <translation>A operadora emite no máximo {most} etiquetas de uma vez ({asked} pedidas): escolha menos, ou imprima as etiquetas já feitas aqui</translation>
    </message>
    <message>
        <source>The operator did not make the labels within {seconds} s (receipt {receipt}); its last answer: {answer}</source>
        <translation>A operadora não emitiu as etiquetas em {seconds} s (recibo {receipt}); sua última resposta: {answer}</translation>
    </message>
    <message>
        <source>The operator did not make the labels within {seconds} s (receipt {receipt})</source>
        <translation>A operadora não emitiu as etiquetas em {seconds} s (recibo {receipt})</translation>
    </message>
</context>
<context>
    <name>ReturnActions</name>
    <message>
        <source>return-authorization-%1</source>
        <translation>autorizacao-devolucao-%1</translation>
    </message>
    <message>
        <source>return-authorizations</source>
        <translation>autorizacoes-devolucao</translation>
    </message>
    <message>
        <source>&amp;Print authorization…</source>
        <translation>&amp;Imprimir autorização…</translation>
    </message>
    <message>
        <source>The authorization for the customer, to print (Ctrl+P)</source>
        <translation>A autorização para o cliente, para imprimir (Ctrl+P)</translation>
    </message>
    <message>
        <source>Save as P&amp;DF…</source>
        <translation>&amp;Salvar como PDF…</translation>
    </message>
    <message>
        <source>The authorization for the customer as a PDF file, to send (Ctrl+Shift+S)</source>
        <translation>A autorização para o cliente como arquivo PDF, para enviar (Ctrl+Shift+S)</translation>
    </message>
    <message>
        <source>Cop&amp;y e-mail text</source>
        <translation>Copiar te&amp;xto do e-mail</translation>
    </message>
    <message>
        <source>The text of an e-mail to the customer: the code, where to post it and until when</source>
        <translation>O texto de um e-mail ao cliente: o código, onde postar e até quando</translation>
    </message>
    <message>
        <source>Return authorization</source>
        <translation>Autorização de devolução</translation>
    </message>
    <message>
        <source>The e-mail text of authorization %1 is on the clipboard: paste it into an e-mail.</source>
        <translation>O texto do e-mail da autorização %1 está na área de transferência: cole-o em um e-mail.</translation>
    </message>
    <message>
        <source>Save the return authorization</source>
        <translation>Salvar a autorização de devolução</translation>
    </message>
</context>
<context>
    <name>ReturnDialog</name>
    <message>
        <source>New return authorization</source>
        <translation>Nova autorização de devolução</translation>
    </message>
    <message>
        <source>&amp;Authorize</source>
        <translation>&amp;Autorizar</translation>
    </message>
    <message>
        <source>Return authorized</source>
        <translation>Devolução autorizada</translation>
    </message>
    <message>
        <source>Customer (sends it back)</source>
        <translation>Cliente (devolve)</translation>
    </message>
    <message>
        <source>Address &amp;book:</source>
        <translation>Catálo&amp;go de endereços:</translation>
    </message>
    <message>
        <source>Office (receives it)</source>
        <translation>Escritório (recebe)</translation>
    </message>
    <message>
        <source>Address book:</source>
        <translation>Catálogo de endereços:</translation>
    </message>
    <message>
        <source>Reading object %1…</source>
        <translation>Lendo o objeto %1…</translation>
    </message>
    <message>
        <source>Reading the office's address…</source>
        <translation>Lendo o endereço do escritório…</translation>
    </message>
    <message>
        <source>A return of object %1 from %2: check the parcel, then Authorize.</source>
        <translation>Uma devolução do objeto %1 por %2: confira o pacote e clique em Autorizar.</translation>
    </message>
    <message>
        <source>A return of object %1: the office does not know its recipient; fill the customer in.</source>
        <translation>Uma devolução do objeto %1: o escritório não conhece o destinatário; preencha o cliente.</translation>
    </message>
    <message>
        <source>Pick the customer from the address book, or type them in.</source>
        <translation>Escolha o cliente no catálogo de endereços, ou digite os dados.</translation>
    </message>
    <message>
        <source>The return could not be prepared: %1</source>
        <translation>A devolução não pôde ser preparada: %1</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <source>Office</source>
        <translation>Escritório</translation>
    </message>
    <message>
        <source>Nothing was sent. %1</source>
        <translation>Nada foi enviado. %1</translation>
    </message>
    <message>
        <source>Asking the operator for the authorization…</source>
        <translation>Pedindo a autorização à operadora…</translation>
    </message>
    <message>
        <source>%1 may take the parcel to any branch with this code until %2. It is followed in Tracking with the return mark.</source>
        <translation>%1 pode levar o pacote a qualquer agência com este código até %2. Ele é acompanhado no Rastreamento com a marca de devolução.</translation>
    </message>
    <message>
        <source>Return authorization %1 created for %2, valid until %3.</source>
        <translation>Autorização de devolução %1 criada para %2, válida até %3.</translation>
    </message>
    <message>
        <source>The return could not be authorized: %1</source>
        <translation>A devolução não pôde ser autorizada: %1</translation>
    </message>
    <message>
        <source>No default sender in Addresses: fill the office in, or pick it from the address book.</source>
        <translation>Não há remetente padrão em Endereços: preencha o escritório ou escolha-o no catálogo de endereços.</translation>
    </message>
</context>
<context>
    <name>ReturnFields</name>
    <message>
        <source>What the customer sends back</source>
        <translation>O que o cliente devolve</translation>
    </message>
    <message>
        <source>Content&amp;s:</source>
        <translation>Conteú&amp;do:</translation>
    </message>
    <message>
        <source>Goods of object %1 sent back</source>
        <translation>Mercadoria do objeto %1 em devolução</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Devolução</translation>
    </message>
    <message>
        <source>AA123456789BR (optional)</source>
        <translation>AA123456789BR (opcional)</translation>
    </message>
    <message>
        <source>length</source>
        <translation>comprimento</translation>
    </message>
    <message>
        <source>width</source>
        <translation>largura</translation>
    </message>
    <message>
        <source>height</source>
        <translation>altura</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nenhum</translation>
    </message>
    <message>
        <source>&amp;Outbound object:</source>
        <translation>&amp;Objeto de ida:</translation>
    </message>
    <message>
        <source>Ser&amp;vice:</source>
        <translation>Ser&amp;viço:</translation>
    </message>
    <message>
        <source>&amp;Weight:</source>
        <translation>&amp;Peso:</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <source>Size L × W × H (cm):</source>
        <translation>Medidas C × L × A (cm):</translation>
    </message>
    <message>
        <source>Declared va&amp;lue:</source>
        <translation>Valor decla&amp;rado:</translation>
    </message>
    <message>
        <source>Valid un&amp;til:</source>
        <translation>Válida a&amp;té:</translation>
    </message>
</context>
<context>
    <name>ReturnModel</name>
    <message>
        <source>Authorization</source>
        <translation>Autorização</translation>
    </message>
    <message>
        <source>The code the customer shows at the branch</source>
        <translation>O código que o cliente apresenta na agência</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>Customer</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <source>Outbound object</source>
        <translation>Objeto de ida</translation>
    </message>
    <message>
        <source>The object the customer received</source>
        <translation>O objeto que o cliente recebeu</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Serviço</translation>
    </message>
    <message>
        <source>Valid until</source>
        <translation>Válida até</translation>
    </message>
    <message>
        <source>Return object</source>
        <translation>Objeto de volta</translation>
    </message>
    <message>
        <source>The object coming back, followed in Tracking</source>
        <translation>O objeto que volta, acompanhado no Rastreamento</translation>
    </message>
    <message>
        <source>Created by</source>
        <translation>Criada por</translation>
    </message>
    <message>
        <source>Created on</source>
        <translation>Criada em</translation>
    </message>
</context>
<context>
    <name>ReturnsPage</name>
    <message>
        <source>Return authorizations</source>
        <translation>Autorizações de devolução</translation>
    </message>
    <message>
        <source>&amp;New return…</source>
        <translation>&amp;Nova devolução…</translation>
    </message>
    <message>
        <source>Authorize a customer to send a parcel back, billed to the contract (Ctrl+N)</source>
        <translation>Autorizar um cliente a devolver um pacote, cobrado no contrato (Ctrl+N)</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>Ask the operator how each return stands (F5)</source>
        <translation>Perguntar à operadora como está cada devolução (F5)</translation>
    </message>
    <message>
        <source>&amp;Cancel selected…</source>
        <translation>&amp;Cancelar selecionadas…</translation>
    </message>
    <message>
        <source>Ask the operator to cancel the selected authorizations not yet posted (Delete)</source>
        <translation>Pedir à operadora que cancele as autorizações selecionadas ainda não postadas (Delete)</translation>
    </message>
    <message>
        <source>Search: code, customer, object, who created…</source>
        <translation>Buscar: código, cliente, objeto, quem criou…</translation>
    </message>
    <message>
        <source>Search the returns</source>
        <translation>Buscar nas devoluções</translation>
    </message>
    <message>
        <source>Stat&amp;e:</source>
        <translation>S&amp;ituação:</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Situação</translation>
    </message>
    <message>
        <source>All returns</source>
        <translation>Todas as devoluções</translation>
    </message>
    <message>
        <source>The return authorizations could not be read: %1</source>
        <translation>As autorizações de devolução não puderam ser lidas: %1</translation>
    </message>
    <message>
        <source>The operator could not be asked: %1</source>
        <translation>Não foi possível perguntar à operadora: %1</translation>
    </message>
    <message>
        <source>The return authorizations could not be cancelled: %1</source>
        <translation>As autorizações de devolução não puderam ser canceladas: %1</translation>
    </message>
    <message>
        <source>No return authorizations yet: create one (Ctrl+N), or pick a delivered object in Tracking and &quot;Authorize a return…&quot;.</source>
        <translation>Nenhuma autorização de devolução ainda: crie uma (Ctrl+N), ou escolha um objeto entregue no Rastreamento e &quot;Autorizar devolução…&quot;.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Cancel return authorizations</source>
        <translation>Cancelar autorizações de devolução</translation>
    </message>
    <message numerus="yes">
        <source>Cancel %Ln return authorization(s) with the operator? The customer can no longer post it.</source>
        <translation>
            <numerusform>Cancelar %Ln autorização de devolução com a operadora? O cliente não poderá mais postá-la.</numerusform>
            <numerusform>Cancelar %Ln autorizações de devolução com a operadora? O cliente não poderá mais postá-las.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln return(s) shown</source>
        <translation>
            <numerusform>%1 de %Ln devolução exibida</numerusform>
            <numerusform>%1 de %Ln devoluções exibidas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%Ln not posted by the customer yet)</source>
        <translation>
            <numerusform>(%Ln ainda não postada pelo cliente)</numerusform>
            <numerusform>(%Ln ainda não postadas pelo cliente)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The operator was asked about %Ln return(s).</source>
        <translation>
            <numerusform>A operadora foi consultada sobre %Ln devolução.</numerusform>
            <numerusform>A operadora foi consultada sobre %Ln devoluções.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln return authorization(s) cancelled.</source>
        <translation>
            <numerusform>%Ln autorização de devolução cancelada.</numerusform>
            <numerusform>%Ln autorizações de devolução canceladas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln return authorization(s) cancelled; the operator refused %1: %2</source>
        <translation>
            <numerusform>%Ln autorização de devolução cancelada; a operadora recusou %1: %2</numerusform>
            <numerusform>%Ln autorizações de devolução canceladas; a operadora recusou %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ShippingPage</name>
    <message>
        <source>Shipping</source>
        <translation>Envios</translation>
    </message>
    <message>
        <source>Return authori&amp;zations valid for (days):</source>
        <translation>Autorizações de devolução válidas por (dias):</translation>
    </message>
    <message>
        <source>%1 must be a whole number of days from %2 to %3</source>
        <translation>%1 deve ser um número inteiro de dias de %2 a %3</translation>
    </message>
    <message>
        <source>Returns valid for</source>
        <translation>Devoluções válidas por</translation>
    </message>
    <message>
        <source>%1 (got &apos;%2&apos;)</source>
        <translation>%1 (recebido: &apos;%2&apos;)</translation>
    </message>
</context>
<context>
    <name>PictureStrip</name>
    <message>
        <source>%1 (PDF)</source>
        <translation>%1 (PDF)</translation>
    </message>
    <message>
        <source>Unreadable picture</source>
        <translation>Imagem ilegível</translation>
    </message>
</context>
<context>
    <name>ProofWords</name>
    <message>
        <source>not named by the operator</source>
        <translation>não informado pelo operador</translation>
    </message>
    <message>
        <source>%1 (document %2)</source>
        <translation>%1 (documento %2)</translation>
    </message>
    <message>
        <source>Digital delivery receipt (AR)</source>
        <translation>Aviso de recebimento digital (AR)</translation>
    </message>
    <message>
        <source>Delivery picture %1</source>
        <translation>Imagem da entrega %1</translation>
    </message>
    <message>
        <source>Received by %1</source>
        <translation>Recebido por %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 em %2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
</context>
<context>
    <name>TrackingProofWords</name>
    <message numerus="yes">
        <source>%n proof(s) of delivery fetched</source>
        <translation>
            <numerusform>%n comprovante de entrega obtido</numerusform>
            <numerusform>%n comprovantes de entrega obtidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already stored</source>
        <translation>
            <numerusform>%n já guardado</numerusform>
            <numerusform>%n já guardados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not delivered (nothing asked)</source>
        <translation>
            <numerusform>%n não entregue (nada pedido)</numerusform>
            <numerusform>%n não entregues (nada pedido)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n waiting for the operator's pictures (ask again in a while)</source>
        <translation>
            <numerusform>%n aguardando as imagens do operador (peça de novo daqui a pouco)</numerusform>
            <numerusform>%n aguardando as imagens do operador (peça de novo daqui a pouco)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No proof of delivery was asked.</source>
        <translation>Nenhum comprovante de entrega foi pedido.</translation>
    </message>
</context>
<context>
    <name>ProofBox</name>
    <message>
        <source>Proof of delivery</source>
        <translation>Comprovante de entrega</translation>
    </message>
    <message>
        <source>Received by:</source>
        <translation>Recebido por:</translation>
    </message>
    <message>
        <source>Delivered at:</source>
        <translation>Entregue em:</translation>
    </message>
    <message>
        <source>Place:</source>
        <translation>Local:</translation>
    </message>
    <message>
        <source>G&amp;et proof</source>
        <translation>Obt&amp;er comprovante</translation>
    </message>
    <message>
        <source>Ask the operator for the receiver, the receipt and the delivery pictures</source>
        <translation>Pedir ao operador o recebedor, o aviso de recebimento e as imagens da entrega</translation>
    </message>
    <message>
        <source>Pri&amp;nt proof…</source>
        <translation>Imprimir comprovan&amp;te…</translation>
    </message>
    <message>
        <source>Save proof as P&amp;DF…</source>
        <translation>Salvar comprovante em PD&amp;F…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop asking; what came so far is kept</source>
        <translation>Parar de pedir; o que já chegou fica guardado</translation>
    </message>
    <message>
        <source>Reading the proof of delivery…</source>
        <translation>Lendo o comprovante de entrega…</translation>
    </message>
    <message>
        <source>The operator is still preparing the delivery pictures: ask again in a while (Get proof).</source>
        <translation>O operador ainda está preparando as imagens da entrega: peça de novo daqui a pouco (Obter comprovante).</translation>
    </message>
    <message>
        <source>The operator sent no pictures for this delivery.</source>
        <translation>O operador não enviou imagens desta entrega.</translation>
    </message>
    <message>
        <source>The operator's note: %1</source>
        <translation>Observação do operador: %1</translation>
    </message>
    <message>
        <source>As&amp;k again</source>
        <translation>Pedir &amp;novamente</translation>
    </message>
    <message>
        <source>No proof stored yet: Get proof asks the operator for it.</source>
        <translation>Nenhum comprovante guardado ainda: Obter comprovante o pede ao operador.</translation>
    </message>
    <message>
        <source>The proof of delivery of %1 could not be read: %2</source>
        <translation>O comprovante de entrega de %1 não pôde ser lido: %2</translation>
    </message>
    <message>
        <source>The operator refused the proof of delivery of %1: %2</source>
        <translation>O operador recusou o comprovante de entrega de %1: %2</translation>
    </message>
    <message>
        <source>Proof of delivery of %1: %2</source>
        <translation>Comprovante de entrega de %1: %2</translation>
    </message>
    <message>
        <source>The operator does not report this object as delivered yet.</source>
        <translation>O operador ainda não informa este objeto como entregue.</translation>
    </message>
    <message>
        <source>The operator is still preparing the proof: ask again in a while (Get proof).</source>
        <translation>O operador ainda está preparando o comprovante: peça de novo daqui a pouco (Obter comprovante).</translation>
    </message>
    <message>
        <source>The operator has no proof of delivery for this object.</source>
        <translation>O operador não tem comprovante de entrega deste objeto.</translation>
    </message>
    <message>
        <source>The proof of delivery of %1 could not be fetched: %2</source>
        <translation>O comprovante de entrega de %1 não pôde ser obtido: %2</translation>
    </message>
    <message>
        <source>Proof of delivery %1</source>
        <translation>Comprovante de entrega %1</translation>
    </message>
    <message>
        <source>proof-%1</source>
        <translation>comprovante-%1</translation>
    </message>
    <message>
        <source>Save the proof of delivery</source>
        <translation>Salvar o comprovante de entrega</translation>
    </message>
    <message>
        <source>Document:</source>
        <translation>Documento:</translation>
    </message>
    <message>
        <source>Asking the operator…</source>
        <translation>Pedindo ao operador…</translation>
    </message>
</context>
<context>
    <name>ProofAction</name>
    <message>
        <source>Get pro&amp;of</source>
        <translation>Obter c&amp;omprovante</translation>
    </message>
    <message>
        <source>Ask the operator for the proof of delivery of the selected delivered objects</source>
        <translation>Pedir ao operador o comprovante de entrega dos objetos entregues selecionados</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop asking; the proofs that came so far are kept</source>
        <translation>Parar de pedir; os comprovantes que já chegaram ficam guardados</translation>
    </message>
    <message>
        <source>None of the selected objects is delivered: only a delivered object has a proof.</source>
        <translation>Nenhum dos objetos selecionados foi entregue: só um objeto entregue tem comprovante.</translation>
    </message>
    <message>
        <source>The proofs of delivery could not be fetched: %1</source>
        <translation>Os comprovantes de entrega não puderam ser obtidos: %1</translation>
    </message>
    <message>
        <source>Asking the proofs of %1 objects…</source>
        <translation>Pedindo os comprovantes de %1 objetos…</translation>
    </message>
    <message>
        <source>Proof of delivery: %1</source>
        <translation>Comprovante de entrega: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n selected object(s) not delivered, left out</source>
        <translation>
            <numerusform>%n objeto selecionado não entregue, deixado de fora</numerusform>
            <numerusform>%n objetos selecionados não entregues, deixados de fora</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProofWarning</name>
    <message>
        <source>The operator has proof of delivery for this object: a claim for it is likely refused (code 530/546).</source>
        <translation>O operador tem comprovante de entrega deste objeto: um pedido para ele provavelmente será recusado (código 530/546).</translation>
    </message>
    <message>
        <source>The operator has proof of delivery for these objects: claims for them are likely refused (code 530/546).</source>
        <translation>O operador tem comprovante de entrega destes objetos: pedidos para eles provavelmente serão recusados (código 530/546).</translation>
    </message>
    <message>
        <source>&amp;Get proof</source>
        <translation>&amp;Obter comprovante</translation>
    </message>
    <message>
        <source>Ask the operator for the proof of delivery of these objects</source>
        <translation>Pedir ao operador o comprovante de entrega destes objetos</translation>
    </message>
    <message>
        <source>No proof of delivery is known for %1 (delivered): with one, a claim saying it did not arrive is likely refused.</source>
        <translation>Nenhum comprovante de entrega é conhecido para %1 (entregue): havendo um, um pedido dizendo que não chegou provavelmente será recusado.</translation>
    </message>
    <message numerus="yes">
        <source>Asking the operator for %n proof(s) of delivery…</source>
        <translation>
            <numerusform>Pedindo ao operador %n comprovante de entrega…</numerusform>
            <numerusform>Pedindo ao operador %n comprovantes de entrega…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FiltersBar</name>
    <message>
        <source>All services</source>
        <translation>Todos os serviços</translation>
    </message>
    <message>
        <source>Show every state again</source>
        <translation>Mostrar todos os estados de novo</translation>
    </message>
    <message>
        <source>P&amp;eriod:</source>
        <translation>P&amp;eríodo:</translation>
    </message>
    <message>
        <source>Ser&amp;vice:</source>
        <translation>Ser&amp;viço:</translation>
    </message>
    <message>
        <source>State: %1 ✕</source>
        <translation>Estado: %1 ✕</translation>
    </message>
    <message>
        <source>Clear the state filter %1</source>
        <translation>Tirar o filtro do estado %1</translation>
    </message>
</context>
<context>
    <name>ManagerOverviewTab</name>
    <message>
        <source>Overview</source>
        <translation>Visão geral</translation>
    </message>
    <message>
        <source>Read at %1</source>
        <translation>Lido às %1</translation>
    </message>
</context>
<context>
    <name>MoneySection</name>
    <message>
        <source>No claim filed in the period.</source>
        <translation>Nenhuma reclamação registrada no período.</translation>
    </message>
    <message>
        <source>Nothing at stake in the period.</source>
        <translation>Nada em jogo no período.</translation>
    </message>
    <message>
        <source>Money back</source>
        <translation>Dinheiro de volta</translation>
    </message>
    <message>
        <source>Claims filed in the period</source>
        <translation>Reclamações registradas no período</translation>
    </message>
    <message>
        <source>Money recovered and at stake</source>
        <translation>Dinheiro recuperado e em jogo</translation>
    </message>
    <message>
        <source>Claims candidates…</source>
        <translation>Candidatos a reclamação…</translation>
    </message>
    <message>
        <source>Open the Claims tab's candidates, past the 90 days too</source>
        <translation>Abrir os candidatos da aba Reclamações, também os que passaram dos 90 dias</translation>
    </message>
    <message>
        <source>Filed</source>
        <translation>Registradas</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Aceitas</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Pagas</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Recusadas</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>Reclamações</translation>
    </message>
    <message>
        <source>Claims (count; estimate)</source>
        <translation>Reclamações (quantidade; estimativa)</translation>
    </message>
    <message>
        <source>Recovered (accepted): %1 of %2 claimed</source>
        <translation>Recuperado (aceitas): %1 de %2 reclamados</translation>
    </message>
    <message>
        <source>left on the table: %1</source>
        <translation>deixado na mesa: %1</translation>
    </message>
    <message>
        <source>Left on the table</source>
        <translation>Deixado na mesa</translation>
    </message>
    <message>
        <source>Still claimable</source>
        <translation>Ainda reclamável</translation>
    </message>
    <message>
        <source>Recovered</source>
        <translation>Recuperado</translation>
    </message>
    <message>
        <source>Recovered and at stake</source>
        <translation>Recuperado e em jogo</translation>
    </message>
    <message>
        <source>Left on the table: %1 — Show candidates</source>
        <translation>Deixado na mesa: %1 — Ver candidatos</translation>
    </message>
    <message>
        <source>Show candidates</source>
        <translation>Ver candidatos</translation>
    </message>
</context>
<context>
    <name>MonthReportAction</name>
    <message>
        <source>Export month &amp;PDF…</source>
        <translation>Exportar &amp;PDF do mês…</translation>
    </message>
    <message>
        <source>The month's overview as a PDF report, with its tables</source>
        <translation>A visão geral do mês em PDF, com as tabelas</translation>
    </message>
    <message>
        <source>The overview of %1 as a PDF report, with its tables</source>
        <translation>A visão geral de %1 em PDF, com as tabelas</translation>
    </message>
    <message>
        <source>overview-%1</source>
        <translation>visao-geral-%1</translation>
    </message>
    <message>
        <source>Save the month's report</source>
        <translation>Salvar o relatório do mês</translation>
    </message>
</context>
<context>
    <name>NumbersPanel</name>
    <message>
        <source>Table shown</source>
        <translation>Tabela mostrada</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>Números</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>E&amp;xportar…</translation>
    </message>
    <message>
        <source>Save this table as .xlsx or CSV</source>
        <translation>Salvar esta tabela como .xlsx ou CSV</translation>
    </message>
    <message>
        <source>Export the table</source>
        <translation>Exportar a tabela</translation>
    </message>
</context>
<context>
    <name>OnTimeSection</name>
    <message>
        <source>Per month of posting</source>
        <translation>Por mês de postagem</translation>
    </message>
    <message>
        <source>No late delivery in the period.</source>
        <translation>Nenhuma entrega atrasada no período.</translation>
    </message>
    <message>
        <source>On time</source>
        <translation>No prazo</translation>
    </message>
    <message>
        <source>Arrivals per service</source>
        <translation>Chegadas por serviço</translation>
    </message>
    <message>
        <source>Arrivals per week of posting</source>
        <translation>Chegadas por semana de postagem</translation>
    </message>
    <message>
        <source>Routes with the most late deliveries</source>
        <translation>Rotas com mais entregas atrasadas</translation>
    </message>
    <message>
        <source>No parcel posted in the period.</source>
        <translation>Nenhum objeto postado no período.</translation>
    </message>
    <message>
        <source>%1 of the delivered parcels arrived on time</source>
        <translation>%1 dos objetos entregues chegaram no prazo</translation>
    </message>
    <message numerus="yes">
        <source>%Ln late</source>
        <translation>
            <numerusform>%Ln atrasado</numerusform>
            <numerusform>%Ln atrasados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost</source>
        <translation>
            <numerusform>%Ln extraviado</numerusform>
            <numerusform>%Ln extraviados</numerusform>
        </translation>
    </message>
    <message>
        <source>Per service</source>
        <translation>Por serviço</translation>
    </message>
    <message>
        <source>Per week of posting (Monday)</source>
        <translation>Por semana de postagem (segunda-feira)</translation>
    </message>
    <message>
        <source>Late routes</source>
        <translation>Rotas com atrasos</translation>
    </message>
</context>
<context>
    <name>PageReads</name>
    <message>
        <source>The overview could not be read: %1</source>
        <translation>Não foi possível ler a visão geral: %1</translation>
    </message>
    <message>
        <source>The services could not be read: %1</source>
        <translation>Não foi possível ler os serviços: %1</translation>
    </message>
    <message>
        <source>The claims candidates could not be read: %1</source>
        <translation>Não foi possível ler os candidatos a reclamação: %1</translation>
    </message>
</context>
<context>
    <name>QuotesSection</name>
    <message>
        <source>%1/%2</source>
        <comment>converted/quotes</comment>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>No quote in the period.</source>
        <translation>Nenhuma cotação no período.</translation>
    </message>
    <message>
        <source>Quotes</source>
        <translation>Cotações</translation>
    </message>
    <message>
        <source>Quotes per clerk</source>
        <translation>Cotações por atendente</translation>
    </message>
    <message>
        <source>Quotes that became pre-postings</source>
        <translation>Cotações que viraram pré-postagens</translation>
    </message>
    <message>
        <source>A quote counts as converted when a pre-posting of the same service to the same CEP was registered within seven days after it: an estimate.</source>
        <translation>Uma cotação conta como convertida quando uma pré-postagem do mesmo serviço para o mesmo CEP foi registrada até sete dias depois dela: uma estimativa.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln quote(s)</source>
        <translation>
            <numerusform>%Ln cotação</numerusform>
            <numerusform>%Ln cotações</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 became pre-postings</source>
        <translation>%1 viraram pré-postagens</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sem nome)</translation>
    </message>
    <message>
        <source>Became pre-postings</source>
        <translation>Viraram pré-postagens</translation>
    </message>
    <message>
        <source>Did not</source>
        <translation>Não viraram</translation>
    </message>
</context>
<context>
    <name>SectionBox</name>
    <message>
        <source>Numbers</source>
        <translation>Números</translation>
    </message>
    <message>
        <source>Show the numbers behind the charts (copy, export)</source>
        <translation>Mostrar os números dos gráficos (copiar, exportar)</translation>
    </message>
</context>
<context>
    <name>SpendingSection</name>
    <message>
        <source>Only the analytic statements loaded say what went to %1</source>
        <translation>Só os extratos analíticos carregados dizem o que foi para %1</translation>
    </message>
    <message>
        <source>No analytic statement of the period in the office database.</source>
        <translation>Nenhum extrato analítico do período no banco do escritório.</translation>
    </message>
    <message>
        <source>Spending</source>
        <translation>Gastos</translation>
    </message>
    <message>
        <source>Invoiced per month and service</source>
        <translation>Faturado por mês e serviço</translation>
    </message>
    <message>
        <source>Average price per parcel</source>
        <translation>Preço médio por objeto</translation>
    </message>
    <message>
        <source>Invoiced in the period: %1</source>
        <translation>Faturado no período: %1</translation>
    </message>
    <message>
        <source>%1 against the period before</source>
        <translation>%1 em relação ao período anterior</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n invoice(s) itemized</source>
        <translation>
            <numerusform>%1 de %n fatura detalhada</numerusform>
            <numerusform>%1 de %n faturas detalhadas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StateMap</name>
    <message>
        <source>Map of the states</source>
        <translation>Mapa dos estados</translation>
    </message>
    <message>
        <source>nothing in the period</source>
        <translation>nada no período</translation>
    </message>
</context>
<context>
    <name>WhereSection</name>
    <message>
        <source>Where it goes</source>
        <translation>Para onde vai</translation>
    </message>
    <message>
        <source>&amp;Parcels</source>
        <translation>&amp;Objetos</translation>
    </message>
    <message>
        <source>Average &amp;days to deliver</source>
        <translation>Média de &amp;dias até a entrega</translation>
    </message>
    <message numerus="yes">
        <source>to %Ln state(s)</source>
        <translation>
            <numerusform>para %Ln estado</numerusform>
            <numerusform>para %Ln estados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln without a known state</source>
        <translation>
            <numerusform>%Ln sem estado conhecido</numerusform>
            <numerusform>%Ln sem estado conhecido</numerusform>
        </translation>
    </message>
    <message>
        <source>Click a state to see its figures.</source>
        <translation>Clique num estado para ver os números dele.</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 dias</translation>
    </message>
    <message numerus="yes">
        <source>%Ln parcel(s)</source>
        <translation>
            <numerusform>%Ln objeto</numerusform>
            <numerusform>%Ln objetos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MonthsChart</name>
    <message>
        <source>No invoice listed for these months: the Invoices tab lists them.</source>
        <translation>Nenhuma fatura listada nestes meses: a aba Faturas e boletos as lista.</translation>
    </message>
    <message>
        <source>Invoiced per month</source>
        <translation>Faturado por mês</translation>
    </message>
    <message>
        <source>%1 in %2: %3</source>
        <translation>%1 em %2: %3</translation>
    </message>
    <message>
        <source>Month's total: %1</source>
        <translation>Total do mês: %1</translation>
    </message>
</context>
</TS>
