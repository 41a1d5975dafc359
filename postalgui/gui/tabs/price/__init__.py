"""The Prices tab: quotes, comparison across products, batches and the quote history."""

from postalgui.gui.tabs.price.tab import PriceTab

__all__ = ["PriceTab"]
