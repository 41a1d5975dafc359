"""REFERENCE.md's two real price answers, as the operator writes them on the wire.

Shared by the model, breakdown, CSV, report and history tests: one copy of the
official example, so every layer is checked against the same figures.
"""

from __future__ import annotations

from typing import Any

OFFICIAL: dict[str, Any] = {  # 03220, 300 g, 20x20x20 cm, services 019 and 001, declared 200
    "coProduto": "03220",
    "noProduto": "03220",
    "nuRequisicao": "1",
    "pcBase": "10,68",
    "pcFaixa": "11,13",
    "pcCadaAdicional": "0,00",
    "qtAdicional": "0",
    "pcTotalAdicional": "0,00",
    "pcBaseGeral": "11,13",
    "peVariacao": "0,0000",
    "pcFaixaVariacao": "11,13",
    "pcCadaAdicionalVariacao": "0,00",
    "pcTotalAdicionalVariacao": "0,00",
    "vlTotalDescVariacao": "0,00",
    "pcReferencia": "11,13",
    "beneficios": [],
    "vlTotalBeneficios": "0,00",
    "pcProduto": "11,13",
    "servicoAdicional": [
        {"coServAdicional": "019", "tpServAdicional": "V", "pcServicoAdicional": "1,79"},
        {"coServAdicional": "001", "tpServAdicional": "A", "pcServicoAdicional": "7,00"},
    ],
    "pcTotalServicosAdicionais": "8,79",
    "pcFinal": "19,92",
    "vlBaseCalculoImposto": "19,92",
    "inPesoCubico": "N",
    "psCobrado": "300",
    "peAdValorem": "0,0100",
    "vlSeguroAutomatico": "21,00",
    "peIsencaoArmazenagem": "0,00",
    "taxaExtra": [],
    "infoAdicional": [{"tipo": "NO_PRODUTO", "valor": "SEDEX CONTRATO AG"}],
}

HEAVY_PAC: dict[str, Any] = {  # 03298 PAC, 19.6 kg: ten additional kilos
    "coProduto": "03298",
    "pcBase": "15,45",
    "pcFaixa": "47,45",
    "qtAdicional": "10",
    "pcCadaAdicional": "5,88",
    "pcTotalAdicional": "58,80",
    "pcBaseGeral": "106,25",
    "pcReferencia": "106,25",
    "pcProduto": "106,25",
    "pcTotalServicosAdicionais": "0,00",
    "pcFinal": "106,25",
    "inPesoCubico": "N",
    "psCobrado": "19600",
    "txErro": None,
}
