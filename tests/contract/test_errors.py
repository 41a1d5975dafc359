"""The operator's error bodies held to its documents, both ways.

Sources, all assembled (no document prints a whole error body): ``errors-msgs-answer`` is
spec 000 §7's MessageResponse (``msgs`` an array of strings; ``date``, ``method``, ``path``,
``causa``, ``stackTrace`` strings) with REFERENCE.md's ``GTW-008`` text; ``errors-msg-answer``
is REFERENCE.md "Error bodies" ("some 400s send {"msg": "..."}") with the PRZ-008 text it
quotes; ``errors-gateway-answer`` is the same section's ``{"statusCode", "mensagem",
"excecao"}`` (its types are not given: the status as a number, the rest text).
``errors-con011-answer`` (spec 001 §7) is exercised in ``test_contracts``.
"""

from __future__ import annotations

import pytest
import responses

from postalgui.api.client import OperatorClient
from postalgui.api.errors import ApiError, OperatorError
from tests.contract.conftest import NO_TRACE, serve, without_trace
from tests.contract.shapes import assert_same_shape, load, raw

PATH = "/preco/v1/servicos-adicionais/03220"


def failure(operator: OperatorClient) -> ApiError:
    with pytest.raises(ApiError) as caught:
        operator.call_json("GET", PATH)
    return caught.value


@pytest.mark.parametrize(
    ("fixture", "status", "shown"),
    [
        ("errors-msgs-answer", 400, "GTW-008: Token não válido para este ambiente"),
        ("errors-msg-answer", 400, "PRZ-008: Serviço indisponível para o trecho informado"),
        ("errors-gateway-answer", 503, "Serviço temporariamente indisponível"),
    ],
)
def test_the_operators_own_text_is_shown_never_its_stack_trace(
    operator: OperatorClient, mocked: responses.RequestsMock, fixture: str, status: int, shown: str
) -> None:
    serve(mocked, "GET", PATH, raw(fixture), status=status)

    error = failure(operator)

    assert isinstance(error, OperatorError)
    assert error.messages[0] == shown
    assert "Exception" not in str(error)
    assert "Gateway.java" not in str(error)


def test_the_code_is_split_out_for_the_user(operator: OperatorClient, mocked: responses.RequestsMock) -> None:
    serve(mocked, "GET", PATH, raw("errors-msg-answer"), status=400)

    error = failure(operator)

    assert isinstance(error, OperatorError)
    assert (error.code, error.text) == ("PRZ-008", "Serviço indisponível para o trecho informado")


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_error_body_is_shaped_like_spec_000_7(client: OperatorClient) -> None:
    with pytest.raises(OperatorError) as caught:
        client.call_json("GET", "/preco/v1/nacional/03220", params={"psObjeto": "abc"})

    body = caught.value.body
    assert caught.value.status == 400
    assert isinstance(body, dict)
    assert_same_shape(load("errors-msgs-answer"), without_trace(body), optional=NO_TRACE)
    assert body["msgs"][0][:3].isalpha()
    assert body["method"] == "GET"
