"""The Overview tab: the manager's view of the office (spending, where parcels go, what
arrives on time, money back, quotes) from the office database, on one page of charts."""

from postalgui.gui.tabs.overview.tab import ManagerOverviewTab

__all__ = ["ManagerOverviewTab"]
