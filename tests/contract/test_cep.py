"""The CEP service held to the operator's documents, both ways.

Source: ``cep-01001001-answer`` is the manual's example verbatim (Manual de Integração
v2.2 §9, the shared wire examples), with numbers where it has numbers (``numeroLocalidade``,
``tipoCEP``, ``numeroInicial``, ``numeroFinal``). REFERENCE.md "CEP lookup" lists the same
keys, plus ``nome``, ``siglaUnidade`` and ``caixasPostais`` for a post-office CEP.
"""

from __future__ import annotations

import pytest
import responses

from postalgui.api.cep import CepClient
from postalgui.api.client import OperatorClient
from tests.contract.conftest import Wire, serve
from tests.contract.shapes import assert_same_shape, load, raw

CEP_EXTRA = {
    # REFERENCE.md, CEP lookup: "a post-office CEP also has" these.
    "nome",
    "siglaUnidade",
    "caixasPostais",
}
CEP_OPTIONAL = {
    # The manual's example is a street CEP with sides and number ranges; REFERENCE.md lists
    # no such keys for a locality-wide CEP, so these are left out where they do not apply.
    "lado",
    "numeroInicial",
    "numeroFinal",
    "complemento",
}


def test_the_manuals_address_is_read_as_the_user_sees_it(
    operator: OperatorClient, mocked: responses.RequestsMock
) -> None:
    serve(mocked, "GET", "/cep/v2/enderecos/01001001", raw("cep-01001001-answer"))

    address = CepClient(operator).lookup("01001-001")

    assert (address.cep, address.uf, address.localidade, address.bairro) == (
        "01001001",
        "SP",
        "São Paulo",
        "Sé",
    )
    assert address.logradouro == "Praça da Sé"
    assert (address.numeroInicial, address.numeroFinal, address.tipoCEP) == ("0", "998", "2")
    assert not address.dadosEmulados


SANDBOX_MARK = "dadosEmulados"
"""Not the operator's: the sandbox's mark that its address is made up (the CLI warns on it).
Taken off before the comparison, and required, so no answer of ours passes for a real one."""


@pytest.mark.usefixtures("sandbox")
def test_the_sandboxs_address_is_shaped_like_the_manuals(wire: Wire) -> None:
    answer = wire("GET", "/cep/v2/enderecos/01001001")

    assert answer.pop(SANDBOX_MARK) is True
    assert_same_shape(load("cep-01001001-answer"), answer, optional=CEP_OPTIONAL, extra=CEP_EXTRA)
    assert answer["cep"] == "01001001"
