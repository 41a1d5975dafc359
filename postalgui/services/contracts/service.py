"""`ContractService`: the Contracts feature as the GUI and the CLI reach it, from `AppContext.contracts`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.api.scopes import Scope, TokenScope

if TYPE_CHECKING:
    from postalgui.api.contracts import ContractClient
    from postalgui.services.context import AppContext


class ContractService:
    """Owns the scope rule and the client's construction.

    The contract service is authorized by contract (spec 001, 5.7): the calls use the
    configured contract's scope, or the login scope while none is set, so a fresh install
    can still list its contracts and pick one. `client` blocks on first use: tasks only.
    """

    def __init__(self, context: AppContext) -> None:
        self.context = context

    def scope(self) -> TokenScope:
        return self.context.contract_scope() if self.context.profile.contract else TokenScope(Scope.LOGIN)

    def client(self) -> ContractClient:
        from postalgui.api.contracts import ContractClient

        return ContractClient(self.context.backend().client, self.context.profile.cnpj, self.scope())
