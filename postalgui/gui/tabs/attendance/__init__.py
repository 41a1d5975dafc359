"""The Attendances tab: the partner server, the sandbox's counter, model-2 registration, the ledger."""

from postalgui.gui.tabs.attendance.tab import AttendanceTab

__all__ = ["AttendanceTab"]
