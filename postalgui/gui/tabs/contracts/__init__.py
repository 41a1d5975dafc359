"""The Contracts and cards tab: contracts, their details, contacts, services and posting cards."""

from postalgui.gui.tabs.contracts.tab import ContractsTab

__all__ = ["ContractsTab"]
