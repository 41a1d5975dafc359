"""What the services raise in English reaches the Portuguese window in Portuguese.

Each failure is raised by the service's own code (not built here), then said by
`describe_error` with the Portuguese catalogue installed: the sentence kept as a `Said`
is said from context ``said`` of the .ts, with the same values.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtCore import QTranslator

from postalgui.api.cancel import PlainTask
from postalgui.api.errors import RoutineError
from postalgui.api.models.invoices import Invoice
from postalgui.api.values import InvalidValue
from postalgui.gui.messages import describe_error
from postalgui.services.invoices.documents import document_ref
from postalgui.services.invoices.following import follow_job
from postalgui.services.invoices.job_files import fetch_job_file
from postalgui.services.office.database import OfficeDatabase
from postalgui.services.price.preset_tasks import PresetConflictError
from postalgui.services.setting_missing import SettingMissingError
from postalgui.services.shipping.addresses import AddressBook
from postalgui.services.shipping.service import ShippingService
from postalgui.services.table_files import column_positions
from postalgui.services.tracking.imports import codes_from_file
from postalgui.store.errors import Change
from tests.ports_support import shipping_ports


def raised(call: Callable[[], object]) -> RoutineError:
    with pytest.raises(RoutineError) as caught:
        call()
    return caught.value


NO_JOBS: Any = SimpleNamespace(jobs=lambda: SimpleNamespace(get=lambda _job_id: None))


def test_a_request_number_that_is_not_there(portuguese: list[QTranslator]) -> None:
    for call in (
        lambda: follow_job(PlainTask(), NO_JOBS, 7, interval_s=0),
        lambda: fetch_job_file(PlainTask(), NO_JOBS, 7),
    ):
        error = raised(call)
        assert str(error) == "There is no request number 7"  # logs and callers keep the English
        assert describe_error(error) == "Não existe a solicitação número 7"


def test_an_invoice_without_its_document_type_or_dr(portuguese: list[QTranslator]) -> None:
    service: Any = SimpleNamespace(dr=None)
    untyped = raised(lambda: document_ref(service, Invoice.model_validate({"id": 123})))
    assert describe_error(untyped) == "A fatura 123 não informa seu tipo de documento (tipoDocumento)"
    no_dr = raised(lambda: document_ref(service, Invoice.model_validate({"id": 123, "tipoDocumento": "RE"})))
    assert isinstance(no_dr, SettingMissingError)  # the window offers "Open Settings" at the DR
    assert no_dr.settings == ("dr",)
    assert describe_error(no_dr) == (
        "A fatura não informa sua DR e nenhuma está configurada: defina a DR nas Configurações."
    )


def test_cancelling_without_a_login(portuguese: list[QTranslator]) -> None:
    desk = ShippingService(shipping_ports(login=None))
    error = raised(desk.requester)
    assert isinstance(error, SettingMissingError)
    assert error.settings == ("login",)
    assert describe_error(error).startswith("O cancelamento de uma pré-postagem informa quem o pede")
    assert describe_error(error).endswith("defina o login nas Configurações.")


def test_a_sender_gone_from_the_address_book(portuguese: list[QTranslator], tmp_path: Path) -> None:
    office = OfficeDatabase(tmp_path, "sandbox", "", author=lambda: "clerk.a")
    try:
        error = raised(lambda: AddressBook(office).set_default_sender("gone"))
    finally:
        office.close()
    assert describe_error(error) == "Esse remetente não está mais no catálogo de endereços"


def test_a_file_without_its_column(portuguese: list[QTranslator], tmp_path: Path) -> None:
    missing = raised(
        lambda: column_positions(["Nome", "CEP"], ["nome", "cep", "peso"], ["peso"], "pedidos.csv")
    )
    assert describe_error(missing) == "pedidos.csv: não há a coluna peso (as colunas são: Nome, CEP)"
    codes = tmp_path / "objetos.csv"
    codes.write_text("Pedido;Etiqueta\n1;DG049186226BR\n", encoding="utf-8")
    error = raised(lambda: codes_from_file(codes, "Rastreio"))
    assert (
        describe_error(error) == "objetos.csv: não há a coluna 'Rastreio' (as colunas são: Pedido, Etiqueta)"
    )
    untitled = raised(lambda: column_positions([], ["peso"], ["peso"], "vazio.csv", hint=None))
    assert describe_error(untitled) == "vazio.csv: não há a coluna peso (o arquivo não tem títulos de coluna)"


def test_an_unreadable_workbook(portuguese: list[QTranslator], tmp_path: Path) -> None:
    book = tmp_path / "objetos.xlsx"
    book.write_bytes(b"not a workbook")
    said = describe_error(raised(lambda: codes_from_file(book)))
    assert said.startswith("objetos.xlsx: não é uma planilha legível (")


def test_a_preset_changed_by_someone_else(portuguese: list[QTranslator]) -> None:
    at = datetime(2026, 11, 27, 15, 2, tzinfo=UTC)
    error = PresetConflictError("origin", "Loja", Change(3, "", at))
    local = at.astimezone().strftime("%d/%m/%Y %H:%M")
    assert (
        describe_error(error)
        == f"A origem salva “Loja” foi alterada por alguém em {local} depois que você a abriu"
    )
    assert str(error) == f"The saved origin “Loja” was changed by someone at {local} after you opened it"


def test_a_closed_pre_posting_rule_says_its_status_in_portuguese(portuguese: list[QTranslator]) -> None:
    """A rule's `Worded` parameter and an inner rule are said from the one catalogue too."""
    from postalgui.api.values.errors import Worded
    from postalgui.api.values.shipping import closed_preposting

    assert describe_error(closed_preposting("PR1", Worded("cancelled"))) == (
        "A pré-postagem PR1 tem status cancelado: não se faz etiqueta, declaração nem lista dela"
    )
    inner = InvalidValue("cep.length", "123", count=3)
    field = InvalidValue("shipping.field", "123", field="cep", says=inner.message, inner=inner)
    assert describe_error(field) == "Campo cep: O CEP deve ter 8 dígitos (recebidos: 3)"


def test_too_many_labels_at_once(portuguese: list[QTranslator]) -> None:
    from postalgui.services.shipping.use_cases import LABEL_BATCH, issue_labels

    ids = [f"PR{number}" for number in range(LABEL_BATCH + 1)]
    error = raised(lambda: issue_labels(PlainTask(), None, ids))  # type: ignore[arg-type]
    assert describe_error(error) == (
        "A operadora emite no máximo 100 etiquetas de uma vez (101 pedidas): escolha menos, ou imprima "
        "as etiquetas já feitas aqui"
    )


def test_labels_the_operator_did_not_make_in_time(
    portuguese: list[QTranslator], monkeypatch: pytest.MonkeyPatch
) -> None:
    from postalgui.services.shipping import use_cases

    monkeypatch.setattr(use_cases, "LABEL_WAIT_S", 0.0)  # no wait: the loop ends at once
    client: Any = SimpleNamespace(last_wait="")
    error = raised(lambda: use_cases._download(PlainTask(), client, "R1"))
    assert describe_error(error) == "A operadora não emitiu as etiquetas em 0 s (recibo R1)"
    client.last_wait = "processando"
    error = raised(lambda: use_cases._download(PlainTask(), client, "R1"))
    assert describe_error(error) == (
        "A operadora não emitiu as etiquetas em 0 s (recibo R1); sua última resposta: processando"
    )
