"""The Claims tab: candidates for compensation, filing, filed claims and money back."""

from postalgui.gui.tabs.claims.tab import ClaimsTab

__all__ = ["ClaimsTab"]
