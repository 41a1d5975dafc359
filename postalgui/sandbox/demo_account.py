"""The demo account as the app's own settings see it: the one module of the sandbox that
services may read (pre-filled profile and credentials, the company name on documents).

Plain constants, no import: reading them loads neither the sandbox's data nor its web
stack. `postalgui.sandbox.demo` builds its data from these same values.
"""

from __future__ import annotations

LOGIN = "empresa.demo"
ACCESS_CODE = "Sbx7kQ2mZ9pL4vR8nT1wX6cY3hJ5dF0gB2aE7uKq"
CNPJ = "11222333000181"
COMPANY_NAME = "Loja Exemplo Comércio Eletrônico Ltda"
CONTRACT = "9912345678"
CARD = "0074512345"
DR = 72  # DR São Paulo Metropolitana

FOREIGN_CNPJ = "99888777000100"
FOREIGN_COMPANY_NAME = "Transportes Outra Empresa S.A."

COMPANY_NAMES: dict[str, str] = {CNPJ: COMPANY_NAME, FOREIGN_CNPJ: FOREIGN_COMPANY_NAME}
"""Legal names of the companies the sandbox knows, by CNPJ (for documents)."""

# The counter-partner registration system (STER, spec 002).
STER_CONTRACT = "009912345678"
"""The registration-system contract number: 12 characters (spec 002, 4.1)."""
STER_CONTRACTOR_ID = "47"
"""The demo partner's contractor id: digits 3-4 of every protocol number (spec 002, 2.2)."""
PARTNER_USER = "parceiro.demo"
PARTNER_PASSWORD = "Prc-demo-2026"
PARTNER_CLIENT_ID = "operador-ster"
PARTNER_CLIENT_SECRET = "Sbx-ster-secret-2026"
"""Credentials the simulated counter sends to the demo partner (Basic, or OAuth client credentials)."""
