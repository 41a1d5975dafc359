"""User texts for errors and values: the operator's words kept, ours translated."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QCoreApplication

from postalgui.api.errors import (
    ApiTimeoutError,
    AuthenticationError,
    CredentialsMissingError,
    CredentialsRefusedError,
    IncompleteDownloadError,
    InvalidResponseError,
    RetriesExhaustedError,
    ServerError,
    TransportError,
)
from postalgui.api.tokens import Scope, TokenScope
from postalgui.api.values import InvalidValue, parse_cep, parse_weight_grams
from postalgui.gui import i18n
from postalgui.gui.messages import (
    api_list,
    arg,
    describe_error,
    display_cnpj,
    local_datetime,
    rule_message,
    scope_text,
    setting_label,
    token_expiry_text,
)


def test_operator_error_keeps_code_and_text_and_adds_the_status(qapp: object) -> None:
    error = AuthenticationError(["GTW-008: Token não válido para este ambiente"], status=401)
    assert describe_error(error) == "GTW-008: Token não válido para este ambiente (HTTP 401)"


def test_operator_error_without_code(qapp: object) -> None:
    error = ServerError(["Erro interno", "tente mais tarde"], status=500)
    assert describe_error(error) == "Erro interno; tente mais tarde (HTTP 500)"


def test_network_errors_in_plain_words(qapp: object) -> None:
    assert describe_error(TransportError("Could not reach x")).startswith("Could not reach the server.")
    assert describe_error(ApiTimeoutError("No answer")).startswith("The server did not answer in time.")
    last = ServerError(["GTW-053: Serviço temporariamente indisponível"], status=503)
    text = describe_error(RetriesExhaustedError("Gave up", last))
    assert "retries" in text
    assert "GTW-053" in text
    assert describe_error(InvalidResponseError("bad", status=200)) == (
        "The server sent an answer that could not be read (HTTP 200)."
    )
    assert "in Settings" in describe_error(CredentialsMissingError("missing"))


def test_faults_the_client_now_tells_apart_are_said_in_portuguese(qapp: QCoreApplication) -> None:
    """A cut file is not "could not reach the server"; a refused login says it is not sent again."""
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        cut = describe_error(IncompleteDownloadError("the PDF ends without its %%EOF trailer"))
        refused = describe_error(
            CredentialsRefusedError(["GTW-001: Usuário ou senha inválidos"], remembered=True)
        )
        with pytest.raises(InvalidValue) as caught:
            parse_weight_grams("9" * 5000)
        too_long = rule_message(caught.value)
    finally:
        i18n.remove_translators(qapp, installed)
    assert cut.startswith("O arquivo chegou incompleto, por isso nada foi salvo.")
    assert "%%EOF" in cut
    assert refused.startswith("GTW-001: Usuário ou senha inválidos (HTTP 401). O operador recusou o login")
    assert "não os envia de novo" in refused
    assert too_long.startswith("O peso é longo demais: no máximo")
    assert "5000" in too_long


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("profiles.sandbox.cnpj", "CNPJ (Sandbox)"),
        ("profiles.producao.dr", "DR (Production)"),
        ("prices.origin_presets[2].cep", "Saved origins"),
        ("language", "Language"),
        ("something.new", "something.new"),  # a path we have no words for stays as written
    ],
)
def test_settings_reset_are_named_as_the_settings_dialog_names_them(
    qapp: QCoreApplication, name: str, label: str
) -> None:
    assert setting_label(name) == label


def test_unexpected_errors_name_their_type(qapp: object) -> None:
    assert describe_error(KeyError("x")) == "Unexpected error: KeyError: 'x'"


def test_value_rules_are_translated_texts_naming_the_field(qapp: object) -> None:
    with pytest.raises(InvalidValue) as caught:
        parse_cep("0131-100")
    assert rule_message(caught.value) == "CEP must have 8 digits (got 7)"
    assert describe_error(caught.value, field="Destination CEP") == (
        "Destination CEP: CEP must have 8 digits (got 7)"
    )
    assert rule_message(InvalidValue("card.length", "1" * 11, width=10, count=11)) == (
        "Posting card number must have at most 10 digits (got 11)"
    )
    assert rule_message(InvalidValue("no.such_rule", "x")) == "Invalid value: 'x'"


def test_arg_fills_once(qapp: object) -> None:
    assert arg("%1 and %2", "a%2", "b") == "a%2 and b"
    assert arg("%1 %3", "a") == "a %3"


def test_display_helpers(qapp: object) -> None:
    assert display_cnpj("11222333000181") == "11.222.333/0001-81"
    assert display_cnpj("bad") == "bad"
    assert display_cnpj("") == ""
    assert scope_text(TokenScope(Scope.CARD, card="74512345")) == "Posting card 0074512345"
    assert scope_text(TokenScope(Scope.CONTRACT, contract="1")) == "Contract 0000000001"
    assert scope_text(TokenScope(Scope.LOGIN)) == "Login only"
    assert api_list([34, 9999]) == "34 Preço, 9999"  # an id without a name: by number
    assert api_list([35, 36, 87]) == "35 Prazo, 36 Pré-postagem, 87 Rastro (SRO)"
    assert api_list([41, 76, 78]) == "41 Meu contrato, 76 Faturas, 78 Busca agência"
    assert api_list([]) == "none"
    moment = datetime(2026, 1, 2, 3, 4, tzinfo=UTC)
    assert local_datetime(moment) == moment.astimezone().strftime("%d/%m/%Y %H:%M")


def test_token_expiry_says_the_day_when_it_is_not_today(qapp: QCoreApplication) -> None:
    now = datetime(2026, 11, 24, 10, 0).astimezone()  # the user's clock
    today = now.replace(hour=20, minute=20)
    tomorrow = today + timedelta(days=1)
    later = today + timedelta(days=2)
    assert token_expiry_text(today, now) == "Token valid until 20:20"
    assert token_expiry_text(tomorrow, now) == "Token valid until tomorrow 20:20"
    assert token_expiry_text(later, now) == f"Token valid until {later.strftime('%d/%m/%Y')} 20:20"
    assert token_expiry_text(today.astimezone(UTC), now) == "Token valid until 20:20"  # any zone in
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert token_expiry_text(today, now) == "Token válido até 20:20"
        assert token_expiry_text(tomorrow, now) == "Token válido até amanhã 20:20"
        assert token_expiry_text(later, now) == f"Token válido até {later.strftime('%d/%m/%Y')} 20:20"
        assert api_list([76]) == "76 Faturas"  # the operator's names in both languages
    finally:
        i18n.remove_translators(qapp, installed)


def test_a_rule_said_for_a_field_is_translated_whole(qapp: QCoreApplication) -> None:
    """The field's frame and the rule inside it both speak the interface's language."""
    from postalgui.api.models.prepostings import Person
    from postalgui.api.values.shipping import checked_person

    with pytest.raises(InvalidValue) as caught:
        checked_person(Person("Ana", "2004"), "destinatario", complete=False)
    assert rule_message(caught.value) == "Field destinatario.endereco.cep: CEP must have 8 digits (got 4)"
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert rule_message(caught.value) == (
            "Campo destinatario.endereco.cep: O CEP deve ter 8 dígitos (recebidos: 4)"
        )
    finally:
        i18n.remove_translators(qapp, installed)


def test_a_closed_pre_postings_status_is_a_word_of_the_windows_language(qapp: QCoreApplication) -> None:
    from postalgui.api.values.errors import Worded
    from postalgui.api.values.shipping import closed_preposting

    error = closed_preposting("PR1", Worded("cancelled"))
    assert str(error).startswith("Pre-posting PR1 is cancelled: no label")  # the CLI's English
    assert describe_error(error).startswith("Pre-posting PR1 is cancelled: no label")
    installed = i18n.install_translators(qapp, "pt_BR")
    try:
        assert describe_error(error) == (
            "A pré-postagem PR1 tem status cancelado: não se faz etiqueta, declaração nem lista dela"
        )
    finally:
        i18n.remove_translators(qapp, installed)
