"""The tabs, one package each; no tab imports another (an import-linter contract).

The window's list of tabs and their factories are in `postalgui.gui.tab_factories`;
`postalgui.gui.tabs.contract` holds the typed protocols a tab may follow.
"""
