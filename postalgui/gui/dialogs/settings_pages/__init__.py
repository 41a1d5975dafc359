"""The settings dialog's parts: one page per group of fields and the connection test.

`SettingsDialog` places them and moves the values between them and the drafts
(`postalgui.services.settings_drafts`); each page knows only its own widgets.
"""
