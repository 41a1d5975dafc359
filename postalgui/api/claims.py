"""The claims service (Fale Conosco, ``pedido de informação``; not in the spec:
REFERENCE.md, Claims): file claims for late, lost or damaged objects, follow them, reopen.

Every claim is checked before anything is sent: one bad value names its field and rule and
nothing goes out. Claims travel in lots (``lot``, a setting; the operator publishes no
bound); each lot's answer reaches ``done`` as soon as it is read, so a later lot's failure
keeps the earlier lots' protocols. Filing is a POST and is never retried; the claims
service writes it down before sending, so a lost or unreadable answer is never sent again
by itself (DESIGN.md, "Writes happen once"). Readers: `postalgui.api.models.claims`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from postalgui.api.client import OperatorClient
from postalgui.api.models.claims import (
    ClaimProgress,
    ClaimRequest,
    FiledClaim,
    FilingAnswer,
    ReopenAnswer,
    Reopening,
    ReopenResult,
)
from postalgui.api.records import answer_reader
from postalgui.api.tokens import TokenScope
from postalgui.api.values import pad_card_number, pad_contract_number
from postalgui.api.values.claims import (
    parse_claim_email,
    parse_claim_name,
    parse_claim_phone,
    parse_manifestation,
    parse_packaging,
    parse_reason,
)
from postalgui.api.values.object_codes import parse_object_code
from postalgui.api.values.text import trimmed

__all__ = ["LOT", "MAX_LOT", "ClaimsClient", "checked_request"]


BASE = "/pedido-informacao/v1/externo/pedidos"
LOT = 20
"""Claims per call unless told otherwise."""
MAX_LOT = 50
"""The most a lot may carry (a setting cannot go above it)."""
CHANNEL = "W"
"""``canal``: the web channel, the one the manual names."""


_READ_FILING = answer_reader(FilingAnswer, "claims")
_READ_PROGRESS = answer_reader(ClaimProgress, "claims")
_READ_REOPEN = answer_reader(ReopenAnswer, "claims")


def checked_request(request: ClaimRequest) -> ClaimRequest:
    """``request`` with every field checked and written as the operator wants it; raises
    `InvalidValue` naming the first bad field."""
    return ClaimRequest(
        codigoObjeto=parse_object_code(request.codigoObjeto),
        emailResposta=parse_claim_email(request.emailResposta),
        nomeDestinatario=parse_claim_name(request.nomeDestinatario),
        codigoMotivoReclamacao=parse_reason(request.codigoMotivoReclamacao),
        tipoEmbalagem=parse_packaging(request.tipoEmbalagem),
        tipoManifestacao=parse_manifestation(request.tipoManifestacao),
    )


class ClaimsClient:
    """Claims calls with the card's token (the scope prices and tracking use)."""

    def __init__(self, client: OperatorClient, *, scope: TokenScope | None = None, lot: int = LOT) -> None:
        if not 1 <= lot <= MAX_LOT:
            raise ValueError(f"a lot carries 1 to {MAX_LOT} claims")
        self.client = client
        self.scope = scope
        self.lot = lot

    def file(
        self,
        contract: str,
        card: str,
        phone: str,
        requests_: Sequence[ClaimRequest],
        *,
        done: Callable[[list[FiledClaim], str | None], None] | None = None,
    ) -> list[FiledClaim]:
        """Every request's answer, in order. Raises `InvalidValue` before anything is sent
        when a value breaks a rule; ``done(answers, lot_number)`` hears each lot's answers
        as they are read."""
        head = {
            "contrato": pad_contract_number(contract),
            "cartao": pad_card_number(card),
            "telefone": parse_claim_phone(phone),
        }
        checked = [checked_request(request) for request in requests_]
        answered: list[FiledClaim] = []
        for start in range(0, len(checked), self.lot):
            lot = checked[start : start + self.lot]
            body = head | {"pedidos": [request.model_dump(mode="json") for request in lot]}
            answer = self.client.call_read(
                "POST", f"{BASE}/cadastra", _READ_FILING, json_body=body, scope=self.scope
            )
            results = _per_object(lot, answer)
            answered += results
            if done is not None:
                done(results, answer.numeroLote)
        return answered

    def follow(self, contract: str, key: str) -> ClaimProgress:
        """Where the claim of object or protocol ``key`` stands (``return_code`` 990: none)."""
        params = {
            "contrato": pad_contract_number(contract),
            "canal": CHANNEL,
            "codigodoObjetoOuProtocolo": trimmed(key, "codigodoObjetoOuProtocolo").upper(),
        }
        return self.client.call_read(
            "GET", f"{BASE}/acompanha", _READ_PROGRESS, params=params, scope=self.scope
        )

    def reopen(self, contract: str, card: str, reopenings: Sequence[Reopening]) -> list[ReopenResult]:
        """Ask to reopen closed claims; each answer says whether it was (512) and why not."""
        body = {
            "contrato": pad_contract_number(contract),
            "cartao": pad_card_number(card),
            "reativacoes": [item.model_dump(mode="json") for item in reopenings],
        }
        answer = self.client.call_read(
            "POST", f"{BASE}/reativa", _READ_REOPEN, json_body=body, scope=self.scope
        )
        return _per_protocol(reopenings, answer)


def _per_protocol(reopenings: Sequence[Reopening], answer: ReopenAnswer) -> list[ReopenResult]:
    """One result per reopening, from ``pi`` by protocol (in order when the protocols do
    not match but the counts do: the manual's own example answers another protocol); one
    left out takes the whole answer's code and words."""
    by_protocol = {result.protocol: result for result in answer.pi}
    if len(answer.pi) == len(reopenings) and not any(item.protocolo in by_protocol for item in reopenings):
        return [
            result.model_copy(update={"protocol": item.protocolo})
            for result, item in zip(answer.pi, reopenings, strict=True)
        ]
    return [
        by_protocol.get(item.protocolo)
        or ReopenResult(
            protocol=item.protocolo,
            return_code=999 if answer.codigoRetorno is None else answer.codigoRetorno,
            message=answer.mensagem,
        )
        for item in reopenings
    ]


def _per_object(lot: list[ClaimRequest], answer: FilingAnswer) -> list[FiledClaim]:
    """One answer per request of the lot, by object code (in order when none of the codes
    is one sent but the counts match: the manual's own example answers another code)."""
    by_code = {entry.code.strip().upper(): entry for entry in answer.pi if entry.code}
    sent = {request.codigoObjeto for request in lot}
    if not (by_code.keys() & sent) and len(answer.pi) == len(lot):
        return [
            entry.model_copy(update={"code": request.codigoObjeto})
            for entry, request in zip(answer.pi, lot, strict=True)
        ]
    missing = answer.codigoRetorno or 999  # 0 for the call, yet this object left out
    return [
        by_code.get(request.codigoObjeto)
        or FiledClaim(
            code=request.codigoObjeto,
            return_code=missing,
            message=answer.mensagem or "The operator's answer left this object out",
        )
        for request in lot
    ]
