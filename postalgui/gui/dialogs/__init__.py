"""Dialogs: settings (also the first-run setup) and the crash report."""
