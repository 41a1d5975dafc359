<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>ConnectionOverview</name>
    <message>
        <location filename="../../postalgui/gui/connection_overview.py" line="+51"/>
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
    <name>MainWindow</name>
    <message>
        <location filename="../../postalgui/gui/main_window.py" line="+81"/>
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
        <location line="+30"/>
        <source>Environment</source>
        <translation>Ambiente</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Login</source>
        <translation>Login</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Token not checked yet</source>
        <translation>Token ainda não verificado</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your settings file could not be read, so PostalGUI started with default settings. %1</source>
        <translation>Não foi possível ler o arquivo de configurações; o PostalGUI iniciou com as configurações padrão. %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+108"/>
        <source>Open Settings</source>
        <translation>Abrir configurações</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>No usable system keyring was found, so your login, access code and tokens are kept for this session only: you will have to enter them again after a restart. To keep them, install or unlock a keyring service (GNOME Keyring or KWallet on Linux; Windows Credential Manager and the macOS Keychain are built in) and restart PostalGUI.</source>
        <translation>Nenhum chaveiro do sistema utilizável foi encontrado, por isso seu login, código de acesso e tokens ficam guardados só nesta sessão: será preciso informá-los de novo depois de reiniciar. Para mantê-los, instale ou desbloqueie um serviço de chaveiro (GNOME Keyring ou KWallet no Linux; o Gerenciador de Credenciais do Windows e o Keychain do macOS já vêm com o sistema) e reinicie o PostalGUI.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No login set</source>
        <translation>Nenhum login definido</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Getting token…</source>
        <translation>Obtendo token…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Token valid until %1</source>
        <translation>Token válido até %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Token valid (no expiry given)</source>
        <translation>Token válido (sem validade informada)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not get a token: %1</source>
        <translation>Não foi possível obter um token: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Try again</source>
        <translation>Tentar novamente</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The new language will be used the next time PostalGUI starts.</source>
        <translation>O novo idioma será usado na próxima vez que o PostalGUI for aberto.</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>About PostalGUI</source>
        <translation>Sobre o PostalGUI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h3&gt;PostalGUI&lt;/h3&gt;&lt;p&gt;Quotes, invoices and payment slips, contracts and posting cards, branches and attendances with the Correios business APIs.&lt;/p&gt;&lt;p&gt;Log file: %1&lt;/p&gt;</source>
        <translation>&lt;h3&gt;PostalGUI&lt;/h3&gt;&lt;p&gt;Cotações de preço, faturas e boletos, contratos e cartões de postagem, agências e atendimentos com as APIs empresariais dos Correios.&lt;/p&gt;&lt;p&gt;Arquivo de log: %1&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not open the log folder. It is at %1</source>
        <translation>Não foi possível abrir a pasta de logs. Ela fica em %1</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <location filename="../../postalgui/gui/widgets/message_bar.py" line="+98"/>
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
        <location line="+14"/>
        <source>API base URL</source>
        <translation>URL base da API</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Login and &amp;API access code</source>
        <translation>Lo&amp;gin e código de acesso à API</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Delegated access key</source>
        <translation>Chave de acesso &amp;delegada</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Login</source>
        <translation>Login</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>API access code</source>
        <translation>Código de acesso à API</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the access code</source>
        <translation>Mostrar ou ocultar o código de acesso</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delegated access key</source>
        <translation>Chave de acesso delegada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show or hide the delegated access key</source>
        <translation>Mostrar ou ocultar a chave de acesso delegada</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Connection</source>
        <translation>Conexão</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Environment:</source>
        <translation>&amp;Ambiente:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>API base &amp;URL:</source>
        <translation>&amp;URL base da API:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Authentication:</source>
        <translation>Autenticação:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Login:</source>
        <translation>&amp;Login:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Access &amp;code:</source>
        <translation>&amp;Código de acesso:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Delegated ke&amp;y:</source>
        <translation>C&amp;have delegada:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Company CNPJ</source>
        <translation>CNPJ da empresa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Contract number</source>
        <translation>Número do contrato</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Posting card number</source>
        <translation>Número do cartão de postagem</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>None</source>
        <translation>Nenhuma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regional office (DR)</source>
        <translation>Diretoria Regional (DR)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Regional office (DR) of the contract; None when not needed</source>
        <translation>Diretoria Regional (DR) do contrato; Nenhuma quando não for necessária</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Company</source>
        <translation>Empresa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Company C&amp;NPJ:</source>
        <translation>C&amp;NPJ da empresa:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>C&amp;ontract:</source>
        <translation>C&amp;ontrato:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Posting card:</source>
        <translation>Cartão de &amp;postagem:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>D&amp;R:</source>
        <translation>D&amp;R:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System default</source>
        <translation>Padrão do sistema</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A new language is used after PostalGUI restarts.</source>
        <translation>Um novo idioma passa a valer quando o PostalGUI for reiniciado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interface</source>
        <translation>Interface</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lan&amp;guage:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Test connection</source>
        <translation>Testar conexão</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gets a token with the values on the left, without saving them, and shows what the server says.</source>
        <translation>Obtém um token com os valores à esquerda, sem salvá-los, e mostra o que o servidor responde.</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+333"/>
        <location line="+80"/>
        <source>&amp;Test connection</source>
        <translation>&amp;Testar conexão</translation>
    </message>
    <message>
        <location line="-406"/>
        <source>Connection test result</source>
        <translation>Resultado do teste de conexão</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>%1 (built-in demo)</source>
        <translation>%1 (demonstração embutida)</translation>
    </message>
    <message>
        <location line="+61"/>
        <location line="+348"/>
        <source>Show</source>
        <translation>Mostrar</translation>
    </message>
    <message>
        <location line="-257"/>
        <source>API base URL: enter the address of the API, e.g. https://api.example.com</source>
        <translation>URL base da API: informe o endereço da API, por exemplo https://api.exemplo.com.br</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>API base URL: must start with http:// or https://</source>
        <translation>URL base da API: deve começar com http:// ou https://</translation>
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
    <message>
        <location line="+34"/>
        <source>No test run yet.</source>
        <translation>Nenhum teste feito ainda.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Testing…</source>
        <translation>Testando…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Asking the token service…</source>
        <translation>Consultando o serviço de tokens…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Environment:</source>
        <translation>Ambiente:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile:</source>
        <translation>Perfil:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Company CNPJ:</source>
        <translation>CNPJ da empresa:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Login:</source>
        <translation>Login:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Issued for:</source>
        <translation>Emitido para:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Valid until:</source>
        <translation>Válido até:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unknown</source>
        <translation>Desconhecido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>APIs enabled:</source>
        <translation>APIs habilitadas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server:</source>
        <translation>Servidor:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Connected: the token service accepted these settings.</source>
        <translation>Conectado: o serviço de tokens aceitou estas configurações.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Connection failed</source>
        <translation>Falha na conexão</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Hide</source>
        <translation>Ocultar</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <location filename="../../postalgui/gui/app.py" line="+105"/>
        <source>PostalGUI cannot start because an environment variable is invalid:

%1

Correct or remove it and start PostalGUI again.</source>
        <translation>O PostalGUI não pode ser iniciado porque uma variável de ambiente é inválida:

%1

Corrija-a ou remova-a e abra o PostalGUI novamente.</translation>
    </message>
</context>
<context>
    <name>messages</name>
    <message>
        <location filename="../../postalgui/gui/messages.py" line="+133"/>
        <source>Invalid value: &apos;%1&apos;</source>
        <translation>Valor inválido: &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+20"/>
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
        <location line="+26"/>
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
</context>
<context>
    <name>rules</name>
    <message>
        <location line="-198"/>
        <source>CEP may contain only digits, &apos;-&apos; and &apos;.&apos; (got &apos;{value}&apos;)</source>
        <translation>O CEP pode conter apenas dígitos, &apos;-&apos; e &apos;.&apos; (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CEP must have 8 digits (got {count})</source>
        <translation>O CEP deve ter 8 dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CEP must be written 00000-000, 00.000-000 or 00000000 (got &apos;{value}&apos;)</source>
        <translation>O CEP deve ser escrito 00000-000, 00.000-000 ou 00000000 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CNPJ may contain only digits, letters A-Z and the separators &apos;.&apos;, &apos;/&apos;, &apos;-&apos; (got &apos;{value}&apos;)</source>
        <translation>O CNPJ pode conter apenas dígitos, letras de A a Z e os separadores &apos;.&apos;, &apos;/&apos;, &apos;-&apos; (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CNPJ must have 14 characters (got {count})</source>
        <translation>O CNPJ deve ter 14 caracteres (recebidos: {count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CNPJ must be written 00.000.000/0000-00 or without separators (got &apos;{value}&apos;)</source>
        <translation>O CNPJ deve ser escrito 00.000.000/0000-00 ou sem separadores (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CNPJ check digits (the last 2 characters) must be numbers (got &apos;{check}&apos;)</source>
        <translation>Os dígitos verificadores do CNPJ (os 2 últimos caracteres) devem ser números (recebidos: &apos;{check}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CNPJ cannot be one character repeated 14 times</source>
        <translation>O CNPJ não pode ser um mesmo caractere repetido 14 vezes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CNPJ check digits do not match (got &apos;{check}&apos;, expected &apos;{expected}&apos;)</source>
        <translation>Os dígitos verificadores do CNPJ não conferem (recebidos: &apos;{check}&apos;, esperados: &apos;{expected}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CNPJ base must be 12 characters 0-9 or A-Z (got &apos;{value}&apos;)</source>
        <translation>A base do CNPJ deve ter 12 caracteres de 0 a 9 ou de A a Z (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} is empty</source>
        <translation>{label} está vazio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} must contain only digits (got &apos;{value}&apos;)</source>
        <translation>{label} deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{label} must have at most {width} digits (got {count})</source>
        <translation>{label} deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount must look like 1.234,56, 1234,56 or 1234.56 (got &apos;{value}&apos;)</source>
        <translation>O valor deve estar no formato 1.234,56, 1234,56 ou 1234.56 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Amount must be a number (got &apos;{value}&apos;)</source>
        <translation>O valor deve ser um número (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Percentage must look like 0,0100 or 0.0100 (got &apos;{value}&apos;)</source>
        <translation>O percentual deve estar no formato 0,0100 ou 0.0100 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Percentage must be a number (got &apos;{value}&apos;)</source>
        <translation>O percentual deve ser um número (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight must be a whole number of grams (got &apos;{value}&apos;)</source>
        <translation>O peso deve ser um número inteiro de gramas (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount in cents must contain only digits (got &apos;{value}&apos;)</source>
        <translation>O valor em centavos deve conter apenas dígitos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount in cents must have at most {width} digits (got {count})</source>
        <translation>O valor em centavos deve ter no máximo {width} dígitos (recebidos: {count})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Amount in cents cannot be negative (got &apos;{value}&apos;)</source>
        <translation>O valor em centavos não pode ser negativo (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Amount must have at most 2 decimal places to be sent in cents (got &apos;{value}&apos;)</source>
        <translation>O valor deve ter no máximo 2 casas decimais para ser enviado em centavos (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Date must be written {pattern} (got &apos;{value}&apos;)</source>
        <translation>A data deve ser escrita {pattern} (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date does not exist in the calendar (got &apos;{value}&apos;)</source>
        <translation>A data não existe no calendário (recebida: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timestamp must be written YYYY-MM-DDThh:mm:ss[.mmm] (got &apos;{value}&apos;)</source>
        <translation>A data e hora devem ser escritas AAAA-MM-DDThh:mm:ss[.mmm] (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Timestamp is not a real date and time (got &apos;{value}&apos;)</source>
        <translation>A data e hora informadas não existem (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time zone offset must look like -03:00, UTC-03:00 or Z (got &apos;{value}&apos;)</source>
        <translation>O fuso horário deve estar no formato -03:00, UTC-03:00 ou Z (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time zone offset must be between -23:59 and +23:59 (got &apos;{value}&apos;)</source>
        <translation>O fuso horário deve estar entre -23:59 e +23:59 (recebido: &apos;{value}&apos;)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Posting card number</source>
        <translation>Número do cartão de postagem</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contract number</source>
        <translation>Número do contrato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DR number</source>
        <translation>Número da DR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice item</source>
        <translation>Item da fatura</translation>
    </message>
</context>
</TS>
