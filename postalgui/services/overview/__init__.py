"""The manager's Overview: the office database summed up per period, for charts and reports."""
