"""The fonts of every document: reportlab's standard Helvetica pair.

The standard PDF fonts need no font file and cover Latin-1, so Portuguese accents print
as real, searchable text (a client finds "Página" with a plain text search) with nothing
to embed or ship.
"""

from __future__ import annotations

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
