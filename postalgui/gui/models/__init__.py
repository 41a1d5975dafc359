"""Qt models, roles, colours and formatting shared by every tab (no tab imports another)."""
