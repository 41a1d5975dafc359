"""`ContractService`: the Contracts feature as the GUI and the CLI reach it, from `AppContext.contracts`,
built from its ports (`contracts/ports.py`) only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from postalgui.api.errors import ApiError
from postalgui.api.scopes import Scope, TokenScope

if TYPE_CHECKING:
    from postalgui.api.models.contracts import Contract, PostingCard, Service
    from postalgui.api.tokens import Token
    from postalgui.services.contracts.ports import ContractPorts
    from postalgui.services.settings import Profile
from postalgui.api.contracts import ContractClient
from postalgui.services.contracts.card_settings import settings_for_card

CONTRACT_NOT_SET = (
    "No contract is configured: the contract service is authorized by a contract token. "
    "Set the contract number (Settings: Contract, or POSTALGUI_CONTRACT)"
)


class ContractNotSetError(ApiError):
    """The contract service was asked while no contract is configured: nothing was sent."""


class ContractService:
    """Owns the scope rule, the client's construction and the card switch's settings.

    The contract service is authorized by contract (spec 001, 5.2 and 5.7): every call
    uses a token of the configured contract (``/autentica/contrato``). With no contract
    configured `scope` raises `ContractNotSetError` before anything is sent, so the user
    is told which setting is missing instead of reading the operator's refusal of a
    login token. A delegated access key stands for the token itself and needs no number.
    `client` and `token` block on first use (sandbox start): tasks only.
    """

    def __init__(self, ports: ContractPorts) -> None:
        self._ports = ports

    @property
    def profile(self) -> Profile:
        """The profile in force: the company, contract, card and DR the tab shows and follows."""
        return self._ports.settings().profile()

    @property
    def env_key(self) -> str:
        """The environment in force (a change of it asks the list again)."""
        return self._ports.settings().env_key

    def scope(self) -> TokenScope:
        """The configured contract's token scope; `ContractNotSetError` when none is set."""
        profile = self.profile
        if profile.contract:
            return profile.scope(Scope.CONTRACT)
        if profile.delegated:  # the key is the token, whatever the scope: none is fetched
            return TokenScope(Scope.LOGIN)
        raise ContractNotSetError(CONTRACT_NOT_SET)

    def client(self) -> ContractClient:
        """The contract service's client; `ContractNotSetError` (nothing started) without a contract."""

        scope = self.scope()  # first: without a contract not even the sandbox is started
        return ContractClient(self._ports.operator(), self.profile.cnpj, scope)

    def token(self, scope: TokenScope | None = None, *, fresh: bool = False) -> Token:
        """The token for ``scope`` (default: the profile's, the card's when one is set).

        The cached one while it is good, else a new one; ``fresh`` always fetches.
        """
        tokens = self._ports.tokens()
        scope = scope or self.profile.default_scope()
        return tokens.fetch(scope) if fresh else tokens.get(scope)

    def use_card(self, contract: Contract, card: PostingCard, services: list[Service]) -> None:
        """Save settings that make ``card`` the one the app quotes with (`settings_for_card`).

        Rebuilds the backend on next use (the token scope changed); call it on the GUI
        thread, like every settings change. Raises `OSError` when the file cannot be written.
        """

        ports = self._ports
        ports.apply(
            settings_for_card(ports.saved_settings(), ports.settings().environment, contract, card, services)
        )
