"""Widgets shared by the window, the dialogs and the tabs."""
