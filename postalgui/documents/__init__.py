"""Reportlab building blocks for every PDF the office prints: fonts, page furniture, tables, barcodes.

A leaf (DESIGN.md): it imports reportlab and the standard library, nothing of
``postalgui`` and no Qt, so the sandbox's statements and slips, the services' quote and
attendance reports and, next, the labels all draw with the same pieces without tying
their layers together (an import-linter contract and `tests/unit/test_architecture.py`
check it). Each document keeps its own words, sizes and colours; what lives here is what
two of them would otherwise write twice.
"""
