"""The Invoices and slips tab: invoices, their PDFs and typed lines, statements, previews, jobs."""

from postalgui.gui.tabs.invoices.tab import InvoicesTab

__all__ = ["InvoicesTab"]
