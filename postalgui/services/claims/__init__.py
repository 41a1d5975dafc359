"""Claims: compensation for late, lost and damaged objects (issue 27)."""
