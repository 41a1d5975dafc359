"""The desktop interface: main window, tabs, dialogs and shared widgets.

Widgets never call the network: they hand task functions to `TaskRunner` and show
what comes back. User-visible text goes through ``tr()`` (English in code, Brazilian
Portuguese in ``resources/translations``).
"""

from postalgui.gui.pyside_imports import quicken_feature_check

quicken_feature_check()  # before the GUI's own modules load: each one is checked as it does
