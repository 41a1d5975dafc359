"""Everything the office prints, drawn with reportlab: the building blocks (fonts, page
furniture, tables, barcodes) here, every report (quotes, attendances, late objects, claims,
labels, declarations, posting lists) in `reports`, drawn from records the services word.

A leaf (DESIGN.md): it imports reportlab and the standard library, nothing else of
``postalgui`` and no Qt, so the sandbox's statements and slips and the app's reports all
draw with the same pieces without tying their layers together (an import-linter contract
and `tests/unit/test_architecture.py` check it). Each document keeps its own words, sizes
and colours; what lives here is what two of them would otherwise write twice.
"""
