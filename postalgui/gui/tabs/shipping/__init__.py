"""The Shipping tab: pre-postings, the address book, labels."""

from postalgui.gui.tabs.shipping.tab import ShippingTab

__all__ = ["ShippingTab"]
