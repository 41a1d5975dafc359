"""The Invoices facade without the network: the contract scope rule, a contract given
by hand (the CLI's), where files go, and an invoice's document parameters."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from postalgui.api.errors import ApiError
from postalgui.api.models.invoices import Invoice
from postalgui.api.scopes import Scope
from postalgui.services.context import AppContext, build_context
from postalgui.services.invoices.documents import DocumentRef, document_ref


@pytest.fixture
def context(config_dir: Path) -> Iterator[AppContext]:
    context = build_context()
    yield context
    context.close()


def test_the_scope_is_the_configured_contract_s(context: AppContext) -> None:
    service = context.invoices
    scope = service.scope()
    assert scope.kind is Scope.CONTRACT
    assert scope.contract == context.profile.contract
    assert scope.dr == context.profile.dr
    assert service.dr == context.profile.dr
    assert service.env_key == context.env_key
    assert service.cache_dir == context.paths.cache_dir
    assert service.jobs() is context.job_store()


def test_a_contract_given_by_hand_replaces_the_configured_one(context: AppContext) -> None:
    service = context.invoices.for_contract("9912345678", 10)
    scope = service.scope()
    assert (scope.kind, scope.contract, scope.dr) == (Scope.CONTRACT, "9912345678", 10)
    assert service.dr == 10
    assert context.invoices.scope().contract == context.profile.contract  # the app's own is untouched


def test_no_contract_configured_is_a_routine_error(context: AppContext) -> None:
    settings = context.saved_settings
    context.save_preferences(
        settings.with_profile(settings.environment, context.profile.model_copy(update={"contract": ""}))
    )
    with pytest.raises(ApiError, match="contract"):
        context.invoices.scope()


def test_document_ref_pads_and_falls_back_to_the_contract_s_dr(context: AppContext) -> None:
    service = context.invoices.for_contract("9912345678", 8)
    invoice = Invoice.model_validate({"id": 1234, "tipoDocumento": "re", "itemFatura": "2"})
    assert document_ref(service, invoice) == DocumentRef("1234", "RE", "00008", "002")
    own_dr = Invoice.model_validate({"id": 1234, "tipoDocumento": "RE", "drFatura": "20"})
    assert document_ref(service, own_dr) == DocumentRef("1234", "RE", "00020", "001")
    ref = DocumentRef("1", "RT", "00010", "001")
    assert document_ref(service, ref) is ref
    assert ref.params() == {"fatura": "1", "tipoDocumento": "RT", "drFatura": "00010", "itemFatura": "001"}


def test_an_invoice_without_a_document_type_is_refused(context: AppContext) -> None:
    with pytest.raises(ApiError, match="tipoDocumento"):
        document_ref(context.invoices, Invoice.model_validate({"id": 1}))
