"""API ids and additional-service codes by the operator's names."""

from __future__ import annotations

from postalgui.api.apis import additional_service_label, api_label, api_name


def test_api_ids_by_name() -> None:
    assert api_label(34) == "34 Preço"
    assert api_label(35) == "35 Prazo"
    assert api_label(36) == "36 Pré-postagem"
    assert api_label(87) == "87 Rastro (SRO)"
    assert api_label(76) == "76 Faturas"
    assert api_label(41) == "41 Meu contrato"
    assert api_label(78) == "78 Busca agência"
    assert api_label(9999) == "9999"
    assert api_name(9999) is None


def test_additional_services_by_name() -> None:
    assert additional_service_label("064") == "064 Valor declarado (PAC)"
    assert additional_service_label("019") == "019 Valor declarado (SEDEX)"
    assert additional_service_label("001") == "001 Aviso de recebimento"
    assert additional_service_label(" 065 ") == "065 Valor declarado (Mini Envios)"
    assert additional_service_label("999") == "999"
