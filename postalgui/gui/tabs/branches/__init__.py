"""The Branches tab: the operator's units filtered, listed, on a map and in detail."""

from postalgui.gui.tabs.branches.tab import BranchesTab

__all__ = ["BranchesTab"]
