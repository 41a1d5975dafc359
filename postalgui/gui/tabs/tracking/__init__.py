"""The Tracking tab: every object the office follows, with what needs a person flagged."""

from postalgui.gui.tabs.tracking.tab import TrackingTab

__all__ = ["TrackingTab"]
